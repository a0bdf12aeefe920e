"""The real rules engine, except that new games start from the position in SW_TEST_POSITION.

Browser tests that need one exact situation (a retreat with a choice, forced dice) run the
server with `SW_ENGINE_MODULE=tests.browser.staged_engine` and the position as JSON
(engine/README.md, *Positions*; `dice` fixes the die rolls). Everything else is the engine.
"""
from __future__ import annotations

import json
import os

import engine as _engine
from engine import *  # noqa: F401,F403  (the public API, unchanged)


def new_game(game: str = "stalins_war", scenario: str | None = "campaign", seed: int = 0,
             options: dict | None = None, position: dict | None = None):
    staged = os.environ.get("SW_TEST_POSITION")
    if staged and position is None:
        position = json.loads(staged)
    return _engine.new_game(game, scenario=scenario, seed=seed, options=options, position=position)
