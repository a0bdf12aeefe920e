"""engine.determinize: a game a side cannot tell from the real one, its hidden information drawn afresh.

Hidden from a side (engine/README.md, *Views*): the opponent's hand, both draw piles' order,
the random generator. A determinized game keeps everything the side sees and never copies
the hidden parts: two games differing only in them give the same determinized game.
"""
import random

import pytest

import engine
from engine.core import randomplay
from tests import fuzzing

AXIS_HAND = ["A1", "A2", "A3", "A4", "A12", "A14"]


def _position(soviet_hand, seed):
    return engine.new_game("stalins_war", seed=seed, position={
        "setup": True, "turn": 2, "hands": {"axis": AXIS_HAND, "soviet": soviet_hand}})


def test_determinize_does_not_depend_on_the_hidden_information():
    one = _position(["S9", "S10", "S12", "S13", "S18", "S19"], seed=1)
    two = _position(["S11", "S14", "S15", "S16", "S22", "S25"], seed=99)
    assert one.view("axis") == two.view("axis")
    assert one.to_json() != two.to_json()
    for seed in (0, 5):
        a, b = engine.determinize(one, "axis", seed), engine.determinize(two, "axis", seed)
        assert a.to_json() == b.to_json()


def test_determinized_game_shows_the_side_the_same_view_and_actions():
    game = _position(["S9", "S10", "S12", "S13", "S18", "S19"], seed=3)
    copy = engine.determinize(game, "axis", 11)
    assert copy.view("axis") == game.view("axis")
    assert copy.legal_actions("axis") == game.legal_actions("axis")
    assert copy.to_json()["cards"]["axis"]["hand"] == AXIS_HAND


def test_determinize_redraws_the_opponents_hand_and_the_dice():
    game = _position(["S9", "S10", "S12", "S13", "S18", "S19"], seed=3)
    true = game.to_json()
    hands = set()
    for seed in range(8):
        s = engine.determinize(game, "axis", seed).to_json()
        hands.add(tuple(sorted(s["cards"]["soviet"]["hand"])))
        assert len(s["cards"]["soviet"]["hand"]) == 6
        assert sorted(s["cards"]["soviet"]["hand"] + s["cards"]["soviet"]["draw"]) == \
            sorted(true["cards"]["soviet"]["hand"] + true["cards"]["soviet"]["draw"])
        assert s["rng"] != true["rng"]
    assert len(hands) > 1


def test_determinize_keeps_the_cards_seen_by_intel_this_turn():
    game = engine.new_game("stalins_war", seed=4, position={
        "setup": True, "turn": 2, "hands": {"soviet": ["S25", "S9"], "axis": ["A1", "A2", "A3"]}})
    game.apply("axis", {"type": "zero_ops", "option": "pass", "discard": None})
    game.apply("soviet", {"type": "play_card", "card": "S25", "as": "event"})
    seen = game.view("soviet")["intel"]["cards"]
    for seed in range(4):
        copy = engine.determinize(game, "soviet", seed)
        assert sorted(copy.to_json()["cards"]["axis"]["hand"]) == sorted(seen)


def test_determinized_games_play_on_without_error():
    rng = random.Random(2)
    game = engine.new_game("stalins_war", scenario="campaign", seed=2)
    for _ in range(150):
        side = game.active_sides()[0]
        action = randomplay.choose(rng, game.legal_actions(side), fuzzing.WEIGHTS, fuzzing.classify)
        game.apply(side, {k: v for k, v in action.items() if k != "label"})
    copy = engine.determinize(game, "soviet", 1)
    assert copy.view("soviet") == game.view("soviet")
    randomplay.play(copy, 1, weights=fuzzing.WEIGHTS, classify=fuzzing.classify)
    assert copy.result()["winner"] in ("axis", "soviet")


def test_determinize_refuses_an_unknown_side():
    with pytest.raises(ValueError):
        engine.determinize(engine.new_game("stalins_war", seed=1), "finland", 1)
