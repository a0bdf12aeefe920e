"""Events that build fortifications: festungs (16.3) and the Soviet fortress (16.2.3).

- A27 Festung: festungs may be built from now on; one is placed at once, free.
- S16 The Volga Has Only One Bank: the one Soviet-built fortress, in a Soviet-controlled
  town or city in full supply (16.2.3).

Placements are frames (``place_festung``, ``place_volga_fortress``).
"""
from __future__ import annotations

from .. import festung, flow, supply, terrain
from ..constants import AXIS, SOVIET
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


def _volga_refusal(c: Ctx, side: str, card: str) -> str | None:
    if c.s["markers"].get("volga_fortress") or c.s["stats"].get("volga_fortress_built"):
        return "16.2.3: the Soviets build one fortress in the game"
    return None


@event("S16", refusal=_volga_refusal)
def volga(c: Ctx, side: str, card: str) -> None:
    say_text(c, card)
    if volga_hexes(c):
        flow.push(c, "place_volga_fortress", side=SOVIET)


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
