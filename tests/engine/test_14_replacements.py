"""14.0 Replacements (with 11.3.6/13.3.8's turn track and 14.1.4's placement of recreated units)."""
from __future__ import annotations

from .helpers import act, decision, end_of_turn_attrition, game, legal, lost, refused, where


def replacements(units=None, rp=None, **kw):
    return game(turn=5, phase="replacement", units=units or {}, rp=rp or {}, **kw)


def rp(g, kind: str) -> float:
    return g.view(None)["rp"][kind]


def test_14_1_3_an_scu_step_costs_half_an_rp_an_lcu_step_one():
    g = replacements({"3427": ["SU-WestF:1"], "3428": ["SU-13R:1", "SU-20R:1"]}, {"SU": 1.5})
    assert decision(g) == "replacements" and g.active_sides() == ["soviet"]
    act(g, "soviet", type="replace", unit="SU-WestF")
    assert lost(g, "SU-WestF") == 0 and rp(g, "SU") == 0.5
    act(g, "soviet", type="replace", unit="SU-13R")
    assert lost(g, "SU-13R") == 0 and rp(g, "SU") == 0
    assert lost(g, "SU-20R") == 1


def test_14_1_3_not_enough_rps():
    g = replacements({"3427": ["SU-WestF:1"], "3428": ["SU-13R:1"]}, {"SU": 0.5})
    refused(g, "soviet", "14.1.3", type="replace", unit="SU-WestF")


def test_14_1_2_units_out_of_supply_take_no_replacements():
    g = replacements({"3427": ["SU-WestF:1"], "3428": ["SU-13R:1"]}, {"SU": 2}, oos=["SU-WestF"])
    refused(g, "soviet", "14.1.2", type="replace", unit="SU-WestF")


def test_14_1_2_the_axis_rebuilds_units_in_the_other_fronts_box():
    g = replacements(rp={"GE": 1}, boxes={"other_fronts": ["GE-6A:2"]})
    assert g.active_sides() == ["axis"]
    act(g, "axis", type="replace", unit="GE-6A")
    assert where(g, "GE-6A") == "other_fronts"
    assert g.to_json()["units"]["GE-6A"]["lost"] == 1


def test_14_1_4_recreated_units_arrive_like_reinforcements():
    g = replacements(rp={"SU": 1}, boxes={"eliminated": ["SU-13R"]})
    hexes = {a["hex"] for a in legal(g, "soviet", "recreate", unit="SU-13R")}
    assert "2722" in hexes                      # Moscow, the capital
    assert "3326" in hexes                      # Kuibyshev, a city in supply
    assert "3226" in hexes                      # Syzran, a town: Soviet units may arrive in towns
    assert "3427" not in hexes                  # open country
    assert "1521" not in hexes                  # Warsaw: not in the Soviet Union
    act(g, "soviet", type="recreate", unit="SU-13R", hex="3326")
    assert where(g, "SU-13R") == "3326" and lost(g, "SU-13R") == 1  # one step: the reduced side


def test_14_1_5_unspent_rps_are_lost():
    g = replacements({"3428": ["SU-13R:1"]}, {"SU": 2})
    act(g, "soviet", type="end_replacements")
    assert rp(g, "SU") == 0


def test_14_1_6_asterisked_steps_are_never_rebuilt():
    g = replacements({"1521": ["GE-4A:1"], "1522": ["GE-6A:2"]}, {"GE": 3})
    refused(g, "axis", "14.1.6", type="replace", unit="GE-4A")   # 4-3 back to *5-3
    act(g, "axis", type="replace", unit="GE-6A")                 # 3-3 back to 4-3: the stronger counter
    assert lost(g, "GE-6A") == 1


def test_14_1_6_units_whose_every_step_is_asterisked_cannot_be_recreated():
    g = replacements(rp={"SU": 2}, boxes={"eliminated": ["SU-16M", "SU-13R"]})
    assert legal(g, "soviet", "recreate", unit="SU-16M") == []
    refused(g, "soviet", "14.1.6", type="recreate", unit="SU-16M", hex="2722")


def test_14_1_7_ge_pz_and_ax_rps_each_rebuild_their_own():
    g = replacements({"1521": ["GE-6A:2", "GE-46Pz:1"], "1522": ["RO-3A:1"]}, {"GE": 1})
    refused(g, "axis", "14.1.3", type="replace", unit="GE-46Pz")
    refused(g, "axis", "14.1.3", type="replace", unit="RO-3A")
    g = replacements({"1521": ["GE-6A:2", "GE-46Pz:1"], "1522": ["RO-3A:1"]}, {"PZ": 0.5, "AX": 1})
    refused(g, "axis", "14.1.3", type="replace", unit="GE-6A")
    act(g, "axis", type="replace", unit="GE-46Pz")
    act(g, "axis", type="replace", unit="RO-3A")
    assert lost(g, "GE-46Pz") == 0 and lost(g, "RO-3A") == 0


def test_14_2_1_the_southwest_front_comes_back_weaker():
    g = end_of_turn_attrition("soviet", {"2814": ["GE-43K"], "2811": ["SU-SWF"]})
    assert where(g, "SU-SWF") == "removed"
    assert where(g, "SU-SWF2") == "eliminated"


def test_14_2_2_no_panzer_replacements_while_the_soviets_hold_the_usir():
    g = replacements({"1521": ["GE-46Pz:1", "GE-6A:2"]}, {"PZ": 1, "GE": 1}, control={"1223": "soviet"})
    assert legal(g, "axis", "replace", unit="GE-46Pz") == []
    refused(g, "axis", "14.2.2", type="replace", unit="GE-46Pz")


def test_13_3_8_axis_lcus_reach_the_eliminated_units_box_when_their_turn_comes():
    g = game(turn=5, phase="end_of_turn", control={"2025": "axis"},  # Kiev: no 5.1.3 Soviet win
             boxes={"track": {"6": ["GE-4A"], "7": ["GE-6A"]}})
    assert g.view(None)["turn"] == 6
    assert where(g, "GE-4A") == "eliminated"
    assert where(g, "GE-6A") == "track:7"


def test_14_1_1_each_side_spends_its_own_rps_soviets_first():
    g = replacements({"3428": ["SU-13R:1"], "1521": ["GE-6A:2"]}, {"SU": 0.5, "GE": 1})
    assert g.active_sides() == ["soviet"]
    act(g, "soviet", type="replace", unit="SU-13R")
    assert g.active_sides() == ["axis"] and rp(g, "GE") == 1
    act(g, "axis", type="replace", unit="GE-6A")
    assert lost(g, "GE-6A") == 1
