"""The attrition segments (6.0 B, 13.3.8, 13.3.9).

Right after its last action round of the turn, a side judges the supply of all its
units and of all its cities, ports, oil and VP hexes, at one instant:
- units out of supply are eliminated (13.3.8): SCUs and Soviet LCUs to the Eliminated
  Units box, Axis LCUs to the turn track three turns on (`losses.eliminate`); units in
  fortress supply or Baku's limited supply survive (13.2.3, 13.2.4);
- each such hex that a friendly unit standing in it could not supply, and that holds no
  standing friendly fortress or festung, passes to the enemy (13.3.9), moving the VP
  level if it is a VP hex (5.1.1).

Ruling: units and hexes are judged in the same position, before any unit is removed
(so an out-of-supply unit's hex and the hexes around it are judged as they stood).
"""
from __future__ import annotations

from . import control, grants, losses, supply, terrain
from .constants import AXIS
from .context import Ctx


def run(c: Ctx, side: str) -> None:
    c.say(f"{side.capitalize()} attrition.", kind="phase")
    oos = supply.judge(c, c.units_on_map(side))
    lost = lost_hexes(c, side)
    for uid in oos:
        if grants.attrition_supply(c, uid):
            c.say(f"{c.unit_label(uid)} is supplied by an event this turn and survives attrition.", kind="supply",
                  unit=uid)
            continue
        losses.eliminate(c, uid, oos=True, why="out of supply in attrition (13.3.8)")
    for hid in lost:
        control.set_control(c, hid, c.enemy(side), how="attrition")
    if side == AXIS:
        grants.expire(c)  # the events' supply lasts until the end of this turn's Attrition Phase


def lost_hexes(c: Ctx, side: str) -> list[str]:
    """13.3.9: friendly cities, ports, oil and VP hexes that would be out of supply."""
    out = []
    for hid, owner in sorted(c.s["control"].items()):
        if owner != side:
            continue
        h = c.map.hexes[hid]
        if not (terrain.is_city(c, hid) or h.port or h.oil or h.vp):
            continue
        if supply.own_fortress(c, hid, side) or (side == AXIS and grants.keeps_control(c, hid)):
            continue
        if not supply.hex_supplied(c, hid, side, limited_counts=True):
            out.append(hid)
    return out
