"""6.0 Sequence of play: action rounds, attrition segments, replacements, card draw, end of turn."""
import pytest

import engine
from tests.engine.sw import act, decision, game, pass_round, state

from engine.core.hexgrid import neighbours

FAR_EAST = "3020"   # deep in Russia: no Axis supply there
FAR_WEST = "1320"   # in Germany
RING = ["GE-43K", "GE-49Mtn", "GE-24Pz", "GE-46Pz", "GE-47Pz", "GE-3Pz"]


def surrounded_soviet(**pos):
    """A Soviet army in Germany ringed by six German corps: cut off from every source."""
    units = {n: [u] for n, u in zip(neighbours(FAR_WEST), RING)}
    units[FAR_WEST] = ["SU-13R"]
    units.update(pos.pop("units", {}))
    return game(units=units, **pos)


def test_6_0_a_five_rounds_axis_first_alternating():
    g = game(turn=3)
    seen = []
    for _ in range(10):
        v = g.view(None)
        seen.append((v["round"], v["active"]))
        pass_round(g, v["active"])
    assert seen == [(r, s) for r in range(1, 6) for s in ("axis", "soviet")]
    assert g.view(None)["phase"] != "action"


def test_6_0_b_axis_attrition_follows_the_fifth_axis_round_at_once():
    g = surrounded_soviet(turn=3, round=5, units={FAR_EAST: ["GE-17A"]})
    pass_round(g, "axis")
    s = state(g)
    assert s["units"]["GE-17A"]["loc"] == "track"  # an Axis LCU eliminated out of supply (13.3.8)
    assert s["units"]["SU-13R"]["loc"] == FAR_WEST  # the Soviet segment comes after his 5th round
    pass_round(g, "soviet")
    assert state(g)["units"]["SU-13R"]["loc"] == "eliminated"


def test_6_0_b_no_attrition_before_the_last_round():
    g = game(turn=3, round=4, units={FAR_EAST: ["GE-43K"]})
    pass_round(g, "axis")
    assert state(g)["units"]["GE-43K"]["loc"] == FAR_EAST


def test_6_0_c_replacement_phase_soviet_segment_then_axis():
    g = game(turn=5, phase="replacement", rp={"SU": 1, "GE": 1},
             units={"2722": ["SU-20R:1"], "1320": ["GE-43K:1"]})
    assert decision(g) == "replacements" and g.active_sides() == ["soviet"]
    act(g, "soviet", type="end_replacements")
    assert decision(g) == "replacements" and g.active_sides() == ["axis"]
    assert g.view(None)["rp"]["SU"] == 0  # unspent RPs are lost (14.1.5)
    act(g, "axis", type="end_replacements")
    assert decision(g) == "draw_discard"


def test_6_0_d_draw_phase_soviet_discards_first_then_both_draw_to_hand_size():
    g = game(turn=5, phase="draw", hands={"axis": ["A1", "A2"], "soviet": ["S9", "S10"]})
    assert decision(g) == "draw_discard" and g.active_sides() == ["soviet"]
    act(g, "soviet", type="discard", card="S9")
    act(g, "soviet", type="done_discarding")
    assert g.active_sides() == ["axis"]
    act(g, "axis", type="done_discarding")
    s = state(g)
    v = g.view(None)
    assert len(s["cards"]["soviet"]["hand"]) == v["cards"]["soviet"]["hand_limit"]
    assert len(s["cards"]["axis"]["hand"]) == v["cards"]["axis"]["hand_limit"]
    assert "S9" in s["cards"]["soviet"]["discard"]
    assert "S10" in s["cards"]["soviet"]["hand"]


def test_6_0_e_end_of_turn_trenches_removed_at_will_and_banked_ops_lost():
    g = game(turn=5, phase="end_of_turn", banked={"axis": 2, "soviet": 1},
             units={"1320": ["GE-4A"], "2722": ["SU-ResF"]}, markers={"trench": {"1320": "axis", "2722": "soviet"}},
             control={"1918": "axis"})
    assert decision(g) == "end_of_turn" and g.active_sides() == ["axis"]
    act(g, "axis", type="remove_trench", hex="1320")
    act(g, "axis", type="end_turn")
    assert g.active_sides() == ["soviet"]
    with pytest.raises(engine.IllegalAction):
        act(g, "soviet", type="remove_trench", hex="1320")
    act(g, "soviet", type="end_turn")
    v = g.view(None)
    assert v["turn"] == 6 and v["round"] == 1 and v["phase"] == "action"
    assert v["markers"]["trench"] == {"2722": "soviet"}
    assert v["banked"]["soviet"] == 0
    assert v["banked"]["axis"] == 1  # the fresh Axis banked OPS of turn 6's first round (18.2.1)


def test_6_0_e_turn_advances_until_turn_18():
    g = game(turn=17, phase="end_of_turn", control={"1918": "axis"})
    assert g.view(None)["turn"] == 18


def test_6_0_a_position_may_wait_at_the_end_of_turn_phase():
    g = game(turn=5, phase="end_of_turn", hold=True, banked={"axis": 2, "soviet": 1}, control={"2025": "axis"})
    v = g.view(None)
    assert (v["turn"], v["phase"], v["decision"]["kind"]) == (5, "end_of_turn", "end_of_turn")
    assert v["banked"] == {"axis": 2, "soviet": 1}  # nothing of the phase has happened yet
    g.apply("axis", {"type": "end_turn"})
    while g.view(None)["turn"] == 5:
        g.apply(g.active_sides()[0], {"type": "end_turn"})
    assert g.view(None)["banked"]["soviet"] == 0  # 18.1.2: lost at the end of the turn


def test_6_0_a_position_may_start_inside_a_declared_combat():
    g = game(turn=6, round=2, ops=3, units={"1921": ["GE-4A", "GE-46Pz"], "2021": ["SU-WestF"]},
             combat={"target": "2021", "attackers": ["GE-4A"]})
    cb = g.view(None)["decision"]["combat"]
    assert cb["phase"] == "declare" and [a["id"] for a in cb["attackers"]] == ["GE-4A"]
    assert {"commit", "withdraw", "resolve", "cancel"} <= {a["type"] for a in g.legal_actions("axis")}
    assert g.view(None)["markers"]["combat"] == ["1921"]
    with pytest.raises(engine.PositionError):
        game(turn=6, ops=3, units={"1921": ["GE-4A"], "2021": ["SU-WestF"]},
             combat={"target": "2021", "attackers": ["SU-WestF"]})
