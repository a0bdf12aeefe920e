"""Festungs (16.3): fortresses the Axis declares after the Festung event.

1 OPS each, built during movement in a town or city (a destroyed fortress counts as a
city, 16.2.2) that is not Soviet-controlled, holds no Soviet unit and no festung, and
that an Axis unit could trace supply from; never more in play than the counter mix
holds (16.3.1). A Soviet unit entering the hex destroys it and its marker returns to
the mix (16.3.3, in `control.entered`). Its other effects live where they act: units in
it never leave (16.3.4, movement/strategic/advance/exploitation), it supplies its
defenders for defence and attrition (16.3.5, `supply`), cancels retreats (16.3.5,
`combat`), bars ZOC (8.2, `zoc`), shifts the attacker's fire and bars Blitz markers
(Terrain Effects Chart).
"""
from __future__ import annotations

from . import supply, terrain
from .constants import AXIS, SOVIET
from .context import Ctx


def limit(c: Ctx) -> int:
    return c.d.marker_limit("festung")


def in_play(c: Ctx) -> int:
    return len(c.s["markers"]["festung"])


def refusal(c: Ctx, hid: str) -> str | None:
    if not c.flag("festung"):
        return "16.3.1: the Axis builds Festungs only after the Festung event"
    if in_play(c) >= limit(c):
        return f"16.3.1: every Festung marker ({limit(c)}) is in play"
    h = c.map.hexes.get(hid)
    if h is None or not h.playable:
        return f"{hid!r} is not a playable hex"
    if not (h.settlement in ("town", "city", "major_city") or terrain.is_city(c, hid)):
        return "16.3.2: Festungs are built in town or city hexes"
    if hid in c.s["markers"]["festung"]:
        return "16.3.2: the hex already has a Festung"
    if c.controller(hid) == SOVIET or c.units_at(hid, SOVIET):
        return "16.3.2: not in an enemy-controlled hex"
    if not supply.hex_supplied(c, hid, AXIS):
        return "16.3.2: the hex must be in supply"
    return None


def candidates(c: Ctx) -> list[str]:
    if not c.flag("festung") or in_play(c) >= limit(c):
        return []
    key = ("festung_hexes",)
    if key not in c.cache:
        c.cache[key] = sorted(h for h, x in c.map.hexes.items()
                              if x.playable and (x.settlement or h in c.s["markers"]["fortress_destroyed"])
                              and refusal(c, h) is None)
    return c.cache[key]


def build(c: Ctx, hid: str) -> None:
    c.s["markers"]["festung"].append(hid)
    c.changed()
    c.say(f"The Axis declares a Festung at {c.hex_label(hid)} (16.3).", kind="festung", hex=hid)
