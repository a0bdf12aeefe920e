"""Every Axis card played in the situation its text is about, with the consequence checked.

One test (at least) per card, named `test_card_A<n>_<key>_...`; docs/cards-coverage.md lists
them. Cards whose tests live with the rules they share (combat cards in
test_combat_cards.py, round events in test_combat_round_events.py) are named the same way there.
"""
import pytest

import engine
from tests.engine.card_support import (
    DATA,
    P,
    act,
    axis_west,
    cards,
    decision,
    fight,
    finish_combat,
    finish_round,
    game,
    legal,
    offered,
    ops,
    picture,
    play,
    shifts,
    texts,
    to_combat,
    unit,
    view,
    where,
)

WEST = axis_west(21)  # the Axis holds the land up to column 21, so its units there trace supply
SOVIET_DEFENCE = {"1920": ["GE-9A", "GE-39Pz"], "2021": ["SU-WestF", "SU-13R"]}
AXIS_DEFENCE = {"1921": ["GE-9A", "GE-43K"], "1821": ["GE-42K"], "2022": ["SU-WestF"], "2021": ["SU-1T"]}


def ring(center: str, units) -> dict:
    """Units on every other neighbour of `center`: their ZOCs close all its exits (13.1.3)."""
    ns = DATA.map.neighbours(center)
    return {ns[i]: [u] for i, u in zip((0, 2, 4), units)}


def pocket(center: str = "2122", *germans) -> dict:
    """German units cut off at `center` by three Soviet armies around them."""
    return {center: list(germans or ["GE-9A"]), **ring(center, ["SU-13R", "SU-20R", "SU-WestF"])}


def run_to_next_turn(g) -> None:
    """Pass every remaining decision of the turn in the plainest way until the next turn begins."""
    turn = view(g)["turn"]
    for _ in range(500):
        if view(g)["turn"] != turn or g.result():
            return
        side = g.active_sides()[0]
        acts = g.legal_actions(side)
        kinds = {a["type"] for a in acts}
        for pick in ("end_movement", "end_marking", "end_combat", "end_exploitation", "end_replacements",
                     "done_discarding", "end_turn", "end_advance", "done_combat_cards", "accept_retreat"):
            if pick in kinds:
                g.apply(side, {"type": pick})
                break
        else:
            if "zero_ops" in kinds:
                g.apply(side, {"type": "zero_ops", "option": "pass", "discard": None})
            else:
                g.apply(side, {k: v for k, v in acts[0].items() if k != "label"})
    raise AssertionError("the turn did not end")


def attack_after_event(g, side, mark, target, attackers, dice=(3, 3)):
    to_combat(g, side, [mark])
    log = fight(g, side, target, attackers, dice=dice)
    return picture(g, log)


# ---- Blitzkrieg -----------------------------------------------------------------------------------

def test_card_A1_brandenburgers_grants_two_ops_and_no_river_shift():
    assert "river" in DATA.map.hexside("1822", "1921").tec_keys
    units = {"1921": ["SU-13R"], "1822": ["GE-9A"]}
    g = game("axis", ["A1"], units=units, control=WEST)
    play(g, "axis", "A1")
    assert ops(g) == 2
    assert "river" not in shifts(attack_after_event(g, "axis", "1822", "1921", ["GE-9A"]), "axis")
    plain = game("axis", ["A4"], units=units, control=WEST)
    play(plain, "axis", "A4", "ops")
    assert "river" in shifts(attack_after_event(plain, "axis", "1822", "1921", ["GE-9A"]), "axis")


def test_card_A2_stuka_gives_the_axis_attack_one_column():
    g = game("axis", ["A2"], units=SOVIET_DEFENCE, control=WEST, ops=2,
             combat={"target": "2021", "attackers": ["GE-9A"]})
    log = fight(g, "axis", "2021", [], plays={"axis": ["A2"]}, declare=False)
    assert "Stuka (A2)" in shifts(picture(g, log), "axis")


def test_card_A3_luftwaffe_support_helps_the_axis_defence_too():
    g = game("soviet", [], units=AXIS_DEFENCE, hands={"axis": ["A3"]}, control=WEST, ops=2,
             combat={"target": "1921", "attackers": ["SU-WestF", "SU-1T"]})
    log = fight(g, "soviet", "1921", [], plays={"axis": ["A3"]}, declare=False)
    assert "Luftwaffe Support (A3)" in shifts(picture(g, log), "axis")


def test_card_A4_kesselschlacht_shifts_attacks_on_cut_off_defenders():
    units = {"2122": ["SU-13R"], **ring("2122", ["GE-9A", "GE-4A", "GE-39Pz"])}
    g = game("axis", ["A4"], units=units)
    play(g, "axis", "A4")
    assert ops(g) == 3
    to_combat(g, "axis", ["2121"])
    log = fight(g, "axis", "2122", ["GE-9A"])
    assert "out of supply: 13" in texts(log)  # the defender, judged at the instant of combat
    assert "Kesselschlacht (A4)" in shifts(picture(g, log), "axis")
    supplied = game("axis", ["A4"], units={"2122": ["SU-13R"], "2121": ["GE-9A"]}, control=axis_west(21))
    play(supplied, "axis", "A4")
    assert "Kesselschlacht" not in shifts(attack_after_event(supplied, "axis", "2121", "2122", ["GE-9A"]), "axis")


@pytest.mark.parametrize("card,units", [
    ("A5", ["GE-2A", "GE-40Pz", "GE-42K"]),
    ("A7", ["HU-Mob", "HU-2A"]),
    ("A8", ["RO-Mtn", "RO-Cav"]),
])
def test_card_A5_A7_A8_german_hungarian_romanian_reinforcements_arrive_at_home(card, units):
    g = game("axis", [card], units={P["Berlin"]: ["GE-43K"]})
    play(g, "axis", card)
    placed = []
    while decision(g) == "place_reinforcements":
        a = g.legal_actions("axis")[0]
        placed.append(a["unit"])
        act(g, "axis", **{k: v for k, v in a.items() if k != "label"})
    assert sorted(placed) == sorted(units)
    home = {"A5": "germany", "A7": "hungary", "A8": "romania"}[card]
    assert all(DATA.map.hexes[where(g, u)].country == home and unit(g, u)["lost"] == 0 for u in units)
    finish_round(g, "axis")
    assert card in cards(g, "axis")["removed"]  # starred: a reinforcement card's units arrive once


def test_card_A5_german_reinforcements_2nd_army_xl_panzer_xlii_corps():
    g = game("axis", ["A5"])
    play(g, "axis", "A5")
    assert {a["unit"] for a in g.legal_actions("axis")} == {"GE-2A", "GE-40Pz", "GE-42K"}


def test_card_A6_italian_reinforcements_csir_at_bucharest_or_odessa():
    g = game("axis", ["A6"], control={P["Odessa"]: "axis"})
    play(g, "axis", "A6")
    assert {a["hex"] for a in g.legal_actions("axis")} == {P["Bucharest"], P["Odessa"]}
    act(g, "axis", type="place", unit="IT-CSIR", hex=P["Odessa"])
    assert where(g, "IT-CSIR") == P["Odessa"]


def test_card_A7_hungarian_reinforcements_enter_in_hungary():
    g = game("axis", ["A7"])
    play(g, "axis", "A7")
    assert {DATA.map.hexes[a["hex"]].country for a in g.legal_actions("axis")} == {"hungary"}


def test_card_A8_romanian_reinforcements_enter_in_romania():
    g = game("axis", ["A8"])
    play(g, "axis", "A8")
    assert {DATA.map.hexes[a["hex"]].country for a in g.legal_actions("axis")} == {"romania"}


def test_card_A9_guderian_needs_a_panzer_among_the_attackers():
    g = game("axis", ["A9"], units=SOVIET_DEFENCE, control=WEST, ops=2,
             combat={"target": "2021", "attackers": ["GE-9A"]})
    g.apply("axis", {"type": "resolve"})
    assert not legal(g, "axis", "combat_card", card="A9")
    g = game("axis", ["A9"], units=SOVIET_DEFENCE, control=WEST, ops=2,
             combat={"target": "2021", "attackers": ["GE-9A", "GE-39Pz"]})
    g.apply("axis", {"type": "resolve"})
    assert legal(g, "axis", "combat_card", card="A9")


def test_card_A10_steppe_fox_plays_a_second_card_that_decides_the_round():
    g = game("axis", ["A10", "A12"], consec={"axis": 2})
    play(g, "axis", "A10")
    assert decision(g) == "action_round" and offered(g, "axis", "A12", "ops")
    assert not legal(g, "axis", "zero_ops")  # the second action is a card play
    play(g, "axis", "A12", "ops")
    assert view(g)["consec"]["axis"] == 3 and ops(g) == 4 - 2  # counted as a third OPS round in a row
    finish_round(g, "axis")
    assert "A10" in cards(g, "axis")["removed"]


def test_card_A11_kampfgruppe_needs_a_german_scu_in_the_defence():
    g = game("soviet", [], units={"1921": ["GE-9A"], "1821": ["GE-42K"], "2022": ["SU-WestF"]},
             hands={"axis": ["A11"]}, control=WEST, ops=2, combat={"target": "1921", "attackers": ["SU-WestF"]})
    g.apply("soviet", {"type": "resolve"})
    assert not legal(g, "axis", "combat_card", card="A11")


def _restricted(card, target_name, flag):
    """11.1.9: before the event the Axis may not attack the city; after it, it may, with the event's OPS."""
    target = P[target_name]
    near = next(n for n in DATA.map.neighbours(target) if DATA.map.hexes[n].playable
                and not DATA.map.hexside(target, n))
    units = {target: ["SU-13R"], near: ["GE-9A", "GE-39Pz"]}
    control = {h: s for h, s in axis_west(40).items() if h != target}
    before = game("axis", [card, "A4"], units=units, control=control)
    play(before, "axis", "A4", "ops")
    act(before, "axis", type="end_movement")
    assert not legal(before, "axis", "mark_combat", hex=near) and not legal(before, "axis", "attack", target=target)
    g = game("axis", [card], units=units, control=control)
    play(g, "axis", card)
    assert view(g)["flags"][flag] and ops(g) == DATA.cards[card].grants_ops
    to_combat(g, "axis", [near])
    assert legal(g, "axis", "attack", target=target)


def test_card_A12_taifun_lifts_the_moscow_restriction():
    _restricted("A12", "Moscow", "taifun")


def test_card_A13_dora_needs_a_standing_fortress():
    g = game("axis", ["A13"], units=SOVIET_DEFENCE, control=WEST, ops=2,
             combat={"target": "2021", "attackers": ["GE-9A"]})
    g.apply("axis", {"type": "resolve"})
    assert not legal(g, "axis", "combat_card", card="A13")


def test_card_A14_nordlicht_lifts_the_leningrad_restriction():
    _restricted("A14", "Leningrad", "nordlicht")


def test_card_A15_blau_lifts_the_stalingrad_restriction():
    _restricted("A15", "Stalingrad", "blau")


def test_card_A16_hitler_takes_command_ends_axis_banked_ops_and_the_vp_drop():
    g = game("axis", ["A16"], turn=6, round=5, hands={"soviet": []}, control=WEST)
    vp = view(g)["vp"]
    play(g, "axis", "A16")
    assert view(g)["flags"]["hitler_takes_command"]
    run_to_next_turn(g)
    assert view(g)["vp"] == vp  # Summer 1942 ends without the drop
    assert view(g)["banked"]["axis"] == 0  # and no banked OPS in round 1 of turn 7 (18.2.2)
    other = game("axis", ["A4"], turn=6, round=5, hands={"soviet": []}, control=WEST)
    play(other, "axis", "A4", "rp")
    run_to_next_turn(other)
    assert view(other)["vp"] == vp - 1 and view(other)["banked"]["axis"] == 1


def test_card_A17_hedgehogs_allows_axis_trenches_and_places_one():
    g = game("axis", ["A17"], units={"1920": ["GE-9A"]}, control=WEST)
    play(g, "axis", "A17")
    assert decision(g) == "event_trenches" and view(g)["flags"]["hedgehogs"]
    act(g, "axis", type="place_trench", hex="1920")
    assert view(g)["markers"]["trench"] == {"1920": "axis"}


def test_card_A18_italian_reinforcements_8th_army():
    g = game("axis", ["A18"])
    play(g, "axis", "A18")
    act(g, "axis", type="place", unit="IT-8A", hex=P["Bucharest"])
    assert where(g, "IT-8A") == P["Bucharest"] and unit(g, "IT-8A")["lost"] == 0


def test_card_A19_winter_uniforms_lifts_the_winter_1942_penalty():
    units = {"1921": ["GE-9A"], "1821": ["GE-42K"], "2021": ["SU-WestF"]}
    for card, penalised in (("A19", False), ("A4", True)):
        g = game("axis", [card], turn=4, round=3, units=units, control=WEST, hands={"soviet": ["S19"]})
        play(g, "axis", card, "event" if card == "A19" else "rp")
        finish_round(g, "axis")
        play(g, "soviet", "S19", "ops")
        to_combat(g, "soviet", ["2021"])
        log = fight(g, "soviet", "1921", ["SU-WestF"])
        assert ("Winter" in shifts(picture(g, log), "axis")) is penalised


def test_card_A20_convoy_pq17_costs_the_archangel_ops_next_turn():
    pos = dict(turn=6, round=5, units={P["Moscow"]: ["SU-Stalin"]}, flags={"lend_lease": 3}, control=WEST)
    g = game("axis", ["A20"], **pos)
    play(g, "axis", "A20")
    run_to_next_turn(g)
    assert view(g)["banked"]["soviet"] == 1  # Astrakhan only (18.3.3)
    other = game("axis", ["A4"], **pos)
    play(other, "axis", "A4", "rp")
    run_to_next_turn(other)
    assert view(other)["banked"]["soviet"] == 3


def test_card_A21_partisan_sweep_removes_up_to_three_inactive_partisans():
    hexes = ["2420", "2421", "2422", "2320"]
    g = game("axis", ["A21"], markers={"partisans": hexes})
    play(g, "axis", "A21")
    for h in hexes[:3]:
        act(g, "axis", type="sweep_partisans", hex=h)
    assert view(g)["markers"]["inactive_partisans"] == ["2320"] and decision(g) != "partisan_sweep"


def test_card_A22_speer_marks_two_ge_and_two_pz_rps():
    g = game("axis", ["A22"])
    play(g, "axis", "A22")
    assert view(g)["rp"]["GE"] == 2 and view(g)["rp"]["PZ"] == 2


def test_card_A23_air_bridge_keeps_a_cut_off_hex_alive_through_attrition():
    units = pocket("2122", "GE-9A")
    g = game("axis", ["A23"], turn=6, round=5, units=units)
    assert unit(g, "GE-9A")["supply"] == "none"
    play(g, "axis", "A23")
    assert [a["hex"] for a in g.legal_actions("axis")] == ["2122"]
    log = act(g, "axis", type="air_bridge", hex="2122")  # the round ends; the Axis attrition segment follows
    assert "supplied by air" in texts(log)
    assert where(g, "GE-9A") == "2122" and "survives attrition" in texts(log)
    assert view(g)["grants"] == []  # over with the Attrition Phase
    other = game("axis", ["A4"], turn=6, round=5, units=units)
    play(other, "axis", "A4", "rp")
    assert where(other, "GE-9A") != "2122"


def test_card_A23_air_bridge_units_fire_without_the_out_of_supply_shift():
    units = pocket("2122", "GE-9A")
    for card, shifted in (("A23", False), ("A4", True)):
        g = game("axis", [card], turn=6, round=4, units=units, hands={"soviet": ["S19"]})
        play(g, "axis", card, "event" if card == "A23" else "rp")
        if card == "A23":
            act(g, "axis", type="air_bridge", hex="2122")
        play(g, "soviet", "S19", "ops")
        to_combat(g, "soviet", ["2121"])
        log = fight(g, "soviet", "2122", ["SU-13R"])
        assert ("out of supply" in shifts(picture(g, log), "axis")) is shifted


def test_card_A24_fridericus_shifts_the_defence_against_a_front():
    g = game("soviet", [], units=AXIS_DEFENCE, hands={"axis": ["A24"]}, control=WEST, ops=2,
             combat={"target": "1921", "attackers": ["SU-WestF"]})
    log = fight(g, "soviet", "1921", [], plays={"axis": ["A24"]}, declare=False)
    assert "Fridericus (A24)" in shifts(picture(g, log), "axis")


def test_card_A25_antonescu_gives_three_ax_rps_for_romanians_only():
    g = game("axis", ["A25"])
    play(g, "axis", "A25")
    assert view(g)["rp_only"] == {"RO": 3} and view(g)["rp"]["AX"] == 0
    lost = game("axis", ["A25"], control={P["Bucharest"]: "soviet"})
    assert not offered(lost, "axis", "A25")


def test_card_A25_antonescu_rps_rebuild_romanians_not_hungarians():
    g = game("axis", ["A25"], turn=6, round=5, units={P["Bucharest"]: ["RO-3A:1"], P["Buda"]: ["HU-2A:1"]},
             hands={"soviet": []})
    play(g, "axis", "A25")
    for _ in range(40):
        if decision(g) == "replacements" and g.active_sides() == ["axis"]:
            break
        side = g.active_sides()[0]
        kinds = {a["type"] for a in g.legal_actions(side)}
        if "zero_ops" in kinds:
            g.apply(side, {"type": "zero_ops", "option": "pass", "discard": None})
        else:
            g.apply(side, {"type": next(k for k in ("end_replacements", "end_movement") if k in kinds)})
    units = {a["unit"] for a in legal(g, "axis", "replace")}
    assert "RO-3A" in units and "HU-2A" not in units


# ---- Total War --------------------------------------------------------------------------------------

def _place_all(g, side):
    placed = []
    while decision(g) == "place_reinforcements":
        a = g.legal_actions(side)[0]
        placed.append(a["unit"])
        act(g, side, **{k: v for k, v in a.items() if k != "label"})
    return placed


@pytest.mark.parametrize("card", ["A26", "A31", "A35", "A36", "A51"])
def test_card_A26_A31_A35_A36_A51_total_war_reinforcements_arrive(card):
    g = game("axis", [card], turn=10, flags={"total_war": True})
    play(g, "axis", card)
    placed = _place_all(g, "axis")
    assert sorted(placed) == sorted(u.unit for u in DATA.cards[card].units)
    for entry in DATA.cards[card].units:
        assert unit(g, entry.unit)["lost"] == (1 if entry.reduced else 0)


def test_card_A26_german_reinforcements_kempf_ii_ss_raus():
    g = game("axis", ["A26"], turn=10)
    play(g, "axis", "A26")
    assert sorted(_place_all(g, "axis")) == ["GE-2SSPz", "GE-Kempf", "GE-Raus"]


def test_card_A27_festung_needs_hitler_and_places_a_festung_free():
    assert not offered(game("axis", ["A27"], turn=10), "axis", "A27")
    g = game("axis", ["A27"], turn=10, units={"1920": ["GE-9A"]}, control=WEST,
             flags={"hitler_takes_command": 5})
    play(g, "axis", "A27")
    assert decision(g) == "place_festung" and view(g)["flags"]["festung"]
    hexes = [a["hex"] for a in g.legal_actions("axis")]
    act(g, "axis", type="place_festung", hex=hexes[0])
    assert view(g)["markers"]["festung"] == [hexes[0]]


def test_card_A29_tiger_costs_the_soviets_a_step_after_the_winner():
    g = game("axis", ["A29"], units=SOVIET_DEFENCE, control=WEST, ops=2,
             combat={"target": "2021", "attackers": ["GE-9A", "GE-39Pz"]})
    log = fight(g, "axis", "2021", [], plays={"axis": ["A29"]}, declare=False)
    log += finish_combat(g)
    assert "Tiger" in texts(log)
    assert [e for e in log if e.get("kind") == "loss" and "Tiger" in e["text"]] or \
        [e for e in log if e.get("kind") == "eliminated" and "Tiger" in e["text"]]


def test_card_A30_zitadelle_grants_four_ops_and_shifts_panzer_attacks():
    g = game("axis", ["A30"], units=SOVIET_DEFENCE, control=WEST)
    play(g, "axis", "A30")
    assert ops(g) == 4
    assert "Zitadelle (A30)" in shifts(attack_after_event(g, "axis", "1920", "2021", ["GE-9A", "GE-39Pz"]), "axis")


def test_card_A31_german_reinforcements_iii_and_iv_ss_panzer_corps():
    g = game("axis", ["A31"], turn=10)
    play(g, "axis", "A31")
    assert sorted(_place_all(g, "axis")) == ["GE-3SSPz", "GE-4SSPz"]


def test_card_A32_ostwall_places_then_moves_the_bunker():
    g = game("axis", ["A32"], turn=10, units={"1920": ["GE-9A"], "1821": ["GE-4A"], "1822": ["GE-39Pz"]},
             control=WEST)
    play(g, "axis", "A32")
    assert {a["hex"] for a in g.legal_actions("axis")} == {"1920", "1821"}  # with a German LCU, supplied
    act(g, "axis", type="place_work", unit="GE-Bunker", hex="1920")
    assert where(g, "GE-Bunker") == "1920"
    g = game("axis", ["A32"], turn=10, units={"1920": ["GE-9A", "GE-Bunker"], "1821": ["GE-4A"]}, control=WEST)
    play(g, "axis", "A32")
    assert {a["hex"] for a in g.legal_actions("axis")} == {"1821"}
    act(g, "axis", type="place_work", unit="GE-Bunker", hex="1821")
    assert where(g, "GE-Bunker") == "1821"


def test_card_A32_ostwall_has_no_effect_once_the_bunker_is_gone():
    g = game("axis", ["A32"], turn=10, units={"1920": ["GE-9A"]}, control=WEST, boxes={"removed": ["GE-Bunker"]})
    assert offered(g, "axis", "A32")
    log = play(g, "axis", "A32")
    assert "out of the game" in texts(log) and where(g, "GE-Bunker") == "removed"


def _backhand(**extra):
    """Soviet round 2 saw SU-13R advance into 2021; now the Axis, round 3, holds Backhand Blow."""
    units = {"1920": ["GE-9A", "GE-39Pz"], "2021": ["SU-13R"], "1821": ["GE-4A"], "1822": ["SU-20R"]}
    for box in extra.get("boxes", {}).values():
        for u in box:
            units = {h: [x for x in us if x != u] for h, us in units.items()}
    stats = {"after_combat_moves": {"soviet": {"turn": 10, "round": 2, "units": ["SU-13R"]}}}
    return game("axis", ["A33"], turn=10, round=3, units=units, control=WEST, stats=stats, **extra)


def test_card_A33_backhand_blow_obliges_an_attack_on_a_unit_that_advanced():
    g = _backhand()
    play(g, "axis", "A33")
    assert ops(g) == 3
    act(g, "axis", type="end_movement")
    # a marker must first go where the advancing unit can be attacked from
    assert not legal(g, "axis", "end_marking")
    assert {a["hex"] for a in legal(g, "axis", "mark_combat")} == {"1920"}
    with pytest.raises(engine.IllegalAction, match="Backhand Blow"):
        act(g, "axis", type="mark_combat", hex="1821")
    act(g, "axis", type="mark_combat", hex="1920")
    act(g, "axis", type="mark_combat", hex="1821")  # then any other
    act(g, "axis", type="end_marking")
    # the combat stage may not end before that attack is made
    assert not legal(g, "axis", "end_combat")
    with pytest.raises(engine.IllegalAction, match="attack"):
        act(g, "axis", type="end_combat")
    act(g, "axis", type="attack", target="1822")  # other attacks are allowed meanwhile
    act(g, "axis", type="cancel")
    assert not legal(g, "axis", "end_combat")  # a cancelled declaration is no attack
    log = fight(g, "axis", "2021", ["GE-9A", "GE-39Pz"])
    assert "Backhand Blow (A33), this round's event" in shifts(picture(g, log), "axis")
    finish_combat(g)
    assert legal(g, "axis", "end_combat")


def test_card_A33_backhand_blow_duty_lapses_when_no_such_attack_is_possible():
    # the unit that advanced has since left the map: nothing obliges the Axis any more (7.5.1b)
    g = _backhand(boxes={"eliminated": ["SU-13R"]})
    play(g, "axis", "A33")
    act(g, "axis", type="end_movement")
    assert legal(g, "axis", "end_marking")
    finish_round(g, "axis")
    assert g.active_sides() == ["soviet"]


def test_card_A33_backhand_blow_only_right_after_a_soviet_advance():
    stale = {"after_combat_moves": {"soviet": {"turn": 10, "round": 1, "units": ["SU-13R"]}}}
    g = game("axis", ["A33"], turn=10, round=3, stats=stale)
    assert not offered(g, "axis", "A33")


def test_card_A34_totaler_krieg_marks_three_ge_and_one_pz():
    g = game("axis", ["A34"], turn=10)
    play(g, "axis", "A34")
    assert view(g)["rp"]["GE"] == 3 and view(g)["rp"]["PZ"] == 1


def test_card_A35_hungarian_reinforcements_1st_army_in_hungary():
    g = game("axis", ["A35"], turn=10)
    play(g, "axis", "A35")
    assert {DATA.map.hexes[a["hex"]].country for a in g.legal_actions("axis")} == {"hungary"}


def test_card_A36_vlassov_reinforcements_arrive_as_germans():
    g = game("axis", ["A36"], turn=10)
    play(g, "axis", "A36")
    assert {DATA.map.hexes[a["hex"]].country for a in g.legal_actions("axis")} == {"germany"}


def test_card_A38_volkssturm_not_before_turn_15_then_three_ge_rps():
    assert not offered(game("axis", ["A38"], turn=14), "axis", "A38")
    g = game("axis", ["A38"], turn=15)
    play(g, "axis", "A38")
    assert view(g)["rp"]["GE"] == 3


def test_card_A39_panzerfaust_costs_an_attacking_tank_a_step():
    g = game("soviet", [], units=AXIS_DEFENCE, hands={"axis": ["A39"]}, control=WEST, ops=2,
             combat={"target": "1921", "attackers": ["SU-WestF", "SU-1T"]})
    log = fight(g, "soviet", "1921", [], plays={"axis": ["A39"]}, declare=False)
    log += finish_combat(g)
    assert "Panzerfaust" in texts(log)
    assert where(g, "SU-1T") in ("eliminated",) or unit(g, "SU-1T")["lost"] >= 1


def test_card_A40_hubes_pocket_supplies_up_to_four_units_and_ties_its_ops_to_them():
    units = {**pocket("2122", "GE-9A", "GE-39Pz"), "1719": ["GE-4A"], "1720": ["SU-28RK"]}
    g = game("axis", ["A40"], turn=10, units=units, banked={"axis": 0})
    assert unit(g, "GE-9A")["supply"] == "none"
    play(g, "axis", "A40")
    assert {a["unit"] for a in legal(g, "axis", "pocket_unit")} == {"GE-9A", "GE-39Pz"}
    act(g, "axis", type="pocket_unit", unit="GE-9A")
    act(g, "axis", type="end_pocket")
    assert unit(g, "GE-9A")["supply"] == "full" and unit(g, "GE-39Pz")["supply"] == "none"
    assert ops(g) == 2
    act(g, "axis", type="end_movement")
    marks = {a["hex"] for a in legal(g, "axis", "mark_combat")}
    assert "2122" in marks and "1719" not in marks  # the OPS serve only the pocket's units


def test_card_A41_transfers_from_the_west_bring_back_two_units_at_box_strength():
    g = game("axis", ["A41"], turn=10, boxes={"other_fronts": ["GE-39Pz:1", "GE-9A", "GE-4A"]})
    play(g, "axis", "A41")
    assert decision(g) == "transfers_from_the_west"
    act(g, "axis", type="transfer", unit="GE-39Pz", hex=P["Berlin"])
    act(g, "axis", type="transfer", unit="GE-9A", hex=P["Berlin"])
    assert decision(g) != "transfers_from_the_west"  # two at most
    assert where(g, "GE-39Pz") == P["Berlin"] and unit(g, "GE-39Pz")["lost"] == 1
    assert where(g, "GE-4A") == "other_fronts"


def test_card_A42_nebelwerfer_gives_the_axis_attack_one_column():
    g = game("axis", ["A42"], turn=10, units=SOVIET_DEFENCE, control=WEST, ops=2,
             combat={"target": "2021", "attackers": ["GE-9A"]})
    log = fight(g, "axis", "2021", [], plays={"axis": ["A42"]}, declare=False)
    assert "Nebelwerfer (A42)" in shifts(picture(g, log), "axis")


def test_card_A43_margarethe_gives_three_ax_rps_for_hungarians_only():
    g = game("axis", ["A43"], turn=10)
    play(g, "axis", "A43")
    assert view(g)["rp_only"] == {"HU": 3}
    assert not offered(game("axis", ["A43"], turn=10, control={P["Buda"]: "soviet"}), "axis", "A43")


def test_card_A44_buffel_frees_axis_units_from_enemy_zoc_and_forbids_attacks():
    units = {"2021": ["GE-9A"], "2022": ["SU-WestF"], "1920": ["GE-4A"]}
    g = game("axis", ["A44"], turn=10, units=units, banked={"axis": 0})
    play(g, "axis", "A44")
    assert ops(g) == 3
    before = ops(g)
    move = next(a for a in legal(g, "axis", "move", unit="GE-9A"))
    act(g, "axis", **{k: v for k, v in move.items() if k != "label"})
    assert ops(g) == before  # leaving the Soviet ZOC cost nothing
    act(g, "axis", type="end_movement")
    assert not legal(g, "axis", "mark_combat") and not legal(g, "axis", "attack")


def test_card_A45_courland_bridgehead_supplies_units_by_a_baltic_port():
    riga = P["Riga"]
    assert DATA.map.hexes[riga].port == "baltic" and "2019" in DATA.map.neighbours(riga)
    # a German army next to Riga, every other way out held by the Soviets
    units = {"2019": ["GE-9A"], "2118": ["SU-13R"], "2119": ["SU-20R"], "2020": ["SU-WestF"], "1919": ["SU-1T"]}
    for card, survives in (("A45", True), ("A4", False)):
        g = game("axis", [card], turn=10, round=5, units=units, control={riga: "axis"})
        assert unit(g, "GE-9A")["supply"] == "none"
        play(g, "axis", card, "event" if card == "A45" else "rp")  # the round ends: Axis attrition
        assert (where(g, "GE-9A") == "2019") is survives
        assert (view(g)["control"][riga] == "axis") is survives  # 13.3.9 spares the port


def test_card_A46_scorched_earth_cuts_two_soviet_rps():
    g = game("axis", ["A46"], turn=10, round=5, rp={"SU": 3}, units={"1920": ["SU-13R:1"]}, hands={"soviet": []})
    play(g, "axis", "A46")
    log = []
    for _ in range(20):
        if view(g)["phase"] != "action":
            break
        side = g.active_sides()[0]
        log += g.apply(side, {"type": "zero_ops", "option": "pass", "discard": None})
    assert "Scorched Earth: the Soviet RPs drop by 2 to 1" in texts(log)


def test_card_A47_fruhlingserwachen_shifts_panzer_attacks_in_hungary():
    target = P["Buda"]
    near = next(n for n in DATA.map.neighbours(target) if DATA.map.hexes[n].playable
                and not DATA.map.hexside(target, n) and DATA.map.hexes[n].country == "hungary")
    units = {target: ["SU-13R"], near: ["GE-9A", "GE-39Pz"]}
    g = game("axis", ["A47"], turn=10, units=units, control={target: "soviet"})
    play(g, "axis", "A47")
    assert "Frühlingserwachen (A47)" in shifts(attack_after_event(g, "axis", near, target, ["GE-9A", "GE-39Pz"]), "axis")


def test_card_A48_ersatzheer_marks_two_ge_and_one_pz():
    g = game("axis", ["A48"], turn=10)
    play(g, "axis", "A48")
    assert view(g)["rp"]["GE"] == 2 and view(g)["rp"]["PZ"] == 1


def test_card_A49_wintergewitter_shifts_attacks_next_to_a_cut_off_german_unit():
    units = {**pocket("2122", "GE-9A"), "2021": ["GE-4A", "GE-39Pz"]}
    g = game("axis", ["A49"], turn=10, units=units)
    assert unit(g, "GE-9A")["supply"] == "none"
    play(g, "axis", "A49")
    target = next(h for h, us in units.items() if us == ["SU-13R"])
    assert "2021" in DATA.map.neighbours(target)
    pic = attack_after_event(g, "axis", "2021", target, ["GE-4A", "GE-39Pz"])
    assert "Wintergewitter (A49)" in shifts(pic, "axis")


def test_card_A51_german_reinforcements_two_corps_reduced():
    g = game("axis", ["A51"], turn=10)
    play(g, "axis", "A51")
    placed = _place_all(g, "axis")
    assert sorted(u for u in placed if unit(g, u)["lost"]) == ["GE-FHHPz", "GE-GDPz"]


def test_card_A52_fremde_heere_ost_shows_the_soviet_hand_to_the_axis_only():
    g = game("axis", ["A52"], turn=10, hands={"soviet": ["S19", "S12"]})
    log = play(g, "axis", "A52")
    assert view(g, "axis")["intel"]["cards"] == ["S12", "S19"]
    assert view(g, "soviet")["intel"] is None and view(g, None)["intel"] is None
    assert all(e["to"] == "axis" for e in log if "S19" in str(e.get("cards")))
    assert ops(g) == 2


def test_card_A53_panther_needs_a_panzer_and_shifts_one_column():
    g = game("axis", ["A53"], turn=10, units=SOVIET_DEFENCE, control=WEST, ops=2,
             combat={"target": "2021", "attackers": ["GE-9A", "GE-39Pz"]})
    log = fight(g, "axis", "2021", [], plays={"axis": ["A53"]}, declare=False)
    assert "Panther (A53)" in shifts(picture(g, log), "axis")


def test_card_A54_naval_evacuation_carries_an_lcu_west_by_sea():
    odessa, constanta = P["Odessa"], P["Constanta"]
    g = game("axis", ["A54"], turn=12, units={odessa: ["GE-6A"]}, control={odessa: "axis"})
    play(g, "axis", "A54")
    act(g, "axis", type="evacuate", unit="GE-6A", to=constanta)
    assert where(g, "GE-6A") == constanta


def test_card_A55_halt_order_needs_an_axis_defence():
    g = game("axis", ["A55"], turn=10, units=SOVIET_DEFENCE, control=WEST, ops=2,
             combat={"target": "2021", "attackers": ["GE-9A"]})
    g.apply("axis", {"type": "resolve"})
    assert not legal(g, "axis", "combat_card", card="A55")  # played only by a defending Axis
