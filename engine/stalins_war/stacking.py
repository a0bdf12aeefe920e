"""Stacking (9.0): four combat units, one LCU, specials one of a kind, national and partisan limits."""
from __future__ import annotations

from collections import Counter
from typing import Iterable

from .context import Ctx

MAX_UNITS = 4                      # 9.1.1
UNCOUNTED = ("stalin", "bunker", "fortified_zone", "partisan")   # 9.1.3


def problems(c: Ctx, units: Iterable[str]) -> list[str]:
    """Every stacking rule a set of units in one hex breaks (empty when legal)."""
    units = list(units)
    defs = [c.udef(u) for u in units]
    out = []
    counted = [d for d in defs if d.kind not in UNCOUNTED]
    if len(counted) > MAX_UNITS:
        out.append(f"9.1.1: at most {MAX_UNITS} combat units may stack in a hex")
    if sum(1 for d in counted if d.lcu) > 1:
        out.append("9.1.2: only one LCU may stack in a hex")
    kinds = Counter(d.kind for d in defs if d.kind in UNCOUNTED)
    for kind, n in kinds.items():
        if n > 1:
            out.append(f"9.1.3: only one {kind.replace('_', ' ')} may be in a hex")
    nations = {d.nationality for d in defs}
    if "HU" in nations and "RO" in nations:
        out.append("9.2.1: Hungarian and Romanian units may never stack together")
    if kinds.get("partisan") and any(d.side == "soviet" and d.kind != "partisan" for d in defs):
        out.append("9.2.2: partisans may never stack with other Soviet units")
    sides = {d.side for d in defs}
    if len(sides) > 1:
        out.append("10.1.6: units of both sides may not share a hex")
    return out


def refusal(c: Ctx, uid: str, hid: str) -> str | None:
    found = problems(c, [*c.units_at(hid), uid] if uid not in c.units_at(hid) else c.units_at(hid))
    return found[0] if found else None


def may_end_move(c: Ctx, uid: str, hid: str) -> bool:
    return refusal(c, uid, hid) is None


def hex_ok(c: Ctx, hid: str) -> bool:
    return not problems(c, c.units_at(hid))


def overstacked_hexes(c: Ctx, side: str) -> list[str]:
    return sorted(h for h in c.occupied_hexes(side) if problems(c, c.units_at(h, side)))
