#!/usr/bin/env python3
"""Build the Stalin's War board, ``data/stalins_war/map/map.json``, from its geography sources.

    python3 tools/build_map.py            # rebuild map.json (and the generated tables in README.md)
    python3 tools/build_map.py --check    # fail if map.json or README.md is out of date
    python3 tools/build_map.py -v         # also print every ruling applied (moves, merges, overrides)

Standard library only, deterministic: the same sources give the same bytes.

What it does, in order (each step is explained in data/stalins_war/map/README.md):

1. Projects every longitude/latitude with a Lambert conformal conic projection and fits a
   similarity transform (scale, rotation, translation) by least squares to the places
   whose hex ids the rules fix.
2. Adds a smooth correction (Gaussian radial basis functions) that carries each of those
   places, and the few extra pins in board.toml, exactly onto its hex.
3. Rasterises seas, lakes, countries and terrain regions onto the hexes by sampling 37
   points in each hex; rivers onto hexsides (a river crossing the segment joining the two
   hex centres an odd number of times); water across that segment, with no land along the
   shared edge, makes the hexside impassable.
4. Applies the rulings of board.toml (set-up countries, overrides), places the named places,
   lays the railways hex by hex, draws the logistical zones and finds the board edges and
   the supply sources.
5. Fails on anything inconsistent (a railway over water, a port off the coast, a rule place
   off the board ...) and writes map.json.

Hex geometry comes from engine/core/hexgrid.py (loaded as a plain file so that the
engine package, with its dependencies, is not imported).
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import math
import sys
import tomllib
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAP_DIR = ROOT / "data" / "stalins_war" / "map"
OUT = MAP_DIR / "map.json"
README = MAP_DIR / "README.md"

_spec = importlib.util.spec_from_file_location("_hexgrid", ROOT / "engine" / "core" / "hexgrid.py")
hexgrid = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hexgrid)

SQRT3 = math.sqrt(3.0)
HEX_STEP = SQRT3            # centre-to-centre distance of neighbouring hexes (hex size 1)
SETTLEMENT_RANK = {None: 0, "town": 1, "city": 2, "major_city": 3}
TERRAIN_ORDER = ("mountain", "swamp", "forest", "rough", "desert", "clear")
SECOND_TERRAIN_SHARE = 0.40   # a second terrain type covering this much of a hex's land is added
WATER_HEX_SHARE = 0.50        # a hex this much water is a sea or lake hex
WATER_SIDE_SHARE = 0.20       # water along this much of a centre-to-centre segment ...
EDGE_LAND_SHARE = 0.20        # ... closes the hexside unless land runs along this much of the shared edge
COAST_SHARE = 0.08            # this much of a land hex in a sea makes it touch that sea
FEATURES = ("vp", "oil", "usir", "capital", "fortress", "port")


class BuildError(Exception):
    pass


LENIENT: list[str] | None = None   # --lenient collects rail problems here instead of failing


def fail(msg: str) -> None:
    raise BuildError(msg)


def soft_fail(msg: str) -> bool:
    """A problem that --lenient lets through (for looking at a half-made board)."""
    if LENIENT is None:
        fail(msg)
    LENIENT.append(msg)
    return True


# ---------------------------------------------------------------------------------- sources

def load_sources() -> dict:
    out = {}
    for name in ("board", "places", "water", "rivers", "terrain", "countries", "rail"):
        path = MAP_DIR / f"{name}.toml"
        with path.open("rb") as fh:
            out[name] = tomllib.load(fh)
    return out


# ---------------------------------------------------------------------------------- projection

class Lambert:
    """Lambert conformal conic on a sphere; x east, y north, kilometres."""

    def __init__(self, parallels, origin, radius):
        p1, p2 = (math.radians(v) for v in parallels)
        self.lon0 = math.radians(origin[0])
        lat0 = math.radians(origin[1])
        self.n = math.log(math.cos(p1) / math.cos(p2)) / math.log(
            math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2))
        self.f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** self.n / self.n
        self.r = radius
        self.rho0 = self.r * self.f / math.tan(math.pi / 4 + lat0 / 2) ** self.n

    def forward(self, lon, lat):
        rho = self.r * self.f / math.tan(math.pi / 4 + math.radians(lat) / 2) ** self.n
        theta = self.n * (math.radians(lon) - self.lon0)
        return rho * math.sin(theta), self.rho0 - rho * math.cos(theta)

    def inverse(self, x, y):
        dy = self.rho0 - y
        rho = math.copysign(math.hypot(x, dy), self.n)
        theta = math.atan2(x, dy)
        lon = math.degrees(self.lon0 + theta / self.n)
        lat = math.degrees(2 * math.atan((self.r * self.f / rho) ** (1 / self.n)) - math.pi / 2)
        return lon, lat


def solve(matrix, rhs):
    """Gaussian elimination with partial pivoting (small dense systems)."""
    n = len(rhs)
    m = [list(row) + [v] for row, v in zip(matrix, rhs)]
    for i in range(n):
        p = max(range(i, n), key=lambda r: abs(m[r][i]))
        if abs(m[p][i]) < 1e-12:
            fail("singular system while fitting the projection")
        m[i], m[p] = m[p], m[i]
        for r in range(n):
            if r != i and m[r][i]:
                f = m[r][i] / m[i][i]
                m[r] = [a - f * b for a, b in zip(m[r], m[i])]
    return [m[i][n] / m[i][i] for i in range(n)]


class Projection:
    """lon/lat -> hex pixels (hex size 1, y down): Lambert, similarity, then the pin warp."""

    def __init__(self, cfg: dict, anchors: list[tuple[str, float, float, str]]):
        self.cfg = cfg
        self.lcc = Lambert(cfg["standard_parallels"], cfg["origin"], cfg["earth_radius_km"])
        rows, rhs = [], []
        for _, lon, lat, hid in anchors:
            x, y = self.lcc.forward(lon, lat)
            u, v = x, -y
            px, py = hexgrid.center(hid)
            rows.append((u, -v, 1.0, 0.0))
            rhs.append(px)
            rows.append((v, u, 0.0, 1.0))
            rhs.append(py)
        ata = [[sum(r[i] * r[j] for r in rows) for j in range(4)] for i in range(4)]
        atb = [sum(r[i] * b for r, b in zip(rows, rhs)) for i in range(4)]
        self.a, self.b, self.c, self.d = solve(ata, atb)
        self.pins: list[tuple[float, float]] = []
        self.weights: list[tuple[float, float]] = []
        self.sigmas: list[float] = []

    # similarity only
    def sim(self, lon, lat):
        x, y = self.lcc.forward(lon, lat)
        u, v = x, -y
        return self.a * u - self.b * v + self.c, self.b * u + self.a * v + self.d

    def sim_inverse(self, px, py):
        px -= self.c
        py -= self.d
        det = self.a * self.a + self.b * self.b
        u = (self.a * px + self.b * py) / det
        v = (-self.b * px + self.a * py) / det
        return self.lcc.inverse(u, -v)

    @property
    def scale_px_per_km(self):
        return math.hypot(self.a, self.b)

    @property
    def km_per_hex(self):
        return HEX_STEP / self.scale_px_per_km

    @property
    def rotation_deg(self):
        return math.degrees(math.atan2(self.b, self.a))

    def set_pins(self, pins: list[tuple[tuple[float, float], tuple[float, float], float]]):
        """pins: (source pixel, target pixel, sigma in hexes). Solves the Gaussian radial basis
        function weights so that every source lands exactly on its target; each pin's pull fades
        within a few sigma of it."""
        self.pins = [s for s, _, _ in pins]
        self.sigmas = [sig * HEX_STEP for _, _, sig in pins]
        n = len(pins)
        phi = [[self._k(self.pins[i], self.pins[j], self.sigmas[j]) for j in range(n)] for i in range(n)]
        wx = solve(phi, [t[0] - s[0] for s, t, _ in pins])
        wy = solve(phi, [t[1] - s[1] for s, t, _ in pins])
        self.weights = list(zip(wx, wy))

    @staticmethod
    def _k(p, q, sigma):
        d2 = (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2
        return math.exp(-d2 / (2 * sigma * sigma))

    def warp(self, px, py):
        dx = dy = 0.0
        for (sx, sy), (wx, wy), sig in zip(self.pins, self.weights, self.sigmas):
            d2 = (px - sx) ** 2 + (py - sy) ** 2
            if d2 < 36 * sig * sig:
                k = math.exp(-d2 / (2 * sig * sig))
                dx += wx * k
                dy += wy * k
        return px + dx, py + dy

    def __call__(self, lon, lat):
        return self.warp(*self.sim(lon, lat))

    def inverse(self, px, py):
        """Pixel -> lon/lat through the warp (fixed-point iteration, then the similarity)."""
        qx, qy = px, py
        for _ in range(20):
            wx, wy = self.warp(qx, qy)
            qx, qy = qx - (wx - px), qy - (wy - py)
        return self.sim_inverse(qx, qy)


def densify(points, step=0.25):
    """Insert points so that no segment spans more than `step` degrees (projected lines curve)."""
    out = []
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        n = max(1, int(math.ceil(max(abs(x2 - x1), abs(y2 - y1)) / step)))
        for i in range(n):
            t = i / n
            out.append((x1 + (x2 - x1) * t, y1 + (y2 - y1) * t))
    out.append(tuple(points[-1]))
    return out


# ---------------------------------------------------------------------------------- geometry

class Poly:
    """A polygon (outer ring minus holes) in pixel space with a banded point-in-polygon test."""

    BAND = 0.5

    def __init__(self, rings: list[list[tuple[float, float]]]):
        self.rings = rings
        xs = [p[0] for r in rings for p in r]
        ys = [p[1] for r in rings for p in r]
        self.bbox = (min(xs), min(ys), max(xs), max(ys))
        self.bands: dict[int, list[tuple[float, float, float, float]]] = defaultdict(list)
        for ring in rings:
            for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
                if y1 == y2:
                    continue
                lo, hi = min(y1, y2), max(y1, y2)
                for b in range(int(math.floor(lo / self.BAND)), int(math.floor(hi / self.BAND)) + 1):
                    self.bands[b].append((x1, y1, x2, y2))

    def contains(self, x, y) -> bool:
        x0, y0, x1, y1 = self.bbox
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return False
        inside = False
        for ax, ay, bx, by in self.bands.get(int(math.floor(y / self.BAND)), ()):
            if (ay > y) != (by > y):
                if x < ax + (y - ay) * (bx - ax) / (by - ay):
                    inside = not inside
        return inside


def seg_intersect(p1, p2, q1, q2) -> bool:
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    d1, d2 = orient(q1, q2, p1), orient(q1, q2, p2)
    d3, d4 = orient(p1, p2, q1), orient(p1, p2, q2)
    return (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0)


def side_of_polyline(points, p) -> float:
    """Which side of the polyline p lies on, judged at the nearest segment, looking along the
    polyline: > 0 on the right, < 0 on the left (pixel y grows downwards)."""
    best, sign = None, 0.0
    for a, b in zip(points, points[1:]):
        abx, aby = b[0] - a[0], b[1] - a[1]
        L2 = abx * abx + aby * aby or 1e-12
        t = max(0.0, min(1.0, ((p[0] - a[0]) * abx + (p[1] - a[1]) * aby) / L2))
        cx, cy = a[0] + abx * t, a[1] + aby * t
        d = (p[0] - cx) ** 2 + (p[1] - cy) ** 2
        if best is None or d < best - 1e-12:
            best = d
            # with y downwards, a positive cross product turns clockwise: the right-hand side
            sign = abx * (p[1] - a[1]) - aby * (p[0] - a[0])
    return sign


def dist_to_polyline(points, p) -> float:
    best = float("inf")
    for a, b in zip(points, points[1:]):
        abx, aby = b[0] - a[0], b[1] - a[1]
        L2 = abx * abx + aby * aby or 1e-12
        t = max(0.0, min(1.0, ((p[0] - a[0]) * abx + (p[1] - a[1]) * aby) / L2))
        best = min(best, math.hypot(p[0] - a[0] - abx * t, p[1] - a[1] - aby * t))
    return best


def sample_offsets():
    pts = [(0.0, 0.0)]
    for radius, count, phase in ((0.35, 6, 0.0), (0.65, 12, 15.0), (0.85, 18, 10.0)):
        for i in range(count):
            ang = math.radians(phase + 360.0 * i / count)
            pts.append((radius * math.cos(ang), radius * math.sin(ang)))
    return pts


SAMPLES = sample_offsets()


def r3(v: float) -> float:
    return round(v + 0.0, 3)


# ---------------------------------------------------------------------------------- the build

class Board:
    def __init__(self, src: dict):
        self.src = src
        self.board_cfg = src["board"]
        self.log: list[str] = []
        self.places_src = src["places"]["place"]
        self.place_by_name = {}
        for p in self.places_src:
            if p["name"] in self.place_by_name:
                fail(f"places.toml: {p['name']}: listed twice")
            self.place_by_name[p["name"]] = p

    # -- 1-2: projection and warp ---------------------------------------------------------
    def fit(self):
        anchors = [(p["name"], p["lon"], p["lat"], p["hex"]) for p in self.places_src if "hex" in p]
        self.anchors = anchors
        self.proj = Projection(self.board_cfg["projection"], anchors)
        pins = []
        self.pin_report = []
        self.pinned_places = set()
        hexside_points = []
        default_sigma = self.board_cfg["warp"]["sigma_hexes"]
        for pin in self.board_cfg["warp"]["pin"]:
            if "place" in pin:
                place = self.place_by_name.get(pin["place"])
                if place is None:
                    fail(f"board.toml: warp pin {pin['place']}: no such place")
                lon, lat = place["lon"], place["lat"]
                name = pin["place"]
                self.pinned_places.add(name)
            else:
                lon, lat = pin["point"]
                name = pin.get("name", f"{lon:.2f} E {lat:.2f} N")
            if "hexside" in pin:
                a, b = pin["hexside"]
                if not hexgrid.adjacent(a, b):
                    fail(f"board.toml: warp pin {name}: {a} and {b} are not adjacent")
                (ax, ay), (bx, by) = hexgrid.center(a), hexgrid.center(b)
                target = ((ax + bx) / 2, (ay + by) / 2)
                hexside_points.append((lon, lat))
                label = f"{name} to hexside {a}/{b}"
            elif "hex" in pin:
                target = hexgrid.center(pin["hex"])
                label = f"{name} to {pin['hex']}"
            else:
                fail(f"board.toml: warp pin {name}: needs a hex or a hexside")
            pins.append(((lon, lat), target, label, pin["why"], pin.get("sigma_hexes", default_sigma)))
        for name, lon, lat, hid in anchors:
            if any(abs(lon - x) < 0.1 and abs(lat - y) < 0.1 for x, y in hexside_points):
                continue  # represented by the hexside pin (Buda and Pest)
            pins.append(((lon, lat), hexgrid.center(hid), f"{name} to {hid}", "rule-fixed hex", default_sigma))
        pins.sort(key=lambda p: p[2])
        self.proj.set_pins([(self.proj.sim(*ll), t, sig) for ll, t, _, _, sig in pins])
        self.pin_labels = [label for _, _, label, _, _ in pins]
        for ll, t, label, why, sig in pins:
            sx, sy = self.proj.sim(*ll)
            self.pin_report.append((label, math.hypot(t[0] - sx, t[1] - sy) / HEX_STEP, why))
        self.fit_report = []
        for name, lon, lat, hid in anchors:
            sx, sy = self.proj.sim(lon, lat)
            cx, cy = hexgrid.center(hid)
            self.fit_report.append((name, hid, lon, lat, hexgrid.pixel_to_hex(sx, sy),
                                    math.hypot(sx - cx, sy - cy) / HEX_STEP))

    def P(self, lon, lat):
        return self.proj(lon, lat)

    def ring_px(self, ring, step=0.25):
        pts = [tuple(p) for p in ring]
        if pts[0] != pts[-1]:
            pts = pts + [pts[0]]
        dense = densify(pts, step)[:-1]
        return [self.P(lon, lat) for lon, lat in dense]

    # -- frame ------------------------------------------------------------------------------
    def frame(self):
        c0, c1 = self.board_cfg["frame"]["columns"]
        r0, r1 = self.board_cfg["frame"]["rows"]
        self.frame_ids = [hexgrid.hex_id(c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)]
        self.col_range = (c0, c1)
        self.offboard_polys = []
        for ob in self.board_cfg["offboard"]:
            self.offboard_polys.append((ob["side"], Poly([self.ring_px(ob["ring"])])))
        self.offboard = {}
        self.on_board = []
        for hid in self.frame_ids:
            cx, cy = hexgrid.center(hid)
            side = next((s for s, poly in self.offboard_polys if poly.contains(cx, cy)), None)
            if side:
                self.offboard[hid] = side
            else:
                self.on_board.append(hid)
        self.on_set = set(self.on_board)

    # -- 3: water, countries, terrain ------------------------------------------------------------
    def rasterise(self):
        self.water_polys = []   # (name, kind, sea, Poly)
        self.water_geom = []
        for w in self.src["water"]["water"]:
            if w["kind"] == "label":
                self.water_geom.append({"name": w["name"], "kind": "label", "label": self.P(*w["label"])})
                continue
            outer = self.ring_px(w["ring"])
            holes = [self.ring_px(isl, 0.2) for isl in w.get("islands", [])]
            poly = Poly([outer] + holes)
            self.water_polys.append((w["name"], w["kind"], w.get("sea"), poly))
            self.water_geom.append({"name": w["name"], "kind": w["kind"], "sea": w.get("sea"),
                                    "rings": [outer] + holes, "label": self.P(*w["label"])})
        self.country_polys = [(c, Poly([self.ring_px(c["ring"])])) for c in self.src["countries"]["country"]]
        self.terrain_polys = [(t, Poly([self.ring_px(t["ring"])])) for t in self.src["terrain"]["region"]]

        self.water_at_cache = {}
        self.cells = {}
        for hid in self.frame_ids:
            cx, cy = hexgrid.center(hid)
            water = Counter()
            seas = Counter()
            land = []
            for ox, oy in SAMPLES:
                x, y = cx + ox, cy + oy
                w = self.water_at(x, y)
                if w:
                    water[w[0]] += 1
                    if w[2]:
                        seas[w[2]] += 1
                else:
                    land.append((x, y))
            self.cells[hid] = {"water": water, "seas": seas, "land": land}

    def water_at(self, x, y):
        for name, kind, sea, poly in self.water_polys:
            if poly.contains(x, y):
                return name, kind, sea
        return None

    def country_at(self, x, y):
        for c, poly in self.country_polys:
            if poly.contains(x, y):
                return c
        return None

    def terrain_at(self, x, y):
        found = "clear"
        for t, poly in self.terrain_polys:
            if poly.contains(x, y):
                found = t["terrain"]
        return found

    # -- 4a: places ------------------------------------------------------------------------------------
    def rivers(self):
        self.river_px = {}
        self.river_src = {}
        for r in self.src["rivers"]["river"]:
            pts = [tuple(p) for p in r["course"]]
            dense = densify(pts, 0.1)
            px = [self.P(lon, lat) for lon, lat in dense]
            major_from = None
            if r["class"] == "major":
                mf = tuple(r.get("major_from", pts[0]))
                major_from = min(range(len(dense)), key=lambda i: (dense[i][0] - mf[0]) ** 2 + (dense[i][1] - mf[1]) ** 2)
            self.river_px[r["name"]] = px
            self.river_src[r["name"]] = {"class": r["class"], "lonlat": dense, "major_from": major_from}

    def place_places(self):
        self.place_hex = {}
        self.place_px = {}
        for p in self.places_src:
            x, y = self.P(p["lon"], p["lat"])
            self.place_px[p["name"]] = (x, y)
            if "hex" in p:
                hid = p["hex"]
            else:
                hid = hexgrid.pixel_to_hex(x, y)
                bank = p.get("bank")
                if bank:
                    hid = self._respect_bank(p, hid, (x, y), bank)
            self.place_hex[p["name"]] = hid

    def _respect_bank(self, p, hid, pt, bank):
        river = self.river_px.get(bank["river"])
        if river is None:
            fail(f"places.toml: {p['name']}: bank names unknown river {bank['river']!r}")
        want = 1 if bank["side"] == "right" else -1

        def ok(h):
            return side_of_polyline(river, hexgrid.center(h)) * want > 0

        if ok(hid):
            return hid
        ring = {hid, *hexgrid.neighbours(hid)}
        for n in list(ring):
            ring.update(hexgrid.neighbours(n))
        good = [h for h in ring if ok(h) and h in self.on_set]
        if not good:
            fail(f"places.toml: {p['name']}: no hex near it lies on the {bank['side']} bank of the {bank['river']}")
        best = min(good, key=lambda h: (math.dist(hexgrid.center(h), pt), h))
        self.log.append(f"bank: {p['name']} moved from {hid} to {best} ({bank['side']} bank of the {bank['river']})")
        return best

    # -- 4b: hexes ---------------------------------------------------------------------------------------
    def build_hexes(self):
        by_hex = defaultdict(list)
        for p in self.places_src:
            hid = self.place_hex[p["name"]]
            if hid not in self.on_set:
                if any(p.get(k) for k in ("vp", "hex", "rail", "port", "oil", "usir", "capital", "fortress")):
                    fail(f"places.toml: {p['name']}: falls in hex {hid}, which is off the board")
                self.log.append(f"off board: {p['name']} ({hid})")
                continue
            by_hex[hid].append(p)

        self.hexes = {}
        for hid in self.on_board:
            cell = self.cells[hid]
            col, row = hexgrid.col_row(hid)
            wtotal = sum(cell["water"].values())
            forced_land = any("hex" in p or p.get("keep_land") or p["name"] in self.pinned_places
                              or p["name"] in self.board_cfg["kerch"]["places"] for p in by_hex.get(hid, ()))
            h = {"id": hid, "col": col, "row": row}
            if wtotal >= WATER_HEX_SHARE * len(SAMPLES) and not forced_land:
                body = max(sorted(cell["water"]), key=lambda k: cell["water"][k])
                kind = next(k for n, k, s, _ in self.water_polys if n == body)
                sea = next(s for n, k, s, _ in self.water_polys if n == body)
                h.update(terrain=[kind], water=body, sea=sea)
                h["country"] = "sea" if kind == "sea" else self._country_of_points([hexgrid.center(hid)], hid)["country"]
                h["playable"] = False
            else:
                pts = cell["land"] or [hexgrid.center(hid)]
                country = self._country_of_points(pts, hid)
                h["country"] = country["country"]
                h["region"] = country.get("region")
                h["playable"] = country.get("playable", True)
                counts = Counter(self.terrain_at(x, y) for x, y in pts)
                ranked = sorted(counts, key=lambda t: (-counts[t], TERRAIN_ORDER.index(t)))
                terrain = [ranked[0]]
                for t in ranked[1:]:
                    if t != "clear" and counts[t] >= SECOND_TERRAIN_SHARE * len(pts):
                        terrain.append(t)
                h["terrain"] = terrain
            self.hexes[hid] = h

    def setup_rulings(self):
        """25.0: every set-up hex starts in the country its units set up in (board.toml [[setup]])."""
        self.setup_report = []
        for e in self.board_cfg.get("setup", []):
            hid = e["hex"]
            h = self.hexes.get(hid)
            if h is None or h.get("water"):
                fail(f"board.toml: setup {hid} ({e['units']}): not a land hex on the board")
            votes = Counter()
            for x, y in self.cells[hid]["land"] or [hexgrid.center(hid)]:
                c = self.country_at(x, y) or {"country": "soviet_union"}
                votes[(c["country"], c.get("region"))] += 1
            total = sum(votes.values())
            want = (e["country"], e.get("region"))

            def matches(key):
                return key[0] == want[0] and (want[1] is None or key[1] == want[1])

            share = sum(v for k, v in votes.items() if matches(k)) / total
            changed = not matches((h["country"], h.get("region")))
            if changed:
                region = want[1]
                if region is None:
                    own = [k for k in votes if k[0] == want[0]]
                    region = max(own, key=lambda k: votes[k])[1] if own else None
                self.log.append(f"setup: {hid} given to {want[0]}/{region} for {e['units']} "
                                f"(was {h['country']}/{h.get('region')}, {share:.0%} of its land is {want[0]})")
                h["country"], h["region"], h["playable"] = want[0], region, True
            self.setup_report.append((hid, e["units"], want, share, changed))

    def settle_places(self):
        """Attach the places to their hexes. A town stays in its own country: if the hex it falls in
        belongs to another (a border hex, or a ruling), it moves to the nearest hex of its country."""
        by_hex = defaultdict(list)
        for p in self.places_src:
            hid = self.place_hex[p["name"]]
            if hid not in self.on_set:
                continue
            if p.get("settlement") and self.hexes[hid].get("water"):
                near = [n for n in self._rings(hid, 1) if n in self.hexes and not self.hexes[n].get("water")]
                if not near:
                    fail(f"places.toml: {p['name']}: falls in water hex {hid} with no land beside it")
                best = min(near, key=lambda n: (math.dist(hexgrid.center(n), self.place_px[p["name"]]), n))
                self.log.append(f"coast: {p['name']} moved from water hex {hid} to {best}")
                hid = best
                self.place_hex[p["name"]] = hid
            if p.get("settlement") and "hex" not in p:
                home = self._country_of_points([self.place_px[p["name"]]], hid)
                h = self.hexes[hid]
                if (h["country"], h.get("region")) != (home["country"], home.get("region")):
                    near = [n for n in self._rings(hid, 2)
                            if n in self.hexes and not self.hexes[n].get("water")
                            and (self.hexes[n]["country"], self.hexes[n].get("region")) == (home["country"], home.get("region"))]
                    if near:
                        best = min(near, key=lambda n: (math.dist(hexgrid.center(n), self.place_px[p["name"]]), n))
                        self.log.append(f"country: {p['name']} moved from {hid} ({h['country']}) to {best} "
                                        f"({home['country']})")
                        hid = best
                        self.place_hex[p["name"]] = hid
            by_hex[hid].append(p)
        self.by_hex = by_hex

    @staticmethod
    def _rings(hid, n):
        seen = {hid}
        frontier = [hid]
        for _ in range(n):
            nxt = []
            for h in frontier:
                for x in hexgrid.neighbours(h):
                    if x not in seen:
                        seen.add(x)
                        nxt.append(x)
            frontier = nxt
        return sorted(seen)

    def attach_places(self):
        self.places_out = {}
        errors = []
        for hid, plist in sorted(self.by_hex.items()):
            h = self.hexes[hid]
            plist = sorted(plist, key=lambda p: (-SETTLEMENT_RANK[p.get("settlement")], -p.get("rank", 1),
                                                 -int("hex" in p), -sum(bool(p.get(k)) for k in FEATURES),
                                                 p["name"]))
            primary = plist[0]
            h["name"] = primary["name"]
            h["settlement"] = primary.get("settlement")
            if h.get("water") and primary.get("settlement"):
                fail(f"places.toml: {primary['name']}: its hex {hid} is water")
            for p in plist:
                for alias in [p["name"], *p.get("aliases", [])]:
                    if alias in self.places_out:
                        fail(f"places.toml: {p['name']}: name {alias!r} used twice")
                    self.places_out[alias] = hid
                if p is not primary:
                    for key in ("vp", "oil", "usir", "capital", "fortress", "port"):
                        if p.get(key):
                            errors.append(f"places.toml: {p['name']}: falls in hex {hid} with {primary['name']} and "
                                          f"would bring its {key} there; move one of them")
                    if p.get("settlement"):
                        self.log.append(f"merge: {p['name']} shares hex {hid} with {primary['name']}")
            for key in ("port", "fortress", "capital"):
                if primary.get(key):
                    h[key] = primary[key]
            for key in ("vp", "oil", "usir"):
                if primary.get(key):
                    h[key] = True
            h["labels"] = [p["name"] for p in plist if p.get("label", True)]
        if errors:
            fail("\n".join(errors))

    def _country_of_points(self, pts, hid):
        votes = Counter()
        found = {}
        for x, y in pts:
            c = self.country_at(x, y)
            key = c["name"] if c else "Soviet Union"
            votes[key] += 1
            found[key] = c or {"name": "Soviet Union", "country": "soviet_union", "playable": True}
        best = max(sorted(votes), key=lambda k: votes[k])
        return found[best]

    # -- 4c: hexsides -----------------------------------------------------------------------------------
    def build_hexsides(self):
        self.hexsides = {}
        pairs = []
        for hid in self.on_board:
            for n in hexgrid.neighbours(hid):
                if n in self.on_set and hid < n:
                    pairs.append((hid, n))
        self.pairs = pairs
        # bucket river segments
        grid = defaultdict(list)
        for name, pts in self.river_px.items():
            mf = self.river_src[name]["major_from"]
            for i, (a, b) in enumerate(zip(pts, pts[1:])):
                major = mf is not None and i >= mf
                for gx in range(int(min(a[0], b[0]) // 2), int(max(a[0], b[0]) // 2) + 1):
                    for gy in range(int(min(a[1], b[1]) // 2), int(max(a[1], b[1]) // 2) + 1):
                        grid[(gx, gy)].append((name, i, major, a, b))
        self.river_crossings = defaultdict(list)   # river -> [(segment index, pair)]
        for a, b in pairs:
            ha, hb = self.hexes[a], self.hexes[b]
            pa, pb = hexgrid.center(a), hexgrid.center(b)
            side = {}
            wa, wb = ha.get("water"), hb.get("water")
            if wa or wb:
                if wa and wb:
                    continue
                kind = ha["terrain"][0] if wa else hb["terrain"][0]
                side["impassable"] = kind
                side["water"] = wa or wb
            else:
                run, body = self._water_run(pa, pb)
                if run >= WATER_SIDE_SHARE and self._edge_land_run(a, b) < EDGE_LAND_SHARE:
                    side["impassable"] = next(k for n, k, s, _ in self.water_polys if n == body)
                    side["water"] = body
            # rivers
            hits = {}
            cells = set()
            for gx in range(int(min(pa[0], pb[0]) // 2), int(max(pa[0], pb[0]) // 2) + 1):
                for gy in range(int(min(pa[1], pb[1]) // 2), int(max(pa[1], pb[1]) // 2) + 1):
                    cells.add((gx, gy))
            crossings: dict[str, list[tuple[int, bool]]] = defaultdict(list)
            seen_segments = set()
            for cell in sorted(cells):
                for name, i, major, q1, q2 in grid.get(cell, ()):
                    if (name, i) not in seen_segments and seg_intersect(pa, pb, q1, q2):
                        crossings[name].append((i, major))
                    seen_segments.add((name, i))
            # a river that crosses the segment twice (a meander) leaves both centres on one bank
            hits = {name: min(c) for name, c in crossings.items() if len(c) % 2 == 1}
            if hits:
                for name, (i, major) in hits.items():
                    self.river_crossings[name].append((i, (a, b)))
                name = sorted(hits, key=lambda n: (not hits[n][1], n))[0]
                if not side.get("impassable"):
                    side["river"] = "major" if hits[name][1] else "river"
                    side["river_name"] = name
            if side:
                self.hexsides[(a, b)] = side

    def _edge_land_run(self, a, b, n=30):
        """Longest stretch of land along the edge shared by a and b, as a share of the edge."""
        e = edge_between(a, b)
        best = run = 0
        for i in range(n + 1):
            t = i / n
            x, y = e[0] + (e[2] - e[0]) * t, e[1] + (e[3] - e[1]) * t
            if self.water_at(x, y):
                run = 0
            else:
                run += 1
                best = max(best, run)
        return best / (n + 1)

    def _water_run(self, pa, pb, n=40):
        best = run = 0
        body = None
        cur_body = None
        for i in range(n + 1):
            t = i / n
            w = self.water_at(pa[0] + (pb[0] - pa[0]) * t, pa[1] + (pb[1] - pa[1]) * t)
            if w:
                run += 1
                cur_body = w[0]
                if run > best:
                    best, body = run, cur_body
            else:
                run = 0
        return best / (n + 1), body

    def kerch(self):
        a, b = (self.place_hex[n] for n in self.board_cfg["kerch"]["places"])
        if a == b or not hexgrid.adjacent(a, b):
            fail(f"board.toml: kerch: {self.board_cfg['kerch']['places']} fall in {a} and {b}, which are not adjacent")
        key = tuple(sorted((a, b)))
        side = self.hexsides.setdefault(key, {})
        side.pop("impassable", None)
        side.pop("water", None)
        side.pop("river", None)
        side.pop("river_name", None)
        side["kerch"] = True
        self.kerch_pair = key

    def hexside_overrides(self):
        for ov in self.board_cfg.get("hexside_override", []):
            a, b = sorted(ov["between"])
            if not hexgrid.adjacent(a, b) or a not in self.hexes or b not in self.hexes:
                fail(f"board.toml: hexside_override {a}-{b}: not two adjacent hexes on the board")
            side = self.hexsides.setdefault((a, b), {})
            for key in ("impassable", "water"):
                if key in ov:
                    side[key] = ov[key]
            if ov.get("impassable"):
                side.pop("river", None)
                side.pop("river_name", None)
            self.log.append(f"hexside: {a}-{b} {ov.get('impassable') or 'opened'} ({ov['why']})")

    def volga(self):
        cfg = self.board_cfg["volga_line"]
        src = self.river_src[cfg["river"]]
        lon, lat = cfg["from"]
        start = min(range(len(src["lonlat"])), key=lambda i: (src["lonlat"][i][0] - lon) ** 2 + (src["lonlat"][i][1] - lat) ** 2)
        n = 0
        saratov = self.place_hex[cfg["below"]]
        for i, pair in self.river_crossings[cfg["river"]]:
            side = self.hexsides.get(pair)
            if saratov in pair:
                continue  # the line starts below Saratov's own hex
            if i >= start and side and side.get("river_name") == cfg["river"]:
                side["volga_line"] = True
                n += 1
        if not n:
            fail("board.toml: volga_line: no Volga hexside south of Saratov")

    # -- 4d: rail ------------------------------------------------------------------------------------------
    def rail(self):
        links = set()
        for line in self.src["rail"]["line"]:
            nodes = []
            for st in line["via"]:
                if isinstance(st, str):
                    if st not in self.place_by_name:
                        fail(f"rail.toml: {line['name']}: unknown station {st!r}")
                    nodes.append((st, self.place_hex[st]))
                else:
                    nodes.append((f"[{st[0]}, {st[1]}]", hexgrid.pixel_to_hex(*self.P(*st))))
            path = []
            for (n1, h1), (n2, h2) in zip(nodes, nodes[1:]):
                seg = hexgrid.line(h1, h2)
                path.extend(seg if not path else seg[1:])
            # keep the part on the board; a line may leave and re-enter only at its ends
            runs, cur = [], []
            for h in path:
                if h in self.on_set and not self.hexes[h].get("water"):
                    cur.append(h)
                else:
                    if cur:
                        runs.append(cur)
                    cur = []
                    if h in self.on_set and self.hexes[h].get("water"):
                        soft_fail(f"rail.toml: {line['name']}: runs through water hex {h}; add a waypoint")
            if cur:
                runs.append(cur)
            for run in runs:
                for a, b in zip(run, run[1:]):
                    if a == b:
                        continue
                    key = tuple(sorted((a, b)))
                    side = self.hexsides.get(key, {})
                    if side.get("impassable"):
                        soft_fail(f"rail.toml: {line['name']}: crosses the {side.get('water')} between {a} and {b}; "
                                  f"add a waypoint")
                        continue
                    bad = [hh for hh in key if not self.hexes[hh]["playable"]]
                    if bad:
                        soft_fail(f"rail.toml: {line['name']}: runs through {bad[0]} ({self.hexes[bad[0]]['country']}), "
                                  f"which is off-limits")
                        continue
                    links.add(key)
        self.rail_links = links
        for a, b in links:
            self.hexes[a]["rail"] = True
            self.hexes[b]["rail"] = True
        for p in self.places_src:
            if p.get("rail") and not self.hexes[self.place_hex[p["name"]]].get("rail"):
                soft_fail(f"places.toml: {p['name']}: must be on the rail net but no line reaches hex {self.place_hex[p['name']]}")

    # -- 4e: zones, edges, supply --------------------------------------------------------------------------
    def expand_line(self, items):
        pts = []
        for it in items:
            if isinstance(it, dict):
                src = self.river_src[it["river"]]["lonlat"]

                def nearest(q):
                    return min(range(len(src)), key=lambda i: (src[i][0] - q[0]) ** 2 + (src[i][1] - q[1]) ** 2)
                i, j = nearest(it["from"]), nearest(it["to"])
                seg = src[i:j + 1] if i <= j else list(reversed(src[j:i + 1]))
                pts.extend(seg)
            else:
                pts.append(tuple(it))
        return pts

    def zones(self):
        self.zone_lines = {}
        for key, cfg in self.board_cfg["lines"].items():
            line = self.expand_line(cfg["line"])
            ring = line + [tuple(p) for p in cfg["zone_closure"]]
            poly = Poly([self.ring_px(ring, 0.1)])
            line_px = [self.P(lon, lat) for lon, lat in densify(line, 0.1)]
            flag = f"{key}_zone"
            inside = {}
            for hid in self.on_board:
                inside[hid] = poly.contains(*hexgrid.center(hid))
                h = self.hexes[hid]
                if h["country"] in ("soviet_union", "baltic") and not h.get("water"):
                    h[flag] = inside[hid]
            segs = []
            for a, b in self.pairs:
                if inside[a] == inside[b]:
                    continue
                ha, hb = self.hexes[a], self.hexes[b]
                soviet = [h for h in (ha, hb) if h["country"] in ("soviet_union", "baltic") and not h.get("water")]
                if not soviet:
                    continue
                mid = [(u + v) / 2 for u, v in zip(hexgrid.center(a), hexgrid.center(b))]
                if dist_to_polyline(line_px, mid) > 1.2:
                    continue
                segs.append(edge_between(a, b))
            self.zone_lines[key] = {"name": cfg["name"], "hexsides": sorted(segs),
                                    "course": [[r3(x), r3(y)] for x, y in line_px[::3]]}

    def edges_and_supply(self):
        c0, c1 = self.col_range
        for hid in self.on_board:
            h = self.hexes[hid]
            if h.get("water") or not h["playable"]:
                continue
            col, _ = hexgrid.col_row(hid)
            nbrs = hexgrid.neighbours(hid)
            if any(self.offboard.get(n) == "west" for n in nbrs):
                h["west_edge"] = True
            if col == c1 or any(self.offboard.get(n) == "east" for n in nbrs):
                h["east_edge"] = True
        usir = self.hexes[self.place_hex["USIR"]]
        for hid in self.on_board:
            h = self.hexes[hid]
            src = []
            if h.get("west_edge") and h.get("rail"):
                src.append("GE")
            if h is usir:
                src.append("GE") if "GE" not in src else None
            if h.get("east_edge") and h.get("rail"):
                src.append("SU")
            if h.get("name") == "Bucharest":
                src.append("RO")
            if h.get("name") == "Buda":
                src += ["HU", "IT"]
            if h.get("name") == "Baku":
                src.append("SU")
                h["supply_condition"] = "baku"
            if src:
                h["supply_source"] = src

    def coasts(self):
        for hid in self.on_board:
            h = self.hexes[hid]
            if h.get("water"):
                continue
            seas = set()
            for n in hexgrid.neighbours(hid):
                if n in self.on_set:
                    side = self.hexsides.get(tuple(sorted((hid, n))), {})
                    body = side.get("water")
                    if body:
                        sea = next(s for nm, k, s, _ in self.water_polys if nm == body)
                        if sea:
                            seas.add(sea)
            for sea, count in self.cells[hid]["seas"].items():
                if count >= COAST_SHARE * len(SAMPLES):
                    seas.add(sea)
            if seas:
                h["coast"] = sorted(seas)
            port = h.get("port")
            if port and port not in seas:
                soft_fail(f"places.toml: {h.get('name')}: port on the {port} sea, but hex {hid} does not touch it")

    def lonlat(self):
        for hid in self.on_board:
            lon, lat = self.proj.inverse(*hexgrid.center(hid))
            self.hexes[hid]["lonlat"] = [round(lon, 3), round(lat, 3)]

    def overrides(self):
        for ov in self.board_cfg.get("override", []):
            h = self.hexes.get(ov["hex"])
            if h is None:
                fail(f"board.toml: override {ov['hex']}: not on the board")
            for key, val in ov.items():
                if key in ("hex", "why"):
                    continue
                before = h.get(key)
                h[key] = val
                self.log.append(f"override: {ov['hex']} {key}: {before} -> {val} ({ov['why']})")

    # -- 5: output -------------------------------------------------------------------------------------------
    def run(self):
        self.fit()
        self.frame()
        self.rasterise()
        self.rivers()
        self.place_places()
        self.build_hexes()
        self.overrides()
        self.setup_rulings()
        self.settle_places()
        self.attach_places()
        self.build_hexsides()
        self.kerch()
        self.hexside_overrides()
        self.volga()
        self.rail()
        self.zones()
        self.edges_and_supply()
        self.coasts()
        self.lonlat()
        return self.output()

    def output(self) -> dict:
        hexes = {}
        for hid in sorted(self.hexes):
            h = {k: v for k, v in self.hexes[hid].items() if k == "playable" or v not in (None, False, [], "")}
            hexes[hid] = h
        sides = {}
        for (a, b), s in sorted(self.hexsides.items()):
            s = {k: v for k, v in s.items() if v not in (None, False, "")}
            if s:
                sides[f"{a}-{b}"] = s
        geometry = {
            "water": [
                {**{k: v for k, v in w.items() if k not in ("rings", "label")},
                 "label": [r3(w["label"][0]), r3(w["label"][1])],
                 **({"rings": [[[r3(x), r3(y)] for x, y in ring] for ring in w["rings"]]} if "rings" in w else {})}
                for w in self.water_geom
            ],
            "rivers": [
                {"name": name, "class": self.river_src[name]["class"],
                 "major_from": self.river_src[name]["major_from"],
                 "points": [[r3(x), r3(y)] for x, y in pts]}
                for name, pts in self.river_px.items()
            ],
            "zone_lines": self.zone_lines,
            "offboard": {hid: side for hid, side in sorted(self.offboard.items())},
            "labels": [
                {"text": lb["text"], "kind": lb.get("kind", "country"), "at": [r3(v) for v in self.P(*lb["at"])]}
                for lb in self.board_cfg.get("label", [])
            ],
            "place_points": {name: [r3(x), r3(y)] for name, (x, y) in sorted(self.place_px.items())},
        }
        return {
            "about": "Stalin's War board. Generated by tools/build_map.py from the TOML files beside it; do not edit.",
            "board": {"columns": list(self.col_range), "rows": self.board_cfg["frame"]["rows"],
                      "hex_km": round(self.proj.km_per_hex, 2)},
            "projection": {
                "kind": "lambert_conformal_conic",
                "standard_parallels": self.board_cfg["projection"]["standard_parallels"],
                "origin": self.board_cfg["projection"]["origin"],
                "earth_radius_km": self.board_cfg["projection"]["earth_radius_km"],
                "similarity": [round(v, 9) for v in (self.proj.a, self.proj.b, self.proj.c, self.proj.d)],
                "km_per_hex": round(self.proj.km_per_hex, 3),
                "rotation_deg": round(self.proj.rotation_deg, 3),
                "warp_sigma_hexes": self.board_cfg["warp"]["sigma_hexes"],
                "pins": [{"pin": label, "at": [r3(x), r3(y)], "weight": [round(wx, 6), round(wy, 6)],
                          "sigma_hexes": round(sig / HEX_STEP, 3)}
                         for label, (x, y), (wx, wy), sig in
                         zip(self.pin_labels, self.proj.pins, self.proj.weights, self.proj.sigmas)],
                "anchors": [{"place": n, "hex": h, "fitted_hex": fh, "residual_hexes": round(r, 2)}
                            for n, h, _, _, fh, r in self.fit_report],
            },
            "places": dict(sorted(self.places_out.items())),
            "hexes": hexes,
            "hexsides": sides,
            "rail": sorted([a, b] for a, b in self.rail_links),
            "geometry": geometry,
        }


def edge_between(a: str, b: str) -> list[float]:
    """The two corners shared by neighbouring hexes a and b, as [x1, y1, x2, y2] (hex size 1)."""
    ca, cb = hexgrid.corners(a), hexgrid.corners(b)
    shared = [p for p in ca if any(math.dist(p, q) < 1e-6 for q in cb)]
    shared.sort()
    (x1, y1), (x2, y2) = shared
    return [r3(x1), r3(y1), r3(x2), r3(y2)]


# ---------------------------------------------------------------------------------- writing

def dumps(data: dict) -> str:
    """JSON with one hex, hexside or rail link per line: small diffs, stable bytes."""
    def compact(v):
        return json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    parts = []
    for key in data:
        val = data[key]
        if key in ("hexes", "hexsides", "places") and isinstance(val, dict):
            inner = ",\n".join(f"  {json.dumps(k)}: {compact(v)}" for k, v in val.items())
            parts.append(f"{json.dumps(key)}: {{\n{inner}\n}}")
        elif key == "rail":
            inner = ",\n".join(f"  {compact(v)}" for v in val)
            parts.append(f"{json.dumps(key)}: [\n{inner}\n]")
        else:
            parts.append(f"{json.dumps(key)}: {compact(val)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def generated_tables(board: Board) -> str:
    """The tables README.md carries between its generated markers."""
    p = board.proj
    hexes = board.hexes

    def where(hid):
        h = hexes[hid]
        lon, lat = h["lonlat"]
        return f"{h.get('name') or '-'} ({lon:.1f}° E, {lat:.1f}° N)"

    lines = [
        "<!-- generated:begin (tools/build_map.py writes this part; do not edit by hand) -->",
        "",
        "### Fit",
        "",
        f"Fitted similarity (hex units, a hex's corner radius = 1): scale {p.scale_px_per_km:.6f} per km, so one "
        f"hex (centre to centre) is **{p.km_per_hex:.1f} km**; rotation **{p.rotation_deg:.2f}°** (true north "
        "points up and to the right of the grid's up); "
        f"translation ({p.c:.3f}, {p.d:.3f}).",
        "",
        "| anchor | rule's hex | least-squares position falls in | residual (hexes) |",
        "| --- | --- | --- | --- |",
    ]
    for name, hid, lon, lat, fitted, res in board.fit_report:
        lines.append(f"| {name} ({lon:.2f}° E, {lat:.2f}° N) | {hid} | {fitted} | {res:.2f} |")
    rms = math.sqrt(sum(r * r for *_, r in board.fit_report) / len(board.fit_report))
    lines += ["", f"RMS residual {rms:.2f} hexes; largest {max(r for *_, r in board.fit_report):.2f}.", "",
              "### Pins of the smooth correction", "",
              "| pin | carried (hexes) | why |", "| --- | --- | --- |"]
    for label, dist, why in board.pin_report:
        lines.append(f"| {label} | {dist:.2f} | {why} |")
    lines += ["", "### The 25.0 set-up hexes", "",
              "| hex | units | country (region) | what the hex holds | share of its land in that country | ruling |",
              "| --- | --- | --- | --- | --- | --- |"]
    for hid, units, want, share, changed in board.setup_report:
        h = hexes[hid]
        country = h["country"] + (f" ({h['region']})" if h.get("region") else "")
        lines.append(f"| {hid} | {units} | {country} | {where(hid)} | {share:.0%} | "
                     f"{'given to ' + want[0] + ' (25.0)' if changed else '-'} |")
    lines += ["", "### Places moved by a ruling", ""]
    moved = [ln for ln in board.log if ln.startswith(("bank:", "country:", "coast:"))]
    lines += [f"- {ln}" for ln in moved] or ["- none"]
    merged = [ln.split(": ", 1)[1] for ln in board.log if ln.startswith("merge:")]
    lines += ["", "Places sharing a hex (the first names it): " + "; ".join(merged) + "."]
    ge = sorted((h for h in hexes.values() if "GE" in h.get("supply_source", [])), key=lambda h: (h["row"], h["col"]))
    su = sorted((h for h in hexes.values() if "SU" in h.get("supply_source", [])), key=lambda h: (h["row"], h["col"]))
    lines += ["", "### Supply sources (13.2)", "",
              "| hex | for | where | why |", "| --- | --- | --- | --- |"]
    for h in ge:
        why = "USIR (13.2.1)" if h.get("usir") else "west map edge rail hex (13.2.1)"
        lines.append(f"| {h['id']} | GE | {where(h['id'])}, {h['country']} | {why} |")
    for h in su:
        why = "Baku, conditional (13.2.3)" if h.get("supply_condition") else "east map edge rail hex (13.2.2)"
        lines.append(f"| {h['id']} | SU | {where(h['id'])} | {why} |")
    for h in hexes.values():
        for nat in ("RO", "HU", "IT"):
            if nat in h.get("supply_source", []):
                lines.append(f"| {h['id']} | {nat} | {where(h['id'])} | 13.2.1 |")
    vps = sorted((h for h in hexes.values() if h.get("vp")), key=lambda h: (h["country"] not in ("soviet_union", "baltic"), h["id"]))
    lines += ["", "### Victory point hexes", "",
              "| hex | place | country |", "| --- | --- | --- |"]
    for h in vps:
        lines.append(f"| {h['id']} | {h['name']} | {h['country']} |")
    lines += ["", "### Fortresses (owner at start, 16.2.1)", ""]
    for h in sorted((h for h in hexes.values() if h.get("fortress")), key=lambda h: h["id"]):
        lines.append(f"- {h['id']} {h['name']}: {h['fortress']}")
    lines += ["", "<!-- generated:end -->"]
    return "\n".join(lines)


def update_readme(text: str, block: str) -> str:
    start = text.find("<!-- generated:begin")
    end = text.find("<!-- generated:end -->")
    if start < 0 or end < 0:
        return text
    return text[:start] + block + text[end + len("<!-- generated:end -->"):]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="fail if map.json or README.md is stale")
    ap.add_argument("-v", "--verbose", action="store_true", help="print the build log")
    ap.add_argument("--lenient", action="store_true", help="report rail problems instead of failing (drafting only)")
    args = ap.parse_args(argv)
    global LENIENT
    LENIENT = [] if args.lenient else None
    try:
        board = Board(load_sources())
        data = board.run()
    except BuildError as exc:
        print(f"build_map: {exc}", file=sys.stderr)
        return 1
    text = dumps(data)
    readme = README.read_text(encoding="utf-8") if README.exists() else None
    new_readme = update_readme(readme, generated_tables(board)) if readme is not None else None
    if args.verbose:
        for line in board.log:
            print(line)
    for line in LENIENT or ():
        print("lenient:", line)
    if args.check:
        stale = []
        if not OUT.exists() or OUT.read_text(encoding="utf-8") != text:
            stale.append(str(OUT.relative_to(ROOT)))
        if readme is not None and new_readme != readme:
            stale.append(str(README.relative_to(ROOT)))
        if stale:
            print("build_map: out of date: " + ", ".join(stale), file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    if new_readme is not None and new_readme != readme:
        README.write_text(new_readme, encoding="utf-8")
    land = sum(1 for h in data["hexes"].values() if not h.get("water"))
    print(f"build_map: {len(data['hexes'])} hexes ({land} land), {len(data['hexsides'])} hexsides, "
          f"{len(data['rail'])} rail links -> {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
