"""Positions: a human-writable description of any game situation (as FEN is for chess).

    engine.new_game("stalins_war", seed=7, position={
        "turn": 3, "round": 2, "active": "soviet",
        "units": {"2722": ["SU-Stalin", "SU-ResF"], "2520": ["GE-4A:1", "GE-46Pz"]},
        "control": {"2420": "axis"},
        "hands": {"soviet": ["S12", "S30"]},
        "flags": {"taifun": True},
        "ops": 3,                      # the active side has just played a card for 3 OPS
    })

Every key is optional; the full list is in engine/README.md ("Positions"). Whatever a
position leaves out takes the value a fresh game would have, except that no unit is
on the map unless the position places it (``"setup": true`` starts from 25.0's set-up).
"""
from __future__ import annotations

from ..core.errors import IllegalAction, PositionError
from . import decks, flow, ops_pool, stacking, supply
from .constants import AXIS, BOXES, ELIMINATED, OTHER_FRONTS, POOL, REMOVED, SIDES, SOVIET, TRACK
from .context import Ctx
from .data import GameData
from .state import RP_KINDS, OptionsError, blank_state, fresh_round_state

KEYS = {
    "scenario", "setup", "options", "turn", "round", "active", "phase", "units", "boxes", "oos", "limited",
    "control", "vp", "hand_size", "rp", "banked", "consec", "hands", "discards", "removed_cards", "draw",
    "flags", "markers", "dice", "draws", "stats", "ops", "combat", "hold",
}
PHASES = ("action", "replacement", "draw", "end_of_turn")


def _parse_unit(data: GameData, entry: str) -> tuple[str, int]:
    uid, _, lost = entry.partition(":")
    if uid not in data.units:
        raise PositionError(f"unknown unit {uid!r}")
    n = int(lost) if lost else 0
    if not 0 <= n < len(data.units[uid].steps):
        raise PositionError(f"{uid} has {len(data.units[uid].steps)} steps; cannot have lost {n}")
    return uid, n


def state_from_position(data: GameData, pos: dict, *, seed: int, options: dict | None, scenario: str) -> dict:
    if not isinstance(pos, dict):
        raise PositionError("a position is a dict")
    unknown = sorted(set(pos) - KEYS)
    if unknown:
        raise PositionError(f"unknown position key(s) {unknown}; known: {sorted(KEYS)}")
    if scenario not in data.scenarios:
        raise PositionError(f"unknown scenario {scenario!r}")
    try:
        s = blank_state(data, scenario, seed, {**(pos.get("options") or {}), **(options or {})})
    except OptionsError as exc:
        raise PositionError(str(exc)) from None
    c = Ctx(s, data)

    s["turn"] = _int(pos, "turn", 1, 1, data.scenarios[scenario].last_turn)
    s["round"] = _int(pos, "round", 1, 1, 5)
    s["active"] = pos.get("active", AXIS)
    if s["active"] not in SIDES:
        raise PositionError("active must be 'axis' or 'soviet'")
    s["phase"] = pos.get("phase", "action")
    if s["phase"] not in PHASES:
        raise PositionError(f"phase must be one of {PHASES}")

    _place_units(c, pos)
    for key in ("vp",):
        if key in pos:
            s[key] = int(pos[key])
    for key in ("hand_size", "banked", "consec"):
        for side, value in (pos.get(key) or {}).items():
            if side not in SIDES:
                raise PositionError(f"{key}: unknown side {side!r}")
            s[key][side] = int(value)
    for kind, value in (pos.get("rp") or {}).items():
        if kind not in RP_KINDS:
            raise PositionError(f"rp: unknown kind {kind!r}; use {RP_KINDS}")
        s["rp"][kind] = int(round(float(value) * 2))
    for hid, side in (pos.get("control") or {}).items():
        if hid not in data.map.hexes or side not in SIDES:
            raise PositionError(f"control: {hid!r} -> {side!r} is not a hex and a side")
        s["control"][hid] = side
    for flag, value in (pos.get("flags") or {}).items():
        if flag not in s["flags"]:
            raise PositionError(f"unknown flag {flag!r}; known: {sorted(s['flags'])}")
        s["flags"][flag] = s["turn"] if value is True else value
    _markers(c, pos.get("markers") or {})
    for key, value in (pos.get("stats") or {}).items():
        s["stats"][key] = value
    _cards(c, pos)
    s["forced"]["dice"] = list(pos.get("dice") or [])
    for side, cards in (pos.get("draws") or {}).items():
        s["forced"]["draws"][side] = list(cards)

    if "ops" in pos:
        if s["phase"] != "action":
            raise PositionError('"ops" starts an OPS round, so the phase must be "action"')
        side = s["active"]
        s["rs"] = fresh_round_state(side)
        s["rs"]["started"] = {u: c.loc(u) for u in c.units_on_map(side)}
        s["rs"]["type"] = "ops"
        s["round_open"] = True
        supply.judge(c, c.units_on_map(side))
        ops_pool.start(c, side, int(pos["ops"]))
    elif s["phase"] != "action":
        s["segment"] = 0
    for uid in pos.get("oos") or []:
        s["units"][uid]["supply"] = "none"
    for uid in pos.get("limited") or []:
        s["units"][uid]["supply"] = "limited"
    c.changed()
    if "combat" in pos:
        _combat(c, pos["combat"])
    elif pos.get("hold"):
        if s["phase"] != "end_of_turn":
            raise PositionError('"hold" waits at the End of Turn phase: give "phase": "end_of_turn"')
        # Held at the Axis's end-of-turn decision even with nothing to remove, so a test can look
        # at the position before the turn closes (6.0 E).
        s["segment"] = 1
        flow.push(c, "end_of_turn", side=AXIS)
    return s


def _combat(c: Ctx, spec) -> None:
    """A combat declared and its attackers committed, before anything is resolved (11.1, 11.2.1 steps 1-2)."""
    s = c.s
    if not isinstance(spec, dict) or not isinstance(spec.get("target"), str):
        raise PositionError('combat: {"target": hex, "attackers": [unit, ...]}')
    if s["phase"] != "action" or "ops" not in s["rs"] or not s["round_open"]:
        raise PositionError('"combat" needs an OPS round: give "ops" too')
    side = s["active"]
    attackers = list(spec.get("attackers") or [])
    for uid in attackers:
        if uid not in s["units"] or not c.on_map(uid):
            raise PositionError(f"combat: {uid!r} is not a unit on the map")
        if c.loc(uid) not in s["markers"]["combat"]:
            s["markers"]["combat"].append(c.loc(uid))
    ops = flow.top(c)
    ops["stage"] = "combat"
    try:
        for action in [{"type": "attack", "target": spec["target"]}] + \
                [{"type": "commit", "unit": u} for u in attackers]:
            f = flow.top(c)
            step = flow.STEPS[f["kind"]]
            step.check(c, f, side, action)
            step.apply(c, f, side, action)
    except IllegalAction as exc:
        raise PositionError(f"combat: {exc}") from None


def _int(pos: dict, key: str, default: int, low: int, high: int) -> int:
    value = pos.get(key, default)
    if not isinstance(value, int) or not low <= value <= high:
        raise PositionError(f"{key} must be an integer from {low} to {high}")
    return value


def _place_units(c: Ctx, pos: dict) -> None:
    data, s = c.d, c.s
    if pos.get("setup"):
        for hid, entries in c.scenario.setup.items():
            for entry in entries:
                uid, lost = entry if isinstance(entry, tuple) else (entry, 0)
                s["units"][uid].update(loc=hid, lost=lost)
    for hid, entries in (pos.get("units") or {}).items():
        if hid not in data.map.hexes or not data.map.hexes[hid].playable:
            raise PositionError(f"units: {hid!r} is not a playable hex")
        for entry in entries:
            uid, lost = _parse_unit(data, entry)
            s["units"][uid].update(loc=hid, lost=lost)
    boxes = pos.get("boxes") or {}
    for box in (ELIMINATED, OTHER_FRONTS, REMOVED, POOL):
        for entry in boxes.get(box, []):
            uid, lost = _parse_unit(data, entry)
            s["units"][uid].update(loc=box, lost=lost)
    for turn, entries in (boxes.get(TRACK) or {}).items():
        for entry in entries:
            uid, _ = _parse_unit(data, entry)
            s["units"][uid].update(loc=TRACK, lost=0, returns=int(turn))
    c.changed()
    for hid in {u["loc"] for u in s["units"].values() if u["loc"] not in BOXES}:
        found = stacking.problems(c, c.units_at(hid))
        if found:
            raise PositionError(f"hex {hid}: {found[0]}")


def _markers(c: Ctx, markers: dict) -> None:
    m = c.s["markers"]
    for key, value in markers.items():
        if key not in m:
            raise PositionError(f"unknown marker kind {key!r}; known: {sorted(m)}")
        m[key] = dict(value) if isinstance(m[key], dict) else (list(value) if isinstance(value, list) else value)


def _cards(c: Ctx, pos: dict) -> None:
    """Hands, discards and removed cards as given; every other card of the decks in play in the draw pile."""
    s, data = c.s, c.d
    total_war = bool(s["flags"]["total_war"])
    hands = pos.get("hands") or {}
    discards = pos.get("discards") or {}
    removed = pos.get("removed_cards") or {}
    draws = pos.get("draw") or {}
    placed: set[str] = set()
    for side in SIDES:
        p = {name: [] for name in decks.PILES}
        for pile, given in (("hand", hands), ("discard", discards), ("removed", removed), ("draw", draws)):
            for cid in given.get(side, []):
                if cid not in data.cards or data.cards[cid].side != side:
                    raise PositionError(f"{pile}: {cid!r} is not a {side} card")
                if cid in placed:
                    raise PositionError(f"card {cid} is in two places")
                placed.add(cid)
                p[pile].append(cid)
        explicit_draw = side in draws
        rest = []
        for cid, cd in sorted(data.cards.items(), key=lambda kv: kv[1].number):
            if cd.side != side or cid in placed:
                continue
            if side == SOVIET and cd.number <= 6 and not s["options"]["shuffle_soviet_reinforcements"] \
                    and _auto_turn(c, cid) >= s["turn"]:
                p["set_aside"].append(cid)
            elif cd.deck == "total_war" and not total_war:
                p["total_war"].append(cid)
            elif not explicit_draw:
                rest.append(cid)
            else:
                p["discard"].append(cid)
        c.rng().shuffle(rest)
        p["draw"].extend(rest)
        s["cards"][side] = p


def _auto_turn(c: Ctx, cid: str) -> int:
    """The turn whose Draw phase hands this set-aside card to the Soviet player (7.1.3, the turn track)."""
    for td in c.scenario.turns:
        if cid in td.soviet_automatic_draws:
            return td.number
    return 0

