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


def attack(g, side: str, target: str, units, dice=None) -> list[dict]:
    """Declare, commit, force the dice (attacker's die first), resolve; return the log of the resolution."""
    declare(g, side, target, units)
    if dice:
        g.force_dice(*dice)
    return g.apply(side, {"type": "resolve"})


def result(log: list[dict]) -> dict | None:
    """The final picture of the last combat that ended in these log entries (kind "combat_result")."""
    found = [e["combat"] for e in log if e.get("kind") == "combat_result"]
    return found[-1] if found else None


def outcome(g, log: list[dict]) -> dict:
    """The combat as the view shows it while it lasts, or its final picture once it is over."""
    return combat(g) or result(log)


def no_cards(g) -> list[dict]:
    """Decline combat cards for whichever side is asked."""
    log = []
    while phase(g) == "cards":
        side = g.active_sides()[0]
        log += g.apply(side, {"type": "done_combat_cards"})
    return log


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


def die_for(table: str, strength: int, shift: int, loss: int, asterisk: bool | None = None) -> int:
    """A die roll that gives `loss` (and, if given, `asterisk`) on a Fire Table for this strength and net shift."""
    from engine.stalins_war.data import load_data

    t = load_data().tables.fire[table]
    col = t.shifted(t.column_for(strength), shift)
    for die in range(1, 7):
        got, star = t.result(col, die)
        if got == loss and (asterisk is None or star == asterisk):
            return die
    raise AssertionError(f"no die gives {loss}{'*' if asterisk else ''} on the {table} table at {strength} ({shift:+d})")


def with_state(g, change):
    """A copy of the game after `change(state)` edits its JSON state (for set-ups positions cannot express)."""
    s = g.to_json()
    change(s)
    return engine.load(s)


def finish(g) -> None:
    """Play the combat to its end: take the first offered choice, never advancing or playing cards."""
    finish_combat(g)


def tie_dice(cb: dict, exclude=(0,)) -> tuple[int, int]:
    """Dice giving both sides the same plain Loss Number (not in `exclude`) for the fire shown in `cb`."""
    a, d = cb["fire"][cb["attacker"]], cb["fire"][cb["defender"]]
    for loss in range(7):
        if loss in exclude:
            continue
        try:
            return (die_for(a["table"], a["strength"], a["net"], loss, False),
                    die_for(d["table"], d["strength"], d["net"], loss, False))
        except AssertionError:
            continue
    raise AssertionError("no common Loss Number")


def first_choices(g, log: list[dict], phases=("losses",)) -> list[dict]:
    """Answer decisions of the given combat phases with the first offered action."""
    while phase(g) in phases:
        side = g.active_sides()[0]
        a = g.legal_actions(side)[0]
        log += g.apply(side, strip(a))
    return log
