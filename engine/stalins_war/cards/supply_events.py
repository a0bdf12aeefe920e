"""Events that supply cut-off Axis units until the end of this turn's Attrition Phase (`grants`).

- A23 Air Bridge: the Axis picks one hex holding German units out of supply; those units
  count as supplied in combat and attrition, and the hex keeps its owner through 13.3.9.
  They stay out of supply for moving, ZOC, strategic movement, exploitation and
  replacements. An ``air_bridge`` frame.
- A40 Hube's Pocket: up to four German units out of supply, all in one hex or in hexes
  each adjacent to every other one, are in full supply for every purpose; 2 OPS that only
  their moves (leaving an enemy ZOC, rail, sea) and attacks (combat markers on their
  hexes) may use. A ``hubes_pocket`` frame, then the OPS round.
- A45 Courland Bridgehead: Axis units in or next to an Axis-held Baltic port count as
  supplied in combat and attrition, judged where they stand at that moment; those ports
  keep their owner through 13.3.9.

Rulings:
- "Out of supply" means judged out of supply (13.1.1: at the start of this Axis round);
  units in fortress supply are not out of supply.
- Hube's Pocket's "hexes adjacent to one another": every chosen hex touches every other
  chosen hex (at most three hexes), the strict reading of the text.
- Air Bridge and Hube's Pocket follow the units, not the hex, should they move or retreat;
  the Air Bridge hex alone keeps its owner.
- No such unit or port: the event is played with no effect (7.5.1b); Hube's Pocket
  still grants its OPS, which then nobody may use but banked OPS are unaffected.
"""
from __future__ import annotations

from ...core import hexgrid
from .. import flow, grants
from ..constants import AXIS
from ..context import Ctx
from ..flow import Step, register
from .registry import event, grant_ops, say_text


def _german_oos(c: Ctx) -> list[str]:
    return [u for u in c.units_on_map(AXIS)
            if c.udef(u).nationality == "GE" and c.s["units"][u]["supply"] == "none"]


def air_bridge_hexes(c: Ctx) -> list[str]:
    return sorted({c.loc(u) for u in _german_oos(c)})


@event("A23")
def air_bridge(c: Ctx, side: str, card: str) -> None:
    say_text(c, card)
    if air_bridge_hexes(c):
        flow.push(c, "air_bridge", side=AXIS)
    else:
        c.say("Air Bridge: no German unit is out of supply; the event has no effect (7.5.1b).", kind="event")


@register
class AirBridge(Step):
    kind = "air_bridge"

    def prompt(self, c, f, side):
        return "Air Bridge: choose the hex of out-of-supply German units to supply by air"

    def actions(self, c, f, side):
        return [{"type": "air_bridge", "hex": h, "label": f"Fly supplies into {c.hex_label(h)}"}
                for h in air_bridge_hexes(c)]

    def apply(self, c, f, side, a):
        hid = a["hex"]
        units = [u for u in _german_oos(c) if c.loc(u) == hid]
        grants.add(c, {"card": "A23", "units": units, "hexes": [hid]})
        c.say(f"Air Bridge: {', '.join(c.unit_label(u) for u in units)} at {c.hex_label(hid)} are supplied by air "
              f"for combat and attrition until the end of this turn's Attrition Phase.", kind="event", hex=hid)
        flow.pop(c, self.kind)


# ---- Hube's Pocket ------------------------------------------------------------------------------------

POCKET_SIZE = 4


def pocket_candidates(c: Ctx, chosen: list[str]) -> list[str]:
    if len(chosen) >= POCKET_SIZE:
        return []
    hexes = {c.loc(u) for u in chosen}
    return [u for u in _german_oos(c)
            if u not in chosen and all(c.loc(u) == h or hexgrid.distance(c.loc(u), h) == 1 for h in hexes)]


@event("A40")
def hubes_pocket(c: Ctx, side: str, card: str) -> None:
    say_text(c, card)
    grant_ops(c, side, c.d.cards[card].grants_ops)  # pushed first: the pocket is chosen before the round's moves
    c.s["rs"]["ops_units"] = []
    if pocket_candidates(c, []):
        flow.push(c, "hubes_pocket", side=AXIS, chosen=[])
    else:
        c.say("Hube's Pocket: no German unit is out of supply; only the OPS remain, for no unit (7.5.1b).",
              kind="event")


@register
class HubesPocket(Step):
    kind = "hubes_pocket"

    def prompt(self, c, f, side):
        return f"Hube's Pocket: choose up to {POCKET_SIZE - len(f['chosen'])} more out-of-supply German units"

    def actions(self, c, f, side):
        out = [{"type": "pocket_unit", "unit": u, "label": f"{c.unit_label(u)} at {c.hex_label(c.loc(u))}"}
               for u in pocket_candidates(c, f["chosen"])]
        return out + [{"type": "end_pocket", "label": "These are the units of the pocket"}]

    def apply(self, c, f, side, a):
        if a["type"] == "pocket_unit":
            f["chosen"].append(a["unit"])
            if pocket_candidates(c, f["chosen"]):
                return
        units = f["chosen"]
        flow.pop(c, self.kind)
        c.s["rs"]["ops_units"] = list(units)
        if not units:
            c.say("Hube's Pocket: no unit chosen.", kind="event")
            return
        grants.add(c, {"card": "A40", "units": list(units), "full": True})
        for u in units:
            c.s["units"][u]["supply"] = "full"
        c.changed()
        c.say(f"Hube's Pocket: {', '.join(c.unit_label(u) for u in units)} are in full supply until the end of "
              f"this turn's Attrition Phase; the event's OPS serve only them.", kind="event", units=list(units))

    def view(self, c, f, side):
        return {"chosen": list(f["chosen"])}


# ---- Courland Bridgehead --------------------------------------------------------------------------------

@event("A45")
def courland_bridgehead(c: Ctx, side: str, card: str) -> None:
    say_text(c, card)
    grants.add(c, {"card": "A45", "baltic": True})
