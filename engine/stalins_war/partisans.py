"""Partisans (16.1): placing, activating and counting them.

An inactive partisan is only a hex in ``markers["partisans"]``: no counter, no strength,
for anyone (16.1.3 places them face down). When one becomes active a counter is drawn
at random from the partisan counters not yet used (those still in the pool), which is
the same as having placed it face down at random, and it becomes a Soviet unit that is
always in supply (16.1.6, `supply.status`). Eliminated active partisans leave the game
(16.1.6, `losses.permanent`); inactive ones simply return to the pool (16.1.5).

Placement (16.1.1-16.1.3): only after Partisan Formation; 1 OPS places up to two,
once a turn; in a forest or swamp hex of the Soviet Union (not the Baltic States)
holding no unit and no partisan, that either a Soviet unit would be out of supply in
or that lies closer (in hexes, never across a lake or sea hexside) to an Axis unit than
to any Soviet unit; never more than six partisans on the map, active or not (the
airborne counter of card S20 counts, being a partisan for every other rule).
"""
from __future__ import annotations

from collections import deque

from . import supply, terrain
from .constants import AXIS, POOL, SOVIET
from .context import Ctx


def on_map(c: Ctx) -> int:
    """16.1.2: partisan markers and counters on the map, active or not."""
    active = sum(1 for u in c.units_on_map(SOVIET) if c.udef(u).kind == "partisan")
    return len(c.s["markers"]["partisans"]) + active


def room(c: Ctx) -> int:
    return max(0, c.d.partisans_on_map_max - on_map(c))


def _distances(c: Ctx, side: str) -> dict[str, int]:
    key = ("partisan_dist", side)
    if key in c.cache:
        return c.cache[key]
    starts = c.occupied_hexes(side)
    dist = {h: 0 for h in starts}
    queue = deque(starts)
    while queue:
        h = queue.popleft()
        for n in c.map.neighbours(h):
            if n in dist or not c.map.hexes[n].playable or terrain.impassable(c, h, n):
                continue
            dist[n] = dist[h] + 1
            queue.append(n)
    c.cache[key] = dist
    return dist


def placement_refusal(c: Ctx, hid: str) -> str | None:
    h = c.map.hexes.get(hid)
    if h is None or not h.playable:
        return f"{hid!r} is not a playable hex"
    if h.country != "soviet_union":
        return "16.1.1: partisans are placed in the Soviet Union only, never in the Baltic States"
    if not any(t in ("forest", "swamp") for t in h.terrain):
        return "16.1.3: partisans are placed in forest or swamp hexes only"
    if c.units_at(hid):
        return "16.1.3, 9.2.2: the hex must hold no unit"
    if hid in c.s["markers"]["partisans"]:
        return "9.1.3: one partisan per hex"
    if not supply.hex_supplied(c, hid, SOVIET, limited_counts=True):
        return None
    axis = _distances(c, AXIS).get(hid)
    soviet = _distances(c, SOVIET).get(hid)
    if axis is not None and (soviet is None or axis < soviet):
        return None
    return "16.1.3: the hex must be out of Soviet supply or closer to an Axis unit than to a Soviet unit"


def placeable(c: Ctx) -> list[str]:
    key = ("partisan_hexes",)
    if key not in c.cache:
        c.cache[key] = sorted(h for h, x in c.map.hexes.items()
                              if x.playable and x.country == "soviet_union"
                              and any(t in ("forest", "swamp") for t in x.terrain)
                              and placement_refusal(c, h) is None)
    return c.cache[key]


def place(c: Ctx, hid: str, *, why: str = "16.1.3") -> None:
    c.s["markers"]["partisans"].append(hid)
    c.changed()
    c.say(f"The Soviets place partisans at {c.hex_label(hid)} ({why}).", kind="partisans", hex=hid)


def pool(c: Ctx) -> list[str]:
    return sorted(u for u, d in c.d.units.items()
                  if d.kind == "partisan" and d.arrival == "partisan_pool" and c.s["units"][u]["loc"] == POOL)


def activate(c: Ctx, hid: str) -> str | None:
    """16.1.6: turn the inactive partisans at `hid` into a randomly drawn counter; None if they cannot be."""
    if hid not in c.s["markers"]["partisans"] or c.units_at(hid, AXIS):
        return None
    counters = pool(c)
    if not counters:
        return None
    uid = c.rng("an inactive partisan counter was revealed", kind="hidden").choice(counters)
    c.s["markers"]["partisans"].remove(hid)
    c.s["units"][uid].update(loc=hid, lost=0, supply="full")
    c.changed()
    c.say(f"The partisans at {c.hex_label(hid)} become active: {c.unit_label(uid)} "
          f"{c.step(uid).attack}-{c.step(uid).defense}-{c.step(uid).ma}.", kind="partisans", hex=hid, unit=uid)
    return uid


def activate_all(c: Ctx) -> list[str]:
    """Rail War, Operation Bagration: every inactive partisan not sharing a hex with an Axis unit."""
    out = []
    for hid in sorted(c.s["markers"]["partisans"]):
        uid = activate(c, hid)
        if uid:
            out.append(uid)
    return out


def remove(c: Ctx, hid: str, *, why: str) -> None:
    """16.1.5: an inactive partisan leaves the map and may be placed again later."""
    if hid in c.s["markers"]["partisans"]:
        c.s["markers"]["partisans"].remove(hid)
        c.changed()
        c.say(f"The inactive partisans at {c.hex_label(hid)} are removed ({why}).", kind="partisans", hex=hid)
