"""8.0 Zones of control, and 7.3.3's OPS to leave one.

Most positions use the open country east of the Volga (columns 33–36), where Soviet
units are in supply: the Soviets move, Axis units project ZOC (the non-phasing side
keeps the full supply a position gives it unless marked otherwise).
"""
from __future__ import annotations

import pytest

from engine.core.hexgrid import neighbours

from .helpers import act, axis_west, game, hexinfo, moves, ops_left, rails, refused, where

# GE-4A at 3528 covers 3527, 3628, 3629, 3529, 3429 and 3428.
ZOC_OF_3528 = {"3527", "3628", "3629", "3529", "3429", "3428"}


def soviet(units, ops=2, **kw):
    return game(turn=5, active="soviet", ops=ops, units=units, **kw)


def test_8_2_zoc_covers_the_adjacent_hexes():
    assert set(neighbours("3528")) == ZOC_OF_3528


@pytest.mark.parametrize("axis_unit, has_zoc", [
    ("GE-4A", True),      # LCU
    ("RO-3A", True),      # LCU of a minor ally
    ("GE-46Pz", True),    # Panzer Corps
    ("GE-43K", False),    # infantry corps
    ("HU-Mob", False),    # a mobile corps, but not a Soviet mech corps
])
def test_8_1_axis_units_with_zoc(axis_unit, has_zoc):
    g = soviet({"3426": ["SU-13R"], "3528": [axis_unit]})
    path = ["3427", "3428", "3429"]
    if has_zoc:
        refused(g, "soviet", "8.3", type="move", unit="SU-13R", path=path)
    else:
        act(g, "soviet", type="move", unit="SU-13R", path=path)
        assert where(g, "SU-13R") == "3429"


@pytest.mark.parametrize("soviet_unit, has_zoc", [
    ("SU-WestF", True),   # LCU (front)
    ("SU-16M", True),     # mech corps
    ("SU-1T", True),      # tank army
    ("SU-1G", True),      # guards army
    ("SU-1GT", True),     # guards tank army
    ("SU-13R", False),    # rifle army
    ("SU-1S", False),     # shock army
    ("SU-28RK", False),   # rifle corps
    ("SU-1GC", False),    # guards cavalry corps
    ("SU-Stalin", False),  # 16.4.1
])
def test_8_1_soviet_units_with_zoc(soviet_unit, has_zoc):
    # An Axis unit out of supply here (MA 2) steps past 3528 along 3428.
    g = game(turn=5, active="axis", ops=2, units={"3427": ["GE-46Pz"], "3528": [soviet_unit]}, oos=["GE-46Pz"])
    path = ["3428", "3429"]
    if has_zoc:
        refused(g, "axis", "8.3", type="move", unit="GE-46Pz", path=path)
    else:
        act(g, "axis", type="move", unit="GE-46Pz", path=path)


@pytest.mark.parametrize("status", ["oos", "limited"])
def test_8_1_zoc_only_in_full_supply(status):
    # Out of supply (13.3.6) or in fortress supply (8.1), an LCU has no ZOC.
    g = soviet({"3426": ["SU-13R"], "3528": ["GE-4A"]}, **{status: ["GE-4A"]})
    act(g, "soviet", type="move", unit="SU-13R", path=["3427", "3428", "3429"])
    assert where(g, "SU-13R") == "3429"


def test_8_2_zoc_does_not_cross_a_sea_hexside():
    # Mariupol (2330) touches 2331 only across the Black Sea; it touches 2431 by land.
    g = soviet({"2230": ["SU-13R"], "2331": ["GE-4A"]})
    act(g, "soviet", type="move", unit="SU-13R", path=["2330", "2329"])
    assert where(g, "SU-13R") == "2329"
    g = soviet({"2230": ["SU-13R"], "2431": ["GE-4A"]})
    refused(g, "soviet", "8.3", type="move", unit="SU-13R", path=["2330", "2329"])


def test_8_2_zoc_does_not_extend_into_a_fortress():
    # Konigsberg (1619) is an Axis fortress on the rail; a Soviet mech corps next to it.
    assert hexinfo("1619").fortress == "axis" and hexinfo("1619").rail
    pos = dict(turn=5, active="axis", ops=2, units={"1418": ["GE-43K"], "1719": ["SU-16M"]})
    assert "1619" in rails(game(**pos), "axis", "GE-43K")
    pos["markers"] = {"fortress_destroyed": ["1619"]}  # a destroyed fortress is a city: the ZOC enters
    assert "1619" not in rails(game(**pos), "axis", "GE-43K")


def test_8_2_zoc_does_not_extend_into_a_festung():
    pos = dict(turn=5, active="axis", ops=2, units={"1418": ["GE-43K"], "1719": ["SU-16M"]},
               markers={"fortress_destroyed": ["1619"], "festung": ["1619"]})
    assert "1619" in rails(game(**pos), "axis", "GE-43K")


def test_8_2_axis_zoc_does_not_extend_into_the_fortified_zone():
    g = soviet({"3426": ["SU-13R"], "3428": ["SU-FZ"], "3528": ["GE-4A"]})
    act(g, "soviet", type="move", unit="SU-13R", path=["3427", "3428", "3429"])
    assert where(g, "SU-13R") == "3429"


def test_8_3_units_stop_on_entering_an_enemy_zoc():
    g = soviet({"3426": ["SU-1T"], "3528": ["GE-4A"]})
    refused(g, "soviet", "8.3", type="move", unit="SU-1T", path=["3427", "3428", "3429"])
    act(g, "soviet", type="move", unit="SU-1T", path=["3427", "3428"])
    assert moves(g, "soviet", "SU-1T") == {}
    refused(g, "soviet", "8.3", type="move", unit="SU-1T", path=["3327"])


def test_8_3_no_zoc_to_zoc():
    g = soviet({"3428": ["SU-13R"], "3528": ["GE-4A"]})
    refused(g, "soviet", "8.3", type="move", unit="SU-13R", path=["3429"])
    refused(g, "soviet", "8.3", type="move", unit="SU-13R", path=["3527"])
    assert all(path[0] not in ZOC_OF_3528 for path in moves(g, "soviet", "SU-13R").values())
    act(g, "soviet", type="move", unit="SU-13R", path=["3427", "3426"])
    assert where(g, "SU-13R") == "3426"


def test_8_3_friendly_units_do_not_negate_zoc_for_movement():
    g = soviet({"3426": ["SU-1T"], "3428": ["SU-28RK"], "3528": ["GE-4A"]})
    refused(g, "soviet", "8.3", type="move", unit="SU-1T", path=["3427", "3428", "3429"])


def test_7_3_3_vacating_an_enemy_zoc_costs_one_ops():
    g = soviet({"3428": ["SU-13R"], "3528": ["GE-4A"]}, ops=2)
    act(g, "soviet", type="move", unit="SU-13R", path=["3427"])
    assert ops_left(g) == 1
    assert "3428" in g.view(None)["markers"]["move"]  # 7.3.4


def test_7_3_3_without_ops_a_unit_cannot_leave_an_enemy_zoc():
    g = soviet({"3428": ["SU-13R"], "3528": ["GE-4A"]}, ops=0)
    assert moves(g, "soviet", "SU-13R") == {}
    refused(g, "soviet", "7.3.3", type="move", unit="SU-13R", path=["3427"])


def test_7_3_3_a_stack_leaves_free_while_a_unit_that_started_there_stays():
    g = soviet({"3428": ["SU-13R", "SU-20R", "SU-21R"], "3528": ["GE-4A"]}, ops=1)
    act(g, "soviet", type="move", unit="SU-13R", path=["3427"])
    act(g, "soviet", type="move", unit="SU-20R", path=["3327"])
    assert ops_left(g) == 1
    act(g, "soviet", type="move", unit="SU-21R", path=["3328"])  # the last to leave pays
    assert ops_left(g) == 0


def test_7_3_3_once_paid_the_rest_of_the_stack_leaves_free():
    g = soviet({"3428": ["SU-13R", "SU-20R"], "3528": ["GE-4A"]}, ops=1)
    act(g, "soviet", type="move", unit="SU-13R", path=["3427"])
    act(g, "soviet", type="move", unit="SU-20R", path=["3327"])
    assert ops_left(g) == 0


def test_7_3_3_units_moved_into_the_hex_do_not_let_the_starters_leave_free():
    g = soviet({"3428": ["SU-13R"], "3426": ["SU-20R"], "3528": ["GE-4A"]}, ops=1)
    act(g, "soviet", type="move", unit="SU-20R", path=["3427", "3428"])
    act(g, "soviet", type="move", unit="SU-13R", path=["3427"])
    assert ops_left(g) == 0


def test_8_3_zocs_do_not_hinder_units_outside_them():
    g = soviet({"3426": ["SU-1T"], "3528": ["GE-4A"]})
    assert {"3326", "3327", "3425"} <= set(moves(g, "soviet", "SU-1T"))


def test_8_2_entering_an_enemy_fortress_destroys_it_and_lets_the_zoc_in():
    # Ruling: Odessa (1829) stops being a fortress as an Axis unit enters (16.2.2), so the ZOC of the
    # Soviet mech corps at Izmail (1729) covers it at once and the unit stops there.
    g = game(turn=5, active="axis", ops=2, control=axis_west(23), units={"1828": ["GE-46Pz"], "1729": ["SU-16M"]})
    refused(g, "axis", "8.3", type="move", unit="GE-46Pz", path=["1829", "1929"])
    act(g, "axis", type="move", unit="GE-46Pz", path=["1829"])
    assert "1829" in g.view(None)["markers"]["fortress_destroyed"]
    assert moves(g, "axis", "GE-46Pz") == {}
