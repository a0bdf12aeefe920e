"""Helpers for the combat, retreat, advance, exploitation and special-unit tests (public API only).

The places used (from the board, data/stalins_war/map):
- 1821 Grodno (town), 1920 Vilnius (city), 1921 Molodechno (town), 2021 (clear), 2022 Minsk
  (city), 1822 Baranovichi (town): clear country with few rivers; 1821-1921, 1920-1921 and
  2021-1921 are plain hexsides.
"""
from __future__ import annotations

import engine


def strip(action: dict) -> dict:
    return {k: v for k, v in action.items() if k != "label"}


def new(units: dict, *, active: str = "axis", turn: int = 6, round: int = 2, ops: int = 4,
        seed: int = 1, **position):
    """An OPS round of `active` at its movement stage."""
    pos = {"turn": turn, "round": round, "active": active, "units": units, "ops": ops}
    pos.update(position)
    return engine.new_game("stalins_war", seed=seed, position=pos)


def to_combat(g, side: str, marks=()) -> None:
    """End movement, place combat markers on `marks`, end marking."""
    g.apply(side, {"type": "end_movement"})
    for h in marks:
        g.apply(side, {"type": "mark_combat", "hex": h})
    if stage(g) == "mark":
        g.apply(side, {"type": "end_marking"})


def battle(units: dict, marks, *, active: str = "axis", **kw):
    g = new(units, active=active, **kw)
    to_combat(g, active, marks)
    return g


def stage(g) -> str | None:
    d = g.view(None)["decision"]
    return d.get("stage") if d and d["kind"] == "operations" else None


def combat(g, viewer=None) -> dict | None:
    d = g.view(viewer)["decision"]
    return d.get("combat") if d and d["kind"] == "combat" else None


def phase(g) -> str | None:
    cb = combat(g)
    return cb["phase"] if cb else None


def legal(g, side: str, kind: str | None = None) -> list[dict]:
    return [a for a in g.legal_actions(side) if kind is None or a["type"] == kind]


def has(g, side: str, **fields) -> bool:
    return any(all(a.get(k) == v for k, v in fields.items()) for a in g.legal_actions(side))


def declare(g, side: str, target: str, units) -> None:
    g.apply(side, {"type": "attack", "target": target})
    for u in units:
        g.apply(side, {"type": "commit", "unit": u})


def attack(g, side: str, target: str, units, dice=None) -> None:
    """Declare, commit, force the dice (attacker's die first), resolve."""
    declare(g, side, target, units)
    if dice:
        g.force_dice(*dice)
    g.apply(side, {"type": "resolve"})


def no_cards(g) -> None:
    """Decline combat cards for whichever side is asked."""
    while phase(g) == "cards":
        side = g.active_sides()[0]
        g.apply(side, {"type": "done_combat_cards"})


def take(g, side: str, *units) -> None:
    for u in units:
        g.apply(side, {"type": "take_loss", "unit": u})


def unit(g, uid: str) -> dict | None:
    return next((u for u in g.view(None)["units"] if u["id"] == uid), None)


def where(g, uid: str) -> str | None:
    u = unit(g, uid)
    return u["hex"] if u else None


def boxes(g) -> dict:
    return g.view(None)["boxes"]


def shifts(g, side: str) -> list[dict]:
    return combat(g)["fire"][side]["shifts"]


def shift_reasons(g, side: str) -> str:
    return " | ".join(s["why"] for s in shifts(g, side))


def finish_combat(g):
    """Take the first offered choice until the combat frame closes (ending advances at once)."""
    while combat(g):
        side = g.active_sides()[0]
        acts = g.legal_actions(side)
        a = next((x for x in acts if x["type"] in ("end_advance", "done_combat_cards", "accept_retreat")), acts[0])
        g.apply(side, {k: v for k, v in a.items() if k != "label"})
