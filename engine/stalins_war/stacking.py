"""Stacking (9.0): four combat units, one LCU, specials one of a kind, national and partisan limits.

`problems(c, units)` lists every limit a set of units in one hex breaks. `refusal` /
`may_end_move` ask whether one more unit may end a move (regular, strategic,
reinforcement, recreation, retreat, advance) in a hex, taking the hex's markers into
account too: an inactive partisan marker is a partisan for 9.1.3 and 9.2.2.

When stacking is checked (9.1.4): not while units move, exploit or retreat, but where
each move, retreat or placement ends; after exploitation the owner removes units from
any hex left over-stacked (`overstacked_hexes`, used by the operations round).

Rulings:
- An inactive partisan marker is withdrawn as soon as a Soviet unit in full supply stops
  in its hex (16.1.5), so such a unit may end its move there; any other Soviet unit may
  not (9.2.2), and an active partisan never may (9.1.3: one partisan a hex).
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable

from .constants import SOVIET
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
    for kind, n in sorted(kinds.items()):
        if n > 1:
            out.append(f"9.1.3: only one {kind.replace('_', ' ')} may be in a hex")
    nations = {d.nationality for d in defs}
    if "HU" in nations and "RO" in nations:
        out.append("9.2.1: Hungarian and Romanian units may never stack together")
    if kinds.get("partisan") and any(d.side == SOVIET and d.kind != "partisan" for d in defs):
        out.append("9.2.2: partisans may never stack with other Soviet units")
    sides = {d.side for d in defs}
    if len(sides) > 1:
        out.append("10.1.6: units of both sides may not share a hex")
    return out


def _marker_problem(c: Ctx, uid: str, hid: str) -> str | None:
    """9.1.3 / 9.2.2 for an inactive partisan marker in the hex (see the module's ruling)."""
    if hid not in c.s["markers"]["partisans"]:
        return None
    ud = c.udef(uid)
    if ud.side != SOVIET:
        return None  # 10.1.6: Axis units stack with inactive partisans
    if ud.kind == "partisan":
        return "9.1.3: only one partisan may be in a hex"
    if c.s["units"][uid]["supply"] != "full":
        return "9.2.2: partisans may never stack with other Soviet units (only a unit in full supply disperses them)"
    return None


def refusal(c: Ctx, uid: str, hid: str) -> str | None:
    """Why `uid` may not end a move in `hid` now (None if it may)."""
    here = c.units_at(hid)
    found = problems(c, here if uid in here else [*here, uid])
    if found:
        return found[0]
    return _marker_problem(c, uid, hid)


def may_end_move(c: Ctx, uid: str, hid: str) -> bool:
    return _fast_ok(c, uid, hid)


def _summary(c: Ctx) -> dict[str, tuple]:
    """Per occupied hex: (side, counted units, LCUs, uncounted kinds, nationalities), cached per position."""
    key = ("stack_summary",)
    out = c.cache.get(key)
    if out is None:
        out = {}
        for hid in c.occupied_hexes("axis") | c.occupied_hexes("soviet"):
            defs = [c.udef(u) for u in c.units_at(hid)]
            counted = [d for d in defs if d.kind not in UNCOUNTED]
            out[hid] = ({d.side for d in defs}, len(counted), sum(1 for d in counted if d.lcu),
                        frozenset(d.kind for d in defs if d.kind in UNCOUNTED), frozenset(d.nationality for d in defs))
        c.cache[key] = out
    return out


def _fast_ok(c: Ctx, uid: str, hid: str) -> bool:
    """`refusal(c, uid, hid) is None`, answered from the cached summary (the hot path of move generation)."""
    return end_move_test(c, uid)(hid)


def testable_hexes(c: Ctx) -> frozenset[str]:
    """The hexes where `end_move_test` can say no to a unit that is not already there: those with units
    or an inactive partisan marker. Every other hex answers yes (cached per position)."""
    key = ("stack_testable",)
    out = c.cache.get(key)
    if out is None:
        out = c.cache[key] = frozenset(_summary(c)).union(c.s["markers"]["partisans"])
    return out


def end_move_test(c: Ctx, uid: str):
    """`may_end_move(c, uid, hid)` as a function of `hid`, the unit's own facts looked up once
    (move generation asks it of every hex a unit reaches)."""
    ud = c.udef(uid)
    loc = c.s["units"][uid]["loc"]
    partisans = c.s["markers"]["partisans"]
    summary = _summary(c)
    side, kind, nationality = ud.side, ud.kind, ud.nationality
    own = {side}
    uncounted = kind in UNCOUNTED
    lcu = ud.lcu
    foe_nation = {"HU": "RO", "RO": "HU"}.get(nationality)
    soviet = side == SOVIET
    partisan = kind == "partisan"

    def ok(hid: str) -> bool:
        if hid == loc:
            return refusal(c, uid, hid) is None
        if hid in partisans and _marker_problem(c, uid, hid):
            return False
        info = summary.get(hid)
        if info is None:
            return True
        sides, counted, lcus, specials, nations = info
        if sides != own:
            return False
        if uncounted:
            if kind in specials:
                return False
        elif counted + 1 > MAX_UNITS or (lcu and lcus):
            return False
        if foe_nation is not None and foe_nation in nations:
            return False
        if soviet:
            if partisan and counted:
                return False
            if not partisan and "partisan" in specials:
                return False
            if partisan and (specials - {"partisan"}):
                return False  # Stalin or the Fortified Zone are Soviet units too (9.2.2)
        return True

    return ok


def hex_ok(c: Ctx, hid: str) -> bool:
    return not problems(c, c.units_at(hid))


def overstacked_hexes(c: Ctx, side: str) -> list[str]:
    return sorted(h for h in c.occupied_hexes(side) if problems(c, c.units_at(h, side)))
