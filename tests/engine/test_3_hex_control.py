"""3.0 Hex control and 5.1.1's VP level."""
from __future__ import annotations

from .helpers import act, axis_west, control, game, hexinfo

KIEV, KUIBYSHEV = "2025", "3326"


def test_3_0_control_is_kept_for_towns_cities_ports_fortresses_oil_and_vp_hexes():
    c = game().view(None)["control"]
    assert c[KIEV] == "soviet" and c["1118"] == "axis"          # a VP city; Berlin
    assert c["3226"] == "soviet"                               # Syzran, a town
    assert "3427" not in c and hexinfo("3427").settlement is None  # open country


def test_3_0_control_passes_the_instant_a_unit_enters():
    g = game(turn=5, active="soviet", ops=1, units={"3426": ["SU-13R"]}, control={KUIBYSHEV: "axis"})
    act(g, "soviet", type="move", unit="SU-13R", path=[KUIBYSHEV])
    assert control(g, KUIBYSHEV) == "soviet"


def test_3_0_a_rail_move_takes_the_hexes_it_passes():
    # Melitopol (2129), an Axis-held town on the line to the Crimea.
    g = game(turn=5, active="soviet", ops=1, units={"2229": ["SU-13R"]}, control={"2129": "axis"})
    act(g, "soviet", type="rail", unit="SU-13R", to="1931")
    assert control(g, "2129") == "soviet"


def test_5_1_1_vp_level_moves_with_vp_hexes():
    g = game(turn=5, active="soviet", ops=1, units={"2125": ["SU-13R"]}, control={KIEV: "axis"}, vp=9)
    assert hexinfo(KIEV).vp
    act(g, "soviet", type="move", unit="SU-13R", path=[KIEV])
    assert control(g, KIEV) == "soviet" and g.view(None)["vp"] == 8
    g = game(turn=5, active="axis", ops=1, control=axis_west(23) | {KIEV: "soviet"}, units={"2125": ["GE-43K"]})
    act(g, "axis", type="move", unit="GE-43K", path=[KIEV])
    assert control(g, KIEV) == "axis" and g.view(None)["vp"] == 8
