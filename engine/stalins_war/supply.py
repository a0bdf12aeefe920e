"""Supply (13.0): tracing, sources, port links, Baku, fortress supply, and when supply is judged.

A unit is in *full* supply when it traces four hexes or fewer to a friendly source,
or to a rail hex that connects along traceable rail to a source (13.1.2), or to a
friendly port whose sea holds another friendly port that itself traces supply (one
port-to-port link only). *Limited* supply (fortress supply, 13.2.4, and Baku when
it is cut off, 13.2.3) counts for defence and attrition only. Otherwise *none* (OOS).

Each nationality group traces to its own sources (13.2.1–13.2.3): German units and
Vlassov to the west edge and the USIR, Romanians to Bucharest, Hungarians and
Italians to Buda, Soviets to the east edge (and Baku).

Supply is judged only at the moments of 13.1.1: the phasing side at the start of
each of its action rounds and in its attrition segment, a non-phasing unit at the
instant it is in a combat. The verdict is kept on the unit (``units[uid]["supply"]``)
until judged again; views show it as the OOS marker.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from .constants import AXIS, SOVIET
from .context import Ctx
from .zoc import zoc_hexes

TRACE = 4          # 13.1.2: four hexes or fewer
PORT_SEAS = ("baltic", "black")   # seas whose ports may link supply (13.1.2)

GROUPS = {"GE": "GE", "HU": "HU", "IT": "HU", "RO": "RO", "SU": "SU"}


def group_of(c: Ctx, uid: str) -> str:
    return GROUPS[c.udef(uid).nationality]


@dataclass(frozen=True)
class Net:
    """Where one nationality group can draw supply from, for one position."""

    full: frozenset[str]       # hexes a unit of the group would be in full supply in
    limited: frozenset[str]    # hexes in limited (Baku defence/attrition) supply only

    def status(self, hid: str) -> str:
        if hid in self.full:
            return "full"
        if hid in self.limited:
            return "limited"
        return "none"


# ---- traceability -------------------------------------------------------------------------------

def blocked_hexes(c: Ctx, side: str) -> frozenset[str]:
    """13.1.3: hexes no supply line of `side` may enter or pass."""
    key = ("blocked", side)
    if key in c.cache:
        return c.cache[key]
    foe = c.enemy(side)
    out: set[str] = set()
    m = c.s["markers"]
    for hid, h in c.map.hexes.items():
        if not h.playable:
            out.add(hid)
            continue
        if c.controller(hid) == foe and (
            (h.fortress and hid not in m["fortress_destroyed"])
            or h.settlement in ("city", "major_city")
            or h.oil or h.vp
        ):
            out.add(hid)
    for hid, owner in m["trench"].items():
        if owner == foe and c.controller(hid) != side:
            out.add(hid)
    if side == SOVIET:
        out.update(m["festung"])
    if m.get("volga_fortress") and side == AXIS:
        out.add(m["volga_fortress"])
    out.update(c.occupied_hexes(foe))  # enemy units, active partisans included
    friendly = c.occupied_hexes(side)
    out.update(h for h in zoc_hexes(c, foe) if h not in friendly)
    out.difference_update(friendly)  # a friendly unit's own hex never blocks its trace
    result = frozenset(out)
    c.cache[key] = result
    return result


def _crossable(c: Ctx, a: str, b: str) -> bool:
    hs = c.map.hexside(a, b)
    return hs is None or not hs.impassable


def _spread(c: Ctx, starts: set[str], blocked: frozenset[str], depth: int) -> dict[str, int]:
    """Breadth-first distances from `starts` through traceable hexes, up to `depth`."""
    dist = {h: 0 for h in starts if h not in blocked}
    queue = deque(dist)
    while queue:
        h = queue.popleft()
        d = dist[h]
        if d >= depth:
            continue
        for n in c.map.neighbours(h):
            if n in dist or n in blocked or not _crossable(c, h, n):
                continue
            dist[n] = d + 1
            queue.append(n)
    return dist


def _along_rail(c: Ctx, starts: set[str], blocked: frozenset[str]) -> set[str]:
    seen = {h for h in starts if h not in blocked}
    queue = deque(h for h in seen if c.map.hexes[h].rail)
    while queue:
        h = queue.popleft()
        for n in c.map.rail_links(h):
            if n not in seen and n not in blocked:
                seen.add(n)
                queue.append(n)
    return seen


def _reach(c: Ctx, targets: set[str], blocked: frozenset[str]) -> frozenset[str]:
    """Hexes within TRACE of `targets` (a hex blocked only as a destination still counts, see below)."""
    dist = _spread(c, targets, blocked, TRACE)
    out = set(dist)
    # A hex judged "as if it were a friendly unit" (13.3.9, 17.1.3, 7.5.2c) negates ZOC in
    # itself; it is reached if a traceable neighbour lies within TRACE - 1.
    for h, d in dist.items():
        if d < TRACE:
            out.update(n for n in c.map.neighbours(h) if _crossable(c, h, n) and c.map.hexes[n].playable)
    return frozenset(out)


# ---- sources ------------------------------------------------------------------------------------

def sources(c: Ctx, group: str) -> set[str]:
    side = SOVIET if group == "SU" else AXIS
    out = set()
    for hid, h in c.map.hexes.items():
        if group in h.supply_source and not h.supply_condition and c.controller(hid) in (side, None):
            out.add(hid)
    return out


def _normal(c: Ctx, group: str, side: str, extra_sources: set[str] = frozenset()) -> tuple[frozenset[str], set[str]]:
    blocked = blocked_hexes(c, side)
    src = sources(c, group) | set(extra_sources)
    railed = _along_rail(c, src, blocked)
    return _reach(c, src | railed, blocked), src | railed


def net(c: Ctx, group: str) -> Net:
    key = ("net", group)
    if key in c.cache:
        return c.cache[key]
    side = SOVIET if group == "SU" else AXIS
    blocked = blocked_hexes(c, side)
    full, _ = _normal(c, group, side)
    limited: frozenset[str] = frozenset()
    if group == "SU":
        baku = baku_hex(c)
        if baku and c.controller(baku) == SOVIET and baku not in blocked:
            if baku_is_full_source(c, full):
                full, _ = _normal(c, group, side, {baku})
            else:
                limited, _ = _normal_from(c, {baku}, blocked)
    full = full | _port_links(c, side, full, blocked)
    result = Net(full=frozenset(full), limited=frozenset(limited - full))
    c.cache[key] = result
    return result


def _normal_from(c: Ctx, src: set[str], blocked: frozenset[str]) -> tuple[frozenset[str], set[str]]:
    railed = _along_rail(c, src, blocked)
    return _reach(c, src | railed, blocked), railed


def _port_links(c: Ctx, side: str, full: frozenset[str], blocked: frozenset[str]) -> frozenset[str]:
    """13.1.2: four hexes to a friendly port, if another friendly port on that sea traces supply."""
    out: set[str] = set()
    for sea in PORT_SEAS:
        ports = [h for h, x in c.map.hexes.items() if x.port == sea and c.controller(h) == side and h not in blocked]
        linked = [p for p in ports if p in full]
        if not linked:
            continue
        targets = {p for p in ports if any(q != p for q in linked)}
        out |= _reach(c, targets, blocked)
    return frozenset(out)


def baku_hex(c: Ctx) -> str | None:
    return c.map.places.get("Baku")


def baku_is_full_source(c: Ctx, soviet_full_without_baku: frozenset[str]) -> bool:
    """13.2.3: Baku is a full source while another Soviet Caspian port traces supply."""
    baku = baku_hex(c)
    for hid, h in c.map.hexes.items():
        if h.port == "caspian" and hid != baku and c.controller(hid) == SOVIET and hid in soviet_full_without_baku:
            return True
    return False


def baku_full_source(c: Ctx) -> bool:
    """Whether Baku is a full Soviet supply source now (used by 5.1.2's turn 8 victory)."""
    baku = baku_hex(c)
    if not baku or c.controller(baku) != SOVIET or baku in blocked_hexes(c, SOVIET):
        return False
    full, _ = _normal(c, "SU", SOVIET)
    return baku_is_full_source(c, full)


# ---- verdicts -----------------------------------------------------------------------------------

def fortress_supplied(c: Ctx, uid: str) -> bool:
    """13.2.4, 16.3.5: a friendly fortress or festung in the unit's own hex."""
    hid = c.loc(uid)
    side = c.side_of(uid)
    h = c.map.hexes[hid]
    m = c.s["markers"]
    if h.fortress == side and hid not in m["fortress_destroyed"]:
        return True
    if side == AXIS and hid in m["festung"]:
        return True
    return side == SOVIET and m.get("volga_fortress") == hid


def status(c: Ctx, uid: str) -> str:
    """The supply a unit would be judged to have now: "full", "limited" or "none"."""
    ud = c.udef(uid)
    if ud.kind == "partisan":
        return "full"  # 16.1.6: active partisans are always in supply
    if c.s["units"][uid].get("landed_marine"):
        return "full" if _black_sea_port_held(c) else "none"  # 13.1.4
    verdict = net(c, group_of(c, uid)).status(c.loc(uid))
    if verdict != "full" and fortress_supplied(c, uid):
        return "limited"
    return verdict


def _black_sea_port_held(c: Ctx) -> bool:
    return any(h.port == "black" and c.controller(hid) == SOVIET for hid, h in c.map.hexes.items())


def judge(c: Ctx, uids) -> list[str]:
    """Fix the supply of these units now (13.1.1); return those found out of supply."""
    verdicts = {uid: status(c, uid) for uid in uids}
    oos = []
    for uid, verdict in verdicts.items():
        if c.s["units"][uid]["supply"] != verdict:
            c.s["units"][uid]["supply"] = verdict
            c.cache.clear()  # ZOCs depend on supply
        if verdict == "none":
            oos.append(uid)
    return oos


def judge_side(c: Ctx, side: str) -> list[str]:
    oos = judge(c, c.units_on_map(side))
    if oos:
        c.say(f"{side.capitalize()} units out of supply: {', '.join(c.unit_label(u) for u in oos)}.", kind="supply")
    return oos


def hex_supplied(c: Ctx, hid: str, side: str, *, limited_counts: bool = False) -> bool:
    """Would a friendly unit in `hid` trace supply? (13.3.9, 17.1.3, 7.5.2c).

    For the Axis any nationality's sources count: the hex is Axis-held as a whole.
    """
    groups = ("SU",) if side == SOVIET else ("GE", "RO", "HU")
    for g in groups:
        n = net(c, g)
        if hid in n.full or (limited_counts and hid in n.limited):
            return True
    return False


def is_oos(c: Ctx, uid: str) -> bool:
    return c.s["units"][uid]["supply"] == "none"


def in_full_supply(c: Ctx, uid: str) -> bool:
    return c.s["units"][uid]["supply"] == "full"
