"""The 110 Strategy Cards (cards.toml)."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.stalins_war.data import cards, units
from engine.stalins_war.data.loading import DataError

# Cards the rules name with their number (card clarifications and rule text).
NUMBERED = {
    ("soviet", 3): "Soviet Reinforcements",
    ("soviet", 4): "Soviet Reinforcements",
    ("soviet", 9): "Zhukov",
    ("soviet", 10): "Black Sea, Black Death",
    ("soviet", 20): "Airborne Corps",
    ("soviet", 24): "Katukov's Tanks",
    ("soviet", 48): "Maskirovka",
    ("axis", 9): "Guderian",
    ("axis", 11): "Kampfgruppe",
    ("axis", 13): "Dora",
    ("axis", 19): "Winter Uniforms",
    ("axis", 26): "German Reinforcements",
    ("axis", 33): "Backhand Blow",
    ("axis", 50): "Sleighride",
    ("axis", 54): "Naval Evacuation",
}

# Cards the rules name without a number.
NAMED = {
    "axis": ["Steppe Fox", "Nordlicht", "Taifun", "Blau", "Hitler Takes Command", "Hedgehogs", "Festung",
             "Führer's Firemen", "Luftwaffe Support", "Tiger", "Partisan Sweep", "Convoy PQ-17"],
    "soviet": ["Operation Uranus", "Sturmovik", "Lend-Lease", "Stavka", "People's Militia", "Partisan Formation",
               "Industrial Evacuation", "The Volga Has Only One Bank", "Warsaw Uprising", "Operation Bagration"],
}


def named(card_defs, side, name):
    found = [c for c in card_defs.values() if c.side == side and c.name == name]
    assert found, f"{side} card {name!r} missing"
    return found[0]


def test_cards_file_validates(card_defs):
    assert len(card_defs) == 110


def test_2_3_1_each_deck_55_cards_25_blitz_30_total_war(card_defs):
    for side in ("axis", "soviet"):
        mine = [c for c in card_defs.values() if c.side == side]
        assert sorted(c.number for c in mine) == list(range(1, 56))
        decks = Counter(c.deck for c in mine)
        assert decks == {"blitzkrieg": 25, "total_war": 30}


def test_4_3_3_axis_51_52_55_total_war(card_defs):
    for n in (51, 52, 55):
        c = card_defs[f"A{n}"]
        assert c.deck == "total_war" and c.misprinted_deck == "blitzkrieg"
    assert {c.id for c in card_defs.values() if c.misprinted_deck} == {"A51", "A52", "A55"}


def test_4_3_1_soviet_1_to_6_are_blitzkrieg_reinforcement_cards(card_defs):
    for n in range(1, 7):
        c = card_defs[f"S{n}"]
        assert c.deck == "blitzkrieg" and c.kind == "reinforcement", c.id


def test_card_clarification_soviet_3_brings_1gc_2gc_3gc(card_defs):
    brought = {u.unit for u in card_defs["S3"].units}
    assert {"SU-1GC", "SU-2GC", "SU-3GC"} <= brought


def test_soviet_4_brings_north_caucasus_voronezh_62nd_64th(card_defs):
    assert {u.unit for u in card_defs["S4"].units} == {"SU-NCF", "SU-VorF", "SU-62R", "SU-64R"}


def test_card_clarification_axis_26_brings_exactly_three_units(card_defs):
    c = card_defs["A26"]
    assert c.name == "German Reinforcements" and len(c.units) == 3


def test_cards_the_rules_number(card_defs):
    for (side, number), name in NUMBERED.items():
        c = card_defs[("A" if side == "axis" else "S") + str(number)]
        assert c.side == side and c.number == number and c.name == name, c.id


def test_cards_the_rules_name(card_defs):
    for side, names in NAMED.items():
        for name in names:
            named(card_defs, side, name)


def test_7_5_4_black_sea_black_death_is_the_soviet_invasion_card(card_defs, unit_defs):
    c = card_defs["S10"]
    assert c.kind == "event" and "Maritime Army" in c.text and "coastal" in c.text
    assert unit_defs["SU-Mar"].kind == "maritime"


def test_7_5_2a_only_reinforcements_in_the_name_are_reinforcement_cards(card_defs):
    for c in card_defs.values():
        assert (c.kind == "reinforcement") == ("Reinforcements" in c.name), c.id
        assert bool(c.units) == (c.kind == "reinforcement"), c.id


def test_7_5_2_every_unit_a_card_brings_exists(card_defs, unit_defs):
    for c in card_defs.values():
        for cu in c.units:
            assert cu.unit in unit_defs, (c.id, cu.unit)
            assert unit_defs[cu.unit].side == c.side
        for uid in c.places:
            assert uid in unit_defs and unit_defs[uid].arrival == "event"


def test_7_5_2_every_reinforcement_unit_comes_from_exactly_one_card(card_defs, unit_defs):
    brought = Counter(cu.unit for c in card_defs.values() for cu in c.units)
    assert set(brought) == {u for u, d in unit_defs.items() if d.arrival == "reinforcement"}
    assert max(brought.values()) == 1


def test_7_5_3_reduced_units_have_a_reduced_side(card_defs, unit_defs):
    reduced = [(c.id, cu.unit) for c in card_defs.values() for cu in c.units if cu.reduced]
    assert reduced, "some reinforcements enter reduced"
    assert all(len(unit_defs[u].steps) >= 2 for _, u in reduced)


def test_7_5_2c_italians_enter_at_bucharest_or_odessa(card_defs, unit_defs):
    for c in card_defs.values():
        for cu in c.units:
            if unit_defs[cu.unit].nationality == "IT":
                assert "Bucharest" in cu.placement and "Odessa" in cu.placement


def test_7_5_2c_exchanging_reinforcements(card_defs, unit_defs):
    tw_fronts = [cu.unit for c in card_defs.values() for cu in c.units if unit_defs[cu.unit].total_war_front]
    assert len(tw_fronts) >= 10
    assert all(card_defs[c].deck == "total_war" for c in
               {c.id for c in card_defs.values() for cu in c.units if unit_defs[cu.unit].replaces})
    # A card bringing both tank armies and guards tank armies (7.5.2c note).
    both = [c for c in card_defs.values()
            if {unit_defs[u.unit].kind for u in c.units} >= {"tank", "guards_tank"}]
    assert both


def test_7_5_5b_round_wide_combat_cards(card_defs):
    wide = {(c.side, c.name) for c in card_defs.values() if c.round_wide}
    assert wide == {("soviet", "Operation Uranus"), ("soviet", "Sturmovik"),
                    ("axis", "Sleighride"), ("axis", "Führer's Firemen")}
    assert all(card_defs[c].kind == "combat" for c in (x.id for x in card_defs.values() if x.round_wide))


def test_7_5_5e_luftwaffe_support_usable_in_several_combats(card_defs):
    ls = [c for c in card_defs.values() if c.multi_combat]
    assert [c.name for c in ls] == ["Luftwaffe Support"] and ls[0].kind == "combat"


def test_3_0_combat_cards_have_a_role(card_defs):
    for c in card_defs.values():
        assert (c.combat_role is not None) == (c.kind == "combat"), c.id
    assert named(card_defs, "axis", "Tiger").kind == "combat"        # 11.3.5
    assert named(card_defs, "soviet", "Operation Uranus").kind == "combat"


def test_2_3_3_starred_cards(card_defs):
    for name in ("Taifun", "Blau", "Nordlicht", "Hitler Takes Command", "Winter Uniforms", "Convoy PQ-17"):
        assert named(card_defs, "axis", name).starred, name
    for name in ("Lend-Lease", "Operation Uranus", "Industrial Evacuation", "Partisan Formation"):
        assert named(card_defs, "soviet", name).starred, name
    # 7.6.4: one player alone can trigger Total War with 12 starred events.
    for side in ("axis", "soviet"):
        assert sum(c.starred for c in card_defs.values() if c.side == side) >= 12


def test_3_0_prerequisites_are_card_keys(card_defs):
    keys = {c.key for c in card_defs.values()}
    for c in card_defs.values():
        assert set(c.prerequisites) <= keys, c.id
    assert named(card_defs, "axis", "Convoy PQ-17").prerequisites == ["lend_lease"]   # 18.3.3
    assert named(card_defs, "axis", "Festung").prerequisites == ["hitler_takes_command"]


def test_engine_keys_of_rule_named_events(card_defs):
    keys = {c.key: c for c in card_defs.values()}
    expected = {"nordlicht": "axis", "taifun": "axis", "blau": "axis", "hitler_takes_command": "axis",
                "hedgehogs": "axis", "winter_uniforms": "axis", "convoy_pq17": "axis", "festung": "axis",
                "steppe_fox": "axis", "lend_lease": "soviet", "peoples_militia": "soviet",
                "partisan_formation": "soviet", "industrial_evacuation": "soviet", "operation_uranus": "soviet",
                "zhukov": "soviet", "stavka": "soviet", "sturmovik": "soviet", "maskirovka": "soviet"}
    for key, side in expected.items():
        assert key in keys and keys[key].side == side, key
    for key in ("nordlicht", "taifun", "blau", "lend_lease", "hitler_takes_command", "hedgehogs",
                "peoples_militia", "partisan_formation", "winter_uniforms", "festung", "operation_uranus"):
        assert key in keys[key].flags_set


def test_11_1_9_offensive_events_lift_restrictions_and_grant_ops(card_defs):
    for name in ("Nordlicht", "Taifun", "Blau"):
        c = named(card_defs, "axis", name)
        assert c.kind == "event" and c.grants_ops > 0 and c.key in c.flags_set


def test_7_4_3_axis_rp_events(card_defs):
    rp_events = [c for c in card_defs.values() if c.rp_event]
    axis = [c for c in rp_events if c.side == "axis"]
    assert len(axis) >= 3
    for c in rp_events:
        assert c.kind == "event" and sum(c.event_rp.values()) > 0
        assert set(c.event_rp) <= ({"GE", "PZ", "AX"} if c.side == "axis" else {"SU"})


def test_ops_and_rp_values_balanced(card_defs):
    for side in ("axis", "soviet"):
        mine = [c for c in card_defs.values() if c.side == side]
        ops = Counter(c.ops for c in mine)
        assert ops[2] + ops[3] >= 0.7 * len(mine)       # mostly 2-3
        assert 1 <= ops[4] <= 8                          # few 4s
        assert ops[1] >= 1
        for c in mine:
            assert set(c.rp) <= ({"GE", "PZ", "AX"} if side == "axis" else {"SU"}) and 1 <= c.rp_total <= 4
    axis_rp = Counter(k for c in card_defs.values() if c.side == "axis" for k in c.rp)
    assert axis_rp["GE"] and axis_rp["PZ"] and axis_rp["AX"]  # 14.1.7: all three kinds occur


def test_blitzkrieg_and_total_war_history(card_defs):
    """Blitzkrieg cards are 1941-42 material, Total War 1943-45: spot checks."""
    assert named(card_defs, "soviet", "Operation Bagration").deck == "total_war"
    assert named(card_defs, "soviet", "Warsaw Uprising").deck == "total_war"
    assert named(card_defs, "axis", "Taifun").deck == "blitzkrieg"
    assert named(card_defs, "axis", "Festung").deck == "total_war"


def test_texts_are_complete_and_distinct(card_defs):
    texts = [c.text for c in card_defs.values() if c.kind != "reinforcement"]
    assert len(set(texts)) == len(texts)
    for c in card_defs.values():
        low = c.text.lower()
        assert not any(w in low for w in ("tbd", "todo", "placeholder", "xxx")), c.id
        assert c.history, c.id


def test_keys_unique_and_snake_case(card_defs):
    keys = [c.key for c in card_defs.values()]
    assert len(set(keys)) == len(keys)
    assert cards.by_key(card_defs)["zhukov"].id == "S9"


# ---- broken files -------------------------------------------------------------------------

@pytest.mark.parametrize(
    "old, new, entry, problem",
    [
        ('units = [{ unit = "HU-1A" }]', 'units = [{ unit = "HU-9A" }]', "A35", "HU-9A"),
        ('name = "Hungarian Reinforcements"\nkey = "hungarian_reinforcements_35"',
         'name = "Hungarian Levies"\nkey = "hungarian_reinforcements_35"', "A35", "7.5.2a"),
        ('id = "A48"\nnumber = 48\nside = "axis"\ndeck = "total_war"',
         'id = "A48"\nnumber = 48\nside = "axis"\ndeck = "blitzkrieg"', "axis deck", "2.3.1"),
        ('key = "ersatzheer"', 'key = "speer"', "A48", "already used"),
        ('prerequisites = ["lend_lease"]', 'prerequisites = ["lend_lease_act"]', "A20", "lend_lease_act"),
        ('id = "S19"\nnumber = 19', 'id = "S91"\nnumber = 19', "S91", "id must be S19"),
        ('ops = 4\nrp = { SU = 4 }\nstarred = true\ngrants_ops = 4', 'ops = 5\nrp = { SU = 4 }\nstarred = true\ngrants_ops = 4',
         "S49", "ops"),
        ('rp = { PZ = 2 }\ntext = "Play in a combat in which a German Panzer Corps takes part, attacking or defending. After',
         'rp = { SU = 2 }\ntext = "Play in a combat in which a German Panzer Corps takes part, attacking or defending. After',
         "A29", "rp"),
        ('units = [{ unit = "SU-30R" }', 'units = [{ unit = "GE-43K" }', "S2", "axis side"),
        ('kind = "combat"\ncombat_role = "attacker"\nops = 2\nrp = { PZ = 1 }',
         'kind = "combat"\nops = 2\nrp = { PZ = 1 }', "A2", "combat_role"),
    ],
)
def test_broken_cards_file_names_file_entry_and_problem(broken_copy, unit_defs, old, new, entry, problem):
    d = broken_copy("cards.toml", old, new)
    with pytest.raises(DataError) as exc:
        cards.load_cards(d, unit_defs)
    msg = str(exc.value)
    assert msg.startswith("cards.toml: "), msg
    assert entry in msg and problem in msg, msg


def test_unit_no_card_brings_is_reported(broken_copy, unit_defs):
    d = broken_copy("cards.toml", ', { unit = "GE-Raus" }]', "]")
    with pytest.raises(DataError, match=r"^cards\.toml: GE-Raus: .*no card brings"):
        cards.load_cards(d, units.load_units(d))


def test_readme_card_manifest_matches_the_data(card_defs):
    from engine.stalins_war.data.loading import DATA_DIR

    readme = (DATA_DIR.parent / "README.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip(): [x.strip() for x in line.split("|")[1:-1]]
            for line in readme.splitlines() if line.startswith("| A") or line.startswith("| S")}
    rows = {k: v for k, v in rows.items() if k in card_defs}
    assert set(rows) == set(card_defs)
    for cid, (rid, name, key, kind, deck, ops, rp) in rows.items():
        c = card_defs[cid]
        assert name == c.name + (" *" if c.starred else ""), cid
        assert key == f"`{c.key}`" and kind == c.kind and int(ops) == c.ops, cid
        assert deck == ("Blitzkrieg" if c.deck == "blitzkrieg" else "Total War"), cid
        assert rp == ", ".join(f"{k} {v}" for k, v in c.rp.items()), cid
