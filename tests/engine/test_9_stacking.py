"""9.0 Stacking."""
from __future__ import annotations

import pytest

import engine

from .helpers import act, axis_west, game, moves, refused, where


def soviet(units, **kw):
    return game(turn=5, active="soviet", ops=2, units=units, **kw)


FOUR = ["SU-13R", "SU-20R", "SU-21R", "SU-22R"]


def test_9_1_1_at_most_four_combat_units():
    g = soviet({"3427": FOUR, "3426": ["SU-28RK"]})
    assert "3427" not in moves(g, "soviet", "SU-28RK")
    refused(g, "soviet", "9.1.1", type="move", unit="SU-28RK", path=["3427"])
    with pytest.raises(engine.PositionError, match="9.1.1"):
        soviet({"3427": [*FOUR, "SU-28RK"]})


def test_9_1_2_only_one_lcu():
    g = soviet({"3427": ["SU-WestF"], "3426": ["SU-NWF"]})
    refused(g, "soviet", "9.1.2", type="move", unit="SU-NWF", path=["3427"])
    with pytest.raises(engine.PositionError, match="9.1.2"):
        soviet({"3427": ["SU-WestF", "SU-NWF"]})


def test_9_1_3_specials_do_not_count_but_only_one_of_each():
    g = soviet({"2722": [*FOUR, "SU-Stalin", "SU-FZ"]})  # four combat units, Stalin and the Fortified Zone
    assert where(g, "SU-Stalin") == "2722"
    with pytest.raises(engine.PositionError, match="9.1.3"):
        soviet({"3427": ["SU-P1", "SU-P2"]})


def test_9_1_3_an_active_partisan_may_not_join_inactive_partisans():
    g = soviet({"3426": ["SU-P1"]}, markers={"partisans": ["3427"]})
    refused(g, "soviet", "9.1.3", type="move", unit="SU-P1", path=["3427"])


def test_9_1_4_units_pass_through_a_full_hex():
    g = soviet({"3427": FOUR, "3426": ["SU-28RK"]})
    act(g, "soviet", type="move", unit="SU-28RK", path=["3427", "3428"])
    assert where(g, "SU-28RK") == "3428"


def test_9_2_1_hungarians_and_romanians_never_stack():
    g = game(turn=5, active="axis", ops=2, control=axis_west(23), units={"1724": ["RO-3A"], "1725": ["HU-Mob"]})
    refused(g, "axis", "9.2.1", type="move", unit="HU-Mob", path=["1724"])
    assert "1724" not in moves(g, "axis", "HU-Mob")
    with pytest.raises(engine.PositionError, match="9.2.1"):
        game(units={"1724": ["RO-3A", "HU-Mob"]})


def test_9_2_2_partisans_never_stack_with_other_soviet_units():
    g = soviet({"3426": ["SU-P1"], "3427": ["SU-13R"], "3425": ["SU-20R"]})
    refused(g, "soviet", "9.2.2", type="move", unit="SU-P1", path=["3427"])
    refused(g, "soviet", "9.2.2", type="move", unit="SU-20R", path=["3426"])
    with pytest.raises(engine.PositionError, match="9.2.2"):
        soviet({"3427": ["SU-P1", "SU-13R"]})


def test_9_2_2_inactive_partisans_leave_when_a_supplied_soviet_unit_stops_with_them():
    # 16.1.5: a supplied Soviet unit disperses them; one out of supply may not join them.
    g = soviet({"3426": ["SU-13R"]}, markers={"partisans": ["3427"]})
    act(g, "soviet", type="move", unit="SU-13R", path=["3427"])
    assert g.view(None)["markers"]["inactive_partisans"] == []
    g = soviet({"3426": ["SU-13R"]}, markers={"partisans": ["3427"]}, oos=["SU-13R"])
    refused(g, "soviet", "9.2.2", type="move", unit="SU-13R", path=["3427"])
    act(g, "soviet", type="move", unit="SU-13R", path=["3427", "3428"])  # passing through is no stacking
    assert g.view(None)["markers"]["inactive_partisans"] == ["3427"]
