"""4.0 Game set-up, 4.4 Barbarossa special rules, 4.5 Soviet Mobilization."""
import pytest

import engine
from tests.engine.sw import act, decision, finish_round, game, has, pass_round, place_all, start, state, types


# ---- 4.1 markers ---------------------------------------------------------------------------------

def test_4_1_1_turn_marker_starts_june_1941():
    v = start().view(None)
    assert v["turn"] == 1 and v["turn_name"] == "June 1941"


def test_4_1_2_vp_seven_and_hand_size_six():
    v = start().view(None)
    assert v["vp"] == 7
    assert v["hand_size"] == {"axis": 6, "soviet": 6}


def test_4_1_3_rp_and_banked_ops_zero():
    v = start().view(None)
    assert set(v["rp"].values()) == {0}
    assert v["banked"] == {"axis": 0, "soviet": 0}


def test_4_1_4_consecutive_ops_zero():
    assert start().view(None)["consec"] == {"axis": 0, "soviet": 0}


# ---- 4.2 units -----------------------------------------------------------------------------------

def test_4_2_1_units_set_up_on_their_25_0_hexes():
    v = start().view(None)
    where = {u["id"]: u["hex"] for u in v["units"]}
    assert where["SU-Stalin"] == "2722" and where["SU-ResF"] == "2722"
    assert where["SU-LenF"] == "2517" and where["SU-10M"] == "2517"
    assert where["GE-18A"] == "1819" and where["HU-3A"] == "1025"
    assert where["SU-SWF"] == "1724"


def test_4_2_2_other_units_wait_off_the_map():
    g = start()
    s = state(g)
    assert s["units"]["SU-1S"]["loc"] == "pool"
    assert s["units"]["GE-2A"]["loc"] == "pool"
    on_map = {u["id"] for u in g.view(None)["units"]}
    assert "SU-1S" not in on_map


# ---- 4.3 initial cards -------------------------------------------------------------------------------

def test_4_3_1_soviet_1_to_6_set_aside_and_free_pick_offered():
    g = engine.new_game("stalins_war", scenario="campaign", seed=3)
    assert decision(g) == "free_pick"
    assert state(g)["cards"]["soviet"]["set_aside"] == ["S1", "S2", "S3", "S4", "S5", "S6"]
    choices = {a["card"] for a in g.legal_actions("soviet") if a["type"] == "pick_card"}
    assert "S4" in choices
    assert not choices & {"S1", "S2", "S3", "S5", "S6", "S7", "S8", "S21"}  # reinforcement cards barred
    assert "S9" in choices  # an ordinary Blitzkrieg event card


def test_4_3_1_free_pick_then_dealt_five():
    g = engine.new_game("stalins_war", scenario="campaign", seed=3)
    act(g, "soviet", type="pick_card", card="S4")
    s = state(g)
    assert "S4" in s["cards"]["soviet"]["hand"]
    assert len(s["cards"]["soviet"]["hand"]) == 6
    assert "S4" not in s["cards"]["soviet"]["set_aside"]
    assert all(c not in s["cards"]["soviet"]["hand"] for c in ("S1", "S2", "S3", "S5", "S6"))


def test_4_3_1_declining_the_pick_deals_six():
    g = start(seed=8)
    assert len(state(g)["cards"]["soviet"]["hand"]) == 6


def test_4_3_1_a_reinforcement_card_cannot_be_picked():
    g = engine.new_game("stalins_war", scenario="campaign", seed=3)
    with pytest.raises(engine.IllegalAction, match="4.3.1"):
        act(g, "soviet", type="pick_card", card="S7")


def test_4_3_2_axis_dealt_six_blitzkrieg_cards():
    s = state(start(seed=4))
    hand = s["cards"]["axis"]["hand"]
    assert len(hand) == 6
    assert all(int(c[1:]) <= 25 for c in hand)


def test_4_3_3_total_war_cards_set_aside_with_axis_51_52_55():
    s = state(start(seed=4))
    tw = set(s["cards"]["axis"]["total_war"])
    assert {"A51", "A52", "A55"} <= tw
    assert len(tw) == 30 and len(s["cards"]["soviet"]["total_war"]) == 30
    assert not tw & set(s["cards"]["axis"]["draw"] + s["cards"]["axis"]["hand"])


# ---- 4.4 Barbarossa -------------------------------------------------------------------------------

def test_4_4_1_turn_1_has_one_round_each():
    g = start(seed=2)
    assert g.active_sides() == ["axis"]
    pass_round(g, "axis")
    assert g.active_sides() == ["soviet"] and g.view(None)["round"] == 1
    pass_round(g, "soviet")
    v = g.view(None)
    # after the single Soviet round the turn moves through its later phases to the draw
    assert v["phase"] != "action" or v["turn"] == 2


def test_4_4_1_no_rp_or_reinforcement_play_on_turn_1():
    g = game(hands={"axis": ["A5", "A12"]})
    assert not has(g, "axis", type="play_card", **{"as": "rp"})
    assert not has(g, "axis", type="play_card", card="A5", **{"as": "event"})
    with pytest.raises(engine.IllegalAction, match="4.4.1"):
        act(g, "axis", type="play_card", card="A12", **{"as": "rp"})
    with pytest.raises(engine.IllegalAction, match="4.4.1"):
        act(g, "axis", type="play_card", card="A5", **{"as": "event"})


def test_4_4_1_steppe_fox_gives_a_second_card_on_turn_1():
    g = game(hands={"axis": ["A10", "A12", "A14"]})
    act(g, "axis", type="play_card", card="A10", **{"as": "event"})
    assert g.active_sides() == ["axis"]
    legal = g.legal_actions("axis")
    assert legal and all(a["type"] == "play_card" for a in legal)
    act(g, "axis", type="play_card", card="A12", **{"as": "ops"})
    assert decision(g) == "operations"
    assert g.view(None)["consec"]["axis"] == 1  # the second card decided the round's kind
    finish_round(g, "axis")
    s = state(g)
    assert "A10" in s["cards"]["axis"]["removed"]  # starred event
    assert "A12" in s["cards"]["axis"]["discard"]


def test_4_4_2_axis_units_may_not_move_on_turn_1():
    g = start(seed=5)
    hand = state(g)["cards"]["axis"]["hand"]
    act(g, "axis", type="play_card", card=hand[0], **{"as": "ops"})
    assert "move" not in types(g, "axis")
    with pytest.raises(engine.IllegalAction, match="4.4.2"):
        act(g, "axis", type="move", unit="GE-4A", path=["1620"])


def test_4_4_3_no_unit_may_enter_hungary_on_turn_1():
    # a Soviet unit next to Hungary on turn 1, in its round
    g = game(active="soviet", units={"1524": ["SU-13R"]}, ops=2)
    hungary = [a for a in g.legal_actions("soviet") if a["type"] == "move" and _country(a["to"]) == "hungary"]
    assert not hungary
    with pytest.raises(engine.IllegalAction, match="4.4.3"):
        act(g, "soviet", type="move", unit="SU-13R", path=[_neighbour_in("1524", "hungary")])
    g2 = game(turn=2, active="soviet", units={"1524": ["SU-13R"]}, ops=2)
    assert any(a["type"] == "move" and _country(a["to"]) == "hungary" for a in g2.legal_actions("soviet"))


def test_4_4_4_soviet_units_may_not_enter_romania_on_turn_1():
    g = game(active="soviet", units={"1726": ["SU-SouthF"]}, ops=2)
    romania = [a for a in g.legal_actions("soviet") if a["type"] == "move" and _country(a["to"]) == "romania"]
    assert not romania
    target = _neighbour_in("1726", "romania")
    with pytest.raises(engine.IllegalAction, match="4.4.4"):
        act(g, "soviet", type="move", unit="SU-SouthF", path=[target])


def test_4_4_5_each_side_checks_attrition_after_its_round_on_turn_1():
    # an Axis unit with no supply line is eliminated at the end of the single Axis round,
    # before the Soviet plays; a Soviet one after the Soviet round
    # 3020 is deep in Russia; SU-13R at 1219, in Germany, is ringed by German units (their ZOCs close it in)
    ring = {"1218": ["GE-9A"], "1319": ["GE-4A"], "1119": ["GE-39Pz"]}
    g = game(units={"3020": ["GE-43K"], "1622": ["GE-24Pz"], "1219": ["SU-13R"], "2722": ["SU-20R"], **ring})
    pass_round(g, "axis")
    s = state(g)
    assert s["units"]["GE-43K"]["loc"] == "eliminated"
    assert s["units"]["GE-24Pz"]["loc"] == "1622"
    assert s["units"]["SU-13R"]["loc"] == "1219"  # the Soviet attrition has not come yet
    assert g.active_sides() == ["soviet"]
    pass_round(g, "soviet")
    s = state(g)
    assert s["units"]["SU-13R"]["loc"] == "eliminated"  # judged right after the Soviet round
    assert s["units"]["SU-20R"]["loc"] == "2722"


def test_4_4_9_axis_rp_plays_on_turns_1_to_4_leave_consecutive_ops():
    g = game(turn=3, round=2, consec={"axis": 2}, hands={"axis": ["A12"]})
    act(g, "axis", type="play_card", card="A12", **{"as": "rp"})
    assert g.view(None)["consec"]["axis"] == 2
    g5 = game(turn=6, round=2, consec={"axis": 2}, hands={"axis": ["A12"]})
    act(g5, "axis", type="play_card", card="A12", **{"as": "rp"})
    assert g5.view(None)["consec"]["axis"] == 0


def test_4_4_9_axis_reinforcement_plays_on_turns_1_to_4_leave_consecutive_ops():
    g = game(turn=2, round=2, consec={"axis": 1}, hands={"axis": ["A5"]})
    act(g, "axis", type="play_card", card="A5", **{"as": "event"})
    assert g.view(None)["consec"]["axis"] == 1


# ---- 4.5 Soviet Mobilization -----------------------------------------------------------------------

def test_4_5_1_two_reinforcement_cards_on_turn_2_with_ops():
    g = game(turn=2, round=1, active="soviet", consec={"soviet": 1}, setup=True, hands={"soviet": ["S1", "S2", "S9"]})
    act(g, "soviet", type="play_card", card="S1", **{"as": "event"})
    assert decision(g) == "place_reinforcements"
    place_all(g, "soviet")
    assert decision(g) == "operations"
    v = g.view(None)
    assert v["round_ops"] + v["banked"]["soviet"] >= 3  # the card's OPS as well (4.5.1)
    assert v["consec"]["soviet"] == 1  # left where it was
    finish_round(g, "soviet")
    pass_round(g, "axis")
    # round 2 is consecutive to round 1: the second reinforcement card must wait
    with pytest.raises(engine.IllegalAction, match="4.5.1"):
        act(g, "soviet", type="play_card", card="S2", **{"as": "event"})
    pass_round(g, "soviet")
    pass_round(g, "axis")
    act(g, "soviet", type="play_card", card="S2", **{"as": "event"})
    assert decision(g) in ("place_reinforcements", "operations")


def test_4_5_1_mobilization_units_may_move_but_not_attack():
    g = game(turn=2, round=1, active="soviet", setup=True, hands={"soviet": ["S1"]})
    act(g, "soviet", type="play_card", card="S1", **{"as": "event"})
    placed = place_all(g, "soviet")
    assert set(placed) <= set(state(g)["rs"]["no_attack"])


def test_4_5_1_only_one_reinforcement_card_a_turn_after_turn_2():
    g = game(turn=5, round=1, active="soviet", setup=True, hands={"soviet": ["S1", "S2"]})
    act(g, "soviet", type="play_card", card="S1", **{"as": "event"})
    place_all(g, "soviet")
    pass_round(g, "axis")
    with pytest.raises(engine.IllegalAction, match="7.5.2a"):
        act(g, "soviet", type="play_card", card="S2", **{"as": "event"})


def test_4_5_2_three_automatic_soviet_rps_on_turns_2_and_3():
    for turn, expected in ((2, 3), (3, 3), (4, 0)):
        g = game(turn=turn, phase="replacement", setup=True,
                 units={"2723": ["SU-1S:1"]})
        v = g.view(None)
        if expected:
            assert decision(g) == "replacements" and v["rp"]["SU"] == expected, turn
        else:
            assert v["rp"]["SU"] == 0


# ---- helpers -----------------------------------------------------------------------------------

def _map():
    from engine.stalins_war.data import load_data

    return load_data().map


def _country(hid):
    return _map().hexes[hid].country


def _neighbour_in(hid, country):
    m = _map()
    return next(n for n in m.neighbours(hid) if m.hexes[n].country == country and m.hexes[n].playable)

