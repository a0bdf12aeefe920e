"""Playing a game with random legal actions, through the public API only (the fuzzer's engine).

The policy is uniform over the legal actions, except that actions which finish a
stage ("end_movement", "done_discarding", …) are taken with probability `finish`
whenever offered, so games move on at a human pace rather than wandering.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from .protocol import Game

FINISHING = ("end_", "done_", "decline_", "cancel")


@dataclass
class Playout:
    seed: int
    actions: list[tuple[str, dict]] = field(default_factory=list)
    result: dict | None = None
    steps: int = 0


class DeadEnd(AssertionError):
    """No side can act but the game has no result."""


def is_finishing(action: dict) -> bool:
    return action["type"].startswith(FINISHING) or action["type"] == "resolve"


def choose(rng: random.Random, actions: list[dict], finish: float) -> dict:
    finishing = [a for a in actions if is_finishing(a)]
    if finishing and (len(finishing) == len(actions) or rng.random() < finish):
        return rng.choice(finishing)
    others = [a for a in actions if not is_finishing(a)]
    return rng.choice(others)


def play(game: Game, seed: int, *, max_steps: int = 200_000, finish: float = 0.15) -> Playout:
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
        action = {k: v for k, v in choose(rng, actions, finish).items() if k != "label"}
        out.actions.append((side, action))
        game.apply(side, action)
        out.steps += 1
        if out.steps >= max_steps:
            raise DeadEnd(f"no result after {max_steps} actions")
    out.result = game.result()
    return out
