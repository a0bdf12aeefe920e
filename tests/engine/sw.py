"""Small helpers for engine rule tests, all through the public API."""
from __future__ import annotations

import engine

STAGE_ENDS = ("end_movement", "end_marking", "end_combat", "end_exploitation")


def game(seed: int = 1, options: dict | None = None, **position):
    """A game from a position given as keyword arguments (see engine/README.md, Positions)."""
    return engine.new_game("stalins_war", seed=seed, options=options or {}, position=position)


def start(seed: int = 1, scenario: str = "campaign", options: dict | None = None):
    """A game from the scenario's start, past the set-up choices."""
    g = engine.new_game("stalins_war", scenario=scenario, seed=seed, options=options or {})
    while g.view(None)["decision"]["kind"] in ("free_pick", "buy_card"):
        side = g.active_sides()[0]
        decline = next(a for a in g.legal_actions(side) if a["type"].startswith("decline"))
        g.apply(side, decline)
    return g


def types(g, side: str) -> set[str]:
    return {a["type"] for a in g.legal_actions(side)}


def has(g, side: str, **fields) -> bool:
    return any(all(a.get(k) == v for k, v in fields.items()) for a in g.legal_actions(side))


def act(g, side: str, **action):
    return g.apply(side, action)


def decision(g) -> str:
    return g.view(None)["decision"]["kind"]


def finish_round(g, side: str) -> None:
    """End the current OPS round of `side` without doing anything more."""
    while side in g.active_sides() and decision(g) == "operations":
        legal = g.legal_actions(side)
        end = next(a for a in legal if a["type"] in STAGE_ENDS)
        g.apply(side, {k: v for k, v in end.items() if k != "label"})


def place_all(g, side: str) -> list[str]:
    """Place a reinforcement card's units, each at the first hex offered; return them in order."""
    placed = []
    while decision(g) == "place_reinforcements":
        a = g.legal_actions(side)[0]
        placed.append(a["unit"])
        g.apply(side, {k: v for k, v in a.items() if k != "label"})
    return placed


def pass_round(g, side: str) -> None:
    """Take a 0-OPS round that does nothing."""
    g.apply(side, {"type": "zero_ops", "option": "pass", "discard": None})


def unit(g, uid: str, viewer=None) -> dict | None:
    return next((u for u in g.view(viewer)["units"] if u["id"] == uid), None)


def state(g) -> dict:
    return g.to_json()
