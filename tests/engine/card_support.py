"""Helpers for the card tests (one test per card, named after it), through the public API only.

Places (data/stalins_war/map): 1920 Vilnius (city), 1921 Molodechno (town), 2021 (clear),
2022 Minsk (city), 1822 Baranovichi (town), 2121 (clear), 2122 Mogilev (town) — clear
country with plain hexsides between 1920/1921/2021/2022.
"""
from __future__ import annotations

import engine
from engine.stalins_war.data import load_data

DATA = load_data()
P = DATA.map.places
STAGE_ENDS = ("end_movement", "end_marking", "end_combat", "end_exploitation")


def strip(a: dict) -> dict:
    return {k: v for k, v in a.items() if k != "label"}


def axis_west(col: int) -> dict:
    """Control of every tracked hex up to column `col` for the Axis (so its supply runs east)."""
    base = engine.new_game("stalins_war", seed=1, position={}).view(None)["control"]
    return {h: "axis" for h, s in base.items() if s == "soviet" and int(h[:2]) <= col}


def game(side: str = "axis", hand=(), *, turn: int = 6, round: int = 2, seed: int = 1, **pos):
    """A position at the start of `side`'s action round holding `hand` (the card to play first)."""
    position = {"turn": turn, "round": round, "active": side, **pos}
    hands = dict(position.pop("hands", {}))
    hands.setdefault(side, list(hand))
    position["hands"] = hands
    return engine.new_game("stalins_war", seed=seed, position=position)


def play(g, side: str, card: str, use: str = "event") -> list[dict]:
    return g.apply(side, {"type": "play_card", "card": card, "as": use})


def offered(g, side: str, card: str, use: str = "event") -> bool:
    return any(a["type"] == "play_card" and a["card"] == card and a["as"] == use for a in g.legal_actions(side))


def act(g, side: str, **action) -> list[dict]:
    return g.apply(side, action)


def legal(g, side: str, kind: str, **fields) -> list[dict]:
    return [a for a in g.legal_actions(side) if a["type"] == kind and all(a.get(k) == v for k, v in fields.items())]


def view(g, viewer=None) -> dict:
    return g.view(viewer)


def decision(g) -> str | None:
    d = g.view(None)["decision"]
    return d["kind"] if d else None


def ops(g) -> int:
    d = g.view(None)["decision"]
    return d.get("ops", 0) if d and d["kind"] == "operations" else 0


def unit(g, uid: str) -> dict | None:
    return next((u for u in g.view(None)["units"] if u["id"] == uid), None)


def where(g, uid: str) -> str:
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


def cards(g, side: str) -> dict:
    return g.view(None)["cards"][side]


def texts(log: list[dict]) -> str:
    return " | ".join(e["text"] for e in log)


def finish_round(g, side: str) -> list[dict]:
    log = []
    while side in g.active_sides() and decision(g) == "operations":
        end = next(a for a in g.legal_actions(side) if a["type"] in STAGE_ENDS)
        log += g.apply(side, strip(end))
    return log


def to_combat(g, side: str, marks=()) -> None:
    g.apply(side, {"type": "end_movement"})
    for h in marks:
        g.apply(side, {"type": "mark_combat", "hex": h})
    if g.view(None)["decision"].get("stage") == "mark":
        g.apply(side, {"type": "end_marking"})


def combat_view(g) -> dict | None:
    d = g.view(None)["decision"]
    return d.get("combat") if d and d["kind"] == "combat" else None


def fight(g, side: str, target: str, attackers, *, plays=None, dice=(3, 3), declare=True) -> list[dict]:
    """Declare (unless the position already did), resolve, play the listed combat cards, fire with `dice`.

    `plays` is {side: [card, ...]}; each side declines once its cards are down. Returns the log.
    """
    plays = {k: list(v) for k, v in (plays or {}).items()}
    log = []
    if declare:
        log += g.apply(side, {"type": "attack", "target": target})
        for u in attackers:
            log += g.apply(side, {"type": "commit", "unit": u})
    g.force_dice(*dice)
    log += g.apply(side, {"type": "resolve"})
    while combat_view(g) and combat_view(g)["phase"] == "cards":
        who = g.active_sides()[0]
        mine = plays.get(who) or []
        if mine:
            log += g.apply(who, {"type": "combat_card", "card": mine.pop(0)})
        else:
            log += g.apply(who, {"type": "done_combat_cards"})
    return log


def result(log: list[dict]) -> dict | None:
    found = [e["combat"] for e in log if e.get("kind") == "combat_result"]
    return found[-1] if found else None


def picture(g, log: list[dict]) -> dict:
    """The combat as the view shows it while it lasts, else its final picture from the log."""
    return combat_view(g) or result(log)


def shifts(pic: dict, side: str) -> str:
    return " | ".join(s["why"] for s in pic["fire"][side]["shifts"])


def finish_combat(g) -> list[dict]:
    """Take the first offered choice (or the plain way out) until the combat frame closes."""
    log = []
    while combat_view(g):
        side = g.active_sides()[0]
        acts = g.legal_actions(side)
        a = next((x for x in acts if x["type"] in ("end_advance", "done_combat_cards", "accept_retreat")), acts[0])
        log += g.apply(side, strip(a))
    return log


def die_for(table: str, strength: int, shift: int, loss: int) -> int:
    t = DATA.tables.fire[table]
    col = t.shifted(t.column_for(strength), shift)
    for die in range(1, 7):
        if t.result(col, die)[0] == loss:
            return die
    raise AssertionError(f"no die gives {loss} on {table} at strength {strength} shift {shift}")
