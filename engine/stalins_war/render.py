"""Drawing the board and its counters as a standalone SVG document (pure string building, no I/O).

``render_svg(map_data, counters)`` returns the whole board: terrain, coasts and the great
rivers, river and water hexsides, railways, towns and cities, ports, fortresses, victory
stars, oil, capitals, supply sources, the 1941 borders, the Paulus and Caucasus lines, the
land beyond the board, hex ids and names, and the counters stacked in their hexes.

Hooks for the web client: every hex polygon has ``id="hex-CCRR"`` and ``data-hex``; every
counter is a ``<g class="counter" id="unit-..." data-unit=... data-hex=...>``.

The board layers depend only on the map and the drawing options, so they are built once per
``MapData`` and option set and reused; only the counters are drawn on every call.
"""
from __future__ import annotations

import math
import re
from typing import Any, Iterable

from ..core import hexgrid
from .data.mapdata import MapData

SQRT3 = math.sqrt(3.0)

TERRAIN_FILL = {
    "clear": "#e9e4c6",
    "forest": "#b9cf98",
    "rough": "#dcc9a0",
    "swamp": "#c4d6bd",
    "mountain": "#c8ab88",
    "desert": "#f0dfa6",
}
SEA = "#9ec4e2"
LAKE = "#a9d0ea"
COAST = "#4d7fa8"
RIVER = "#3d86d1"
OFFBOARD_LAND = "#d8d6d0"
OFFBOARD_SEA = "#c7d7e3"
NEUTRAL = "#c9c9c4"

NATION = {  # counter face, ink
    "GE": ("#8e969d", "#111"),      # field grey
    "SU": ("#a4472f", "#fff"),      # red-brown
    "RO": ("#d4bd4e", "#111"),      # Romanian mustard
    "HU": ("#5e8a4c", "#fff"),      # Hungarian green
    "IT": ("#3f7db0", "#fff"),      # Italian blue
}
SOURCE_COLOUR = {"GE": "#5a6168", "SU": "#a4472f", "RO": "#b89b1c", "HU": "#4f7a3e", "IT": "#3f7db0"}
SIZE_MARK = {"corps": "XXX", "army": "XXXX", "front": "XXXXX"}

_ID_SAFE = re.compile(r"[^A-Za-z0-9_.-]")
_UNIT_CORNERS = [(math.cos(math.radians(60 * i)), math.sin(math.radians(60 * i))) for i in range(6)]


def _direction(a: str, b: str) -> int:
    """Direction index (N, NE, SE, S, SW, NW = 0..5) from a to its neighbour b."""
    col, row = hexgrid.col_row(a)
    bc, br = hexgrid.col_row(b)
    offsets = (((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)) if col % 2
               else ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1)))
    return offsets.index((bc - col, br - row))


def esc(text: Any) -> str:
    s = str(text)
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _f(v: float) -> str:
    """Short decimal for coordinates."""
    s = f"{v:.1f}"
    return s[:-2] if s.endswith(".0") else s


def _poly(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_f(x)},{_f(y)}" for x, y in points)


def render_svg(map: MapData, counters: list[dict] | None = None, *, show_ids: bool = True,
               show_names: bool = True, legend: bool = True, scale: float = 40.0,
               view: tuple[str, str] | None = None, highlight: Iterable[str] = (),
               title: str | None = None) -> str:
    """The board as an SVG document.

    counters   dicts with hex, id, label, side, nationality, kind, size, lcu, attack, defense, ma,
               reduced, hidden (and optionally oos); listed bottom of the stack first.
    show_ids   print the small hex ids.
    show_names print place names.
    legend     draw the key in the top-left corner (outside the board).
    scale      pixels per hex corner radius.
    view       (top-left hex, bottom-right hex): show only that rectangle of the board.
    highlight  hex ids to outline (e.g. legal destinations).
    """
    key = (show_ids, show_names, legend, float(scale))
    cache = map._cache.setdefault("svg_board", {})
    board = cache.get(key)
    if board is None:
        board = cache[key] = _Board(map, scale, show_ids, show_names, legend).svg()
    layers, (x0, y0, x1, y1) = board
    if view is not None:
        x0, y0, x1, y1 = _view_box(view, scale)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_f(x0)} {_f(y0)} {_f(x1 - x0)} {_f(y1 - y0)}" '
        f'width="{_f(x1 - x0)}" height="{_f(y1 - y0)}" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" '
        f'class="sw-board">',
    ]
    if title:
        out.append(f"<title>{esc(title)}</title>")
    out.append(layers)
    hl = [h for h in highlight if h in map.hexes]
    if hl:
        s = scale
        out.append('<g class="highlight" fill="none" stroke="#ff00aa" stroke-width="3">')
        for hid in hl:
            out.append(f'<polygon points="{_poly((x * s, y * s) for x, y in hexgrid.corners(hid))}"/>')
        out.append("</g>")
    if counters:
        out.append(_counters(map, counters, scale))
    out.append("</svg>")
    return "".join(out)


def map_key_svg(map: MapData, scale: float = 40.0) -> str:
    """The map's key on its own, as an SVG document (its patterns are the board's: show it beside the board)."""
    body = _Board(map, scale, False, False, True).key(0.0, 0.0)
    height = float(re.search(r'height="([\d.]+)"', body).group(1))
    s = scale
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_f(0.1 * s)} {_f(0.1 * s)} {_f(6.7 * s)} {_f(height + 0.1 * s)}" '
            f'font-family="DejaVu Sans, Arial, Helvetica, sans-serif" class="sw-key">{body}</svg>')


def _view_box(view: tuple[str, str], s: float) -> tuple[float, float, float, float]:
    (ax, ay), (bx, by) = hexgrid.center(view[0]), hexgrid.center(view[1])
    return (min(ax, bx) - 1.1) * s, (min(ay, by) - 1.0) * s, (max(ax, bx) + 1.1) * s, (max(ay, by) + 1.0) * s


# ---------------------------------------------------------------------------------- the board

class _Board:
    def __init__(self, m: MapData, scale: float, show_ids: bool, show_names: bool, legend: bool):
        self.m = m
        self.s = scale
        self.show_ids = show_ids
        self.show_names = show_names
        self.legend = legend
        c0, c1 = m.board.columns
        r0, r1 = m.board.rows
        self.frame_ids = [hexgrid.hex_id(c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)]
        self._corners: dict[str, list[str]] = {}

    # coordinates
    def P(self, x: float, y: float) -> str:
        return f"{_f(x * self.s)},{_f(y * self.s)}"

    def corner_strs(self, hid: str) -> list[str]:
        """The six corners of a hex as "x,y" strings (corner i at 60*i degrees, y down), cached."""
        c = self._corners.get(hid)
        if c is None:
            cx, cy = hexgrid.center(hid)
            c = self._corners[hid] = [self.P(cx + dx, cy + dy) for dx, dy in _UNIT_CORNERS]
        return c

    def hexpath(self, hid: str) -> str:
        return "M" + "L".join(self.corner_strs(hid)) + "Z"

    def centre(self, hid: str) -> tuple[float, float]:
        x, y = hexgrid.center(hid)
        return x * self.s, y * self.s

    def bounds(self) -> tuple[float, float, float, float]:
        xs, ys = [], []
        for hid in self.frame_ids:
            x, y = hexgrid.center(hid)
            xs.append(x)
            ys.append(y)
        return (min(xs) - 1) * self.s, (min(ys) - 0.9) * self.s, (max(xs) + 1) * self.s, (max(ys) + 0.9) * self.s

    def edge_path(self, pairs: Iterable[tuple[str, str]]) -> str:
        """Path along the edges shared by each pair of neighbouring hexes."""
        parts = []
        for a, b in pairs:
            try:
                d = hexgrid.neighbours(a).index(b)
            except ValueError:
                continue
            # neighbours() lists N, NE, SE, S, SW, NW; the edge towards direction d joins
            # corners d+4 and d+5 (corner 0 points east, corners turn clockwise)
            if len(hexgrid.neighbours(a)) != 6:
                d = _direction(a, b)
            c = self.corner_strs(a)
            parts.append(f"M{c[(d + 4) % 6]}L{c[(d + 5) % 6]}")
        return "".join(parts)

    def svg(self) -> tuple[str, tuple[float, float, float, float]]:
        m = self.m
        x0, y0, x1, y1 = self.bounds()
        out: list[str] = [self.defs(x0, y0, x1, y1)]
        # sea everywhere, land (true coastline) over it: grey beyond the board
        out.append(f'<rect x="{_f(x0)}" y="{_f(y0)}" width="{_f(x1 - x0)}" height="{_f(y1 - y0)}" fill="{OFFBOARD_SEA}"/>')
        out.append(f'<rect x="{_f(x0)}" y="{_f(y0)}" width="{_f(x1 - x0)}" height="{_f(y1 - y0)}" '
                   f'fill="{OFFBOARD_LAND}" clip-path="url(#sw-land)"/>')
        # on the board: sea hexes, then terrain clipped to the land
        water_hexes = [h for h in m.hexes.values() if h.is_water]
        out.append(f'<path d="{"".join(self.hexpath(h.id) for h in water_hexes if h.terrain[0] == "sea")}" fill="{SEA}"/>')
        out.append(f'<path d="{"".join(self.hexpath(h.id) for h in water_hexes if h.terrain[0] == "lake")}" fill="{LAKE}"/>')
        out.append('<g clip-path="url(#sw-land)">')
        by_fill: dict[str, list[str]] = {}
        for h in m.hexes.values():
            if h.is_water:
                fill = TERRAIN_FILL["clear"]
            elif not h.playable:
                fill = NEUTRAL
            else:
                fill = TERRAIN_FILL[h.terrain[0]]
            by_fill.setdefault(fill, []).append(self.hexpath(h.id))
        for fill, paths in sorted(by_fill.items()):
            out.append(f'<path d="{"".join(paths)}" fill="{fill}"/>')
        for t in ("forest", "rough", "swamp", "mountain", "desert"):
            ids = [h.id for h in m.hexes.values() if h.playable and t in h.terrain]
            if ids:
                out.append(f'<path d="{"".join(self.hexpath(i) for i in ids)}" fill="url(#sw-{t})"/>')
        neutral = [h.id for h in m.hexes.values() if not h.playable and not h.is_water]
        if neutral:
            out.append(f'<path d="{"".join(self.hexpath(i) for i in neutral)}" fill="url(#sw-neutral)"/>')
        out.append("</g>")
        out.append(self.coastlines())
        out.append(self.grid())
        out.append(self.true_rivers())
        out.append(self.hexsides())
        out.append(self.borders())
        out.append(self.zone_lines())
        out.append(self.outline())
        out.append(self.rail())
        out.append(self.hex_targets())
        out.append(self.features())
        if self.show_ids:
            out.append(self.ids())
        if self.show_names:
            out.append(self.names())
        if self.legend:
            out.append(self.key(x0, y0))
        return "".join(out), (x0, y0, x1, y1)

    def defs(self, x0, y0, x1, y1) -> str:
        s = self.s
        land = [f"M{_f(x0)},{_f(y0)}H{_f(x1)}V{_f(y1)}H{_f(x0)}Z"]
        for w in self.m.geometry.water:
            for ring in w.rings:
                land.append("M" + "L".join(self.P(x, y) for x, y in ring) + "Z")
        u = s / 40.0
        pats = {
            "forest": (14, 14, f'<path d="M{_f(7*u)},{_f(2*u)}l{_f(-4*u)},{_f(7*u)}h{_f(8*u)}z" fill="#6f9a55"/>'
                               f'<path d="M{_f(7*u)},{_f(9*u)}v{_f(3*u)}" stroke="#5a4a32" stroke-width="{_f(1.2*u)}"/>'),
            "swamp": (16, 12, f'<path d="M{_f(2*u)},{_f(9*u)}h{_f(10*u)}M{_f(4*u)},{_f(9*u)}l{_f(-1.5*u)},{_f(-4*u)}'
                              f'M{_f(7*u)},{_f(9*u)}v{_f(-5*u)}M{_f(10*u)},{_f(9*u)}l{_f(1.5*u)},{_f(-4*u)}" '
                              f'stroke="#3d7a74" stroke-width="{_f(1.1*u)}" fill="none"/>'),
            "rough": (12, 12, f'<path d="M{_f(2*u)},{_f(8*u)}q{_f(2*u)},{_f(-4*u)} {_f(4*u)},0" stroke="#9c7d4c" '
                              f'stroke-width="{_f(1.1*u)}" fill="none"/>'),
            "mountain": (16, 14, f'<path d="M{_f(1*u)},{_f(12*u)}l{_f(5*u)},{_f(-9*u)}l{_f(3*u)},{_f(5*u)}l{_f(2*u)},'
                                 f'{_f(-3*u)}l{_f(4*u)},{_f(7*u)}" stroke="#7a5636" stroke-width="{_f(1.3*u)}" '
                                 f'fill="#b28c66"/>'),
            "desert": (10, 10, f'<circle cx="{_f(3*u)}" cy="{_f(3*u)}" r="{_f(0.9*u)}" fill="#c7a85a"/>'
                               f'<circle cx="{_f(8*u)}" cy="{_f(7*u)}" r="{_f(0.7*u)}" fill="#c7a85a"/>'),
            "neutral": (10, 10, f'<path d="M0,{_f(10*u)}L{_f(10*u)},0" stroke="#b0b0aa" stroke-width="{_f(0.8*u)}"/>'),
        }
        parts = ["<defs>", f'<clipPath id="sw-land"><path clip-rule="evenodd" d="{"".join(land)}"/></clipPath>']
        for name, (w, h, body) in pats.items():
            parts.append(f'<pattern id="sw-{name}" width="{_f(w*u)}" height="{_f(h*u)}" patternUnits="userSpaceOnUse">'
                         f"{body}</pattern>")
        parts.append(f'<symbol id="sw-star" viewBox="-1 -1 2 2">{_star_path(1.0, 0.42, "#f5c518", "#7a5a00", 0.08)}</symbol>')
        parts.append("</defs>")
        return "".join(parts)

    def coastlines(self) -> str:
        parts = []
        for w in self.m.geometry.water:
            for ring in w.rings:
                parts.append("M" + "L".join(self.P(x, y) for x, y in ring) + "Z")
        return (f'<path class="coast" d="{"".join(parts)}" fill="none" stroke="{COAST}" '
                f'stroke-width="{_f(0.035 * self.s)}" stroke-linejoin="round"/>')

    def grid(self) -> str:
        d = "".join(self.hexpath(h) for h in self.m.hexes)
        return (f'<path class="grid" d="{d}" fill="none" stroke="#5b5b4f" stroke-opacity="0.45" '
                f'stroke-width="{_f(0.02 * self.s)}"/>')

    def true_rivers(self) -> str:
        parts = []
        for r in self.m.geometry.rivers:
            d = "M" + "L".join(self.P(x, y) for x, y in r.points)
            parts.append(f'<path d="{d}"/>')
        return (f'<g class="river-course" fill="none" stroke="{RIVER}" stroke-opacity="0.35" '
                f'stroke-width="{_f(0.03 * self.s)}" stroke-linejoin="round">{"".join(parts)}</g>')

    def hexsides(self) -> str:
        m = self.m
        river, major, water, volga, kerch = [], [], [], [], []
        for side in m.hexsides.values():
            a, b = side.a, side.b
            if side.impassable and not (m.hexes[a].is_water or m.hexes[b].is_water):
                water.append((a, b))
            if side.river == "major":
                major.append((a, b))
            elif side.river == "river":
                river.append((a, b))
            if side.volga_line:
                volga.append((a, b))
            if side.kerch:
                kerch.append((a, b))
        s = self.s
        out = [
            f'<path class="hexside-water" d="{self.edge_path(water)}" stroke="{COAST}" stroke-width="{_f(0.14 * s)}" '
            f'stroke-linecap="round" fill="none"/>',
            f'<path class="hexside-river" d="{self.edge_path(river)}" stroke="{RIVER}" stroke-width="{_f(0.06 * s)}" '
            f'stroke-linecap="round" fill="none"/>',
            f'<path class="hexside-major" d="{self.edge_path(major)}" stroke="#1f5fa8" stroke-width="{_f(0.15 * s)}" '
            f'stroke-linecap="round" fill="none"/>',
            f'<path class="volga-line" d="{self.edge_path(volga)}" stroke="#fff" stroke-width="{_f(0.04 * s)}" '
            f'stroke-dasharray="{_f(0.12 * s)} {_f(0.08 * s)}" fill="none"/>',
        ]
        for a, b in kerch:
            (ax, ay), (bx, by) = hexgrid.center(a), hexgrid.center(b)
            mx, my = (ax + bx) / 2, (ay + by) / 2
            dx, dy = (bx - ax) * 0.28, (by - ay) * 0.28
            out.append(f'<g class="kerch" stroke="#b3261e" stroke-width="{_f(0.07 * s)}" fill="none">'
                       f'<path d="M{self.P(mx - dx, my - dy)}L{self.P(mx + dx, my + dy)}"/>'
                       f'<path d="M{self.P(mx - dx * 0.6 - dy * 0.5, my - dy * 0.6 + dx * 0.5)}'
                       f'L{self.P(mx - dx * 0.6 + dy * 0.5, my - dy * 0.6 - dx * 0.5)}'
                       f'M{self.P(mx + dx * 0.6 - dy * 0.5, my + dy * 0.6 + dx * 0.5)}'
                       f'L{self.P(mx + dx * 0.6 + dy * 0.5, my + dy * 0.6 - dx * 0.5)}"/></g>')
        return "".join(out)

    def _country_key(self, hid: str) -> str | None:
        h = self.m.hexes[hid]
        if h.is_water:
            return None
        if h.country == "germany":
            return "germany/gg" if h.region == "general_government" else "germany"
        if h.country == "baltic":
            return f"baltic/{h.region}"
        return h.country

    def borders(self) -> str:
        pairs = []
        for hid in self.m.hexes:
            ka = self._country_key(hid)
            if ka is None:
                continue
            for n in self.m.neighbours(hid):
                if n > hid:
                    kb = self._country_key(n)
                    if kb is not None and kb != ka:
                        pairs.append((hid, n))
        s = self.s
        d = self.edge_path(pairs)
        return (f'<g class="border" fill="none" stroke-linecap="butt">'
                f'<path d="{d}" stroke="#fffbea" stroke-opacity="0.75" stroke-width="{_f(0.13 * s)}"/>'
                f'<path d="{d}" stroke="#7b2f7f" stroke-width="{_f(0.07 * s)}" '
                f'stroke-dasharray="{_f(0.2 * s)} {_f(0.07 * s)} {_f(0.05 * s)} {_f(0.07 * s)}"/></g>')

    def zone_lines(self) -> str:
        s = self.s
        style = {"paulus": ("#d9480f", "Paulus line"), "caucasus": ("#862e9c", "Caucasus line")}
        out = []
        for key, zl in self.m.geometry.zone_lines.items():
            colour, _ = style.get(key, ("#333", key))
            d = "".join(f"M{self.P(x1, y1)}L{self.P(x2, y2)}" for x1, y1, x2, y2 in zl.hexsides)
            course = "M" + "L".join(self.P(x, y) for x, y in zl.course)
            out.append(f'<g class="zone-line {key}-line" fill="none" stroke="{colour}">'
                       f'<path d="{course}" stroke-width="{_f(0.05 * s)}" stroke-opacity="0.45" '
                       f'stroke-dasharray="{_f(0.1 * s)} {_f(0.1 * s)}"/>'
                       f'<path d="{d}" stroke-width="{_f(0.11 * s)}" stroke-dasharray="{_f(0.3 * s)} {_f(0.12 * s)}" '
                       f'stroke-linecap="butt"/></g>')
        return "".join(out)

    def outline(self) -> str:
        """The board's edge: hexsides between a board hex and the land beyond it."""
        m = self.m
        pairs = []
        for hid in m.hexes:
            for n in hexgrid.neighbours(hid):
                if n not in m.hexes:
                    pairs.append((hid, n))
        west = [(h, n) for h, n in pairs if m.hexes[h].west_edge]
        east = [(h, n) for h, n in pairs if m.hexes[h].east_edge]
        s = self.s
        return (f'<path class="board-edge" d="{self.edge_path(pairs)}" fill="none" stroke="#3a3a34" '
                f'stroke-width="{_f(0.07 * s)}"/>'
                f'<path class="west-edge" d="{self.edge_path(west)}" fill="none" stroke="#5a6168" '
                f'stroke-width="{_f(0.16 * s)}" stroke-opacity="0.6"/>'
                f'<path class="east-edge" d="{self.edge_path(east)}" fill="none" stroke="#a4472f" '
                f'stroke-width="{_f(0.16 * s)}" stroke-opacity="0.6"/>')

    def rail(self) -> str:
        d = "".join(f"M{self.P(*hexgrid.center(a))}L{self.P(*hexgrid.center(b))}" for a, b in self.m.rail)
        s = self.s
        return (f'<g class="rail" fill="none" stroke-linecap="round">'
                f'<path d="{d}" stroke="#262626" stroke-width="{_f(0.09 * s)}"/>'
                f'<path d="{d}" stroke="#f4f1e4" stroke-width="{_f(0.04 * s)}" '
                f'stroke-dasharray="{_f(0.1 * s)} {_f(0.1 * s)}"/></g>')

    def hex_targets(self) -> str:
        parts = ['<g class="hexes" fill="#000" fill-opacity="0">']
        for hid, h in self.m.hexes.items():
            cls = "hex water" if h.is_water else ("hex" if h.playable else "hex neutral")
            parts.append(f'<polygon id="hex-{hid}" data-hex="{hid}" class="{cls}" '
                         f'points="{" ".join(self.corner_strs(hid))}"/>')
        parts.append("</g>")
        return "".join(parts)

    def features(self) -> str:
        s = self.s
        out = ['<g class="features" pointer-events="none">']
        for hid, h in self.m.hexes.items():
            if h.is_water:
                continue
            cx, cy = self.centre(hid)
            if h.settlement == "major_city":
                w = 0.34 * s
                out.append(f'<rect x="{_f(cx - w / 2)}" y="{_f(cy - w / 2)}" width="{_f(w)}" height="{_f(w)}" '
                           f'fill="#c0392b" stroke="#4a0f0a" stroke-width="{_f(0.04 * s)}"/>'
                           f'<rect x="{_f(cx - w / 4)}" y="{_f(cy - w / 4)}" width="{_f(w / 2)}" height="{_f(w / 2)}" '
                           f'fill="#7f1d14"/>')
            elif h.settlement == "city":
                w = 0.24 * s
                out.append(f'<rect x="{_f(cx - w / 2)}" y="{_f(cy - w / 2)}" width="{_f(w)}" height="{_f(w)}" '
                           f'fill="#c0392b" stroke="#4a0f0a" stroke-width="{_f(0.035 * s)}"/>')
            elif h.settlement == "town":
                out.append(f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(0.08 * s)}" fill="#222" '
                           f'stroke="#fff" stroke-width="{_f(0.025 * s)}"/>')
            if h.fortress:
                out.append(_fortress(cx, cy, 0.3 * s, "#2b2b2b" if h.fortress == "soviet" else "#39414a"))
            if h.vp:
                r = 0.17 * s
                out.append(f'<use href="#sw-star" x="{_f(cx - 0.62 * s - r)}" y="{_f(cy - 0.18 * s - r)}" '
                           f'width="{_f(2 * r)}" height="{_f(2 * r)}"/>')
            if h.capital:
                out.append(f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(0.3 * s)}" fill="none" stroke="#c0392b" '
                           f'stroke-width="{_f(0.035 * s)}"/><circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(0.36 * s)}" '
                           f'fill="none" stroke="#c0392b" stroke-width="{_f(0.02 * s)}"/>')
            if h.port:
                out.append(_anchor(cx + 0.5 * s, cy - 0.22 * s, 0.14 * s))
            if h.oil:
                out.append(_derrick(cx + 0.52 * s, cy + 0.1 * s, 0.2 * s))
            if h.usir:
                out.append(_factory(cx - 0.6 * s, cy + 0.1 * s, 0.22 * s))
            if h.supply_source:
                nat = "SU" if "SU" in h.supply_source else h.supply_source[0]
                r = 0.13 * s
                x, y = cx + 0.42 * s, cy + 0.46 * s
                dash = f' stroke-dasharray="{_f(r * 0.5)} {_f(r * 0.3)}"' if h.supply_condition else ""
                label = "S"
                out.append(f'<g class="supply-source" data-nations="{" ".join(h.supply_source)}">'
                           f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="#fff" stroke="{SOURCE_COLOUR[nat]}" '
                           f'stroke-width="{_f(0.035 * s)}"{dash}/>'
                           f'<text x="{_f(x)}" y="{_f(y + r * 0.42)}" font-size="{_f(r * 1.25)}" font-weight="bold" '
                           f'text-anchor="middle" fill="{SOURCE_COLOUR[nat]}">{label}</text></g>')
        out.append("</g>")
        return "".join(out)

    def ids(self) -> str:
        s = self.s
        out = [f'<g class="hex-ids" font-size="{_f(0.2 * s)}" fill="#55554a" text-anchor="middle" pointer-events="none">']
        for hid in self.m.hexes:
            cx, cy = self.centre(hid)
            out.append(f'<text x="{_f(cx)}" y="{_f(cy - 0.64 * s)}">{hid}</text>')
        out.append("</g>")
        return "".join(out)

    def names(self) -> str:
        s = self.s
        m = self.m
        out = [f'<g class="names" text-anchor="middle" pointer-events="none" stroke="#fffbea" '
               f'stroke-width="{_f(0.06 * s)}" stroke-linejoin="round" paint-order="stroke" fill="#1d1d1b">']
        for hid, h in m.hexes.items():
            if not h.labels or h.is_water:
                continue
            cx, cy = self.centre(hid)
            name = h.labels[0]
            if h.settlement == "major_city":
                size, weight = 0.27, "bold"
            elif h.settlement == "city":
                size, weight = 0.23, "bold"
            elif h.settlement == "town":
                size, weight = 0.2, "normal"
            else:
                size, weight = 0.2, "normal"
            italic = "" if h.settlement else ' font-style="italic"'
            out.append(f'<text x="{_f(cx)}" y="{_f(cy + 0.42 * s)}" font-size="{_f(size * s)}" '
                       f'font-weight="{weight}"{italic}>{esc(name)}</text>')
        for w in m.geometry.water:
            x, y = w.label
            big = w.kind != "lake"
            out.append(f'<text x="{_f(x * s)}" y="{_f(y * s)}" font-size="{_f((0.42 if big else 0.24) * s)}" '
                       f'font-style="italic" fill="#2f5f8a" stroke="none" letter-spacing="{_f(0.03 * s)}">'
                       f"{esc(w.name)}</text>")
        for lb in m.geometry.labels:
            x, y = lb.at
            if lb.kind == "country":
                out.append(f'<text x="{_f(x * s)}" y="{_f(y * s)}" font-size="{_f(0.36 * s)}" font-weight="bold" '
                           f'fill="#6b4a6e" fill-opacity="0.8" stroke="none" letter-spacing="{_f(0.08 * s)}">'
                           f"{esc(lb.text.upper())}</text>")
            else:
                out.append(f'<text x="{_f(x * s)}" y="{_f(y * s)}" font-size="{_f(0.3 * s)}" font-style="italic" '
                           f'fill="#5a4a2a" fill-opacity="0.85" stroke="none">{esc(lb.text)}</text>')
        out.append("</g>")
        return "".join(out)

    def key(self, x0: float, y0: float) -> str:
        """A compact key in the top-left corner (that corner is beyond the board)."""
        s = self.s
        x, y = x0 + 0.4 * s, y0 + 0.5 * s
        row = 0.62 * s
        items = [(f'<rect width="{_f(0.5 * s)}" height="{_f(0.36 * s)}" fill="{TERRAIN_FILL[t]}" stroke="#777"/>'
                  f'<rect width="{_f(0.5 * s)}" height="{_f(0.36 * s)}" fill="url(#sw-{t})"/>', t.capitalize())
                 for t in ("clear", "forest", "rough", "swamp", "mountain", "desert")]
        items += [
            (f'<rect width="{_f(0.5 * s)}" height="{_f(0.36 * s)}" fill="{NEUTRAL}" stroke="#777"/>', "Neutral (no entry)"),
            (f'<path d="M0,{_f(0.18 * s)}h{_f(0.5 * s)}" stroke="{RIVER}" stroke-width="{_f(0.07 * s)}"/>', "River"),
            (f'<path d="M0,{_f(0.18 * s)}h{_f(0.5 * s)}" stroke="#1f5fa8" stroke-width="{_f(0.15 * s)}"/>',
             "Major river (Dnepr, Volga, Don)"),
            (f'<path d="M0,{_f(0.18 * s)}h{_f(0.5 * s)}" stroke="#1f5fa8" stroke-width="{_f(0.15 * s)}"/>'
             f'<path d="M0,{_f(0.18 * s)}h{_f(0.5 * s)}" stroke="#fff" stroke-width="{_f(0.04 * s)}" '
             f'stroke-dasharray="{_f(0.12 * s)} {_f(0.08 * s)}"/>', "Volga south of Saratov (11.1.10)"),
            (f'<path d="M0,{_f(0.18 * s)}h{_f(0.5 * s)}" stroke="{COAST}" stroke-width="{_f(0.14 * s)}"/>',
             "Lake/sea hexside (impassable)"),
            (f'<path d="M0,{_f(0.18 * s)}h{_f(0.5 * s)}" stroke="#262626" stroke-width="{_f(0.09 * s)}"/>'
             f'<path d="M0,{_f(0.18 * s)}h{_f(0.5 * s)}" stroke="#f4f1e4" stroke-width="{_f(0.04 * s)}" '
             f'stroke-dasharray="{_f(0.1 * s)} {_f(0.1 * s)}"/>', "Railway"),
            (f'<path d="M0,{_f(0.18 * s)}h{_f(0.5 * s)}" stroke="#d9480f" stroke-width="{_f(0.11 * s)}" '
             f'stroke-dasharray="{_f(0.3 * s)} {_f(0.12 * s)}"/>', "Paulus line (zone to the east)"),
            (f'<path d="M0,{_f(0.18 * s)}h{_f(0.5 * s)}" stroke="#862e9c" stroke-width="{_f(0.11 * s)}" '
             f'stroke-dasharray="{_f(0.3 * s)} {_f(0.12 * s)}"/>', "Caucasus line (zone to the south)"),
            (f'<path d="M0,{_f(0.18 * s)}h{_f(0.5 * s)}" stroke="#7b2f7f" stroke-width="{_f(0.06 * s)}" '
             f'stroke-dasharray="{_f(0.18 * s)} {_f(0.07 * s)} {_f(0.04 * s)} {_f(0.07 * s)}"/>', "Border, June 1941"),
            (f'<circle cx="{_f(0.25 * s)}" cy="{_f(0.18 * s)}" r="{_f(0.08 * s)}" fill="#222"/>', "Town"),
            (f'<rect x="{_f(0.13 * s)}" y="{_f(0.06 * s)}" width="{_f(0.24 * s)}" height="{_f(0.24 * s)}" '
             f'fill="#c0392b"/>', "City"),
            (f'<rect x="{_f(0.08 * s)}" y="{_f(0.01 * s)}" width="{_f(0.34 * s)}" height="{_f(0.34 * s)}" '
             f'fill="#c0392b"/>', "Major city"),
            (_star_path(0.17 * s, 0.42, "#f5c518", "#7a5a00", 0.02 * s, 0.25 * s, 0.18 * s), "Victory point hex"),
            (_fortress(0.25 * s, 0.18 * s, 0.3 * s, "#2b2b2b"), "Fortress"),
            (_anchor(0.25 * s, 0.18 * s, 0.14 * s), "Port"),
            (f'<circle cx="{_f(0.25 * s)}" cy="{_f(0.18 * s)}" r="{_f(0.2 * s)}" fill="none" stroke="#c0392b" '
             f'stroke-width="{_f(0.035 * s)}"/>', "Capital"),
            (_factory(0.25 * s, 0.2 * s, 0.2 * s), "Upper Silesian Industrial Region (USIR)"),
            (_derrick(0.25 * s, 0.18 * s, 0.2 * s), "Oil"),
            (f'<circle cx="{_f(0.25 * s)}" cy="{_f(0.18 * s)}" r="{_f(0.13 * s)}" fill="#fff" stroke="#5a6168" '
             f'stroke-width="{_f(0.035 * s)}"/>', "Supply source (S; dashed: Baku, 13.2.3)"),
        ]
        h = row * len(items) + 0.8 * s
        out = [f'<g class="legend" transform="translate({_f(x)},{_f(y)})" pointer-events="none">',
               f'<rect x="{_f(-0.25 * s)}" y="{_f(-0.35 * s)}" width="{_f(6.6 * s)}" height="{_f(h)}" fill="#fbf8ec" '
               f'fill-opacity="0.92" stroke="#8a8674" stroke-width="{_f(0.03 * s)}" rx="{_f(0.1 * s)}"/>',
               f'<text x="0" y="{_f(0.05 * s)}" font-size="{_f(0.32 * s)}" font-weight="bold">Stalin\'s War: key</text>']
        for i, (sym, text) in enumerate(items):
            yy = 0.35 * s + i * row
            out.append(f'<g transform="translate(0,{_f(yy)})">{sym}<text x="{_f(0.75 * s)}" y="{_f(0.28 * s)}" '
                       f'font-size="{_f(0.26 * s)}">{esc(text)}</text></g>')
        out.append("</g>")
        return "".join(out)


# ---------------------------------------------------------------------------------- symbols

def _star_path(r: float, inner: float, fill: str, stroke: str, sw: float, cx: float = 0.0, cy: float = 0.0) -> str:
    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * inner
        a = math.radians(-90 + 36 * i)
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return (f'<polygon points="{" ".join(f"{x:.3f},{y:.3f}" for x, y in pts)}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{sw:.3f}"/>')


def _fortress(cx: float, cy: float, size: float, colour: str) -> str:
    """A bastioned trace (a small star fort) around the hex centre."""
    pts = []
    for i in range(10):
        rr = size if i % 2 == 0 else size * 0.72
        a = math.radians(-90 + 36 * i)
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return (f'<polygon class="fortress" points="{_poly(pts)}" fill="none" stroke="{colour}" '
            f'stroke-width="{_f(size * 0.12)}"/>')


def _anchor(cx: float, cy: float, r: float) -> str:
    w = r * 0.18
    return (f'<g class="port" fill="none" stroke="#1b4f80" stroke-width="{_f(w)}" stroke-linecap="round">'
            f'<circle cx="{_f(cx)}" cy="{_f(cy - r * 0.8)}" r="{_f(r * 0.22)}"/>'
            f'<path d="M{_f(cx)},{_f(cy - r * 0.58)}V{_f(cy + r * 0.8)}M{_f(cx - r * 0.45)},{_f(cy - r * 0.25)}'
            f'H{_f(cx + r * 0.45)}M{_f(cx - r * 0.75)},{_f(cy + r * 0.2)}Q{_f(cx - r * 0.6)},{_f(cy + r * 0.85)} '
            f'{_f(cx)},{_f(cy + r * 0.8)}Q{_f(cx + r * 0.6)},{_f(cy + r * 0.85)} {_f(cx + r * 0.75)},{_f(cy + r * 0.2)}"/></g>')


def _derrick(cx: float, cy: float, h: float) -> str:
    w = h * 0.4
    return (f'<g class="oil" stroke="#111" stroke-width="{_f(h * 0.09)}" fill="none">'
            f'<path d="M{_f(cx - w)},{_f(cy + h / 2)}L{_f(cx)},{_f(cy - h / 2)}L{_f(cx + w)},{_f(cy + h / 2)}'
            f'M{_f(cx - w * 0.55)},{_f(cy + h * 0.1)}H{_f(cx + w * 0.55)}"/>'
            f'<circle cx="{_f(cx)}" cy="{_f(cy - h / 2)}" r="{_f(h * 0.1)}" fill="#111"/></g>')


def _factory(cx: float, cy: float, h: float) -> str:
    return (f'<g class="usir" fill="#444"><path d="M{_f(cx - h)},{_f(cy + h / 2)}V{_f(cy)}l{_f(h / 2)},{_f(-h / 3)}'
            f'v{_f(h / 3)}l{_f(h / 2)},{_f(-h / 3)}v{_f(h / 3)}l{_f(h / 2)},{_f(-h / 3)}V{_f(cy - h)}h{_f(h / 4)}'
            f'V{_f(cy + h / 2)}Z"/></g>')


# ---------------------------------------------------------------------------------- counters

def _counter_id(uid: str) -> str:
    return "unit-" + _ID_SAFE.sub("_", uid)


def _counters(m: MapData, counters: list[dict], s: float) -> str:
    stacks: dict[str, list[dict]] = {}
    for c in counters:
        hid = str(c.get("hex", ""))
        if hid in m.hexes:
            stacks.setdefault(hid, []).append(c)
    out = ['<g class="counters">']
    for hid in sorted(stacks):
        stack = sorted(stacks[hid], key=_stack_key)
        cx, cy = hexgrid.center(hid)
        cx, cy = cx * s, cy * s
        n = len(stack)
        step = 0.1 * s
        for i, c in enumerate(stack):
            size = (1.06 if c.get("lcu") else 0.9) * s
            off = (i - (n - 1) / 2) * step
            x = cx - size / 2 + off
            y = cy - size / 2 - off + 0.05 * s
            out.append(_counter(c, x, y, size, hid))
    out.append("</g>")
    return "".join(out)


_STACK_ORDER = {"fortified_zone": 0, "bunker": 1, "partisan": 5, "stalin": 6}
_ARMOUR = ("panzer", "tank", "guards_tank", "mech", "motorized")


def _stack_key(c: dict) -> tuple[int, int]:
    """Bottom of the stack first: LCUs, then other units, armour on top, Stalin uppermost.
    The caller's order is kept among equals (sorted is stable)."""
    kind = str(c.get("kind"))
    if kind in _STACK_ORDER:
        return (_STACK_ORDER[kind], 0)
    if c.get("lcu"):
        return (2, 0)
    return (4 if kind in _ARMOUR else 3, 0)


def _counter(c: dict, x: float, y: float, size: float, hid: str) -> str:
    uid = str(c.get("id", ""))
    attrs = (f'class="counter{" lcu" if c.get("lcu") else ""}{" hidden" if c.get("hidden") else ""}" '
             f'id="{esc(_counter_id(uid))}" data-unit="{esc(uid)}" data-hex="{hid}" '
             f'transform="translate({_f(x)},{_f(y)})"')
    r = size * 0.07
    if c.get("hidden"):
        return (f'<g {attrs}><rect width="{_f(size)}" height="{_f(size)}" rx="{_f(r)}" fill="#2f3b2a" stroke="#0d120b" '
                f'stroke-width="{_f(size * 0.04)}"/><text x="{_f(size / 2)}" y="{_f(size * 0.62)}" '
                f'font-size="{_f(size * 0.42)}" font-weight="bold" text-anchor="middle" fill="#d9e3c8">?</text>'
                f'<text x="{_f(size / 2)}" y="{_f(size * 0.9)}" font-size="{_f(size * 0.15)}" text-anchor="middle" '
                f'fill="#d9e3c8">Partisans</text></g>')
    face, ink = NATION.get(str(c.get("nationality")), ("#bbb", "#111"))
    kind = str(c.get("kind") or "infantry")
    parts = [f"<g {attrs}>",
             f'<rect width="{_f(size)}" height="{_f(size)}" rx="{_f(r)}" fill="{face}" stroke="#1a1a1a" '
             f'stroke-width="{_f(size * 0.035)}"/>']
    if kind == "stalin":
        parts.append(_star_path(size * 0.28, 0.42, "#f5c518", "#5a3d00", size * 0.02, size / 2, size * 0.4))
        parts.append(f'<text x="{_f(size / 2)}" y="{_f(size * 0.9)}" font-size="{_f(size * 0.2)}" font-weight="bold" '
                     f'text-anchor="middle" fill="{ink}">Stalin</text>')
    else:
        mark = SIZE_MARK.get(str(c.get("size")), "")
        parts.append(f'<text x="{_f(size / 2)}" y="{_f(size * 0.17)}" font-size="{_f(size * 0.13)}" '
                     f'text-anchor="middle" fill="{ink}" letter-spacing="{_f(-size * 0.01)}">{mark}</text>')
        parts.append(_nato(kind, size * 0.24, size * 0.21, size * 0.52, size * 0.32, ink, face))
        label = str(c.get("label") or uid)
        fs = size * (0.17 if len(label) <= 8 else 0.14)
        parts.append(f'<text x="{_f(size / 2)}" y="{_f(size * 0.69)}" font-size="{_f(fs)}" text-anchor="middle" '
                     f'fill="{ink}">{esc(label)}</text>')
        strength = _strength(c)
        if strength:
            parts.append(f'<text x="{_f(size / 2)}" y="{_f(size * 0.92)}" font-size="{_f(size * 0.21)}" '
                         f'font-weight="bold" text-anchor="middle" fill="{ink}">{esc(strength)}</text>')
    if c.get("reduced"):
        parts.append(f'<path d="M0,{_f(size * 0.3)}L{_f(size * 0.3)},0H{_f(size * 0.45)}L0,{_f(size * 0.45)}Z" '
                     f'fill="#fff" fill-opacity="0.75" class="reduced"/>')
    if c.get("oos"):
        parts.append(f'<rect x="{_f(size * 0.55)}" y="{_f(-size * 0.12)}" width="{_f(size * 0.5)}" '
                     f'height="{_f(size * 0.24)}" rx="{_f(size * 0.04)}" fill="#c92a2a"/>'
                     f'<text x="{_f(size * 0.8)}" y="{_f(size * 0.05)}" font-size="{_f(size * 0.16)}" '
                     f'font-weight="bold" text-anchor="middle" fill="#fff">OOS</text>')
    parts.append("</g>")
    return "".join(parts)


def _strength(c: dict) -> str:
    a, d, ma = c.get("attack"), c.get("defense"), c.get("ma")
    vals = []
    if a is not None and d is not None and a != d:
        vals = [a, d]
    elif a is not None:
        vals = [a]
    elif d is not None:
        vals = [d]
    if ma is not None:
        vals.append(ma)
    return "-".join(str(v) for v in vals)


def _nato(kind: str, x: float, y: float, w: float, h: float, ink: str, face: str) -> str:
    """A NATO-style unit-type box."""
    sw = h * 0.08
    box = f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" fill="none" stroke="{ink}" stroke-width="{_f(sw)}"/>'
    X = f'<path d="M{_f(x)},{_f(y)}L{_f(x + w)},{_f(y + h)}M{_f(x + w)},{_f(y)}L{_f(x)},{_f(y + h)}" stroke="{ink}" stroke-width="{_f(sw)}"/>'
    oval = (f'<ellipse cx="{_f(x + w / 2)}" cy="{_f(y + h / 2)}" rx="{_f(w * 0.33)}" ry="{_f(h * 0.28)}" fill="none" '
            f'stroke="{ink}" stroke-width="{_f(sw)}"/>')
    slash = f'<path d="M{_f(x)},{_f(y + h)}L{_f(x + w)},{_f(y)}" stroke="{ink}" stroke-width="{_f(sw)}"/>'
    tri = (f'<path d="M{_f(x + w * 0.38)},{_f(y + h)}L{_f(x + w / 2)},{_f(y + h * 0.72)}L{_f(x + w * 0.62)},{_f(y + h)}Z" '
           f'fill="{ink}"/>')

    def letter(t: str) -> str:
        return (f'<text x="{_f(x + w / 2)}" y="{_f(y + h * 0.8)}" font-size="{_f(h * 0.8)}" font-weight="bold" '
                f'text-anchor="middle" fill="{ink}">{t}</text>')

    body = {
        "infantry": X,
        "mountain": X + tri,
        "cavalry": slash,
        "guards_cavalry": slash + letter("G"),
        "panzer": oval,
        "tank": oval,
        "guards_tank": oval + letter("G"),
        "mech": X + oval,
        "motorized": X + f'<circle cx="{_f(x + w * 0.3)}" cy="{_f(y + h * 1.0)}" r="{_f(h * 0.1)}" fill="{ink}"/>'
                     f'<circle cx="{_f(x + w * 0.7)}" cy="{_f(y + h * 1.0)}" r="{_f(h * 0.1)}" fill="{ink}"/>',
        "shock": X + f'<path d="M{_f(x)},{_f(y + h * 0.5)}H{_f(x + w)}" stroke="{ink}" stroke-width="{_f(sw * 1.6)}"/>',
        "maritime": X + f'<path d="M{_f(x + w * 0.2)},{_f(y + h * 0.85)}q{_f(w * 0.15)},{_f(-h * 0.2)} {_f(w * 0.3)},0 '
                        f't{_f(w * 0.3)},0" stroke="{ink}" stroke-width="{_f(sw)}" fill="none"/>',
        "guards": X + letter("G"),
        "partisan": letter("P"),
        "bunker": f'<path d="M{_f(x + w * 0.2)},{_f(y + h * 0.8)}V{_f(y + h * 0.35)}H{_f(x + w * 0.8)}V{_f(y + h * 0.8)}" '
                  f'stroke="{ink}" stroke-width="{_f(sw * 1.5)}" fill="none"/>',
        "fortified_zone": f'<path d="M{_f(x + w * 0.1)},{_f(y + h * 0.7)}l{_f(w * 0.13)},{_f(-h * 0.35)}l{_f(w * 0.13)},'
                          f'{_f(h * 0.35)}l{_f(w * 0.13)},{_f(-h * 0.35)}l{_f(w * 0.13)},{_f(h * 0.35)}l{_f(w * 0.13)},'
                          f'{_f(-h * 0.35)}l{_f(w * 0.13)},{_f(h * 0.35)}" stroke="{ink}" stroke-width="{_f(sw)}" fill="none"/>',
    }.get(kind, X)
    return box + body


__all__ = ["render_svg", "map_key_svg"]
