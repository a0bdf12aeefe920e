"""Zones of control (8.0).

A unit exerts a ZOC when its type has one (8.1: LCUs, Soviet mech corps, tank and guards
armies, German Panzer Corps; never Stalin) and it is in *full* supply: units in fortress
supply (8.1) or out of supply (13.3.6) have none. The supply looked at is the one last
judged for the unit (13.1.1), so a ZOC does not flicker while the other side moves.

A ZOC covers the six adjacent land hexes except across lake/sea hexsides, into a
standing fortress (whoever built it, the Soviet Volga fortress included) or a festung,
and — for Axis ZOCs only — into a hex holding the Soviet Fortified Zone (8.2).

What a ZOC does (8.3) is the business of the rules that meet it: movement stops on
entering one and may not go from one to another, leaving one costs 1 OPS unless a unit
that began the round there stays (7.3.3); rail may not enter one (10.2.2); supply
(13.1.3) and retreats (11.4.4) may not pass one unless a friendly unit stands in the
hex (`negated`). Advance after combat and exploitation ignore ZOCs.
"""
from __future__ import annotations

from . import terrain
from .constants import AXIS
from .context import Ctx


def exerts_zoc(c: Ctx, uid: str) -> bool:
    return c.udef(uid).zoc and c.s["units"][uid]["supply"] == "full"


def zoc_barred(c: Ctx, hid: str) -> bool:
    """Hexes no ZOC extends into: standing fortresses and festungs (8.2)."""
    if terrain.fortress_standing(c, hid):
        return True
    m = c.s["markers"]
    return hid in m["festung"] or hid == m.get("volga_fortress")


def zoc_hexes(c: Ctx, side: str) -> frozenset[str]:
    """Every hex in the ZOC of `side`'s units."""
    key = ("zoc", side)
    if key in c.cache:
        return c.cache[key]
    result = c.cache[key] = frozenset(terrain.hex_bits(c).hexes(zoc_bits(c, side)))
    return result


def zoc_bits(c: Ctx, side: str) -> int:
    """`zoc_hexes` as bits (see hexbits): one step from every hex with a unit exerting a ZOC, less the
    hexes it cannot extend into. The land steps are exactly the ZOC's (no lake or sea hexside)."""
    key = ("zoc_bits", side)
    out = c.cache.get(key)
    if out is None:
        bits = terrain.hex_bits(c)
        origins = bits.of({c.loc(uid) for uid in c.units_on_map(side) if exerts_zoc(c, uid)})
        m = c.s["markers"]
        barred = [h for h in terrain.fortress_hexes(c) if h not in m["fortress_destroyed"]]  # standing (8.2)
        barred += m["festung"]
        if m.get("volga_fortress"):
            barred.append(m["volga_fortress"])
        if side == AXIS:
            barred += fortified_zone_hexes(c)
        out = c.cache[key] = bits.step(origins, bits.land_steps) & ~bits.of(barred)
    return out


def zoc_hexes_unbarred(c: Ctx, side: str) -> frozenset[str]:
    """`side`'s ZOC as it would be with no fortress or festung in the way (the Fortified Zone still bars
    Axis ZOCs): what covers a fortress the moment an enemy unit's entry destroys it."""
    key = ("zoc_unbarred", side)
    if key in c.cache:
        return c.cache[key]
    out: set[str] = set()
    fortified_zone = fortified_zone_hexes(c) if side == AXIS else set()
    edges = terrain.land_edges(c)
    for uid in c.units_on_map(side):
        if exerts_zoc(c, uid):
            out.update(n for n, _ in edges[c.loc(uid)] if n not in fortified_zone)
    result = frozenset(out)
    c.cache[key] = result
    return result


def in_enemy_zoc(c: Ctx, hid: str, side: str) -> bool:
    return hid in zoc_hexes(c, c.enemy(side))


def negated(c: Ctx, hid: str, side: str) -> bool:
    """8.3: a friendly unit in the hex negates enemy ZOC there, for retreat and supply only."""
    return bool(c.units_at(hid, side))


def fortified_zone_hexes(c: Ctx) -> set[str]:
    return {c.loc(u) for u in c.units_on_map("soviet") if c.udef(u).kind == "fortified_zone"}
