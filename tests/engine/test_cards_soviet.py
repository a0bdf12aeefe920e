"""Every Soviet card played in the situation its text is about, with the consequence checked.

One test (at least) per card, named `test_card_S<n>_<key>_...`; docs/cards-coverage.md lists
them. Combat cards with long set-ups are tested in test_combat_cards.py under the same names.
"""
import pytest

import engine
from tests.engine.card_support import (
    DATA,
    P,
    act,
    axis_west,
    cards,
    combat_view,
    decision,
    die_for,
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

WEST = axis_west(21)
# The Axis holds Molodechno (1921); the Soviets attack from 2021 and Minsk (2022).
AXIS_DEFENCE = {"1921": ["GE-9A", "GE-43K"], "1821": ["GE-42K"], "2022": ["SU-WestF"], "2021": ["SU-1T", "SU-13R"]}
SOVIET_DEFENCE = {"1920": ["GE-9A", "GE-39Pz"], "2021": ["SU-WestF", "SU-1T"]}

# Units on the map for the exchanges of the Total War reinforcements (7.5.2c), one LCU a hex.
EXCHANGE_TARGETS = {
    "2620": ["SU-WestF", "SU-13R", "SU-1T"], "2621": ["SU-NWF", "SU-20R", "SU-2T"],
    "2623": ["SU-CenF", "SU-21R", "SU-3T"], "2624": ["SU-SouthF", "SU-22R", "SU-4T"],
    "2720": ["SU-TCF", "SU-16R", "SU-5T"], "2721": ["SU-BryF", "SU-19R"], "2723": ["SU-KalF", "SU-24R"],
    "2724": ["SU-VolF", "SU-30R"], "2820": ["SU-CrimF", "SU-43R"], "2821": ["SU-StalF", "SU-49R"],
    "2822": ["SU-DonF", "SU-50R"], "2823": ["SU-VorF", "SU-51R"],
}


def soviet_units(g):
    return {u["id"] for u in view(g)["units"] if u["side"] == "soviet"}


def place_all(g):
    placed = []
    while decision(g) == "place_reinforcements":
        a = g.legal_actions("soviet")[0]
        placed.append(a)
        act(g, "soviet", **{k: v for k, v in a.items() if k != "label"})
    return placed


SOVIET_REINFORCEMENTS = [c.id for c in DATA.cards.values() if c.side == "soviet" and c.kind == "reinforcement"]


@pytest.mark.parametrize("card", SOVIET_REINFORCEMENTS)
def test_card_reinforcements_every_soviet_card_brings_its_units(card):
    cd = DATA.cards[card]
    own = {u.unit for u in cd.units}
    targets = {h: [u for u in us if u not in own] for h, us in EXCHANGE_TARGETS.items()}
    g = game("soviet", [card], turn=10, units=targets, flags={"total_war": True})
    before = soviet_units(g)
    play(g, "soviet", card)
    placed = place_all(g)
    assert sorted(a["unit"] for a in placed) == sorted(u.unit for u in cd.units)
    for entry in cd.units:
        u = unit(g, entry.unit)
        replaced = DATA.units[entry.unit].replaces
        assert u["lost"] == (1 if entry.reduced and not replaced else 0)
    for a in placed:
        if "replacing" in a:  # 7.5.2c: the exchanged unit leaves the game, the newcomer takes its hex
            assert where(g, a["replacing"]) == "removed" and where(g, a["unit"]) == a["hex"]
    assert soviet_units(g) >= before - {a.get("replacing") for a in placed}
    finish_round(g, "soviet")
    assert card in cards(g, "soviet")["removed"]  # starred: the card has done its work


def test_card_S1_soviet_reinforcements_bryansk_front_and_three_armies():
    g = game("soviet", ["S1"], turn=3)
    play(g, "soviet", "S1")
    placed = {a["unit"] for a in place_all(g)}
    assert placed == {"SU-BryF", "SU-16R", "SU-19R", "SU-24R"} and unit(g, "SU-24R")["lost"] == 1


def test_card_S2_soviet_reinforcements_four_armies_two_reduced():
    g = game("soviet", ["S2"], turn=3)
    play(g, "soviet", "S2")
    place_all(g)
    assert unit(g, "SU-43R")["lost"] == 1 and unit(g, "SU-49R")["lost"] == 1 and unit(g, "SU-30R")["lost"] == 0


def test_card_S3_soviet_reinforcements_three_guards_cavalry_corps_and_1st_shock():
    g = game("soviet", ["S3"], turn=3)
    play(g, "soviet", "S3")
    assert {a["unit"] for a in place_all(g)} == {"SU-1GC", "SU-2GC", "SU-3GC", "SU-1S"}


def test_card_S4_soviet_reinforcements_north_caucasus_and_voronezh_fronts():
    g = game("soviet", ["S4"], turn=4)
    play(g, "soviet", "S4")
    assert {a["unit"] for a in place_all(g)} == {"SU-NCF", "SU-VorF", "SU-62R", "SU-64R"}


def test_card_S5_soviet_reinforcements_stalingrad_front_and_three_tank_armies():
    g = game("soviet", ["S5"], turn=5)
    play(g, "soviet", "S5")
    assert {a["unit"] for a in place_all(g)} == {"SU-StalF", "SU-1T", "SU-3T", "SU-4T"}


def test_card_S6_soviet_reinforcements_don_front_5th_tank_65th_army_13th_mech():
    g = game("soviet", ["S6"], turn=6)
    play(g, "soviet", "S6")
    assert {a["unit"] for a in place_all(g)} == {"SU-DonF", "SU-5T", "SU-65R", "SU-13M"}


def test_card_S7_siberian_reinforcements_kalinin_front_and_two_shock_armies():
    g = game("soviet", ["S7"], turn=4)
    play(g, "soviet", "S7")
    assert {a["unit"] for a in place_all(g)} == {"SU-KalF", "SU-3S", "SU-4S"}


def test_card_S8_soviet_reinforcements_three_fronts_armies_51st_reduced():
    g = game("soviet", ["S8"], turn=4)
    play(g, "soviet", "S8")
    place_all(g)
    assert unit(g, "SU-51R")["lost"] == 1 and unit(g, "SU-CrimF")["lost"] == 0


def test_card_S9_zhukov_grants_two_ops_and_a_two_hex_attack():
    units = {"1921": ["GE-43K"], "2021": ["SU-13R"], "2022": ["SU-20R"], "1821": ["GE-42K"]}
    g = game("soviet", ["S9"], units=units, control=WEST)
    play(g, "soviet", "S9")
    assert ops(g) == 2 and view(g)["flags"]["zhukov"] == 6
    to_combat(g, "soviet", ["2021", "2022"])
    act(g, "soviet", type="attack", target="1921")
    act(g, "soviet", type="commit", unit="SU-13R")
    act(g, "soviet", type="commit", unit="SU-20R")  # two hexes, no armour: allowed by Zhukov (11.1.3)
    assert legal(g, "soviet", "resolve") and combat_view(g)["zhukov"]


def test_card_S10_black_sea_black_death_lands_the_maritime_army():
    g = game("soviet", ["S10"], units={P["Odessa"]: ["SU-Mar"]})
    play(g, "soviet", "S10")
    landing = legal(g, "soviet", "land")[0]["to"]
    act(g, "soviet", type="land", unit="SU-Mar", to=landing)
    assert where(g, "SU-Mar") == landing and ops(g) == 2


def test_card_S11_lend_lease_banks_ops_from_the_next_turn():
    g = game("soviet", ["S11"], turn=6, round=5, units={P["Moscow"]: ["SU-Stalin"]}, control=WEST)
    play(g, "soviet", "S11")
    assert view(g)["flags"]["lend_lease"] == 6
    for _ in range(40):
        if view(g)["turn"] == 7:
            break
        side = g.active_sides()[0]
        kinds = [a["type"] for a in g.legal_actions(side)]
        pick = next(k for k in ("end_replacements", "done_discarding", "end_turn", "zero_ops") if k in kinds)
        a = {"type": pick} if pick != "zero_ops" else {"type": "zero_ops", "option": "pass", "discard": None}
        g.apply(side, a)
    assert view(g)["banked"]["soviet"] == 3  # 2 for Archangel, 1 for Astrakhan (18.3.2)


def test_card_S12_stavka_banks_three_ops_with_stalin_in_moscow():
    g = game("soviet", ["S12"], units={P["Moscow"]: ["SU-Stalin"]})
    play(g, "soviet", "S12")
    assert view(g)["banked"]["soviet"] == 3


def test_card_S13_peoples_militia_places_up_to_two_trenches():
    g = game("soviet", ["S13"], units={"2021": ["SU-WestF"], "2022": ["SU-NWF"], "2122": ["SU-CenF"]})
    play(g, "soviet", "S13")
    assert view(g)["flags"]["peoples_militia"]
    act(g, "soviet", type="place_trench", hex="2021")
    act(g, "soviet", type="place_trench", hex="2022")
    assert view(g)["markers"]["trench"] == {"2021": "soviet", "2022": "soviet"} and decision(g) != "event_trenches"


def test_card_S14_partisan_formation_places_two_partisans_free():
    g = game("soviet", ["S14"])
    play(g, "soviet", "S14")
    assert decision(g) == "place_partisans"
    first = legal(g, "soviet", "place_partisan")[0]["hex"]
    act(g, "soviet", type="place_partisan", hex=first)
    second = next(a["hex"] for a in legal(g, "soviet", "place_partisan") if a["hex"] != first)
    act(g, "soviet", type="place_partisan", hex=second)
    assert sorted(view(g)["markers"]["inactive_partisans"]) == sorted([first, second])


def test_card_S15_industrial_evacuation_marks_two_rps_and_opens_tankograd():
    g = game("soviet", ["S15"], turn=3)
    play(g, "soviet", "S15")
    assert view(g)["rp"]["SU"] == 2 and view(g)["flags"]["industrial_evacuation"]


def test_card_S16_the_volga_has_only_one_bank_builds_the_soviet_fortress():
    g = game("soviet", ["S16"], units={P["Stalingrad"]: ["SU-13R"]})
    play(g, "soviet", "S16")
    act(g, "soviet", type="place_volga_fortress", hex=P["Stalingrad"])
    assert view(g)["markers"]["volga_fortress"] == P["Stalingrad"]


def test_card_S18_t34_shifts_a_combat_with_soviet_armour():
    g = game("axis", [], units=SOVIET_DEFENCE, hands={"soviet": ["S18"]}, control=WEST, ops=2,
             combat={"target": "2021", "attackers": ["GE-9A"]})
    log = fight(g, "axis", "2021", [], plays={"soviet": ["S18"]}, declare=False)
    assert "T-34 (S18)" in shifts(picture(g, log), "soviet")


def test_card_S19_katyusha_gives_the_soviet_attack_one_column():
    g = game("soviet", ["S19"], units=AXIS_DEFENCE, control=WEST, ops=2,
             combat={"target": "1921", "attackers": ["SU-WestF"]})
    log = fight(g, "soviet", "1921", [], plays={"soviet": ["S19"]}, declare=False)
    assert "Katyusha (S19)" in shifts(picture(g, log), "soviet")


def test_card_S20_airborne_corps_drops_the_airborne_partisan_in_a_clear_hex():
    g = game("soviet", ["S20"])
    play(g, "soviet", "S20")
    hexes = {a["hex"] for a in legal(g, "soviet", "place_airborne")}
    assert hexes and all(DATA.map.hexes[h].terrain == ["clear"] for h in hexes)
    act(g, "soviet", type="place_airborne", hex="1521")
    assert where(g, "SU-4Abn") == "1521"


def test_card_S21_guards_reinforcements_three_guards_armies_replace_nobody():
    g = game("soviet", ["S21"], turn=5)
    play(g, "soviet", "S21")
    placed = place_all(g)
    assert {a["unit"] for a in placed} == {"SU-1G", "SU-2G", "SU-3G"} and not any("replacing" in a for a in placed)


def test_card_S22_mozhaisk_line_places_then_moves_the_fortified_zone():
    g = game("soviet", ["S22"], units={"2021": ["SU-13R"], "2122": ["SU-Stalin"], "2022": ["SU-20R"]})
    play(g, "soviet", "S22")
    assert {a["hex"] for a in g.legal_actions("soviet")} == {"2021", "2022"}  # not with Stalin alone
    act(g, "soviet", type="place_work", unit="SU-FZ", hex="2021")
    assert where(g, "SU-FZ") == "2021"
    g = game("soviet", ["S22"], units={"2021": ["SU-13R", "SU-FZ"], "2022": ["SU-20R"]})
    play(g, "soviet", "S22")
    act(g, "soviet", type="place_work", unit="SU-FZ", hex="2022")
    assert where(g, "SU-FZ") == "2022"


def test_card_S22_mozhaisk_line_fortified_zone_keeps_axis_zoc_out():
    units = {"1921": ["GE-9A"], "2021": ["SU-13R"], "2022": ["SU-20R"]}
    g = game("soviet", ["S22"], units=units, control=WEST)
    play(g, "soviet", "S22")
    act(g, "soviet", type="place_work", unit="SU-FZ", hex="2021")
    g2 = engine.load(g.to_json())
    from engine.stalins_war.context import Ctx
    from engine.stalins_war.zoc import zoc_hexes
    assert "2021" not in zoc_hexes(Ctx(g2.to_json(), DATA), "axis")  # 8.2


def _gives(p, loss):
    try:
        die_for(p["table"], p["strength"], p["net"], loss)
        return True
    except AssertionError:
        return False


def test_card_S23_not_one_step_back_gives_the_no_retreat_option_in_the_open():
    units = {"2021": ["SU-WestF", "SU-13R", "SU-20R"], "1920": ["GE-9A", "GE-39Pz"], "1921": ["GE-4A"]}
    g = game("axis", [], units=units, hands={"soviet": ["S23"]}, control=WEST, ops=2,
             combat={"target": "2021", "attackers": ["GE-9A", "GE-39Pz"]})
    g.apply("axis", {"type": "resolve"})
    assert g.active_sides() == ["soviet"]  # the Axis has no card to play
    cb = combat_view(g)
    a, d = cb["fire"]["axis"], cb["fire"]["soviet"]
    back = min(n for n in range(7) if _gives(d, n))
    hit = min(n for n in range(back + 1, 7) if _gives(a, n))
    assert hit > back  # the Axis wins: the Soviets must retreat unless they stand
    g.force_dice(die_for(a["table"], a["strength"], a["net"], hit), die_for(d["table"], d["strength"], d["net"], back))
    g.apply("soviet", {"type": "combat_card", "card": "S23"})
    while combat_view(g) and combat_view(g)["phase"] == "losses":
        side = g.active_sides()[0]
        x = g.legal_actions(side)[0]
        g.apply(side, {k: v for k, v in x.items() if k != "label"})
    assert legal(g, "soviet", "no_retreat")  # clear terrain, yet the option is there


def test_card_S25_lucy_shows_the_axis_hand_to_the_soviets_only():
    g = game("soviet", ["S25"], hands={"axis": ["A30", "A2"]})
    log = play(g, "soviet", "S25")
    assert view(g, "soviet")["intel"]["cards"] == ["A2", "A30"]
    assert view(g, "axis")["intel"] is None and view(g, None)["intel"] is None
    assert [e for e in log if e["to"] == "soviet" and e.get("kind") == "intel"]
    assert not [e for e in log if e["to"] is None and "A30" in e["text"]]
    assert ops(g) == 2


def test_card_S26_soviet_reinforcements_5th_shock_2nd_tank_two_mech_corps():
    g = game("soviet", ["S26"], turn=10)
    play(g, "soviet", "S26")
    assert {a["unit"] for a in place_all(g)} == {"SU-5S", "SU-2T", "SU-1M", "SU-2M"}


def test_card_S27_guards_reinforcements_replace_army_scus():
    g = game("soviet", ["S27"], turn=10, units=EXCHANGE_TARGETS)
    play(g, "soviet", "S27")
    placed = place_all(g)
    assert all(DATA.units[a["replacing"]].kind in ("infantry", "shock", "maritime") and
               DATA.units[a["replacing"]].size == "army" for a in placed)


def test_card_S28_operation_little_saturn_shifts_attacks_on_axis_minors():
    units = {"1921": ["RO-3A"], "1821": ["GE-42K"], "2021": ["SU-WestF"]}
    assert not offered(game("soviet", ["S28"], turn=10, units=units), "soviet", "S28")  # after Uranus only
    g = game("soviet", ["S28"], turn=10, units=units, control=WEST, flags={"operation_uranus": 6})
    play(g, "soviet", "S28")
    assert ops(g) == 3
    to_combat(g, "soviet", ["2021"])
    log = fight(g, "soviet", "1921", ["SU-WestF"])
    assert "Operation Little Saturn (S28), this round's event" in shifts(picture(g, log), "soviet")


def test_card_S29_sturmovik_shifts_every_later_soviet_attack_of_the_round():
    units = {"1921": ["GE-9A"], "1821": ["GE-42K"], "1822": ["GE-43K"], "2021": ["SU-WestF"], "1922": ["SU-13R"]}
    g = game("soviet", ["S29"], turn=10, units=units, control=WEST, ops=3, markers={"combat": ["1922"]},
             combat={"target": "1921", "attackers": ["SU-WestF"]})
    log = fight(g, "soviet", "1921", [], plays={"soviet": ["S29"]}, declare=False)
    assert "Sturmovik (S29)" in shifts(picture(g, log), "soviet")
    finish_combat(g)
    act(g, "soviet", type="attack", target="1822")  # a later attack of the round: no card played, still +1
    act(g, "soviet", type="commit", unit="SU-13R")
    assert "Sturmovik (S29)" in shifts(combat_view(g), "soviet")


def test_card_S30_guards_tank_reinforcements_replace_tank_armies():
    g = game("soviet", ["S30"], turn=10, units=EXCHANGE_TARGETS)
    play(g, "soviet", "S30")
    placed = place_all(g)
    assert {a["unit"] for a in placed} == {"SU-3GT", "SU-4GT", "SU-5GT"}
    assert all(DATA.units[a["replacing"]].kind == "tank" for a in placed)


def test_card_S31_ukrainian_fronts_replace_blitzkrieg_fronts():
    g = game("soviet", ["S31"], turn=10, units=EXCHANGE_TARGETS)
    play(g, "soviet", "S31")
    placed = place_all(g)
    assert all(DATA.units[a["replacing"]].blitz_front for a in placed) and len(placed) == 3


def test_card_S33_operation_kutuzov_shifts_attacks_on_panzer_hexes():
    units = {"1921": ["GE-39Pz"], "1821": ["GE-42K"], "2021": ["SU-WestF"]}
    g = game("soviet", ["S33"], turn=10, units=units, control=WEST)
    play(g, "soviet", "S33")
    to_combat(g, "soviet", ["2021"])
    log = fight(g, "soviet", "1921", ["SU-WestF"])
    assert "Operation Kutuzov (S33), this round's event" in shifts(picture(g, log), "soviet")


def test_card_S35_tankograd_after_industrial_evacuation_four_rps():
    assert not offered(game("soviet", ["S35"], turn=10), "soviet", "S35")
    g = game("soviet", ["S35"], turn=10, flags={"industrial_evacuation": 3})
    play(g, "soviet", "S35")
    assert view(g)["rp"]["SU"] == 4


def test_card_S36_rail_war_raises_the_partisans():
    g = game("soviet", ["S36"], turn=10, flags={"partisan_formation": 3}, markers={"partisans": ["2420"]})
    play(g, "soviet", "S36")
    assert view(g)["markers"]["inactive_partisans"] == []
    assert any(u["kind"] == "partisan" and u["hex"] == "2420" for u in view(g)["units"])
    assert view(g)["flags"]["rail_war"] == 10


def test_card_S37_guards_reinforcements_8th_to_11th_guards_armies():
    g = game("soviet", ["S37"], turn=12, units=EXCHANGE_TARGETS)
    play(g, "soviet", "S37")
    assert {a["unit"] for a in place_all(g)} == {"SU-8G", "SU-9G", "SU-10G", "SU-11G"}


def test_card_S38_belorussian_fronts_replace_blitzkrieg_fronts():
    g = game("soviet", ["S38"], turn=12, units=EXCHANGE_TARGETS)
    play(g, "soviet", "S38")
    assert {a["unit"] for a in place_all(g)} == {"SU-1BelF", "SU-2BelF", "SU-3BelF"}


def test_card_S39_italy_capitulates_removes_every_italian_unit_and_a_panzer_corps():
    units = {P["Odessa"]: ["IT-8A"], "1920": ["GE-39Pz:1"], "1921": ["GE-9A"]}
    assert not offered(game("soviet", ["S39"], turn=9, units=units), "soviet", "S39")  # not before turn 10
    g = game("soviet", ["S39"], turn=10, units=units, boxes={"eliminated": ["IT-CSIR"]},
             control={P["Odessa"]: "axis"})
    play(g, "soviet", "S39")
    assert where(g, "IT-8A") == "removed" and where(g, "IT-CSIR") == "removed"
    assert view(g)["flags"]["italy_capitulates"]
    assert g.active_sides() == ["axis"] and {a["unit"] for a in g.legal_actions("axis")} == {"GE-39Pz"}
    act(g, "axis", type="send_to_other_fronts", unit="GE-39Pz")
    assert where(g, "GE-39Pz") == "other_fronts" and view(g)["boxes"]["other_fronts"] == ["GE-39Pz"]


def test_card_S39_italian_reinforcements_bring_nothing_after_the_capitulation():
    g = game("axis", ["A18"], turn=11, boxes={"removed": ["IT-8A"]}, flags={"italy_capitulates": 10})
    play(g, "axis", "A18")
    assert decision(g) != "place_reinforcements" and where(g, "IT-8A") == "removed"


def test_card_S40_operation_torch_sends_a_panzer_corps_away_else_another_scu():
    g = game("soviet", ["S40"], turn=10, units={"1920": ["GE-9A", "GE-39Pz"], "1921": ["GE-57Pz", "GE-43K"]})
    play(g, "soviet", "S40")
    assert g.active_sides() == ["axis"]
    assert {a["unit"] for a in g.legal_actions("axis")} == {"GE-39Pz", "GE-57Pz"}  # the Axis chooses (3.0)
    act(g, "axis", type="send_to_other_fronts", unit="GE-57Pz")
    assert where(g, "GE-57Pz") == "other_fronts" and where(g, "GE-39Pz") == "1920"
    g = game("soviet", ["S40"], turn=10, units={"1920": ["GE-9A"], "1921": ["GE-43K"]})
    play(g, "soviet", "S40")
    assert {a["unit"] for a in g.legal_actions("axis")} == {"GE-43K"}  # no panzer: another German SCU


def test_card_S41_fourth_ukrainian_and_baltic_fronts_replace_blitzkrieg_fronts():
    g = game("soviet", ["S41"], turn=12, units=EXCHANGE_TARGETS)
    play(g, "soviet", "S41")
    assert {a["unit"] for a in place_all(g)} == {"SU-4UkrF", "SU-1BaltF", "SU-2BaltF"}


def test_card_S43_studebakers_is_a_lasting_flag_after_lend_lease():
    assert not offered(game("soviet", ["S43"], turn=10), "soviet", "S43")
    g = game("soviet", ["S43"], turn=10, flags={"lend_lease": 4})
    play(g, "soviet", "S43")
    assert view(g)["flags"]["studebakers"] == 10


def test_card_S44_guards_tank_reinforcements_6th_tank_then_exchanges():
    g = game("soviet", ["S44"], turn=12, units=EXCHANGE_TARGETS)
    play(g, "soviet", "S44")
    placed = place_all(g)
    assert {a["unit"] for a in placed} == {"SU-6T", "SU-1GT", "SU-2GT", "SU-6GT"}


def test_card_S45_third_baltic_karelian_steppe_fronts_replace_blitzkrieg_fronts():
    g = game("soviet", ["S45"], turn=12, units=EXCHANGE_TARGETS)
    play(g, "soviet", "S45")
    assert {a["unit"] for a in place_all(g)} == {"SU-3BaltF", "SU-KarF", "SU-StepF"}


def test_card_S47_guards_cavalry_reinforcements_four_corps():
    g = game("soviet", ["S47"], turn=12)
    play(g, "soviet", "S47")
    assert {a["unit"] for a in place_all(g)} == {"SU-4GC", "SU-5GC", "SU-6GC", "SU-7GC"}


def test_card_S48_maskirovka_relocates_three_units_before_the_round():
    units = {"2021": ["SU-13R"], "2022": ["SU-20R"], "2122": ["SU-1T"], "2121": ["SU-5T"], "1921": ["GE-9A"]}
    g = game("soviet", ["S48"], turn=10, units=units, control=WEST, banked={"soviet": 0})
    play(g, "soviet", "S48")
    assert decision(g) == "maskirovka"
    # SU-13R starts next to the Germans: leaving their ZOC is free, and it moves up to its MA
    far = max((a for a in legal(g, "soviet", "relocate", unit="SU-13R")), key=lambda a: int(a["to"][2:]))
    act(g, "soviet", type="relocate", unit="SU-13R", to=far["to"])
    act(g, "soviet", type="relocate", unit="SU-20R", to=legal(g, "soviet", "relocate", unit="SU-20R")[0]["to"])
    act(g, "soviet", type="relocate", unit="SU-1T", to=legal(g, "soviet", "relocate", unit="SU-1T")[0]["to"])
    assert decision(g) == "operations" and ops(g) == 2  # three at most; then 2 OPS
    assert where(g, "SU-13R") == far["to"]
    assert not legal(g, "soviet", "move", unit="SU-13R")  # relocated units may not move again
    assert legal(g, "soviet", "move", unit="SU-5T")


def test_card_S49_operation_bagration_activates_partisans_and_grants_four_ops():
    g = game("soviet", ["S49"], turn=14, markers={"partisans": ["2420", "2421"]}, units={"2421": ["GE-9A"]})
    play(g, "soviet", "S49")
    assert view(g)["markers"]["inactive_partisans"] == ["2421"]  # the one sharing a hex with Axis stays
    assert ops(g) == 4


def test_card_S50_warsaw_uprising_raises_partisans_in_warsaw():
    assert not offered(game("soviet", ["S50"], turn=14), "soviet", "S50")
    g = game("soviet", ["S50"], turn=14, flags={"partisan_formation": 3})
    play(g, "soviet", "S50")
    assert any(u["kind"] == "partisan" and u["hex"] == P["Warsaw"] for u in view(g)["units"])


def test_card_S51_d_day_sends_a_german_army_and_a_panzer_corps_away():
    units = {"1920": ["GE-9A", "GE-39Pz"], "1921": ["GE-4A", "GE-57Pz"], "1822": ["HU-2A"]}
    assert not offered(game("soviet", ["S51"], turn=13, units=units), "soviet", "S51")  # not before turn 14
    g = game("soviet", ["S51"], turn=14, units=units)
    play(g, "soviet", "S51")
    assert {a["unit"] for a in g.legal_actions("axis")} == {"GE-9A", "GE-39Pz", "GE-4A", "GE-57Pz"}
    act(g, "axis", type="send_to_other_fronts", unit="GE-4A")
    assert {a["unit"] for a in g.legal_actions("axis")} == {"GE-39Pz", "GE-57Pz"}  # now the panzer corps
    act(g, "axis", type="send_to_other_fronts", unit="GE-39Pz")
    assert sorted(view(g)["boxes"]["other_fronts"]) == ["GE-39Pz", "GE-4A"] and where(g, "GE-9A") == "1920"


def test_card_S51_d_day_part_without_units_has_no_effect():
    g = game("soviet", ["S51"], turn=14, units={"1920": ["GE-39Pz"]})
    log = play(g, "soviet", "S51")
    assert "no German army" in texts(log)
    act(g, "axis", type="send_to_other_fronts", unit="GE-39Pz")
    assert view(g)["boxes"]["other_fronts"] == ["GE-39Pz"]


def test_card_S52_combined_bomber_offensive_cuts_the_axis_hand():
    g = game("soviet", ["S52"], turn=14)
    play(g, "soviet", "S52")
    assert view(g)["hand_size"]["axis"] == 5


def test_card_S53_jassy_kishinev_shifts_attacks_on_romanians():
    units = {"1921": ["RO-3A"], "1821": ["GE-42K"], "2021": ["SU-WestF"]}
    g = game("soviet", ["S53"], turn=14, units=units, control=WEST)
    play(g, "soviet", "S53")
    assert ops(g) == 4
    to_combat(g, "soviet", ["2021"])
    log = fight(g, "soviet", "1921", ["SU-WestF"])
    assert "Jassy-Kishinev (S53), this round's event" in shifts(picture(g, log), "soviet")


def test_card_S55_tehran_conference_lowers_the_vp_level():
    g = game("soviet", ["S55"], turn=12, vp=10)
    play(g, "soviet", "S55")
    assert view(g)["vp"] == 9
