"""19.0 National restrictions and surrender."""
from __future__ import annotations

from .helpers import game, moves, rails, refused, where

BUDA, PEST, BUCHAREST = "1025", "1125", "1429"


def axis(units, **kw):
    return game(turn=5, active="axis", ops=2, units=units, **kw)


def test_19_1_1_romanian_units_never_enter_hungary():
    g = axis({"1126": ["RO-Cav"]})  # Arad/Timisoara area, on the border
    assert all(h not in ("1125", "1025", "1226") for h in moves(g, "axis", "RO-Cav"))
    refused(g, "axis", "19.1.1", type="move", unit="RO-Cav", path=[PEST])
    assert not any(h in (BUDA, PEST) for h in rails(g, "axis", "RO-Cav"))


def test_19_2_1_hungarian_units_never_enter_romania():
    g = axis({"1226": ["HU-Mob"]})
    refused(g, "axis", "19.2.1", type="move", unit="HU-Mob", path=["1326"])
    assert BUCHAREST not in rails(g, "axis", "HU-Mob")


def end_of_turn(control=None, **kw):
    control = {"2025": "axis", **(control or {})}  # the Axis holds Kiev: no 5.1.3 Soviet win
    return game(turn=5, phase="end_of_turn", control=control, **kw)


def test_19_3_1_a_minor_ally_surrenders_when_its_capital_is_enemy_occupied_at_the_end_of_a_turn():
    g = end_of_turn(units={BUDA: ["SU-13R"], "1522": ["HU-1A"]}, control={BUDA: "soviet"})
    assert where(g, "HU-1A") == "removed"
    assert where(g, "HU-Mob") == "removed"   # not yet in play: gone as well
    assert where(g, "RO-3A") == "pool"


def test_19_3_1_pest_is_not_the_capital():
    g = end_of_turn(units={PEST: ["SU-13R"], "1522": ["HU-1A"]})
    assert where(g, "HU-1A") == "1522"


def test_19_3_1_romania():
    g = end_of_turn(units={BUCHAREST: ["SU-13R"], "1627": ["RO-3A"]})
    assert where(g, "RO-3A") == "removed" and where(g, "RO-Cav") == "removed"
