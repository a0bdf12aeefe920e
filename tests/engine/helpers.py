"""Small helpers for the ground-rule tests (3, 5.1.1, 7.3.3, 7.5.2, 8–10, 13, 14, 17, 19), through the public API.

`game(...)` builds a position (engine/README.md, "Positions"); the query helpers read
views and legal actions; `hexinfo` reads the board only to state a test's premise.
"""
from __future__ import annotations

import copy

import pytest

import engine
from engine.stalins_war.data import load_data

STAGE_ENDS = ("end_movement", "end_marking", "end_combat", "end_exploitation")


def game(position: dict | None = None, seed: int = 0, options: dict | None = None, **keys):
    """A game from a position; keyword arguments are merged into it."""
    pos = {**(position or {}), **keys}
    return engine.new_game("stalins_war", seed=seed, options=options or {}, position=pos)


def axis_west(col: int) -> dict:
    """A `control` entry handing the Axis every Soviet-held hex up to column `col` (so Axis supply runs east)."""
    return {h: "axis" for h, s in game().view(None)["control"].items() if s == "soviet" and int(h[:2]) <= col}


def hexinfo(hid: str):
    """The board's record of a hex (for a test's premises only)."""
    return load_data().map.hexes[hid]


def place(name: str) -> str:
    return load_data().map.places[name]


def unit(g, uid: str) -> dict | None:
    return next((u for u in g.view(None)["units"] if u["id"] == uid), None)


def where(g, uid: str) -> str:
    """The unit's hex, or the box it is in ("eliminated", "removed", "other_fronts", "track:<turn>", "pool")."""
    u = unit(g, uid)
    if u:
        return u["hex"]
    boxes = g.view(None)["boxes"]
    for box in ("eliminated", "removed", "other_fronts"):
        if uid in boxes[box]:
            return box
    for turn, uids in boxes["track"].items():
        if uid in uids:
            return f"track:{turn}"
    return "pool"


def supply(g, uid: str) -> str:
    return unit(g, uid)["supply"]


def lost(g, uid: str) -> int:
    return unit(g, uid)["lost"]


def control(g, hid: str) -> str | None:
    return g.view(None)["control"].get(hid)


def legal(g, side: str, kind: str, **fields) -> list[dict]:
    return [a for a in g.legal_actions(side) if a["type"] == kind and all(a.get(k) == v for k, v in fields.items())]


def moves(g, side: str, uid: str) -> dict[str, list[str]]:
    """Destination -> the hexes a regular move of `uid` there enters (the cheapest path the engine takes).

    `legal_actions` lists destinations only; the path is read from the move's log entry, made on a copy."""
    out = {}
    for a in legal(g, side, "move", unit=uid):
        log = engine.load(g.to_json()).apply(side, {"type": "move", "unit": uid, "to": a["to"]})
        out[a["to"]] = next(e["path"][1:] for e in log if e.get("kind") == "move")
    return out


def exploits(g, side: str, uid: str) -> dict[str, list[str]]:
    """Destination -> the hexes an exploitation of `uid` there enters (the path the engine takes), as `moves`."""
    out = {}
    for a in legal(g, side, "exploit", unit=uid):
        log = engine.load(g.to_json()).apply(side, {"type": "exploit", "unit": uid, "to": a["to"]})
        out[a["to"]] = next(e["path"][1:] for e in log if e.get("kind") == "exploit")
        assert len(out[a["to"]]) == a["hexes"]
    return out


def rails(g, side: str, uid: str) -> set[str]:
    return {a["to"] for a in legal(g, side, "rail", unit=uid)}


def seas(g, side: str, uid: str) -> set[str]:
    return {a["to"] for a in legal(g, side, "sea", unit=uid)}


def act(g, side: str, **action):
    return g.apply(side, action)


def refused(g, side: str, rule: str, **action) -> str:
    """Apply an action that must be refused; check the message names `rule`; return the message."""
    before = copy.deepcopy(g.to_json())  # to_json is the game's own state: keep a copy to compare
    with pytest.raises(engine.IllegalAction) as info:
        g.apply(side, action)
    assert rule in str(info.value), f"expected rule {rule} in: {info.value}"
    assert g.to_json() == before
    return str(info.value)


def ops_left(g) -> int:
    d = g.view(None)["decision"]
    return d.get("ops", 0) + d.get("banked", 0)


def decision(g) -> str | None:
    d = g.view(None)["decision"]
    return d["kind"] if d else None


def finish_round(g, side: str) -> None:
    """End `side`'s OPS round without doing anything more."""
    while side in g.active_sides() and decision(g) == "operations":
        end = next(a for a in g.legal_actions(side) if a["type"] in STAGE_ENDS)
        g.apply(side, {k: v for k, v in end.items() if k != "label"})


def end_of_turn_attrition(side: str, units: dict, **kw):
    """A position in `side`'s fifth round of turn 5; the round ends and its attrition segment runs."""
    g = game(turn=5, round=5, active=side, ops=0, units=units, **kw)
    finish_round(g, side)
    return g
