"""The attrition segments (6.0 B, 13.3.8, 13.3.9).

Right after its last action round of the turn, a side judges the supply of all its
units: those out of supply are eliminated, and its cities, ports, oil and VP hexes
that a unit of its own could not supply (and that hold no standing friendly fortress
or festung) pass to the enemy.
"""
from __future__ import annotations

from . import control, losses, supply, terrain
from .constants import AXIS
from .context import Ctx


def run(c: Ctx, side: str) -> None:
    c.say(f"{side.capitalize()} attrition.", kind="phase")
    supply.judge(c, c.units_on_map(side))
    for uid in c.units_on_map(side):
        if c.s["units"][uid]["supply"] == "none":
            losses.eliminate(c, uid, oos=True, why="out of supply in attrition (13.3.8)")
    c.cache.clear()
    for hid in lost_hexes(c, side):
        control.set_control(c, hid, c.enemy(side), how="attrition")


def holds_own_fortress(c: Ctx, hid: str, side: str) -> bool:
    m = c.s["markers"]
    if c.map.hexes[hid].fortress == side and terrain.fortress_standing(c, hid):
        return True
    if side == AXIS and hid in m["festung"]:
        return True
    return side != AXIS and m.get("volga_fortress") == hid


def lost_hexes(c: Ctx, side: str) -> list[str]:
    """13.3.9: friendly cities, ports, oil and VP hexes that would be out of supply."""
    out = []
    for hid, owner in sorted(c.s["control"].items()):
        if owner != side:
            continue
        h = c.map.hexes[hid]
        if not (h.settlement in ("city", "major_city") or h.port or h.oil or h.vp):
            continue
        if holds_own_fortress(c, hid, side):
            continue
        if not supply.hex_supplied(c, hid, side, limited_counts=True):
            out.append(hid)
    return out
