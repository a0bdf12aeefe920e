"""Zones of control (8.0).

A unit exerts a ZOC when its type has one (8.1) and it is in full supply; units in
fortress supply or out of supply have none (8.1, 13.3.6). A ZOC covers the six
adjacent hexes except across lake/sea hexsides, into fortress or festung hexes, and
(for Axis ZOCs) into a hex holding the Soviet Fortified Zone (8.2).
"""
from __future__ import annotations

from .constants import AXIS
from .context import Ctx


def exerts_zoc(c: Ctx, uid: str) -> bool:
    return c.udef(uid).zoc and c.s["units"][uid]["supply"] == "full"


def zoc_barred(c: Ctx, hid: str) -> bool:
    """Hexes no ZOC extends into: undestroyed fortresses and festungs (8.2)."""
    h = c.map.hexes[hid]
    if h.fortress and hid not in c.s["markers"]["fortress_destroyed"]:
        return True
    return hid in c.s["markers"]["festung"] or hid == c.s["markers"].get("volga_fortress")


def zoc_hexes(c: Ctx, side: str) -> frozenset[str]:
    """Every hex in the ZOC of `side`'s units."""
    key = ("zoc", side)
    if key in c.cache:
        return c.cache[key]
    out: set[str] = set()
    fortified_zone = fortified_zone_hexes(c) if side == AXIS else set()
    for uid in c.units_on_map(side):
        if not exerts_zoc(c, uid):
            continue
        here = c.loc(uid)
        for n in c.map.neighbours(here):
            if n in out:
                continue
            side_info = c.map.hexside(here, n)
            if side_info is not None and side_info.impassable:
                continue
            if not c.map.hexes[n].playable or zoc_barred(c, n) or n in fortified_zone:
                continue
            out.add(n)
    result = frozenset(out)
    c.cache[key] = result
    return result


def in_enemy_zoc(c: Ctx, hid: str, side: str) -> bool:
    return hid in zoc_hexes(c, c.enemy(side))


def negated(c: Ctx, hid: str, side: str) -> bool:
    """8.3: a friendly unit in the hex negates enemy ZOC there for retreat and supply."""
    return bool(c.units_at(hid, side))


def fortified_zone_hexes(c: Ctx) -> set[str]:
    return {c.loc(u) for u in c.units_on_map() if c.udef(u).kind == "fortified_zone"}
