"""Reading the Terrain Effects Chart for a hex or hexside (10.1, 11.2.1, 11.4.3, 12.2.5).

Every rule asks its terrain question here, so the chart's data shape is known in one place.
The static facts the movement and supply searches read thousands of times per action
(which neighbours a land unit can step to, and at what MP cost) are computed once per
board and kept in `land_edges`.
"""
from __future__ import annotations

from .context import Ctx
from .hexbits import HexBits


RIVER_KEYS = {"river": "river", "major": "major_river"}  # map hexside value -> TEC row

_STATIC: dict[int, dict] = {}  # id(map) -> static tables


def tec(c: Ctx):
    return c.d.tables.terrain


def hex_mp(c: Ctx, hid: str) -> int:
    """10.1.1–10.1.2: the highest cost among the hex's terrain types (towns and cities cost nothing extra)."""
    chart = tec(c)
    return max(chart.terrain[t].mp for t in c.map.hexes[hid].terrain)


def hexside_mp(c: Ctx, a: str, b: str) -> int:
    hs = c.map.hexside(a, b)
    if hs is None:
        return 0
    chart = tec(c)
    extra = 0
    if hs.river:
        extra = max(extra, chart.hexsides[RIVER_KEYS[hs.river]].mp)
    if hs.kerch:
        extra = max(extra, chart.hexsides["kerch"].mp)
    return extra


def enter_cost(c: Ctx, a: str, b: str) -> int:
    """MP to step from `a` into `b`: the hex's cost plus what the hexside adds."""
    return hex_mp(c, b) + hexside_mp(c, a, b)


def impassable(c: Ctx, a: str, b: str) -> bool:
    hs = c.map.hexside(a, b)
    return hs is not None and bool(hs.impassable)


def land(c: Ctx, hid: str) -> bool:
    """A hex units may stand in: on the playable board and not water."""
    h = c.map.hexes.get(hid)
    return h is not None and h.playable and not h.is_water


def _static(c: Ctx) -> dict:
    key = id(c.map)
    tables = _STATIC.get(key)
    if tables is None or tables["map"] is not c.map:
        edges: dict[str, tuple[tuple[str, int], ...]] = {}
        for hid in c.map.hexes:
            if not land(c, hid):
                edges[hid] = ()
                continue
            edges[hid] = tuple((n, enter_cost(c, hid, n)) for n in c.map.neighbours(hid)
                               if land(c, n) and not impassable(c, hid, n))
        rail = {hid: tuple(c.map.rail_links(hid)) for hid in c.map.hexes}
        tables = {"map": c.map, "edges": edges, "rail": rail,
                  "offboard": frozenset(h for h in c.map.hexes if not land(c, h)),
                  "oil": tuple(sorted(h for h, x in c.map.hexes.items() if x.oil)),
                  "vp": tuple(sorted(h for h, x in c.map.hexes.items() if x.vp)),
                  "fortresses": tuple(sorted(h for h, x in c.map.hexes.items() if x.fortress)),
                  "strongpoints": tuple(sorted(h for h, x in c.map.hexes.items()
                                               if x.oil or x.vp or x.fortress or x.settlement in ("city", "major_city"))),
                  "ports": {sea: tuple(sorted(h for h, x in c.map.hexes.items() if x.port == sea))
                            for sea in {x.port for x in c.map.hexes.values() if x.port}},
                  "bits": HexBits(c.map.hexes, {h: [n for n, _ in e] for h, e in edges.items()}, rail)}
        _STATIC[key] = tables
    return tables


def offboard(c: Ctx) -> frozenset[str]:
    """Hexes no unit may stand in: off the playable board or water."""
    return _static(c)["offboard"]


def offboard_bits(c: Ctx) -> int:
    """`offboard` as bits (see hexbits)."""
    tables = _static(c)
    if "offboard_bits" not in tables:
        tables["offboard_bits"] = tables["bits"].of(tables["offboard"])
    return tables["offboard_bits"]


def oil_hexes(c: Ctx) -> tuple[str, ...]:
    """Every oil hex (17.1), sorted."""
    return _static(c)["oil"]


def vp_hexes(c: Ctx) -> tuple[str, ...]:
    """Every VP hex, sorted."""
    return _static(c)["vp"]


def fortress_hexes(c: Ctx) -> tuple[str, ...]:
    """Every hex printed with a fortress (standing or not), sorted."""
    return _static(c)["fortresses"]


def strongpoints(c: Ctx) -> tuple[str, ...]:
    """Hexes printed as oil, VP, city or fortress: with a destroyed-fortress marker (a city, 16.2.2) the
    only ones that may bar an enemy supply line by who holds them (13.1.3)."""
    return _static(c)["strongpoints"]


def ports(c: Ctx, sea: str) -> tuple[str, ...]:
    """The ports on `sea`, sorted."""
    return _static(c)["ports"].get(sea, ())


def hex_bits(c: Ctx) -> HexBits:
    """The board's hexes as bits, with its land steps and rail links as shifts (see hexbits)."""
    return _static(c)["bits"]


def land_edges(c: Ctx) -> dict[str, tuple[tuple[str, int], ...]]:
    """hex -> ((neighbour, MP to enter it), ...): every step a land unit may take on this board,
    leaving out water, neutral ground and lake/sea hexsides (8.2)."""
    return _static(c)["edges"]


def rail_links(c: Ctx) -> dict[str, tuple[str, ...]]:
    """hex -> the neighbours a rail line joins it to (a plain dict: the searches read it a great deal)."""
    return _static(c)["rail"]


def has_terrain(c: Ctx, hid: str, *names: str) -> bool:
    return any(t in names for t in c.map.hexes[hid].terrain)


def is_city(c: Ctx, hid: str) -> bool:
    """City or major city, including a destroyed fortress, which counts as a city (16.2.2)."""
    h = c.map.hexes[hid]
    return h.settlement in ("city", "major_city") or hid in c.s["markers"]["fortress_destroyed"]


def fortress_standing(c: Ctx, hid: str) -> bool:
    h = c.map.hexes[hid]
    return bool(h.fortress) and hid not in c.s["markers"]["fortress_destroyed"]


def exploit_stops_in(c: Ctx, hid: str) -> bool:
    """12.2.5: exploiting units halt on entering swamp, forest, rough, desert or mountain."""
    chart = tec(c)
    return any(chart.terrain[t].exploit_stop for t in c.map.hexes[hid].terrain)
