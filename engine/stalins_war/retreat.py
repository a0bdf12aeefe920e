"""Retreats (11.4, 16.1.4, 16.3.5, 16.4.3): where a defeated defender may go.

Each retreating unit moves on its own (11.4.1: they may split up). A path is the list
of hexes entered. The hard limits of 11.4.4 decide which paths exist: exactly the
required length; never into enemy units, an enemy fortress or festung, across a lake
or sea hexside, or into an enemy ZOC no friendly unit negates; on a two-hex retreat
not back into the defending hex and not ending next to it; never ending over-stacked;
and the national and turn-1 borders that bind all movement (4.4.3, 4.4.4, 19.1, 19.2).
An Axis unit that enters a hex with inactive partisans stops there (16.1.4).

Of the paths that exist, the offered ones are those best by the priorities of 11.4.4,
in order: fewest enemy-controlled cities entered, then ending in supply (judged as it
will be once the retreating units have left the defending hex), then (Axis) fewest
inactive-partisan hexes. A unit with no path is eliminated, and counts as
eliminated out of supply (11.4.4); so is a unit with no movement allowance (11.4.6).
Stalin never retreats (16.4.3). Retreating units take control only of the hex where
they stop (11.4.4).
"""
from __future__ import annotations

from . import control, losses, stacking, supply
from .constants import AXIS, SOVIET
from .context import Ctx
from .movement import entry_refusal
from .zoc import zoc_hexes


def _enemy_strongpoint(c: Ctx, hid: str, side: str) -> bool:
    h = c.map.hexes[hid]
    m = c.s["markers"]
    foe = c.enemy(side)
    if h.fortress == foe and hid not in m["fortress_destroyed"]:
        return True
    if side == SOVIET and hid in m["festung"]:
        return True
    return side == AXIS and m.get("volga_fortress") == hid


def step_refusal(c: Ctx, uid: str, frm: str, to: str, ezoc: frozenset[str]) -> str | None:
    side = c.side_of(uid)
    why = entry_refusal(c, uid, frm, to)
    if why:
        return why
    if _enemy_strongpoint(c, to, side):
        return "11.4.4: no retreat into an enemy fortress or festung"
    if to in ezoc and not c.units_at(to, side):
        return "11.4.4: no retreat into an enemy ZOC that no friendly unit negates"
    return None


def legal_paths(c: Ctx, uid: str, origin: str, length: int) -> list[list[str]]:
    """Every path the hard limits allow (stacking checked where the path ends)."""
    side = c.side_of(uid)
    ezoc = zoc_hexes(c, c.enemy(side))
    partisans = set(c.s["markers"]["partisans"]) if side == AXIS else set()
    near = set(c.map.neighbours(origin))
    out: list[list[str]] = []
    for a in c.map.neighbours(origin):
        if step_refusal(c, uid, origin, a, ezoc):
            continue
        if length == 1 or a in partisans:
            out.append([a])
            continue
        for b in c.map.neighbours(a):
            if b == origin or b in near:
                continue
            if step_refusal(c, uid, a, b, ezoc):
                continue
            out.append([a, b])
    may_end = stacking.end_move_test(c, uid)
    return [p for p in out if may_end(p[-1])]


def _net_after(c: Ctx, group: str, leaving: frozenset[str]):
    """The supply network as it will be once the retreating units have left the defending hex."""
    key = ("retreat_net", group, leaving)
    if key not in c.cache:
        if not leaving:
            c.cache[key] = supply.net(c, group)
        else:
            from .context import Ctx as _Ctx

            shadow = dict(c.s)
            shadow["units"] = {u: ({**v, "loc": "pool"} if u in leaving else v) for u, v in c.s["units"].items()}
            c.cache[key] = supply.net(_Ctx(shadow, c.d), group)
    return c.cache[key]


def _in_supply_at(c: Ctx, uid: str, hid: str, leaving: frozenset[str] = frozenset()) -> bool:
    ud = c.udef(uid)
    if ud.kind == "partisan":
        return True
    if _net_after(c, supply.group_of(c, uid), leaving).status(hid) != "none":
        return True
    side = ud.side
    h = c.map.hexes[hid]
    m = c.s["markers"]
    if h.fortress == side and hid not in m["fortress_destroyed"]:
        return True
    return (side == AXIS and hid in m["festung"]) or (side == SOVIET and m.get("volga_fortress") == hid)


def priority(c: Ctx, uid: str, path: list[str], leaving: frozenset[str] = frozenset()) -> tuple[int, int, int]:
    side = c.side_of(uid)
    foe = c.enemy(side)
    from .terrain import is_city

    cities = sum(1 for h in path if is_city(c, h) and c.controller(h) == foe)
    unsupplied = 0 if _in_supply_at(c, uid, path[-1], leaving) else 1
    partisans = sum(1 for h in path if h in c.s["markers"]["partisans"]) if side == AXIS else 0
    return cities, unsupplied, partisans


def offered_paths(c: Ctx, uid: str, origin: str, length: int, leaving=()) -> list[list[str]]:
    """The legal paths best by 11.4.4's priorities; supply is judged as if `leaving` had left the origin."""
    paths = legal_paths(c, uid, origin, length)
    if not paths:
        return []
    gone = frozenset(leaving) | {uid}
    keys = [priority(c, uid, p, gone) for p in paths]
    best = min(keys)
    return [p for p, k in zip(paths, keys) if k == best]


def must_stay(c: Ctx, uid: str) -> bool:
    """Stalin never retreats (16.4.3); partisans standing aside do not either (11.1.7, 16.1.6)."""
    return c.udef(uid).kind == "stalin"


def eliminate_unable(c: Ctx, uid: str, why: str) -> None:
    losses.eliminate(c, uid, oos=True, why=why)


def execute(c: Ctx, uid: str, path: list[str]) -> None:
    start = c.loc(uid)
    for hid in path:
        c.set_loc(uid, hid)
    end = path[-1]
    control.entered(c, uid, end)
    c.s["rs"]["retreated"][uid] = end
    c.say(f"{c.unit_label(uid)} retreats {start} → {' → '.join(path)}.", kind="retreat", unit=uid,
          path=[start, *path])
