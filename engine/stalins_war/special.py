"""Special-unit actions of the movement stage (16.1 partisans, 16.3 festungs).

- Soviet: ``{"type": "place_partisans", "hex"}`` pays 1 OPS and places the first of two
  partisans (16.1.2, once a turn); a ``place_partisans`` frame then offers the second
  (``{"type": "place_partisan", "hex"}``) or ``{"type": "end_partisans"}``.
- Axis: ``{"type": "build_festung", "hex"}`` pays 1 OPS for a Festung (16.3.2).

Stalin (16.4) and fortresses (16.2) need no actions of their own: their rules live in
combat, retreat, supply, ZOC, stacking, strategic movement and `control`.
"""
from __future__ import annotations

from . import festung, flow, ops_pool, partisans
from .constants import AXIS, SOVIET
from .context import Ctx
from .flow import Step, register

KINDS = ("place_partisans", "build_festung")


def handles(action: dict) -> bool:
    return action["type"] in KINDS


def partisan_refusal(c: Ctx, side: str) -> str | None:
    if side != SOVIET:
        return "16.1.1: only the Soviet player places partisans"
    if not c.flag("partisan_formation"):
        return "16.1.1: partisans may be placed only after Partisan Formation"
    if c.s["tc"]["partisans_placed"]:
        return "16.1.2: only 1 OPS a turn may be used to place partisans"
    if ops_pool.available(c, side) < 1:
        return "16.1.2: placing partisans costs 1 OPS"
    if partisans.room(c) <= 0:
        return "16.1.2: never more than six partisans on the map"
    return None


def actions(c: Ctx, side: str) -> list[dict]:
    out = []
    if side == SOVIET and partisan_refusal(c, side) is None:
        out += [{"type": "place_partisans", "hex": h,
                 "label": f"Place partisans at {c.hex_label(h)} (1 OPS for up to two)"} for h in partisans.placeable(c)]
    if side == AXIS and ops_pool.available(c, side) >= 1:
        out += [{"type": "build_festung", "hex": h, "label": f"Festung at {c.hex_label(h)} (1 OPS)"}
                for h in festung.candidates(c)]
    return out


def refusal(c: Ctx, side: str, action: dict) -> str | None:
    kind = action["type"]
    hid = action.get("hex")
    if kind == "place_partisans":
        why = partisan_refusal(c, side)
        if why:
            return why
        return partisans.placement_refusal(c, hid) if isinstance(hid, str) else "A hex is needed."
    if kind == "build_festung":
        if side != AXIS:
            return "16.3: only the Axis builds Festungs"
        if ops_pool.available(c, side) < 1:
            return "16.3.2: a Festung costs 1 OPS"
        return festung.refusal(c, hid) if isinstance(hid, str) else "A hex is needed."
    return None


def apply(c: Ctx, side: str, a: dict) -> None:
    if a["type"] == "place_partisans":
        ops_pool.spend(c, side, 1, why="to place partisans")
        c.s["tc"]["partisans_placed"] = True
        partisans.place(c, a["hex"])
        if partisans.room(c) > 0 and partisans.placeable(c):
            flow.push(c, "place_partisans", side=side, left=1, free=False)
    elif a["type"] == "build_festung":
        ops_pool.spend(c, side, 1, why="for a Festung")
        festung.build(c, a["hex"])


@register
class PlacePartisans(Step):
    """16.1.2: the second partisan bought with the same OPS, or Partisan Formation's two free ones."""

    kind = "place_partisans"

    def prompt(self, c, f, side):
        left = f.get("left", 1)
        return f"Place {'the second partisan' if not f.get('free') else f'{left} partisan(s)'}, or stop"

    def actions(self, c, f, side):
        out = []
        if partisans.room(c) > 0:
            out = [{"type": "place_partisan", "hex": h, "label": f"Partisans at {c.hex_label(h)}"}
                   for h in partisans.placeable(c)]
        return out + [{"type": "end_partisans", "label": "Place no more partisans"}]

    def apply(self, c, f, side, a):
        if a["type"] == "place_partisan":
            partisans.place(c, a["hex"], why="Partisan Formation" if f.get("free") else "16.1.3")
            f["left"] = f.get("left", 1) - 1
            if f["left"] > 0 and partisans.room(c) > 0 and partisans.placeable(c):
                return
        flow.pop(c, self.kind)
