"""Events of the partisans (16.1).

- S14 Partisan Formation: partisans may be placed from now on; two are placed at once,
  free of OPS and outside the once-a-turn placement, within the limit of six.
- A21 Partisan Sweep: the Axis removes up to three inactive partisans (16.1.5).
- S20 Airborne Corps: the 4th Airborne partisan, active, in any clear hex without a unit
  anywhere on the map (card clarification); nothing if six partisans are on the map.
- S50 Warsaw Uprising: a partisan drawn at random, active, in Warsaw, or if an Axis unit
  holds it in an empty General Government hex within two hexes of it.
- S36 Rail War: as Bagration's partisan rising, and Axis strategic moves cost 2 OPS this turn.
- S49 Operation Bagration: every inactive partisan not sharing its hex with an Axis unit
  becomes active (16.1.6); 4 OPS (its combat shift is read by `combat_cards`).

Placements with a choice are frames (``place_partisans``, ``partisan_sweep``,
``place_airborne``, ``place_uprising``).
"""
from __future__ import annotations

from ...core import hexgrid
from .. import flow, partisans
from ..constants import AXIS, POOL, SOVIET
from ..context import Ctx
from ..flow import Step, register
from .registry import event, grant_ops, say_text, set_flag


@event("S14")
def partisan_formation(c: Ctx, side: str, card: str) -> None:
    say_text(c, card)
    set_flag(c, "partisan_formation")
    if partisans.room(c) and partisans.placeable(c):
        flow.push(c, "place_partisans", side=SOVIET, left=2, free=True)


@event("A21")
def partisan_sweep(c: Ctx, side: str, card: str) -> None:
    say_text(c, card)
    if c.s["markers"]["partisans"]:
        flow.push(c, "partisan_sweep", side=AXIS, left=3)


@register
class PartisanSweep(Step):
    kind = "partisan_sweep"

    def prompt(self, c, f, side):
        return f"Partisan Sweep: remove up to {f['left']} inactive partisans"

    def actions(self, c, f, side):
        return [{"type": "sweep_partisans", "hex": h, "label": f"Remove the partisans at {c.hex_label(h)}"}
                for h in sorted(c.s["markers"]["partisans"])] + [{"type": "end_sweep", "label": "Remove no more"}]

    def apply(self, c, f, side, a):
        if a["type"] == "sweep_partisans":
            partisans.remove(c, a["hex"], why="Partisan Sweep")
            f["left"] -= 1
            if f["left"] > 0 and c.s["markers"]["partisans"]:
                return
        flow.pop(c, self.kind)


def airborne_hexes(c: Ctx) -> list[str]:
    marked = set(c.s["markers"]["partisans"])
    return sorted(h for h, x in c.map.hexes.items()
                  if x.playable and x.terrain == ["clear"] and not c.units_at(h) and h not in marked)


@event("S20")
def airborne_corps(c: Ctx, side: str, card: str) -> None:
    say_text(c, card)
    uid = next((u for u, d in c.d.units.items() if d.airborne), None)
    if uid is None or c.s["units"][uid]["loc"] != POOL:
        c.say("The airborne corps is not available: no effect.", kind="event")
        return
    if partisans.room(c) <= 0:
        c.say("Six partisans are on the map: no effect (16.1.2).", kind="event")
        return
    flow.push(c, "place_airborne", side=SOVIET, unit=uid)


@register
class PlaceAirborne(Step):
    kind = "place_airborne"

    def prompt(self, c, f, side):
        return "Airborne Corps: place the 4th Airborne partisan in a clear hex without a unit"

    def actions(self, c, f, side):
        return [{"type": "place_airborne", "hex": h, "label": f"4th Airborne at {c.hex_label(h)}"}
                for h in airborne_hexes(c)]

    def apply(self, c, f, side, a):
        uid = f["unit"]
        c.s["units"][uid].update(loc=a["hex"], lost=0, supply="full")
        c.changed()
        c.say(f"The 4th Airborne Corps drops at {c.hex_label(a['hex'])}.", kind="partisans", hex=a["hex"], unit=uid)
        flow.pop(c, self.kind)


def warsaw_hexes(c: Ctx) -> list[str]:
    warsaw = c.map.places["Warsaw"]
    if not c.units_at(warsaw, AXIS) and not c.units_at(warsaw):
        return [warsaw]
    return sorted(h for h, x in c.map.hexes.items()
                  if x.playable and x.general_government and hexgrid.distance(h, warsaw) <= 2 and not c.units_at(h))


@event("S50")
def warsaw_uprising(c: Ctx, side: str, card: str) -> None:
    say_text(c, card)
    if partisans.room(c) <= 0 or not partisans.pool(c):
        c.say("No partisan can be placed: no effect (16.1.2).", kind="event")
        return
    hexes = warsaw_hexes(c)
    if not hexes:
        c.say("No hex near Warsaw can take the partisans: no effect.", kind="event")
        return
    if len(hexes) == 1:
        _place_active(c, hexes[0])
    else:
        flow.push(c, "place_uprising", side=SOVIET)


def _place_active(c: Ctx, hid: str) -> None:
    uid = c.rng().choice(partisans.pool(c))
    c.s["units"][uid].update(loc=hid, lost=0, supply="full")
    c.changed()
    c.say(f"Partisans rise at {c.hex_label(hid)}: {c.unit_label(uid)} {c.step(uid).attack}-{c.step(uid).defense}-"
          f"{c.step(uid).ma}.", kind="partisans", hex=hid, unit=uid)


@register
class PlaceUprising(Step):
    kind = "place_uprising"

    def prompt(self, c, f, side):
        return "Warsaw Uprising: place the partisans in a General Government hex within two hexes of Warsaw"

    def actions(self, c, f, side):
        return [{"type": "place_uprising", "hex": h, "label": f"Partisans rise at {c.hex_label(h)}"}
                for h in warsaw_hexes(c)]

    def apply(self, c, f, side, a):
        _place_active(c, a["hex"])
        flow.pop(c, self.kind)


@event("S49")
def operation_bagration(c: Ctx, side: str, card: str) -> None:
    say_text(c, card)
    partisans.activate_all(c)
    grant_ops(c, side, c.d.cards[card].grants_ops)


@event("S36")
def rail_war(c: Ctx, side: str, card: str) -> None:
    """Card S36: partisans rise (16.1.6) and Axis strategic moves cost 2 OPS for the rest of the turn."""
    say_text(c, card)
    partisans.activate_all(c)
    set_flag(c, "rail_war", c.turn)
