"""11.1 and its companions: who may attack what, and how a combat is declared."""
import copy

import pytest

import engine
from tests.engine.combat_support import (
    attack,
    battle,
    combat,
    declare,
    finish_combat,
    has,
    legal,
    new,
    no_cards,
    phase,
    stage,
    take,
    unit,
    where,
)

WEST = {"1821": ["GE-9A", "GE-39Pz"], "1920": ["GE-57Pz", "GE-43K"], "1921": ["SU-13R"]}


def test_11_1_1_only_units_in_marked_hexes_attack():
    g = battle(WEST, ["1821"])
    g.apply("axis", {"type": "attack", "target": "1921"})
    commits = {a["unit"] for a in legal(g, "axis", "commit")}
    assert commits == {"GE-9A", "GE-39Pz"}
    with pytest.raises(engine.IllegalAction, match="11.1.1"):
        g.apply("axis", {"type": "commit", "unit": "GE-57Pz"})


def test_11_1_1_combat_is_voluntary_cancel_changes_nothing():
    g = battle(WEST, ["1821"])
    before = copy.deepcopy(g.to_json())
    g.apply("axis", {"type": "attack", "target": "1921"})
    g.apply("axis", {"type": "commit", "unit": "GE-9A"})
    g.apply("axis", {"type": "cancel"})
    assert stage(g) == "combat"
    after = g.to_json()
    assert after["units"] == before["units"] and after["rs"]["attacked"] == []
    assert has(g, "axis", type="attack", target="1921")


def test_11_1_3_only_one_lcu_per_side():
    g = battle({"1821": ["GE-9A", "GE-39Pz"], "1920": ["GE-4A", "GE-57Pz"], "1921": ["SU-13R"]}, ["1821", "1920"])
    declare(g, "axis", "1921", ["GE-9A"])
    assert not has(g, "axis", type="commit", unit="GE-4A")
    with pytest.raises(engine.IllegalAction, match="11.1.3"):
        g.apply("axis", {"type": "commit", "unit": "GE-4A"})
    g.apply("axis", {"type": "commit", "unit": "GE-57Pz"})
    assert has(g, "axis", type="resolve")


def test_11_1_3_an_extra_hex_needs_an_attacking_armoured_unit():
    g = battle(WEST, ["1821", "1920"])
    declare(g, "axis", "1921", ["GE-9A", "GE-43K"])
    assert not has(g, "axis", type="resolve")
    assert "11.1.3" in combat(g)["problem"]
    with pytest.raises(engine.IllegalAction, match="11.1.3"):
        g.apply("axis", {"type": "resolve"})
    g.apply("axis", {"type": "commit", "unit": "GE-57Pz"})
    assert has(g, "axis", type="resolve")
    # either hex may be the first one: armour in 1821 lets the infantry of 1920 join as well
    g.apply("axis", {"type": "withdraw", "unit": "GE-57Pz"})
    g.apply("axis", {"type": "commit", "unit": "GE-39Pz"})
    assert has(g, "axis", type="resolve")


def test_11_1_3_commit_offered_only_while_the_declaration_can_still_become_legal():
    g = battle({"1821": ["GE-9A"], "1920": ["GE-43K"], "1921": ["SU-13R"]}, ["1821", "1920"])
    declare(g, "axis", "1921", ["GE-9A"])
    assert not has(g, "axis", type="commit", unit="GE-43K")  # no armour in 1920 to make it legal


def _soviet_three_hexes(mech_in_1922: bool, **kw):
    units = {"1921": ["GE-43K"], "2021": ["SU-13R"], "2022": ["SU-1T"],
             "1922": ["SU-4M" if mech_in_1922 else "SU-20R"]}
    return battle(units, ["2021", "2022", "1922"], active="soviet", **kw)


def test_11_1_3_example_three_hex_soviet_attack_needs_armour_in_two_hexes():
    g = _soviet_three_hexes(True)
    declare(g, "soviet", "1921", ["SU-13R", "SU-1T", "SU-4M"])
    assert has(g, "soviet", type="resolve")
    g2 = _soviet_three_hexes(False)
    declare(g2, "soviet", "1921", ["SU-13R", "SU-1T"])
    assert has(g2, "soviet", type="resolve")
    assert not has(g2, "soviet", type="commit", unit="SU-20R")
    with pytest.raises(engine.IllegalAction, match="11.1.3"):
        g2.apply("soviet", {"type": "commit", "unit": "SU-20R"})


def test_11_1_3_zhukov_multi_hex_attack():
    # Zhukov (S9) in effect this turn: the three-hex attack of the example needs armour in one hex only,
    # once a round, at the price of one extra Soviet step (card clarification #9).
    g = _soviet_three_hexes(False, flags={"zhukov": True})
    declare(g, "soviet", "1921", ["SU-13R", "SU-1T", "SU-20R"])
    resolve = [a for a in legal(g, "soviet", "resolve")]
    assert resolve and "Zhukov" in resolve[0]["label"]
    assert combat(g)["zhukov"]
    g.force_dice(1, 1)  # both sides roll 1
    log = g.apply("soviet", {"type": "resolve"})
    no_cards(g)
    # Soviet 8 on the SCU table rolls 1 -> 1; Axis 2 on the SCU table rolls 1 -> 0: the Soviets win.
    cb = combat(g)
    assert cb["fire"]["soviet"]["result"] == 1 and cb["fire"]["axis"]["result"] == 0
    assert cb["winner"] == "soviet"
    # after the winner, the Zhukov step: the attacker's first loss goes on the tank army (11.3.3)
    assert unit(g, "SU-1T")["lost"] == 1
    assert unit(g, "SU-13R")["lost"] == 0 and unit(g, "SU-20R")["lost"] == 0
    assert any("Zhukov" in e["text"] for e in log)


def test_11_1_4_a_hex_is_attacked_once_per_round():
    g = battle({"1821": ["GE-9A", "GE-39Pz"], "1920": ["GE-57Pz"], "1921": ["SU-13R", "SU-20R"]},
               ["1821", "1920"])
    attack(g, "axis", "1921", ["GE-39Pz"], dice=[1, 6])
    finish_combat(g)
    assert where(g, "SU-13R") == "1921"
    assert not has(g, "axis", type="attack", target="1921")
    with pytest.raises(engine.IllegalAction, match="11.1.4"):
        g.apply("axis", {"type": "attack", "target": "1921"})


def test_11_1_4_empty_hexes_cannot_be_attacked():
    g = battle(WEST, ["1821"])
    with pytest.raises(engine.IllegalAction, match="11.1.4"):
        g.apply("axis", {"type": "attack", "target": "1822"})


def test_11_1_6_each_unit_fights_once_per_round():
    g = battle({"1821": ["GE-9A", "GE-39Pz"], "1921": ["SU-13R"], "1822": ["SU-20R"]}, ["1821"])
    attack(g, "axis", "1921", ["GE-39Pz"], dice=[1, 6])
    finish_combat(g)
    g.apply("axis", {"type": "attack", "target": "1822"})
    assert {a["unit"] for a in legal(g, "axis", "commit")} == {"GE-9A"}


def test_11_1_7_active_partisans_never_attack_with_other_soviet_units():
    units = {"1921": ["GE-43K"], "2021": ["SU-P7"], "2022": ["SU-1T"]}
    g = battle(units, ["2021", "2022"], active="soviet")
    declare(g, "soviet", "1921", ["SU-1T"])
    assert not has(g, "soviet", type="commit", unit="SU-P7")
    with pytest.raises(engine.IllegalAction, match="11.1.7"):
        g.apply("soviet", {"type": "commit", "unit": "SU-P7"})
    g.apply("soviet", {"type": "withdraw", "unit": "SU-1T"})
    g.apply("soviet", {"type": "commit", "unit": "SU-P7"})
    assert has(g, "soviet", type="resolve")


def test_11_1_8_only_participants_take_losses_and_advance():
    g = battle({"1821": ["GE-9A", "GE-39Pz", "GE-57Pz"], "1921": ["SU-13R"]}, ["1821"])
    attack(g, "axis", "1921", ["GE-39Pz", "GE-57Pz"], dice=[6, 6])
    no_cards(g)
    # Soviet 2 on the SCU table rolls 6: 1*; it falls on a participating panzer, never on 9th Army
    assert phase(g) == "losses"
    assert {a["unit"] for a in legal(g, "axis", "take_loss")} == {"GE-39Pz", "GE-57Pz"}
    take(g, "axis", "GE-39Pz")
    assert phase(g) == "advance"
    assert {a["unit"] for a in legal(g, "axis", "advance")} == {"GE-39Pz", "GE-57Pz"}


@pytest.mark.parametrize("place, flag", [("Leningrad", "nordlicht"), ("Moscow", "taifun"), ("Stalingrad", "blau")])
def test_11_1_9_geographic_restrictions(place, flag):
    from engine.stalins_war.data import load_data

    m = load_data().map
    hid = m.places[place]
    near = next(n for n in m.neighbours(hid) if m.hexes[n].playable and not m.hexside(hid, n))
    units = {hid: ["SU-13R"], near: ["GE-9A"]}
    g = new(units)
    g.apply("axis", {"type": "end_movement"})
    assert not has(g, "axis", type="mark_combat", hex=near)  # nothing there to attack
    other = next(n for n in m.neighbours(near) if n != hid and m.hexes[n].playable and not m.hexes[n].caucasus_zone
                 and not m.hexside(near, n) and n not in m.places.values())
    g1 = battle({**units, other: ["SU-20R"]}, [near])
    assert has(g1, "axis", type="attack", target=other) and not has(g1, "axis", type="attack", target=hid)
    with pytest.raises(engine.IllegalAction, match="11.1.9"):
        g1.apply("axis", {"type": "attack", "target": hid})
    g2 = battle(units, [near], flags={flag: True})
    assert has(g2, "axis", type="attack", target=hid)


def test_11_1_9_restriction_lifted_by_entry_stays_lifted():
    from engine.stalins_war.data import load_data

    m = load_data().map
    moscow, gorki = m.places["Moscow"], m.places["Gorki"]
    near = next(n for n in m.neighbours(gorki) if m.hexes[n].playable and not m.hexside(gorki, n))
    g = battle({gorki: ["SU-13R"], near: ["GE-9A"]}, [near],
               stats={"restrictions_lifted": {"leningrad": False, "moscow": True, "stalingrad": False}})
    assert has(g, "axis", type="attack", target=gorki)
    assert moscow != gorki


def test_11_1_10_no_axis_attack_across_the_volga_line():
    from engine.stalins_war.data import load_data

    m = load_data().map
    assert m.hexside("2829", "2929").volga_line
    units = {"2929": ["SU-13R"], "2829": ["GE-9A"]}
    lifted = {"leningrad": True, "moscow": True, "stalingrad": True}
    g = new(units, flags={"blau": True}, stats={"restrictions_lifted": lifted})
    g.apply("axis", {"type": "end_movement"})
    assert not has(g, "axis", type="mark_combat", hex="2829")
    g2 = battle(units, ["2829"], flags={"blau": True}, stats={"restrictions_lifted": lifted},
                control={m.places["Stalingrad"]: "axis"})
    assert has(g2, "axis", type="attack", target="2929")
    g3 = battle({**units, "2828": ["SU-20R"]}, ["2829"], flags={"blau": True}, stats={"restrictions_lifted": lifted})
    with pytest.raises(engine.IllegalAction, match="11.1.10"):
        g3.apply("axis", {"type": "attack", "target": "2929"})


def test_4_4_4_no_soviet_attack_into_romania_on_turn_1():
    units = {"1627": ["RO-3A"], "1726": ["SU-SouthF"]}
    g = new(units, active="soviet", turn=1, round=1)
    g.apply("soviet", {"type": "end_movement"})
    assert not has(g, "soviet", type="mark_combat", hex="1726")
    g1 = battle({**units, "1727": ["GE-43K"]}, ["1726"], active="soviet", turn=1, round=1)
    assert has(g1, "soviet", type="attack", target="1727")
    with pytest.raises(engine.IllegalAction, match="4.4.4"):
        g1.apply("soviet", {"type": "attack", "target": "1627"})
    g2 = battle(units, ["1726"], active="soviet", turn=2, round=1)
    assert has(g2, "soviet", type="attack", target="1627")


def test_4_4_7_soviet_fronts_may_not_attack_lone_panzers_on_turns_1_2():
    units = {"1921": ["GE-39Pz"], "2022": ["SU-WestF", "SU-4M"]}
    g = battle(units, ["2022"], active="soviet", turn=2)
    g.apply("soviet", {"type": "attack", "target": "1921"})
    assert {a["unit"] for a in legal(g, "soviet", "commit")} == {"SU-4M"}
    with pytest.raises(engine.IllegalAction, match="4.4.7"):
        g.apply("soviet", {"type": "commit", "unit": "SU-WestF"})
    g3 = battle(units, ["2022"], active="soviet", turn=3)
    g3.apply("soviet", {"type": "attack", "target": "1921"})
    assert {a["unit"] for a in legal(g3, "soviet", "commit")} == {"SU-4M", "SU-WestF"}
    # not only panzers in the hex: the front may attack
    g4 = battle({**units, "1921": ["GE-39Pz", "GE-43K"]}, ["2022"], active="soviet", turn=2)
    g4.apply("soviet", {"type": "attack", "target": "1921"})
    assert has(g4, "soviet", type="commit", unit="SU-WestF")


def test_4_4_8_soviet_mech_corps_in_different_hexes_may_not_combine_against_lone_panzers():
    units = {"1921": ["GE-39Pz"], "2021": ["SU-6M"], "2022": ["SU-4M"]}
    g = battle(units, ["2021", "2022"], active="soviet", turn=1, round=1, flags={"zhukov": True})
    declare(g, "soviet", "1921", ["SU-4M"])
    assert not has(g, "soviet", type="commit", unit="SU-6M")
    with pytest.raises(engine.IllegalAction, match="4.4.8"):
        g.apply("soviet", {"type": "commit", "unit": "SU-6M"})
    g2 = battle({**units, "1921": ["GE-39Pz", "GE-43K"]}, ["2021", "2022"], active="soviet", turn=1, round=1)
    declare(g2, "soviet", "1921", ["SU-4M", "SU-6M"])
    assert has(g2, "soviet", type="resolve")


def test_combat_mobilization_reinforcements_may_not_attack():
    # 4.5.1: placed by a Mobilization card, they may move but not attack that round (rs.no_attack)
    g = battle({"1921": ["GE-43K"], "2021": ["SU-13R", "SU-20R"]}, ["2021"], active="soviet", turn=3)
    g.apply("soviet", {"type": "attack", "target": "1921"})
    assert {a["unit"] for a in legal(g, "soviet", "commit")} == {"SU-13R", "SU-20R"}
    state = g.to_json()
    state["rs"]["no_attack"] = ["SU-20R"]
    g2 = engine.load(state)
    assert {a["unit"] for a in legal(g2, "soviet", "commit")} == {"SU-13R"}
    with pytest.raises(engine.IllegalAction, match="4.5.1"):
        g2.apply("soviet", {"type": "commit", "unit": "SU-20R"})


def test_combat_no_romanians_with_hungarians():
    units = {"1821": ["RO-3A", "GE-39Pz"], "1920": ["HU-Mob"], "1921": ["SU-13R"]}
    g = battle(units, ["1821", "1920"])
    declare(g, "axis", "1921", ["RO-3A"])
    assert not has(g, "axis", type="commit", unit="HU-Mob")
    with pytest.raises(engine.IllegalAction, match="19."):
        g.apply("axis", {"type": "commit", "unit": "HU-Mob"})


def test_combat_units_with_no_attack_strength_do_not_attack():
    g = battle({"1921": ["GE-43K"], "2021": ["SU-13R", "SU-Stalin"]}, ["2021"], active="soviet")
    g.apply("soviet", {"type": "attack", "target": "1921"})
    assert {a["unit"] for a in legal(g, "soviet", "commit")} == {"SU-13R"}
