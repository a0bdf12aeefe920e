"""What an action reveals (the ground for undo), the hand's plays with reasons, the full view, the situation."""
from __future__ import annotations

import json
import random

import pytest

import engine
from engine.stalins_war import context
from tests.engine.sw import act, game, start

HEX = "3427"
RIGA = "1918"


def kinds(g) -> list[str]:
    return [r["kind"] for r in g.revealed()]


def plays(g, side: str, card: str) -> dict:
    entry = next(c for c in g.view(side)["hand"] if c["id"] == card)
    return {p["as"]: p for p in entry["plays"]}


# ---- what an action reveals --------------------------------------------------------------------

def test_nothing_applied_yet_reveals_nothing_to_say():
    g = engine.new_game("stalins_war", scenario="campaign", seed=3, options={})
    assert g.revealed() is None
    assert engine.load(g.to_json()).revealed() is None


def test_playing_a_card_from_ones_own_hand_reveals_nothing():
    g = game(turn=6, control={RIGA: "axis"}, hands={"axis": ["A12", "A1"]})
    act(g, "axis", type="play_card", card="A12", **{"as": "ops"})
    assert g.revealed() == []


def test_a_move_reveals_nothing():
    g = game(turn=5, active="soviet", ops=2, units={HEX: ["SU-WestF", "SU-13R"]})
    act(g, "soviet", type="move", unit="SU-13R", path=["3428"])
    assert g.revealed() == []


def test_a_die_roll_reveals_the_result():
    g = game(turn=5, active="soviet", ops=2, units={HEX: ["SU-WestF"]}, flags={"peoples_militia": True}, dice=[3])
    act(g, "soviet", type="entrench", hex=HEX, bonus=False)
    assert g.revealed() == []  # the die is rolled only when movement ends (10.3.1)
    act(g, "soviet", type="end_movement")
    assert "die" in kinds(g)
    assert any("entrench" in r["text"] for r in g.revealed())


def test_drawing_a_card_reveals_it():
    g = game(turn=6, control={RIGA: "axis"}, hands={"axis": ["A12", "A1"]})
    act(g, "axis", type="zero_ops", option="pass", discard="A1")
    assert "draw" in kinds(g)


def test_handing_the_decision_to_the_other_side_ends_what_may_be_taken_back():
    g = game(turn=6, control={RIGA: "axis"}, hands={"axis": ["A12", "A1"]})
    act(g, "axis", type="zero_ops", option="pass", discard=None)
    assert g.active_sides() == ["soviet"]
    assert kinds(g) == ["hand_over"]


def test_the_opening_deal_reveals_random_cards():
    g = engine.new_game("stalins_war", scenario="campaign", seed=5, options={})
    act(g, "soviet", type="decline_pick")
    assert {"random", "draw"} <= set(kinds(g))


def test_the_state_comparison_catches_a_die_the_rules_forgot_to_report(monkeypatch):
    """Even if a rule module rolled without saying so, the hidden-state comparison notices."""
    monkeypatch.setattr(context.Ctx, "reveal", lambda self, kind, text: None)
    g = game(turn=5, active="soviet", ops=2, units={HEX: ["SU-WestF"]}, flags={"peoples_militia": True}, dice=[3])
    act(g, "soviet", type="entrench", hex=HEX, bonus=False)
    act(g, "soviet", type="end_movement")
    assert "random" in kinds(g)
    g = game(turn=6, control={RIGA: "axis"}, hands={"axis": ["A12", "A1"]})
    act(g, "axis", type="zero_ops", option="pass", discard="A1")
    assert "draw" in kinds(g)


def test_revealed_is_a_copy():
    g = game(turn=6, control={RIGA: "axis"}, hands={"axis": ["A12", "A1"]})
    act(g, "axis", type="zero_ops", option="pass", discard="A1")
    g.revealed().clear()
    assert g.revealed()


def test_an_illegal_action_leaves_the_last_report_alone():
    g = game(turn=6, control={RIGA: "axis"}, hands={"axis": ["A12", "A1"]})
    act(g, "axis", type="play_card", card="A12", **{"as": "ops"})
    with pytest.raises(engine.IllegalAction):
        act(g, "axis", type="play_card", card="A1", **{"as": "ops"})
    assert g.revealed() == []


def hidden_from(state: dict, side: str) -> dict:
    other = "soviet" if side == "axis" else "axis"
    return {"rng": state["rng"], "forced": state["forced"], "hand": state["cards"][other]["hand"],
            "draw": {s: state["cards"][s]["draw"] for s in ("axis", "soviet")}}


def test_an_action_that_reveals_nothing_leaves_everything_hidden_untouched():
    """What undo relies on: taking such an action back cannot rewind luck or show a hidden card."""
    rng = random.Random(7)
    g = engine.new_game("stalins_war", scenario="tournament", seed=2, options={})
    undoable = 0
    for _ in range(200):
        sides = g.active_sides()
        if not sides:
            break
        side = sides[0]
        before = g.to_json()
        g.apply(side, rng.choice(g.legal_actions(side)))
        if g.revealed() == []:
            undoable += 1
            assert hidden_from(g.to_json(), side) == hidden_from(before, side)
            assert side in g.active_sides()
    assert undoable > 5


# ---- the hand: plays allowed now, and why not ----------------------------------------------------

def test_7_3_2_the_hand_shows_the_ops_a_card_gives_now():
    g = game(turn=6, round=1, control={RIGA: "axis"}, consec={"axis": 2}, hands={"axis": ["A12", "A1"]})
    ops = plays(g, "axis", "A12")["ops"]
    assert ops["allowed"] and ops["printed"] == 4 and ops["ops"] == 2
    assert ops["why"] == "4 → 2 OPS: consecutive OPS count 2 (7.3.2)"
    label = next(a["label"] for a in g.legal_actions("axis") if a.get("card") == "A12" and a.get("as") == "ops")
    assert "4 → 2 OPS" in label and "(A12)" in label
    act(g, "axis", **ops["action"])
    assert g.view(None)["round_ops"] == 2


def test_7_3_2_a_fresh_count_gives_the_printed_ops():
    g = game(turn=6, control={RIGA: "axis"}, hands={"axis": ["A12"]})
    ops = plays(g, "axis", "A12")["ops"]
    assert (ops["ops"], ops["why"]) == (4, "4 OPS")


def test_4_4_1_the_hand_says_why_rp_plays_wait_for_turn_2():
    g = start(seed=4)
    card = g.view("axis")["hand"][0]["id"]
    rp = plays(g, "axis", card)["rp"]
    assert not rp["allowed"] and rp["action"] is None
    assert rp["rule"] == "4.4.1" and rp["reason"].endswith("(4.4.1)") and "turn 1" in rp["reason"]


def test_15_1_1_the_hand_says_why_ops_plays_wait_in_rasputitsa():
    g = game(turn=5, round=1, control={RIGA: "axis"}, hands={"axis": ["A12"]})
    ops = plays(g, "axis", "A12")["ops"]
    assert not ops["allowed"] and ops["rule"] == "15.1.1"


def test_7_2_cards_wait_for_their_owners_action_round():
    g = game(turn=6, control={RIGA: "axis"}, hands={"axis": ["A12"], "soviet": ["S12"]})
    for p in plays(g, "soviet", "S12").values():
        assert not p["allowed"] and "Axis action round" in p["reason"] and p["rule"] == "7.2"


def test_7_5_5a_combat_cards_are_offered_for_combats_only():
    g = game(turn=6, control={RIGA: "axis"}, hands={"axis": ["A2"]})
    entry = plays(g, "axis", "A2")
    assert "event" not in entry and not entry["combat"]["allowed"] and entry["combat"]["rule"] == "7.5.5a"


def test_every_allowed_play_is_a_legal_action_and_every_card_play_is_shown():
    rng = random.Random(3)
    g = engine.new_game("stalins_war", scenario="campaign", seed=9, options={})
    checked = 0
    for _ in range(150):
        sides = g.active_sides()
        if not sides:
            break
        for side in sides:
            legal = [{k: v for k, v in a.items() if k != "label"} for a in g.legal_actions(side)]
            shown = [p["action"] for card in g.view(side)["hand"] for p in card["plays"] if p["allowed"]]
            assert all(a in legal for a in shown)
            hand = {c["id"] for c in g.view(side)["hand"]}
            wanted = [a for a in legal if a["type"] in ("play_card", "combat_card") and a["card"] in hand]
            assert all(a in shown for a in wanted)
            checked += len(shown)
        side = sides[0]
        g.apply(side, rng.choice(g.legal_actions(side)))
    assert checked > 20


# ---- the full view (replays of finished games) -------------------------------------------------

def test_the_full_view_shows_both_hands_and_nothing_else_hidden():
    g = start(seed=8)
    full = g.full_view()
    s = g.to_json()
    for side in ("axis", "soviet"):
        assert [c["id"] for c in full["hands"][side]] == s["cards"][side]["hand"]
    text = json.dumps(full)
    assert str(s["rng"]) not in text
    assert "forced" not in full
    assert all(set(full["cards"][side]) == set(g.view(None)["cards"][side]) for side in ("axis", "soviet"))
    assert full["hand"] is None


# ---- the situation ------------------------------------------------------------------------------

def situation(g, side=None) -> dict:
    return g.view(side)["situation"]


def test_5_1_2_turn_4_condition_is_listed_until_turn_4_only():
    on = [c for c in situation(game(turn=3, control={RIGA: "axis"}))["victory"]["conditions"] if c["turn"] == 4]
    assert any("Moscow, Leningrad and Rostov or Sevastopol" in c["text"] for c in on)
    assert {p["name"] for c in on for p in c["places"]} >= {"Moscow", "Leningrad", "Rostov", "Sevastopol"}
    later = situation(game(turn=5, control={RIGA: "axis"}))["victory"]["conditions"]
    assert not [c for c in later if c["turn"] == 4]


def test_5_1_3_the_vp_thresholds_and_the_vp_hexes_held():
    g = game(turn=6, vp=11, control={RIGA: "axis"})
    v = situation(g)["victory"]
    assert (v["vp"], v["axis_wins_at"], v["soviet_wins_at"]) == (11, 20, 0)
    assert "Axis wins at 20" in v["text"] and "Soviets at 0" in v["text"]
    riga = next(h for h in situation(g)["vp_hexes"] if h["hex"] == RIGA)
    assert riga == {"hex": RIGA, "name": "Riga", "holder": "axis", "soviet_union": True}


def test_7_2_1_rounds_left_for_each_side():
    g = game(turn=6, round=3, active="soviet", control={RIGA: "axis"})
    r = situation(g)["rounds"]
    assert (r["round"], r["last_round"], r["round_side"]) == (3, 5, "soviet")
    assert r["left"] == {"axis": 2, "soviet": 3}


def test_7_6_4_total_war_progress():
    g = game(turn=6, control={RIGA: "axis"}, stats={"starred_events": {"axis": 5, "soviet": 7}})
    tw = situation(g)["total_war"]
    assert tw["starred"] == {"axis": 5, "soviet": 7} and not tw["started"]
    assert (tw["one_side"], tw["both"], tw["from_turn"]) == (12, 20, 6)


def test_17_1_hand_sizes_and_the_oil_that_sets_them():
    g = game(turn=6, control={RIGA: "axis"})
    hands = situation(g)["hands"]
    for side in ("axis", "soviet"):
        assert hands[side]["limit"] == g.view(None)["cards"][side]["hand_limit"]
        assert "oil" in hands[side]["text"]
