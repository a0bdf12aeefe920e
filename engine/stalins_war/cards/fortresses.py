"""Events that build fortifications: festungs (16.3), the Soviet fortress (16.2.3), the Bunker
and the Fortified Zone.

- A27 Festung: festungs may be built from now on; one is placed at once, free.
- S16 The Volga Has Only One Bank: the one Soviet-built fortress, in a Soviet-controlled
  town or city in full supply (16.2.3).
- A32 Ostwall: the German Bunker goes to (or moves to) an Axis-controlled hex in full
  supply holding a German LCU.
- S22 Mozhaisk Line: the Soviet Fortified Zone goes to (or moves to) a Soviet-controlled
  hex in full supply holding a Soviet combat unit.

Placements are frames (``place_festung``, ``place_volga_fortress``, ``place_bunker``,
``place_fortified_zone``); each is compulsory when a hex qualifies.

Rulings:
- "Controlled" for a hex whose control is not tracked (3.0) means not held by the enemy;
  the hex must hold the friendly unit anyway. "In full supply" is judged for the hex as
  for a friendly unit standing there (as 7.5.2c does).
- A "Soviet combat unit" is any Soviet unit but Stalin, partisans and the Fortified Zone.
- The Bunker or Fortified Zone already on the map must move: its own hex is not offered.
- Once eliminated, the Bunker and the Fortified Zone are out of the game (their step is
  asterisked); the event then has no effect (7.5.1b). So does The Volga Has Only One Bank
  once the Soviet fortress has been built (16.2.3): the card may still be played.
"""
from __future__ import annotations

from .. import control, festung, flow, supply, terrain
from ..constants import AXIS, POOL, SOVIET
from ..context import Ctx
from ..flow import Step, register
from .registry import event, say_text, set_flag


@event("A27")
def festung_event(c: Ctx, side: str, card: str) -> None:
    say_text(c, card)
    set_flag(c, "festung")
    if festung.candidates(c):
        flow.push(c, "place_festung", side=AXIS)


@register
class PlaceFestung(Step):
    """The Festung event's free festung (mandatory when one can be placed)."""

    kind = "place_festung"

    def prompt(self, c, f, side):
        return "Festung: place one Festung free of OPS"

    def actions(self, c, f, side):
        return [{"type": "place_festung", "hex": h, "label": f"Festung at {c.hex_label(h)}"}
                for h in festung.candidates(c)]

    def apply(self, c, f, side, a):
        festung.build(c, a["hex"])
        flow.pop(c, self.kind)


def volga_hexes(c: Ctx) -> list[str]:
    out = []
    for h, x in c.map.hexes.items():
        if not x.playable or x.settlement not in ("town", "city", "major_city"):
            continue
        if c.controller(h) != SOVIET or c.units_at(h, AXIS) or terrain.fortress_standing(c, h):
            continue
        if supply.hex_supplied(c, h, SOVIET):
            out.append(h)
    return sorted(out)


def volga_built(c: Ctx) -> bool:
    return bool(c.s["markers"].get("volga_fortress") or c.s["stats"].get("volga_fortress_built"))


@event("S16")
def volga(c: Ctx, side: str, card: str) -> None:
    say_text(c, card)
    if volga_built(c):
        c.say("The Soviet fortress has already been built; the event builds no other (16.2.3, 7.5.1b).", kind="event")
    elif volga_hexes(c):
        flow.push(c, "place_volga_fortress", side=SOVIET)
    else:
        c.say("No Soviet town or city in full supply can take the fortress: no effect (7.5.1b).", kind="event")


@register
class PlaceVolgaFortress(Step):
    kind = "place_volga_fortress"

    def prompt(self, c, f, side):
        return "The Volga Has Only One Bank: build the Soviet fortress in a supplied Soviet town or city"

    def actions(self, c, f, side):
        return [{"type": "place_volga_fortress", "hex": h, "label": f"Fortress at {c.hex_label(h)}"}
                for h in volga_hexes(c)]

    def apply(self, c, f, side, a):
        c.s["markers"]["volga_fortress"] = a["hex"]
        c.s["stats"]["volga_fortress_built"] = True
        c.changed()
        c.say(f"The Soviets fortify {c.hex_label(a['hex'])} (16.2.3).", kind="fortress", hex=a["hex"])
        flow.pop(c, self.kind)


# ---- the Bunker and the Fortified Zone ----------------------------------------------------------------

BUNKER, FORTIFIED_ZONE = "GE-Bunker", "SU-FZ"


def _holder(c: Ctx, uid: str, side: str) -> bool:
    ud = c.udef(uid)
    if side == AXIS:
        return ud.nationality == "GE" and ud.lcu
    return ud.kind not in ("stalin", "partisan", "fortified_zone")


def work_hexes(c: Ctx, uid: str) -> list[str]:
    """Where the Bunker (Axis) or the Fortified Zone (Soviet) may be placed or moved now."""
    side = c.side_of(uid)
    here = c.loc(uid)
    out = set()
    for u in c.units_on_map(side):
        hid = c.loc(u)
        if hid == here or hid in out or not _holder(c, u, side):
            continue
        if control.friendly_for(c, hid, side) and supply.hex_supplied(c, hid, side):
            out.add(hid)
    return sorted(out)


def _place_work(c: Ctx, side: str, card: str, uid: str) -> None:
    say_text(c, card)
    loc = c.s["units"][uid]["loc"]
    if loc != POOL and not c.on_map(uid):
        c.say(f"{c.unit_label(uid)} has been eliminated and is out of the game: no effect (7.5.1b).", kind="event")
    elif not work_hexes(c, uid):
        c.say(f"No hex may take {c.unit_label(uid)}: no effect (7.5.1b).", kind="event")
    else:
        flow.push(c, "place_work", side=side, unit=uid, card=card)


@event("A32")
def ostwall(c: Ctx, side: str, card: str) -> None:
    _place_work(c, side, card, BUNKER)


@event("S22")
def mozhaisk_line(c: Ctx, side: str, card: str) -> None:
    _place_work(c, side, card, FORTIFIED_ZONE)


@register
class PlaceWork(Step):
    """The Bunker (Ostwall) or the Fortified Zone (Mozhaisk Line) placed or moved."""

    kind = "place_work"

    def prompt(self, c, f, side):
        what = "the Bunker in a hex with a German LCU" if f["unit"] == BUNKER else \
            "the Fortified Zone in a hex with a Soviet combat unit"
        return f"{c.d.cards[f['card']].name}: place {what}, controlled and in full supply"

    def actions(self, c, f, side):
        return [{"type": "place_work", "unit": f["unit"], "hex": h,
                 "label": f"{c.unit_label(f['unit'])} at {c.hex_label(h)}"} for h in work_hexes(c, f["unit"])]

    def apply(self, c, f, side, a):
        uid, hid = f["unit"], a["hex"]
        was = c.s["units"][uid]["loc"]
        c.s["units"][uid].update(lost=0, supply="full")
        c.set_loc(uid, hid)
        if c.s["rs"]["side"] == side:
            c.s["rs"]["started"][uid] = hid
        moved = f" from {c.hex_label(was)}" if was != POOL else ""
        c.say(f"{c.unit_label(uid)} is placed at {c.hex_label(hid)}{moved}.", kind="event", unit=uid, hex=hid)
        flow.pop(c, self.kind)
