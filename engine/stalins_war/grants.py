"""Supply that an event grants until the end of this turn's Attrition Phase (A23, A40, A45).

``state["grants"]`` lists the grants in force (absent in states saved before they existed):

- A23 Air Bridge: ``{"card": "A23", "turn", "units": [...], "hexes": [hex]}`` — the units
  count as supplied in combat (no 13.3.5 shift, 13.3.4 cards allowed) and in attrition
  (13.3.8); the hex does not change hands by 13.3.9. For everything else they stay out
  of supply (movement, ZOC, strategic movement, exploitation, replacements).
- A40 Hube's Pocket: ``{"card": "A40", "turn", "units": [...], "full": true}`` — the units
  are in full supply for every purpose (`supply.status` says "full").
- A45 Courland Bridgehead: ``{"card": "A45", "turn", "baltic": true}`` — every Axis unit in
  or next to an Axis-controlled Baltic port counts as supplied in combat and attrition
  (judged where it stands at that moment), and those ports do not change hands by 13.3.9.

The Axis attrition segment is the end of "this turn's Attrition Phase" for these Axis
grants: `expire` drops them there (and a new turn drops any left over).
"""
from __future__ import annotations

from .constants import AXIS
from .context import Ctx


def active(c: Ctx) -> list[dict]:
    return [g for g in c.s.get("grants", ()) if g["turn"] == c.turn]


def add(c: Ctx, grant: dict) -> None:
    c.s.setdefault("grants", []).append({**grant, "turn": c.turn})
    c.changed()


def expire(c: Ctx) -> None:
    if c.s.get("grants"):
        c.s["grants"] = []
        c.changed()


def _baltic_ports(c: Ctx) -> set[str]:
    key = ("courland_ports",)
    if key not in c.cache:
        c.cache[key] = {h for h, x in c.map.hexes.items() if x.port == "baltic" and c.controller(h) == AXIS}
    return c.cache[key]


def _courland(c: Ctx, uid: str) -> bool:
    if c.side_of(uid) != AXIS or not c.on_map(uid):
        return False
    ports = _baltic_ports(c)
    here = c.loc(uid)
    return here in ports or any(n in ports for n in c.map.neighbours(here))


def full_supply(c: Ctx, uid: str) -> bool:
    """In full supply for every purpose (Hube's Pocket)."""
    return any(g.get("full") and uid in g.get("units", ()) for g in active(c))


def combat_supply(c: Ctx, uid: str) -> bool:
    """Counts as supplied in a combat and in attrition (Air Bridge, Hube's Pocket, Courland Bridgehead)."""
    for g in active(c):
        if uid in g.get("units", ()) or (g.get("baltic") and _courland(c, uid)):
            return True
    return False


attrition_supply = combat_supply


def keeps_control(c: Ctx, hid: str) -> bool:
    """Not lost to 13.3.9 this turn (the Air Bridge hex, the Courland ports)."""
    for g in active(c):
        if hid in g.get("hexes", ()) or (g.get("baltic") and hid in _baltic_ports(c)):
            return True
    return False
