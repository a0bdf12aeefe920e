"""Events that place trench markers at once (10.3.3) and open entrenchment (10.3.1).

- A17 Hedgehogs: the Axis may entrench from now on; one Axis trench at once, in a hex
  with a German LCU in full supply.
- S13 People's Militia: the Soviets may entrench from now on; up to two Soviet trenches
  at once, each in a Soviet Union hex with a Soviet LCU in full supply.

The free trenches are an ``event_trenches`` frame.
"""
from __future__ import annotations

from .. import flow, trenches
from ..constants import AXIS, SOVIET
from ..context import Ctx
from ..flow import Step, register
from .registry import event, set_flag


def _trench_hexes(c: Ctx, side: str) -> list[str]:
    if trenches.markers_in_use(c, side) >= trenches.trench_limit(c, side):
        return []
    out = []
    for uid in c.units_on_map(side):
        ud = c.udef(uid)
        hid = c.loc(uid)
        if not ud.lcu or hid in c.s["markers"]["trench"] or c.s["units"][uid]["supply"] != "full":
            continue
        if side == AXIS and ud.nationality != "GE":
            continue
        if side == SOVIET and c.map.hexes[hid].country not in ("soviet_union", "baltic"):
            continue
        out.append(hid)
    return sorted(set(out))


def _trench_event(count: int, optional: bool):
    def play(c: Ctx, side: str, card: str) -> None:
        cd = c.d.cards[card]
        for flag in cd.flags_set:
            set_flag(c, flag)
        c.say(f"{cd.name}: {side.capitalize()} may now entrench.", kind="event", card=card)
        if _trench_hexes(c, side):
            flow.push(c, "event_trenches", side=side, card=card, left=count, optional=optional)
    return play


event("A17")(_trench_event(1, optional=False))
event("S13")(_trench_event(2, optional=True))


@register
class EventTrenches(Step):
    kind = "event_trenches"

    def prompt(self, c, f, side):
        return f"Place {'up to ' if f['optional'] else ''}{f['left']} trench marker{'s' if f['left'] > 1 else ''} with an LCU in full supply"

    def actions(self, c, f, side):
        out = [{"type": "place_trench", "hex": h, "label": f"Trench at {c.hex_label(h)}"} for h in _trench_hexes(c, side)]
        if f["optional"] or not out:
            out.append({"type": "done_trenches", "label": "Place no more trenches"})
        return out

    def apply(self, c, f, side, a):
        if a["type"] == "place_trench":
            c.s["markers"]["trench"][a["hex"]] = side
            c.cache.clear()
            c.say(f"{side.capitalize()} places a trench at {c.hex_label(a['hex'])}.", kind="trench", hex=a["hex"])
            f["left"] -= 1
            if f["left"] > 0 and _trench_hexes(c, side):
                return
        flow.pop(c, self.kind)


