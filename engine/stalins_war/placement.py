"""Where arriving units may be placed: reinforcements (7.5.2c) and recreated units (14.1.4).

Axis units go to their nation's capital or to friendly-held supply sources, cities
and fortresses in that nation that are in full supply; Soviet units likewise in the
Soviet Union, and also to supplied towns. Italians arrive at Bucharest or Odessa
while the Axis holds them. Stacking limits apply.
"""
from __future__ import annotations

from . import stacking, supply, terrain
from .constants import AXIS, SOVIET
from .context import Ctx

HOME = {"GE": ("germany",), "HU": ("hungary",), "RO": ("romania",), "SU": ("soviet_union", "baltic")}
CAPITAL = {"GE": "Berlin", "HU": "Buda", "RO": "Bucharest", "SU": "Moscow"}


def home_hexes(c: Ctx, uid: str) -> list[str]:
    """Hexes where this unit could arrive now, ignoring stacking."""
    ud = c.udef(uid)
    side = ud.side
    if ud.nationality == "IT":
        return [h for h in (c.map.places["Bucharest"], c.map.places["Odessa"])
                if c.s["control"].get(h) == AXIS and not c.units_at(h, SOVIET)]
    countries = HOME[ud.nationality]
    capital = c.map.places[CAPITAL[ud.nationality]]
    key = ("home", ud.nationality)
    if key in c.cache:
        return c.cache[key]
    out = []
    for hid, h in c.map.hexes.items():
        if not h.playable or h.country not in countries or c.s["control"].get(hid) != side:
            continue
        if c.units_at(hid, c.enemy(side)):
            continue
        if hid == capital:
            out.append(hid)
            continue
        eligible = (
            bool(h.supply_source)
            or terrain.is_city(c, hid)
            or terrain.fortress_standing(c, hid)
            or (side == SOVIET and h.settlement == "town")
        )
        if eligible and supply.hex_supplied(c, hid, side):
            out.append(hid)
    c.cache[key] = sorted(out)
    return c.cache[key]


def legal_hexes(c: Ctx, uid: str) -> list[str]:
    return [h for h in home_hexes(c, uid) if stacking.may_end_move(c, uid, h)]


def replaceable_targets(c: Ctx, uid: str) -> list[str]:
    """7.5.2c: on-map units a Total War Front / Guards Army / Guards Tank Army may replace (fully supplied)."""
    kind = c.udef(uid).replaces
    out = []
    for other in c.units_on_map(SOVIET):
        od = c.udef(other)
        if c.s["units"][other]["supply"] != "full" or not supply.status(c, other) == "full":
            continue
        if kind == "blitz_front" and od.size == "front" and not od.total_war:
            out.append(other)
        elif kind == "army" and od.size == "army" and od.kind in ("infantry", "rifle") and not od.guards:
            out.append(other)
        elif kind == "tank_army" and od.size == "army" and od.kind == "tank" and not od.guards:
            out.append(other)
    return out
