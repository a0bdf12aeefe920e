"""The fuzzer: whole random games never crash and never stall, and every game ends with a result.

`python3 manage.py bench fuzz` plays many; CI plays a few (FUZZ_GAMES, default 2 per scenario).
Every saved failure in tests/fuzz_failures/ is replayed here until it passes.
"""
import os
from pathlib import Path

import pytest

from tests import fuzzing

GAMES = int(os.environ.get("FUZZ_GAMES", "2"))
SAVED = sorted(Path(fuzzing.FAILURES).glob("*.json"))


@pytest.mark.slow
@pytest.mark.parametrize("scenario", ["campaign", "tournament"])
@pytest.mark.parametrize("seed", range(GAMES))
def test_random_game_ends_with_a_result(scenario, seed):
    out = fuzzing.run_one(scenario, 1000 + seed)
    assert out["error"] is None, out.get("saved")
    assert out["result"]["winner"] in ("axis", "soviet")


def test_saved_failures_now_replay_cleanly():
    for path in SAVED:
        g = fuzzing.replay_failure(path)
        assert g.active_sides() or g.result() is not None, path.name
