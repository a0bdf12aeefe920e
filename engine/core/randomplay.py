"""Playing a game with random legal actions, through the public API only (the fuzzer's engine).

Each decision picks one of the legal actions at random. By default every action type
is equally likely (and each action within a type too), so a decision with three
thousand moves and one "end_movement" still ends soon. A game module may pass
`weights` (action type -> relative weight) to make random games more like real ones,
for instance to attack more often than to pass; the choice stays random.
"""
from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Callable, Mapping

from .protocol import Game


@dataclass
class Playout:
    seed: int
    actions: list[tuple[str, dict]] = field(default_factory=list)
    result: dict | None = None
    steps: int = 0


class DeadEnd(AssertionError):
    """No side can act but the game has no result."""


Classify = Callable[[dict], str]


def choose(rng: random.Random, actions: list[dict], weights: Mapping[str, float] | None = None,
           classify: Classify | None = None) -> dict:
    """A random action: first a class (by weight; the action type unless `classify` says), then one of it."""
    by_type: dict[str, list[dict]] = defaultdict(list)
    for a in actions:
        by_type[classify(a) if classify else a["type"]].append(a)
    kinds = sorted(by_type)
    w = [max(0.0, (weights or {}).get(k, 1.0)) for k in kinds]
    if not any(w):
        w = [1.0] * len(kinds)
    kind = rng.choices(kinds, weights=w)[0]
    return rng.choice(by_type[kind])


def play(game: Game, seed: int, *, weights: Mapping[str, float] | None = None,
         classify: Classify | None = None, max_steps: int = 300_000) -> Playout:
    """Play until the game ends; raise DeadEnd if no side can act first."""
    rng = random.Random(seed)
    out = Playout(seed=seed)
    while game.result() is None:
        sides = game.active_sides()
        if not sides:
            raise DeadEnd(f"no side can act at step {out.steps} and there is no result")
        side = sides[0] if len(sides) == 1 else rng.choice(sides)
        actions = game.legal_actions(side)
        if not actions:
            raise DeadEnd(f"{side} must act at step {out.steps} but has no legal action")
        action = {k: v for k, v in choose(rng, actions, weights, classify).items() if k != "label"}
        out.actions.append((side, action))
        game.apply(side, action)
        out.steps += 1
        if out.steps >= max_steps:
            raise DeadEnd(f"no result after {max_steps} actions")
    out.result = game.result()
    return out
