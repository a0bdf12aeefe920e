"""10.2 Strategic movement (rail and sea), Stalin's journeys (16.4.5–16.4.6), Naval Evacuation (10.2.7)."""
from __future__ import annotations

import pytest

import engine
from engine.stalins_war.context import Ctx
from engine.stalins_war.data import load_data
from engine.stalins_war import strategic

from .helpers import act, axis_west, game, hexinfo, lost, moves, ops_left, rails, refused, seas, where

MOSCOW = "2722"


def soviet(units, ops=2, **kw):
    return game(turn=5, active="soviet", ops=ops, units=units, **kw)


def axis(units, ops=2, turn=5, **kw):
    kw.setdefault("control", axis_west(23))
    return game(turn=turn, active="axis", ops=ops, units=units, **kw)


# ---- 10.2.1 ---------------------------------------------------------------------------------------

def test_10_2_1_rail_costs_one_ops_and_goes_any_distance():
    g = soviet({"3427": ["SU-13R"]})
    assert MOSCOW in rails(g, "soviet", "SU-13R")
    act(g, "soviet", type="rail", unit="SU-13R", to=MOSCOW)
    assert where(g, "SU-13R") == MOSCOW and ops_left(g) == 1


def test_10_2_1_no_strategic_movement_without_ops():
    g = soviet({"3427": ["SU-13R"]}, ops=0)
    assert rails(g, "soviet", "SU-13R") == set()
    refused(g, "soviet", "7.3.3", type="rail", unit="SU-13R", to=MOSCOW)


@pytest.mark.parametrize("uid", ["SU-WestF", "SU-P1", "SU-FZ"])
def test_10_2_1_only_scus_use_strategic_movement(uid):
    g = soviet({"3427": [uid]})
    assert rails(g, "soviet", uid) == set()
    refused(g, "soviet", "10.2.1", type="rail", unit=uid, to=MOSCOW)


def test_10_2_1_the_bunker_never_moves_strategically():
    g = axis({"1419": ["GE-Bunker", "GE-43K"]})
    assert rails(g, "axis", "GE-Bunker") == set() and rails(g, "axis", "GE-43K")
    refused(g, "axis", "10.2.1", type="rail", unit="GE-Bunker", to="1418")


def test_10_2_1_strategic_and_normal_movement_exclude_each_other():
    g = soviet({"3427": ["SU-13R", "SU-20R"]})
    act(g, "soviet", type="rail", unit="SU-13R", to=MOSCOW)
    assert moves(g, "soviet", "SU-13R") == {}
    refused(g, "soviet", "10.2.1", type="move", unit="SU-13R", path=["2723"])
    refused(g, "soviet", "10.2.1", type="rail", unit="SU-13R", to="3427")
    act(g, "soviet", type="move", unit="SU-20R", path=["3428"])
    refused(g, "soviet", "10.2.1", type="rail", unit="SU-20R", to=MOSCOW)


def test_13_3_2_units_out_of_supply_do_not_move_strategically():
    g = soviet({"3427": ["SU-13R"]}, oos=["SU-13R"])
    refused(g, "soviet", "13.3.2", type="rail", unit="SU-13R", to=MOSCOW)


# ---- 10.2.2 ---------------------------------------------------------------------------------------

def test_10_2_2_rail_out_of_an_enemy_zoc_only_past_a_friend_who_stays():
    # 3527 is in the ZOC of the German army at 3528.
    g = soviet({"3527": ["SU-13R"], "3528": ["GE-4A"]})
    refused(g, "soviet", "10.2.2", type="rail", unit="SU-13R", to=MOSCOW)
    g = soviet({"3527": ["SU-13R", "SU-20R"], "3528": ["GE-4A"]})
    act(g, "soviet", type="rail", unit="SU-13R", to=MOSCOW)
    refused(g, "soviet", "10.2.2", type="rail", unit="SU-20R", to=MOSCOW)  # it would leave nobody behind


def test_10_2_2_rail_never_enters_an_enemy_zoc():
    g = soviet({"3427": ["SU-13R"], "3528": ["GE-4A"]})
    assert "3527" not in rails(g, "soviet", "SU-13R")  # a rail hex in the German ZOC
    refused(g, "soviet", "10.2.2", type="rail", unit="SU-13R", to="3527")
    g = soviet({"3427": ["SU-13R"], "3528": ["GE-43K"]})  # an infantry corps has no ZOC
    assert "3527" in rails(g, "soviet", "SU-13R")


def test_10_2_2_axis_rail_passes_one_inactive_partisan_and_stops_at_a_second():
    # The only rail into the Crimea runs Melitopol (2129) - Perekop (2030) - 2031 - Sevastopol (1931).
    g = axis({"2129": ["GE-43K"]}, markers={"partisans": ["2030"]})
    assert {"2030", "2031", "1931"} <= rails(g, "axis", "GE-43K")
    g = axis({"2129": ["GE-43K"]}, markers={"partisans": ["2030", "2031"]})
    assert {"2030", "2031"} <= rails(g, "axis", "GE-43K")
    assert "1931" not in rails(g, "axis", "GE-43K")


# ---- 10.2.3 ---------------------------------------------------------------------------------------

def test_10_2_3_rail_must_trace_to_a_friendly_supply_source():
    # An Axis corps on the Perekop rail cuts the Crimea off: its rail leads to no Soviet source.
    g = soviet({"1931": ["SU-13R"]})
    assert {"2031", "2131", MOSCOW} <= rails(g, "soviet", "SU-13R")
    g = soviet({"1931": ["SU-13R"], "2030": ["GE-43K"]})
    assert rails(g, "soviet", "SU-13R") == set()


def test_10_2_3_rail_never_through_enemy_held_cities_ports_or_fortresses_but_through_towns():
    # Sevastopol (1931) is a city, port and fortress; Melitopol (2129) on the line north is a town.
    assert hexinfo("2129").settlement == "town" and hexinfo(SEVASTOPOL).fortress
    g = soviet({"2031": ["SU-13R"]}, control={SEVASTOPOL: "axis", "2129": "axis"})
    dests = rails(g, "soviet", "SU-13R")
    assert "2129" in dests and MOSCOW in dests
    assert SEVASTOPOL not in dests


def test_10_2_3_axis_rail_not_in_the_soviet_union_on_turns_1_to_4():
    g = axis({"1521": ["GE-43K"]}, turn=4)
    dests = rails(g, "axis", "GE-43K")
    assert dests and all(hexinfo(h).country != "soviet_union" for h in dests)
    g = axis({"1521": ["GE-43K"]}, turn=5)
    assert any(hexinfo(h).country == "soviet_union" for h in rails(g, "axis", "GE-43K"))
    g = axis({"2125": ["GE-43K"]}, turn=4)
    refused(g, "axis", "10.2.3", type="rail", unit="GE-43K", to="1521")


def test_10_2_3_axis_rail_not_in_the_baltic_states_on_turns_1_and_2():
    control = {h: "axis" for h, s in game().view(None)["control"].items() if s == "soviet"}
    g = game(turn=2, active="axis", ops=2, control=control, units={"1719": ["GE-43K"]})
    assert all(hexinfo(h).country != "baltic" for h in rails(g, "axis", "GE-43K"))
    g = game(turn=3, active="axis", ops=2, control=control, units={"1719": ["GE-43K"]})
    assert any(hexinfo(h).country == "baltic" for h in rails(g, "axis", "GE-43K"))


def test_10_2_4_axis_rail_never_in_the_caucasus_zone():
    control = {h: "axis" for h, s in game().view(None)["control"].items() if s == "soviet"}
    g = game(turn=10, active="axis", ops=2, control=control, units={"2229": ["GE-43K"]})
    dests = rails(g, "axis", "GE-43K")
    assert dests and not any(hexinfo(h).caucasus_zone for h in dests)


def test_10_2_4_soviet_rail_never_in_germany():
    g = soviet({"1621": ["SU-13R"]}, control={"1621": "soviet"})
    refused(g, "soviet", "10.2.4", type="rail", unit="SU-13R", to="1721")
    g = soviet({"1721": ["SU-13R"]})
    assert not any(hexinfo(h).country == "germany" for h in rails(g, "soviet", "SU-13R"))


# ---- 10.2.5 / 10.2.6 ------------------------------------------------------------------------------

CONSTANTA, ODESSA, SEVASTOPOL, KERCH = "1530", "1829", "1931", "2131"


def test_10_2_5_axis_sea_move_port_to_friendly_port_never_east_of_a_soviet_port():
    g = game(turn=5, active="axis", ops=3, control={ODESSA: "axis", KERCH: "axis"}, units={CONSTANTA: ["GE-43K"]})
    assert ODESSA in seas(g, "axis", "GE-43K")
    assert KERCH not in seas(g, "axis", "GE-43K")  # east of Soviet-held Sevastopol
    refused(g, "axis", "10.2.5", type="sea", unit="GE-43K", to=KERCH)
    assert SEVASTOPOL not in seas(g, "axis", "GE-43K")  # not a friendly port


def test_10_2_5_axis_one_sea_move_per_turn_on_each_sea():
    g = game(turn=5, active="axis", ops=3, control={ODESSA: "axis"},
             units={CONSTANTA: ["GE-43K", "GE-42K"], "1518": ["GE-49Mtn"]})
    act(g, "axis", type="sea", unit="GE-43K", to=ODESSA)
    assert where(g, "GE-43K") == ODESSA and ops_left(g) == 2
    refused(g, "axis", "10.2.5", type="sea", unit="GE-42K", to=ODESSA)
    assert seas(g, "axis", "GE-49Mtn")  # the Baltic has its own move
    act(g, "axis", type="sea", unit="GE-49Mtn", to="1316")


def test_10_2_5_enemy_zoc_does_not_stop_a_sea_move():
    from engine.stalins_war.zoc import zoc_hexes

    g = game(turn=5, active="axis", ops=3, control={ODESSA: "axis"}, units={CONSTANTA: ["GE-43K"], "1630": ["SU-16M"]})
    assert CONSTANTA in zoc_hexes(Ctx(g.to_json(), load_data()), "soviet")  # the port lies in a Soviet ZOC
    assert ODESSA in seas(g, "axis", "GE-43K")
    act(g, "axis", type="sea", unit="GE-43K", to=ODESSA)
    assert where(g, "GE-43K") == ODESSA and ops_left(g) == 2  # 1 OPS for the sea move, none for the ZOC


def test_10_2_6_soviet_sea_move_one_per_round_never_west_of_an_axis_port():
    g = soviet({SEVASTOPOL: ["SU-13R", "SU-20R"]}, ops=3, control={ODESSA: "axis"})
    dests = seas(g, "soviet", "SU-13R")
    assert "1930" in dests and "2232" in dests  # any coastal hex not held by the Axis
    assert "1729" not in dests and ODESSA not in dests  # west of Axis-held Odessa / Axis-held
    act(g, "soviet", type="sea", unit="SU-13R", to="2232")
    refused(g, "soviet", "10.2.6", type="sea", unit="SU-20R", to="2232")


def test_10_2_6_soviet_sea_moves_only_on_the_black_sea():
    g = soviet({"2517": ["SU-13R"]})
    refused(g, "soviet", "10.2.6", type="sea", unit="SU-13R", to="2217")


# ---- 10.2.7 ---------------------------------------------------------------------------------------

def test_10_2_7_naval_evacuation_moves_an_lcu_west_on_the_same_sea_reduced_to_its_last_step():
    g = game(turn=9, active="axis", control={SEVASTOPOL: "axis", ODESSA: "axis", KERCH: "axis"},
             units={SEVASTOPOL: ["GE-11A"]}, markers={"fortress_destroyed": [SEVASTOPOL]})
    c = Ctx(g._state, load_data())
    dests = strategic.naval_evacuation_destinations(c, "GE-11A")
    assert ODESSA in dests and CONSTANTA in dests
    assert KERCH not in dests and "1518" not in dests  # not farther west / not the same sea
    with pytest.raises(engine.IllegalAction, match="10.2.7"):
        strategic.naval_evacuate(c, "GE-11A", KERCH)
    strategic.naval_evacuate(c, "GE-11A", ODESSA)
    assert where(g, "GE-11A") == ODESSA and lost(g, "GE-11A") == 3


# ---- 16.4.5 / 16.4.6 ------------------------------------------------------------------------------

def test_16_4_5_stalin_leaves_moscow_and_returns_only_by_rail():
    g = soviet({MOSCOW: ["SU-Stalin"]})
    assert moves(g, "soviet", "SU-Stalin") == {}
    dests = rails(g, "soviet", "SU-Stalin")
    assert "3326" in dests
    act(g, "soviet", type="rail", unit="SU-Stalin", to="3326")
    g = soviet({"3326": ["SU-Stalin"]}, stats={"stalin_moves": 1})
    assert rails(g, "soviet", "SU-Stalin") == {MOSCOW}


def test_16_4_6_stalin_moves_only_twice():
    g = soviet({"3326": ["SU-Stalin"]}, stats={"stalin_moves": 1})
    act(g, "soviet", type="rail", unit="SU-Stalin", to=MOSCOW)
    g = soviet({MOSCOW: ["SU-Stalin"]}, stats={"stalin_moves": 2})
    refused(g, "soviet", "16.4.6", type="rail", unit="SU-Stalin", to="3326")


def test_16_3_4_a_rail_move_ends_in_a_festung():
    # Ruling: a unit that enters a festung never leaves it, so a rail move cannot pass through one.
    g = axis({"2129": ["GE-43K"]}, markers={"festung": ["2031"]})
    assert "2031" in rails(g, "axis", "GE-43K")
    assert "1931" not in rails(g, "axis", "GE-43K")
