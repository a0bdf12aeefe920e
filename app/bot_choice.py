"""The bot's decision, run in a worker process (app/bot_worker.py) so its CPU never slows a web request.

Why the bot sees no hidden information although it is handed the full stored state: the
engine game built from it is passed to `bots.choose`, which decides only from what the
engine gives that side — `game.view(side)` and `game.legal_actions(side)` — and looks ahead
only on copies whose hidden parts (the opponent's hand, the draw piles, inactive partisans,
the dice) it re-samples consistently with that view (bots/README.md; a test in tests/bots
proves that games differing only in hidden information get the same choice). Nothing but
the chosen action comes back, and the server then applies it like any player's action,
through the engine's legality checks.
"""
from __future__ import annotations

import importlib
from typing import Any


def choose(engine_module: str, state: dict[str, Any], side: str, level: str, seed: int) -> dict[str, Any]:
    """The action `bots.choose` picks for `side` in the game stored as `state`."""
    import bots

    engine = importlib.import_module(engine_module)
    game = engine.load(state)  # a private copy: nothing the bot does to it reaches the server's games
    return bots.choose(game, side, level=level, seed=seed)
