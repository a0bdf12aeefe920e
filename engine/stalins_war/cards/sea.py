"""Events at sea.

- A54 Naval Evacuation: one Axis LCU by sea from a port to a friendly port farther west
  on the same sea (10.2.7); a ``naval_evacuation`` frame.
- S10 Black Sea, Black Death: the Maritime Army lands from a Soviet Black Sea or Azov
  port on an empty coastal hex, never west of an Axis port (7.5.4, 13.1.4); OPS; a
  ``sea_landing`` frame.
"""
from __future__ import annotations

from .. import control, flow, stacking, strategic
from ..constants import AXIS, SOVIET
from ..context import Ctx
from ..flow import Step, register
from .registry import event, grant_ops


def _evacuations(c: Ctx) -> list[dict]:
    out = []
    for uid in c.units_on_map(AXIS):
        for to in strategic.naval_evacuation_destinations(c, uid):
            out.append({"type": "evacuate", "unit": uid, "to": to,
                        "label": f"Evacuate {c.unit_label(uid)} by sea to {c.hex_label(to)}"})
    return out


@event("A54")
def naval_evacuation(c: Ctx, side: str, card: str) -> None:
    c.say("Naval Evacuation.", kind="event", card=card)
    if _evacuations(c):
        flow.push(c, "naval_evacuation", side=side)
    else:
        c.say("No Axis LCU can be evacuated (the event has no effect, 7.5.1b).", kind="event")


@register
class NavalEvacuation(Step):
    kind = "naval_evacuation"

    def prompt(self, c, f, side):
        return "Naval Evacuation: carry one LCU to a friendly port farther west on the same sea"

    def actions(self, c, f, side):
        return _evacuations(c) + [{"type": "skip_evacuation", "label": "Evacuate nobody"}]

    def apply(self, c, f, side, a):
        flow.pop(c, self.kind)
        if a["type"] == "evacuate":
            strategic.naval_evacuate(c, a["unit"], a["to"])


MARITIME = "SU-Mar"


def _landings(c: Ctx) -> list[str]:
    """7.5.4: from a Soviet Black Sea/Azov port to any empty coastal hex, never west of an Axis port."""
    if MARITIME not in c.s["units"] or not c.on_map(MARITIME):
        return []
    here = c.loc(MARITIME)
    if c.map.hexes[here].port != "black" or c.s["control"].get(here) != SOVIET:
        return []
    axis_ports = [h for h, x in c.map.hexes.items() if x.port == "black" and c.s["control"].get(h) == AXIS]
    limit = max((strategic.east(c, p) for p in axis_ports), default=None)
    out = []
    for hid in strategic.coastal_hexes(c, "black"):
        if hid == here or c.units_at(hid) or c.s["markers"]["partisans"].count(hid):
            continue
        if limit is not None and strategic.east(c, hid) < limit:
            continue
        if stacking.may_end_move(c, MARITIME, hid):
            out.append(hid)
    return out


@event("S10")
def black_sea_black_death(c: Ctx, side: str, card: str) -> None:
    c.say("Black Sea, Black Death: a Soviet landing from the sea.", kind="event", card=card)
    cd = c.d.cards[card]
    if cd.grants_ops:
        grant_ops(c, side, cd.grants_ops)  # pushed first: the landing comes before the round's moves
    if _landings(c):
        flow.push(c, "sea_landing", side=side)


@register
class SeaLanding(Step):
    kind = "sea_landing"

    def prompt(self, c, f, side):
        return "Black Sea, Black Death: land the Maritime Army on the coast"

    def actions(self, c, f, side):
        out = [{"type": "land", "unit": MARITIME, "to": h, "label": f"Land the Maritime Army at {c.hex_label(h)}"}
               for h in _landings(c)]
        return out + [{"type": "skip_landing", "label": "Stay in port"}]

    def apply(self, c, f, side, a):
        flow.pop(c, self.kind)
        if a["type"] != "land":
            return
        start = c.loc(MARITIME)
        c.set_loc(MARITIME, a["to"])
        c.s["units"][MARITIME]["landed_marine"] = True
        c.s["units"][MARITIME]["supply"] = "full"
        if c.s["rs"]["side"] == side:
            c.s["rs"]["started"][MARITIME] = a["to"]
        control.entered(c, MARITIME, a["to"])
        c.say(f"The Maritime Army lands at {c.hex_label(a['to'])} from {c.hex_label(start)}.", kind="sea",
              unit=MARITIME)
