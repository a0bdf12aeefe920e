"""Computer opponents for Stalin's War, on the engine's public API only.

    import bots
    action = bots.choose(game, "axis")                      # the `fast` heuristics
    action = bots.choose(game, "soviet", level="search", seed=7, budget=200)
    game.apply("axis", action)

A bot decides only from what its side may know: `game.view(side)` and
`game.legal_actions(side)`; the `search` level also simulates on games from
`engine.determinize(game, side, seed)`, whose hidden information is drawn afresh and never
read from the true game. For a given seed the choice is deterministic. See bots/README.md.
"""
from __future__ import annotations

import random

import engine

from . import fast

LEVELS = ("fast", "search")


def choose(game: engine.Game, side: str, level: str = "fast", seed: int = 0, budget: int | None = None,
           time_limit: float | None = None) -> dict:
    """One legal action for `side` (a member of `game.legal_actions(side)`).

    `level`: "fast" (heuristics, well under a second) or "search" (determinized Monte Carlo
    over the fast policy; `budget` simulations, default 24, stopped early by `time_limit`
    seconds, default 5). Raises ValueError for an unknown level or a side with nothing to do.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {LEVELS}")
    legal = game.legal_actions(side)
    if not legal:
        raise ValueError(f"{side} has no legal action now")
    if len(legal) == 1:
        return legal[0]
    view = game.view(side)
    if level == "search":
        from . import search

        return search.choose(game, side, view, legal, seed, budget, time_limit)
    return fast.decide(view, legal, side, decision_rng(seed, side, view, legal), game)


def decision_rng(seed: int, side: str, view: dict, legal: list[dict]) -> random.Random:
    """A generator fixed by the seed and where the game stands (the same view gives the same draws)."""
    return random.Random(f"{seed}|{side}|{view['turn']}|{view['round']}|{view['phase']}|{len(legal)}")


__all__ = ["choose", "LEVELS"]
