"""The fuzzer: whole random games (and bot games with random perturbations) never crash or stall, and end with a result.

`python3 manage.py bench fuzz` plays many; CI plays a few (FUZZ_GAMES, default 6 per
scenario) and then as many more as it takes for one game to reach the late war.
Every saved failure in tests/fuzz_failures/ is replayed here.
"""
import os
from pathlib import Path

import pytest

from tests import fuzzing

GAMES = int(os.environ.get("FUZZ_GAMES", "6"))
SAVED = sorted(Path(fuzzing.FAILURES).glob("*.json"))


@pytest.mark.slow
@pytest.mark.parametrize("scenario", ["campaign", "tournament"])
@pytest.mark.parametrize("seed", range(GAMES))
def test_random_game_ends_with_a_result(scenario, seed):
    out = fuzzing.run_one(scenario, 1000 + seed)
    assert out["error"] is None, out.get("saved")
    assert out["result"]["winner"] in ("axis", "soviet")


@pytest.mark.slow
def test_random_games_fight_their_way_into_the_late_war():
    """Random campaigns until one reaches turn 10: none may fail, and they must really fight."""
    fought = 0
    for seed in range(2000, 2040):
        out = fuzzing.run_one("campaign", seed)
        assert out["error"] is None, out.get("saved")
        fought += out["happened"]["combats fought"]
        if out["turn"] >= 10:
            break
    else:
        pytest.fail("no random campaign reached turn 10 in 40 games")
    assert fought > 0 and out["happened"]["retreats"] + out["happened"]["advances"] > 0


LATE_GAMES = int(os.environ.get("FUZZ_LATE_GAMES", "3"))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(LATE_GAMES))
def test_random_games_from_total_war_positions_play_out_to_a_result(seed):
    """Late-war starts (turns 6-18, both decks in play): no crash, no stall, a result; Total War cards get played."""
    out = fuzzing.run_late(3000 + seed)
    assert out["error"] is None, out.get("saved")
    assert out["result"]["winner"] in ("axis", "soviet")
    assert out["turn"] >= out["start_turn"] >= 6


def test_saved_failures_now_replay_cleanly():
    for path in SAVED:
        g = fuzzing.replay_failure(path)
        assert g.active_sides() or g.result() is not None, path.name


BOT_GAMES = int(os.environ.get("FUZZ_BOT_GAMES", "1"))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(BOT_GAMES))
def test_bot_games_with_random_perturbations_play_out_to_a_result(seed):
    """Bot against bot with a tenth of the decisions random (tests/fuzzing.py run_bots): no crash, a result."""
    out = fuzzing.run_bots(4000 + seed, 0.1)
    assert out["error"] is None, out.get("saved")
    assert out["result"]["winner"] in ("axis", "soviet")
    assert out["happened"]["combats fought"] > 0
