"""10.1 Movement: costs, adjacency, allowance, the one-hex minimum, the Paulus line, enemy units."""
from __future__ import annotations

from .helpers import act, axis_west, control, game, hexinfo, moves, refused, supply, where

# A Soviet shock army has MA 2 (10.1.4), a rifle army MA 3, a tank army MA 4.


def soviet(units, **kw):
    return game(turn=5, active="soviet", ops=2, units=units, **kw)


def test_10_1_1_clear_hexes_cost_one_towns_and_cities_free():
    # Kuibyshev (3326) is a clear city hex: the shock army crosses it and one more clear hex.
    assert hexinfo("3326").terrain == ["clear"] and hexinfo("3326").settlement == "city"
    g = soviet({"3426": ["SU-1S"]})
    assert moves(g, "soviet", "SU-1S")["3227"] == ["3326", "3227"]
    act(g, "soviet", type="move", unit="SU-1S", path=["3326", "3227"])
    assert where(g, "SU-1S") == "3227"


def test_10_1_2_astrakhan_costs_two_mp():
    # Astrakhan (3032) is swamp and desert: the highest cost, 2 MP, counts.
    assert set(hexinfo("3032").terrain) == {"swamp", "desert"}
    g = soviet({"3131": ["SU-1T"], "3130": ["SU-13R"]})
    refused(g, "soviet", "10.1.4", type="move", unit="SU-13R", path=["3131", "3032"])  # 2 + 2 > MA 3
    act(g, "soviet", type="move", unit="SU-1T", path=["3032", "3031"])  # 2 + 2 = MA 4
    assert where(g, "SU-1T") == "3031"


def test_10_1_2_highest_terrain_cost_counts():
    # 2323 is clear and forest: entering it costs 2, all of a shock army's MA.
    assert set(hexinfo("2323").terrain) == {"clear", "forest"}
    g = soviet({"2322": ["SU-1S"]})
    assert "2323" in moves(g, "soviet", "SU-1S")
    act(g, "soviet", type="move", unit="SU-1S", path=["2323"])
    assert moves(g, "soviet", "SU-1S") == {}
    refused(g, "soviet", "10.1.4", type="move", unit="SU-1S", path=["2322"])


def test_10_1_3_hexes_may_not_be_skipped():
    g = soviet({"3426": ["SU-13R"]})
    refused(g, "soviet", "10.1.3", type="move", unit="SU-13R", path=["3428"])
    refused(g, "soviet", "10.1.3", type="move", unit="SU-13R", path=["3427", "3429"])


def test_10_1_4_never_more_than_the_movement_allowance():
    g = soviet({"3426": ["SU-1S"]})
    refused(g, "soviet", "10.1.4", type="move", unit="SU-1S", path=["3427", "3428", "3429"])
    assert "3428" in moves(g, "soviet", "SU-1S") and "3429" not in moves(g, "soviet", "SU-1S")


def test_10_1_4_allowance_shared_by_several_moves_in_a_round():
    # Ruling: a unit may move more than once in a round; its moves together stay within its MA.
    g = soviet({"3426": ["SU-13R"]})
    act(g, "soviet", type="move", unit="SU-13R", path=["3427"])
    act(g, "soviet", type="move", unit="SU-13R", path=["3428"])
    assert all(len(path) == 1 for path in moves(g, "soviet", "SU-13R").values())  # 1 MP left
    refused(g, "soviet", "10.1.4", type="move", unit="SU-13R", path=["3429", "3430"])
    act(g, "soviet", type="move", unit="SU-13R", path=["3429"])
    assert moves(g, "soviet", "SU-13R") == {}


def test_10_1_4_one_hex_minimum_move():
    # The rules' example: a shock army (MA 2) may enter a mountain hex (3 MP).
    assert hexinfo("3925").terrain == ["mountain"]
    g = soviet({"3924": ["SU-1S"]})
    assert moves(g, "soviet", "SU-1S")["3925"] == ["3925"]
    act(g, "soviet", type="move", unit="SU-1S", path=["3925"])
    assert where(g, "SU-1S") == "3925"
    assert moves(g, "soviet", "SU-1S") == {}


def test_10_1_4_one_hex_minimum_only_for_a_single_hex_by_a_unit_yet_to_move():
    g = soviet({"3924": ["SU-1S"], "3824": ["SU-2S"]})
    refused(g, "soviet", "10.1.4", type="move", unit="SU-1S", path=["3925", "4025"])
    act(g, "soviet", type="move", unit="SU-2S", path=["3825"])
    # having moved already, it may no longer use the minimum to enter the mountain
    refused(g, "soviet", "10.1.4", type="move", unit="SU-2S", path=["3925"])


def test_10_1_4_major_river_hexside_adds_a_movement_point():
    # 3226-3326 is a Volga hexside: Syzran (3226) to 3326 costs 1 + 1.
    assert hexinfo("3326").terrain == ["clear"]
    g = soviet({"3226": ["SU-1S"]})
    assert "3326" in moves(g, "soviet", "SU-1S")
    assert "3426" not in moves(g, "soviet", "SU-1S")  # 2 MP spent crossing the river
    refused(g, "soviet", "10.1.4", type="move", unit="SU-1S", path=["3326", "3426"])


def test_10_1_5_paulus_line_costs_supplied_axis_units_one_ma_on_turns_1_to_4():
    assert hexinfo("2125").paulus_zone and not hexinfo("2025").paulus_zone
    pos = dict(active="axis", ops=2, control=axis_west(23),
               units={"2125": ["GE-4A"], "2025": ["GE-6A"]})
    g = game(turn=3, **pos)
    assert supply(g, "GE-4A") == "full" and supply(g, "GE-6A") == "full"
    assert len(max(moves(g, "axis", "GE-4A").values(), key=len)) == 2   # MA 3 - 1
    assert len(max(moves(g, "axis", "GE-6A").values(), key=len)) == 3   # starts west of the line
    g = game(turn=5, **pos)
    assert len(max(moves(g, "axis", "GE-4A").values(), key=len)) == 3   # turn 5: no penalty


def test_10_1_5_does_not_apply_to_units_out_of_supply():
    # Out of supply the MA is 2 anyway (13.3.1); the Paulus penalty does not cut it further.
    g = game(turn=3, active="axis", ops=2, units={"2125": ["GE-46Pz"]}, oos=["GE-46Pz"])
    assert len(max(moves(g, "axis", "GE-46Pz").values(), key=len)) == 2


def test_10_1_6_units_may_not_enter_enemy_units():
    g = soviet({"3426": ["SU-13R"], "3427": ["GE-43K"]})
    refused(g, "soviet", "10.1.6", type="move", unit="SU-13R", path=["3427"])
    refused(g, "soviet", "10.1.6", type="move", unit="SU-13R", path=["3427", "3428"])
    assert "3427" not in moves(g, "soviet", "SU-13R")


def test_10_1_6_axis_units_move_through_and_stack_with_inactive_partisans():
    g = game(turn=5, active="axis", ops=2, control=axis_west(23), markers={"partisans": ["2026"]},
             units={"2125": ["GE-43K"]})
    assert "2026" in moves(g, "axis", "GE-43K")
    act(g, "axis", type="move", unit="GE-43K", path=["2026", "2126"])
    assert where(g, "GE-43K") == "2126"
    act(g, "axis", type="move", unit="GE-43K", path=["2026"])
    assert where(g, "GE-43K") == "2026"
    assert "2026" in g.view(None)["markers"]["inactive_partisans"]


def test_3_0_moving_through_a_hex_takes_control_of_it():
    # Kuibyshev (3326), an Axis-held city here, lies on the way.
    g = soviet({"3426": ["SU-13R"]}, control={"3326": "axis"})
    act(g, "soviet", type="move", unit="SU-13R", path=["3326", "3327"])
    assert control(g, "3326") == "soviet"
