"""Reads never write: every read of the public API leaves `to_json()` exactly as it was.

Positions come from random games (the fuzzer's policy), sampled often inside combats,
where the view shows a fire preview. `engine.load` works on its own copy.
"""
from __future__ import annotations

import copy
import json
import random

import engine
from engine.core import randomplay
from tests import fuzzing

SIDES = ("axis", "soviet")


def _every_read(game: engine.Game) -> None:
    game.active_sides()
    game.result()
    for side in SIDES:
        game.legal_actions(side)
        game.prompt(side)
    for viewer in (*SIDES, None):
        engine.render_svg(game.view(viewer))
    for side in SIDES:  # a refused action is not a read, but it must leave no trace either
        try:
            game.apply(side, {"type": "no_such_action"})
        except engine.IllegalAction:
            pass


def _random_steps(seed: int, steps: int, moves_first: float = 0.0):
    """Yield (game, side, action) along a random campaign; the caller applies the action. With
    `moves_first`, that share of the decisions offering unit moves (regular or rail) takes one of
    them: several moves a round, so the game keeps unit searches from one position to the next."""
    rng = random.Random(seed)
    game = engine.new_game("stalins_war", scenario="campaign", seed=seed)
    for _ in range(steps):
        if game.result() is not None:
            return
        sides = game.active_sides()
        side = sides[0] if len(sides) == 1 else rng.choice(sides)
        legal = game.legal_actions(side)
        moves = [a for a in legal if a["type"] in ("move", "rail")] if moves_first else []
        if moves and rng.random() < moves_first:
            action = rng.choice(moves)
        else:
            action = randomplay.choose(rng, legal, fuzzing.WEIGHTS, fuzzing.classify)
        yield game, side, {k: v for k, v in action.items() if k != "label"}


def _positions(seed: int, steps: int):
    """Yield the game at sampled points of a random campaign: every combat decision, and every 9th step."""
    for step, (game, side, action) in enumerate(_random_steps(seed, steps)):
        stack = game.to_json()["stack"]
        if (bool(stack) and stack[-1]["kind"] == "combat") or step % 9 == 0:
            yield game
        game.apply(side, action)


def test_reads_never_change_the_state_on_random_positions():
    checked = combats = 0
    for seed in (11, 12):
        for game in _positions(seed, 700):
            before = copy.deepcopy(game.to_json())
            _every_read(game)
            assert game.to_json() == before, f"a read changed the state (seed {seed}, turn {before['turn']})"
            checked += 1
            combats += bool(before["stack"]) and before["stack"][-1]["kind"] == "combat"
    assert checked > 50 and combats > 5  # the sample really reached combats


def test_commit_then_cancel_leaves_the_state_a_replay_gives():
    """A combat declared, previewed in every view, then cancelled: the stored state equals its replay."""
    rng = random.Random(5)
    game = engine.new_game("stalins_war", scenario="campaign", seed=5)
    log = []
    for _ in range(4000):
        side = game.active_sides()[0]
        legal = game.legal_actions(side)
        commits = [a for a in legal if a["type"] == "commit"]
        if commits:
            for a in (commits[0], {"type": "cancel"}):
                a = {k: v for k, v in a.items() if k != "label"}
                game.apply(side, a)
                log.append((side, a))
                for viewer in (*SIDES, None):
                    game.view(viewer)
            break
        a = {k: v for k, v in randomplay.choose(rng, legal, fuzzing.WEIGHTS, fuzzing.classify).items() if k != "label"}
        game.apply(side, a)
        log.append((side, a))
    else:
        raise AssertionError("no combat was declared")
    again = engine.replay("stalins_war", "campaign", 5, {}, log)
    assert game.to_json() == again.to_json()


def test_load_works_on_a_copy_of_the_callers_dict():
    data = engine.new_game("stalins_war", scenario="campaign", seed=3).to_json()
    kept = engine.new_game("stalins_war", scenario="campaign", seed=3).to_json()
    game = engine.load(data)
    game.force_dice(6, 6)
    side = game.active_sides()[0]
    game.apply(side, {k: v for k, v in game.legal_actions(side)[0].items() if k != "label"})
    assert data == kept
    assert engine.load(game.to_json()).to_json() == game.to_json()


def test_a_state_handed_out_by_to_json_never_changes():
    """`to_json` returns the game's own state: whatever the game does next, that dict stays as it was."""
    kept = []
    for step, (game, side, action) in enumerate(_random_steps(21, 300)):
        if step % 7 == 0:
            state = game.to_json()
            kept.append((state, json.dumps(state)))
        for viewer in (*SIDES, None):
            game.view(viewer)
        try:
            game.apply(side, {"type": "no_such_action"})
        except engine.IllegalAction:
            pass
        if step % 50 == 0:  # the test hooks too
            game.force_dice(3)
            draw = game.to_json()["cards"][side]["draw"]
            if draw:
                game.force_draws(side, draw[0])
        game.apply(side, action)
    assert len(kept) > 10
    for state, text in kept:
        assert json.dumps(state) == text


def test_a_game_that_has_answered_questions_acts_as_a_fresh_load_of_its_state():
    """The memo a position's answers leave (reused by `apply`'s check and, when the action changed
    no supply input, by the next position) changes no answer: each step, the game the questions
    were asked of and a fresh `load` of its state give equal views and legal actions, and the
    same action leaves them in equal states."""
    compared = 0
    for seed in (31, 32):
        for game, side, action in _random_steps(seed, 250):
            fresh = engine.load(copy.deepcopy(game.to_json()))
            for viewer in (*SIDES, None):
                assert game.view(viewer) == fresh.view(viewer)
            for s in SIDES:
                assert game.legal_actions(s) == fresh.legal_actions(s)
            before = copy.deepcopy(game.to_json())
            fresh.apply(side, action)
            game.apply(side, action)
            assert game.to_json() == fresh.to_json()
            assert game.view(None) == fresh.view(None)
            assert before != game.to_json()  # the step really moved on
            compared += 1
    assert compared > 300


def test_views_of_a_position_share_their_public_part_and_nothing_the_engine_does_changes_it():
    """Views are read-only (engine/README.md, *Views*): one position's views share their public part
    instead of each copying it. The engine's own later work (more views, the full view, drawing the
    board, legal actions, refused and applied actions) must leave every view it handed out as it was."""
    kept = []
    for step, (game, side, action) in enumerate(_random_steps(41, 300)):
        views = {viewer: game.view(viewer) for viewer in (*SIDES, None)}
        assert views["axis"]["units"] is views["soviet"]["units"] is views[None]["units"]
        assert views["axis"]["viewer"] == "axis" and views[None]["viewer"] is None
        assert views[None]["hand"] is None and views[side]["hand"] is not None
        if step % 5 == 0:
            kept.append((views, side, json.dumps(views[side]), json.dumps(views[None])))
        _every_read(game)
        game.full_view()
        game.apply(side, action)
    assert len(kept) > 40
    for views, side, text, spectator in kept:
        assert json.dumps(views[side]) == text
        assert json.dumps(views[None]) == spectator


def test_movement_searches_kept_across_moves_give_a_fresh_loads_actions():
    """A unit's movement search is kept from one position to the next and reused while its inputs are
    equal: along campaigns of many moves each round, both sides' legal actions (flat and packed) and
    the result of each action equal those of a fresh `load` of the state."""
    moved = 0
    for seed in (41, 42):
        for game, side, action in _random_steps(seed, 220, moves_first=0.8):
            fresh = engine.load(copy.deepcopy(game.to_json()))
            for s in SIDES:
                assert game.packed_legal_actions(s) == fresh.packed_legal_actions(s)
                assert game.legal_actions(s) == fresh.legal_actions(s)
            fresh.apply(side, action)
            game.apply(side, action)
            assert game.to_json() == fresh.to_json()
            moved += action["type"] == "move"
    assert moved > 100  # many moves in a row really reused (and dropped) kept searches


def test_an_action_is_legal_only_as_listed_whatever_its_values_compare_equal_to():
    """The check compares actions by their exact JSON: a listed action with a label of any text is
    accepted, but a value of another type that Python finds equal (True for 1, 1.0 for 1, a list
    for a string) is refused."""
    for game, side, action in _random_steps(7, 400):
        stack = game.to_json()["stack"]
        ints = [k for k, v in action.items() if type(v) is int]
        strs = [k for k, v in action.items() if type(v) is str and k != "type"]
        if stack and stack[-1]["kind"] != "operations" and (ints or strs):
            for k in ints:
                for other in (float(action[k]), action[k] == 1):
                    wrong = {**action, k: other}
                    if json.dumps(wrong, sort_keys=True) != json.dumps(action, sort_keys=True):
                        try:
                            engine.load(game.to_json()).apply(side, wrong)
                        except engine.IllegalAction:
                            continue
                        raise AssertionError(f"{wrong} was accepted as {action}")
            for k in strs:
                try:
                    engine.load(game.to_json()).apply(side, {**action, k: [action[k]]})
                except engine.IllegalAction:
                    continue
                raise AssertionError(f"a list was accepted for {k} in {action}")
            again = engine.load(game.to_json())
            again.apply(side, {**action, "label": "any words"})
            game.apply(side, action)
            assert again.to_json() == game.to_json()
            return
        game.apply(side, action)
    raise AssertionError("no decision with a generic check was met")
