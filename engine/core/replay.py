"""Rebuilding a game from its seed and action log (the basis of storage and audit)."""
from __future__ import annotations

from typing import Iterable

from .protocol import Game, module_for


def replay(game: str, scenario: str | None, seed: int, options: dict | None,
           actions: Iterable[tuple[str, dict]], position: dict | None = None) -> Game:
    """Start a new game and apply every (side, action) in order; raise on the first illegal one."""
    g = module_for(game).new(scenario=scenario, seed=seed, options=options or {}, position=position)
    for side, action in actions:
        g.apply(side, action)
    return g
