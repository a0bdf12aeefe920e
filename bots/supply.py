"""A bot's own reckoning of supply lines (13.1–13.2), from the view alone.

The engine judges supply only at set times (13.1.1) and keeps its tracer private, so a bot
that moves or advances needs its own sense of "will this hex still be in supply?". This is
an approximation of 13.1.2–13.1.3: four hexes to a source, or to a rail hex joined to one by
the railway's own links (`rail_links` in `engine.board_assets()`); no path through enemy units, enemy
ZOCs (8.1: LCUs and mechanised units in full supply) unless a friendly unit stands there,
or enemy-held cities, oil, VP, fortress and trench hexes; four hexes to a friendly Baltic or
Black Sea port while another friendly port on that sea traces supply. Baku (13.2.3) is left
out: where the approximation errs it mostly errs on the side of caution.
"""
from __future__ import annotations

from collections import deque

from .board import Board

TRACE = 4
ZOC_KINDS = {"panzer", "mech", "tank", "guards", "guards_tank"}
GROUPS = {"GE": "GE", "RO": "RO", "HU": "HU", "IT": "HU", "SU": "SU"}


def group_of(u: dict | None, side: str) -> str:
    """The nationality group whose sources `u` traces to (13.2.1); a unit-less question asks the Germans'."""
    if u is None:
        return "SU" if side == "soviet" else "GE"
    return GROUPS.get(u.get("nationality"), "SU" if side == "soviet" else "GE")


def exerts_zoc(u: dict) -> bool:
    """8.1: LCUs, Soviet mech corps, tank and guards armies, German Panzer corps (not the
    Hungarian Mobile Corps, an Axis "mech" unit), in full supply."""
    if u["supply"] != "full":
        return False
    return u["lcu"] or (u["kind"] in ZOC_KINDS and (u["side"] == "soviet" or u["kind"] == "panzer"))


def blocked(b: Board, side: str, units: list[dict], control: dict, trench: dict, own_hexes,
            extra=()) -> set[str]:
    """Hexes a supply line of `side` may not enter or pass (13.1.3); `extra`: more the enemy blocks."""
    foe_units = [u for u in units if u["hex"] and u["side"] != side and u["kind"] != "partisan"]
    out = {u["hex"] for u in foe_units} | set(extra)
    for u in foe_units:
        if exerts_zoc(u):
            out.update(b.adj.get(u["hex"], ()))
    for h in b.strongpoints:
        if control.get(h) not in (side, None):
            out.add(h)
    out.update(h for h, owner in trench.items() if owner != side)
    return out - set(own_hexes)


def supplied(b: Board, side: str, group: str, units: list[dict], control: dict, trench: dict, own_hexes,
             trace: int = TRACE, extra_block=()) -> frozenset[str]:
    """Hexes where a unit of `side` and nationality `group` would trace full supply (as if standing
    there); `trace` hexes to the rail or a source (a shorter one asks for a margin); `extra_block`:
    hexes an enemy unit about to stand there would block (itself and its ZOC)."""
    block = blocked(b, side, units, control, trench, own_hexes, extra_block)
    foe_units = {u["hex"] for u in units if u["hex"] and u["side"] != side}
    sources = [h for h in b.sources[group] if control.get(h) in (side, None) and h not in foe_units]
    anchors = set(h for h in sources if h not in block)
    queue = deque(h for h in anchors if b.rail[h])
    while queue:  # along the railway's own links (13.1.2)
        h = queue.popleft()
        for n in b.rail[h]:
            if n not in anchors and n not in block:
                anchors.add(n)
                queue.append(n)
    out = _reach(b, anchors, block, trace) | set(sources)
    for sea in ("baltic", "black"):  # one port-to-port link (13.1.2)
        ports = [h for h in b.ports[sea] if control.get(h) == side and h not in foe_units]
        linked = [p for p in ports if p in out]
        far = [p for p in ports if p not in block and any(q != p for q in linked)]
        if far:
            out |= _reach(b, set(far), block, trace)
    return frozenset(out)


def _reach(b: Board, anchors: set[str], block: set[str], trace: int) -> set[str]:
    """Hexes within `trace` steps of an anchor; a blocked hex is reached (a unit standing there
    negates the ZOC in it) but carries the line no further."""
    out = set(anchors)
    frontier = anchors
    for _ in range(trace):
        near = {n for h in frontier for n in b.adj[h]} - out
        out |= near
        frontier = {n for n in near if n not in block}
        if not frontier:
            break
    return out
