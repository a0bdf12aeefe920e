"""7.0 Strategy cards: decks, playing cards for OPS, RP and events, hand size, Total War."""
import pytest

import engine
from engine.stalins_war.data import load_data
from tests.engine.sw import act, decision, finish_round, game, has, pass_round, place_all, start, state, types

RIGA = "1918"


def quiet(**pos):
    """Turn-5+ positions where nothing else decides the game (the Axis holds one Soviet VP hex)."""
    pos.setdefault("control", {RIGA: "axis"})
    return game(**pos)


# ---- 7.1 ------------------------------------------------------------------------------------------

def test_7_1_2_only_blitzkrieg_cards_at_first():
    s = state(start(seed=6))
    for side in ("axis", "soviet"):
        in_play = s["cards"][side]["hand"] + s["cards"][side]["draw"]
        assert all(int(c[1:]) <= 25 for c in in_play)


def test_7_1_3_automatic_soviet_reinforcement_cards():
    for turn, card in ((1, "S1"), (1, "S2"), (3, "S3"), (4, "S4"), (5, "S5"), (6, "S6")):
        g = quiet(turn=turn, phase="draw")
        act(g, "soviet", type="done_discarding")
        act(g, "axis", type="done_discarding")
        s = state(g)
        assert card in s["cards"]["soviet"]["hand"], (turn, card)
        assert len(s["cards"]["soviet"]["hand"]) == g.view(None)["cards"]["soviet"]["hand_limit"]
    g = quiet(turn=2, phase="draw")
    act(g, "soviet", type="done_discarding")
    act(g, "axis", type="done_discarding")
    assert not {"S3", "S4", "S5", "S6"} & set(state(g)["cards"]["soviet"]["hand"])


def test_7_1_4_a_card_is_used_one_way():
    g = quiet(turn=5, hands={"axis": ["A12", "A1"]})
    act(g, "axis", type="play_card", card="A12", **{"as": "rp"})
    s = state(g)
    assert g.view(None)["rp"]["GE"] == 2 and g.view(None)["rp"]["PZ"] == 1
    assert "A12" in s["cards"]["axis"]["discard"]
    assert not s["flags"]["taifun"]  # the event did not happen


# ---- 7.2 ------------------------------------------------------------------------------------------

def test_7_2_1_each_player_one_action_per_round():
    g = quiet(turn=6, hands={"axis": ["A12", "A1"]})
    pass_round(g, "axis")
    assert g.active_sides() == ["soviet"]
    with pytest.raises(engine.IllegalAction):
        act(g, "axis", type="zero_ops", option="pass", discard=None)


def test_7_2_6_zero_ops_operate_keeps_the_consecutive_count():
    g = quiet(turn=6, consec={"axis": 2})
    act(g, "axis", type="zero_ops", option="operate")
    assert decision(g) == "operations"
    assert g.view(None)["consec"]["axis"] == 2
    assert g.view(None)["round_ops"] == 0


def test_7_2_6_zero_ops_pass_resets_and_may_swap_a_card():
    g = quiet(turn=6, consec={"axis": 2}, hands={"axis": ["A1", "A2"]})
    act(g, "axis", type="zero_ops", option="pass", discard="A1")
    s = state(g)
    assert s["consec"]["axis"] == 0
    assert "A1" in s["cards"]["axis"]["discard"]
    assert len(s["cards"]["axis"]["hand"]) == 2 and "A2" in s["cards"]["axis"]["hand"]


def test_7_2_6_zero_ops_always_possible_even_with_an_empty_hand():
    g = quiet(turn=6, hands={"axis": []})
    assert types(g, "axis") == {"zero_ops"}


# ---- 7.3 ------------------------------------------------------------------------------------------

def test_7_3_2_example_printed_fours_give_four_three_two_then_an_event_resets():
    g = quiet(turn=6, hands={"axis": ["A12", "A15", "A30", "A16"]})
    got = []
    for card in ("A12", "A15", "A30"):
        act(g, "axis", type="play_card", card=card, **{"as": "ops"})
        got.append(g.view(None)["round_ops"])
        finish_round(g, "axis")
        pass_round(g, "soviet")
    assert got == [4, 3, 2]
    assert g.view(None)["consec"]["axis"] == 3
    act(g, "axis", type="play_card", card="A16", **{"as": "event"})
    assert g.view(None)["consec"]["axis"] == 0


def test_7_3_2_the_count_carries_over_into_the_next_turn():
    g = quiet(turn=6, round=1, consec={"axis": 2}, hands={"axis": ["A12"]})
    act(g, "axis", type="play_card", card="A12", **{"as": "ops"})
    assert g.view(None)["round_ops"] == 2  # third consecutive: -2


def test_7_3_5_combat_markers_cost_one_ops_each():
    g = quiet(turn=6, ops=2, units={"2520": ["GE-4A"], "2521": ["SU-20R"]})
    act(g, "axis", type="end_movement")
    assert has(g, "axis", type="mark_combat", hex="2520")
    act(g, "axis", type="mark_combat", hex="2520")
    assert g.view(None)["round_ops"] == 1
    assert "2520" in g.view(None)["markers"]["combat"]


# ---- 7.4 ------------------------------------------------------------------------------------------

def test_7_4_1_rp_play_marks_rp_by_nationality_and_ends_the_round():
    g = quiet(turn=6, hands={"axis": ["A15"]})
    act(g, "axis", type="play_card", card="A15", **{"as": "rp"})
    v = g.view(None)
    assert (v["rp"]["GE"], v["rp"]["PZ"], v["rp"]["AX"]) == (2, 1, 1)
    assert g.active_sides() == ["soviet"]


def test_7_4_2_soviet_plays_rp_twice_a_turn():
    g = quiet(turn=6, active="soviet", hands={"soviet": ["S9", "S10", "S12"]})
    act(g, "soviet", type="play_card", card="S9", **{"as": "rp"})
    pass_round(g, "axis")
    pass_round(g, "soviet")
    pass_round(g, "axis")
    act(g, "soviet", type="play_card", card="S10", **{"as": "rp"})
    pass_round(g, "axis")
    pass_round(g, "soviet")
    pass_round(g, "axis")
    with pytest.raises(engine.IllegalAction, match="7.4.2"):
        act(g, "soviet", type="play_card", card="S12", **{"as": "rp"})


def test_7_4_3_axis_plays_rp_once_a_turn_twice_in_spring_1942_and_1943():
    cards = ["A1", "A4", "A12"]
    for turn, plays in ((6, 1), (5, 2), (9, 2), (13, 1)):
        g = quiet(turn=turn, round=1, hands={"axis": list(cards)})
        made = 0
        for rnd, card in zip((1, 3, 5), cards):  # rounds 1, 3 and 5: never back to back (7.4.4)
            while g.view(None)["round"] < rnd:
                pass_round(g, g.active_sides()[0])
            if has(g, "axis", type="play_card", card=card, **{"as": "rp"}):
                act(g, "axis", type="play_card", card=card, **{"as": "rp"})
                made += 1
            else:
                pass_round(g, "axis")
            pass_round(g, "soviet")
        assert made == plays, turn


def test_7_4_3_axis_may_also_play_one_rp_event_a_turn():
    g = quiet(turn=6, hands={"axis": ["A22", "A34", "A1"]})
    act(g, "axis", type="play_card", card="A1", **{"as": "rp"})
    pass_round(g, "soviet")
    act(g, "axis", type="play_card", card="A22", **{"as": "event"})  # Speer: the RP event
    assert g.view(None)["rp"]["GE"] == 1 + 2
    pass_round(g, "soviet")
    assert not has(g, "axis", type="play_card", card="A34", **{"as": "event"})


def test_7_4_4_no_rp_play_in_the_round_after_an_rp_play_but_across_turns_yes():
    g = quiet(turn=6, active="soviet", round=1, hands={"soviet": ["S9", "S10"]})
    act(g, "soviet", type="play_card", card="S9", **{"as": "rp"})
    pass_round(g, "axis")
    with pytest.raises(engine.IllegalAction, match="7.4.4"):
        act(g, "soviet", type="play_card", card="S10", **{"as": "rp"})
    g = quiet(turn=6, active="soviet", round=5, hands={"soviet": ["S9", "S10"]})
    act(g, "soviet", type="play_card", card="S9", **{"as": "rp"})
    while g.view(None)["phase"] != "action" or g.view(None)["turn"] == 6:
        side = g.active_sides()[0]
        legal = g.legal_actions(side)
        end = next(a for a in legal if a["type"] in ("end_replacements", "done_discarding", "end_turn"))
        g.apply(side, {k: v for k, v in end.items() if k != "label"})
    pass_round(g, "axis")
    assert has(g, "soviet", type="play_card", card="S10", **{"as": "rp"})


def test_7_4_5_rps_are_spent_in_the_replacement_phase():
    g = quiet(turn=6, round=5, active="soviet", hands={"soviet": ["S9"]}, units={"2722": ["SU-20R:1"]})
    act(g, "soviet", type="play_card", card="S9", **{"as": "rp"})
    assert decision(g) == "replacements"
    act(g, "soviet", type="replace", unit="SU-20R")
    assert state(g)["units"]["SU-20R"]["lost"] == 0


# ---- 7.5 ------------------------------------------------------------------------------------------

def test_7_5_1a_an_event_play_allows_no_movement_unless_it_grants_ops():
    g = quiet(turn=6, hands={"axis": ["A16"]}, units={"1320": ["GE-43K"]})
    act(g, "axis", type="play_card", card="A16", **{"as": "event"})  # Hitler Takes Command: no OPS
    assert g.active_sides() == ["soviet"]
    g = quiet(turn=6, hands={"axis": ["A12"]}, units={"1320": ["GE-43K"]})
    act(g, "axis", type="play_card", card="A12", **{"as": "event"})  # Taifun: 3 OPS
    assert decision(g) == "operations" and g.view(None)["round_ops"] == 3


def test_7_5_1b_an_event_may_be_played_when_its_effects_do_not_apply():
    g = quiet(turn=6, hands={"axis": ["A12"]}, flags={"taifun": True})
    assert has(g, "axis", type="play_card", card="A12", **{"as": "event"})


def test_7_5_1c_starred_event_leaves_the_game_at_the_end_of_the_round():
    g = quiet(turn=6, hands={"axis": ["A16", "A1"]})
    act(g, "axis", type="play_card", card="A16", **{"as": "event"})
    s = state(g)
    assert "A16" in s["cards"]["axis"]["removed"]
    assert s["stats"]["starred_events"]["axis"] == 1
    g = quiet(turn=6, hands={"axis": ["A16"]})
    act(g, "axis", type="play_card", card="A16", **{"as": "ops"})
    finish_round(g, "axis")
    assert "A16" in state(g)["cards"]["axis"]["discard"]  # not removed when used for OPS


def test_7_5_1_events_that_need_another_event_first():
    g = quiet(turn=6, hands={"axis": ["A20"]})
    assert not has(g, "axis", type="play_card", card="A20", **{"as": "event"})
    with pytest.raises(engine.IllegalAction, match="Lend-Lease"):
        act(g, "axis", type="play_card", card="A20", **{"as": "event"})
    g = quiet(turn=6, hands={"axis": ["A20"]}, flags={"lend_lease": 3})
    assert has(g, "axis", type="play_card", card="A20", **{"as": "event"})


def test_7_5_2a_no_reinforcement_card_on_turn_1_and_one_per_turn():
    g = game(hands={"axis": ["A5"]})
    assert not has(g, "axis", type="play_card", card="A5", **{"as": "event"})
    g = quiet(turn=6, hands={"axis": ["A5", "A7"]})
    act(g, "axis", type="play_card", card="A5", **{"as": "event"})
    place_all(g, "axis")
    pass_round(g, "soviet")
    with pytest.raises(engine.IllegalAction, match="7.5.2a"):
        act(g, "axis", type="play_card", card="A7", **{"as": "event"})


def test_7_5_5a_combat_cards_are_not_played_as_a_round_event():
    g = quiet(turn=6, hands={"axis": ["A2"]})
    assert not has(g, "axis", type="play_card", card="A2", **{"as": "event"})
    with pytest.raises(engine.IllegalAction, match="7.5.5a"):
        act(g, "axis", type="play_card", card="A2", **{"as": "event"})


# ---- 7.6 ------------------------------------------------------------------------------------------

def test_7_6_1_hand_size_never_above_7_nor_below_4():
    g = quiet(turn=6, phase="draw", hand_size={"axis": 9, "soviet": 2})
    v = g.view(None)
    assert v["cards"]["axis"]["hand_limit"] <= 7
    assert v["cards"]["soviet"]["hand_limit"] >= 4


def test_7_6_1_no_axis_minimum_on_turns_16_to_18():
    g = quiet(turn=16, phase="draw", hand_size={"axis": 3})
    assert g.view(None)["cards"]["axis"]["hand_limit"] < 4


def test_7_6_2_discards_are_optional_and_public():
    g = quiet(turn=6, phase="draw", hands={"soviet": ["S9", "S10"]})
    act(g, "soviet", type="discard", card="S10")
    v = g.view("axis")
    assert "S10" in v["cards"]["soviet"]["discard"]


def test_7_6_3_empty_draw_pile_reshuffles_the_discards():
    all_axis_blitz = [f"A{n}" for n in range(1, 26)]
    g = quiet(turn=6, phase="draw", hands={"axis": []}, draw={"axis": ["A1", "A2"]},
              discards={"axis": all_axis_blitz[2:]})
    act(g, "soviet", type="done_discarding")
    act(g, "axis", type="done_discarding")
    s = state(g)
    assert len(s["cards"]["axis"]["hand"]) == g.view(None)["cards"]["axis"]["hand_limit"]
    assert {"A1", "A2"} <= set(s["cards"]["axis"]["hand"])
    assert len(s["cards"]["axis"]["discard"]) == 0


def test_7_6_4_total_war_from_turn_6_after_12_starred_events_by_one_side():
    g = quiet(turn=6, phase="draw", stats={"starred_events": {"axis": 12, "soviet": 0}})
    assert state(g)["flags"]["total_war"]
    s = state(g)
    assert not s["cards"]["axis"]["total_war"] and not s["cards"]["soviet"]["total_war"]
    assert "A51" in s["cards"]["axis"]["draw"] + s["cards"]["axis"]["hand"]


def test_7_6_4_total_war_after_20_starred_events_combined():
    g = quiet(turn=7, phase="draw", stats={"starred_events": {"axis": 10, "soviet": 10}})
    assert state(g)["flags"]["total_war"]
    g = quiet(turn=7, phase="draw", stats={"starred_events": {"axis": 10, "soviet": 9}})
    assert not state(g)["flags"]["total_war"]


def test_7_6_4_never_before_turn_6():
    g = quiet(turn=5, phase="draw", stats={"starred_events": {"axis": 15, "soviet": 15}})
    assert not state(g)["flags"]["total_war"]


def test_7_6_4_each_side_holds_at_least_twelve_starred_blitzkrieg_cards():
    """Either condition of 7.6.4 must be reachable in play (our stars, data/README.md)."""
    cards = load_data().cards.values()
    for side in ("axis", "soviet"):
        starred = [c for c in cards if c.side == side and c.deck == "blitzkrieg" and c.starred]
        assert len(starred) >= 12, side
    assert all(c.starred for c in cards if c.kind == "reinforcement")


def test_7_6_4_starred_reinforcement_and_combat_cards_count_toward_total_war():
    g = quiet(turn=6, hands={"axis": ["A5"]})
    act(g, "axis", type="play_card", card="A5", **{"as": "event"})
    while decision(g) == "place_reinforcements":
        a = g.legal_actions("axis")[0]
        g.apply("axis", {k: v for k, v in a.items() if k != "label"})
    finish_round(g, "axis")
    assert "A5" in state(g)["cards"]["axis"]["removed"] and state(g)["stats"]["starred_events"]["axis"] == 1
