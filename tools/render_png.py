#!/usr/bin/env python3
"""Render the board with the 25.0 start position to PNG through headless Chromium.

    .venv/bin/python tools/render_png.py                 # docs/images/map-start.png and map-border.png
    .venv/bin/python tools/render_png.py --out /tmp/x    # somewhere else

The counters come from the unit and scenario data (data/stalins_war/units.toml and
scenarios.toml). If those cannot be read, a built-in copy of the 25.0 set-up is used.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.stalins_war.data.loading import DATA_DIR, read_toml  # noqa: E402
from engine.stalins_war.data.mapdata import load_map  # noqa: E402
from engine.stalins_war.render import render_svg  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]

# 25.0, for when the unit data cannot be read: (hex, id, label, nationality, kind, size, lcu, A, D, MA)
FALLBACK_SETUP = [
    ("1724", "SU-SWF", "SW", "SU", "infantry", "front", True, 5, 5, 3),
    ("1625", "SU-16M", "16M", "SU", "mech", "corps", False, 2, 2, 4),
    ("1721", "SU-WestF", "West", "SU", "infantry", "front", True, 3, 3, 3),
    ("1722", "SU-28RK", "28R", "SU", "infantry", "corps", False, 1, 1, 3),
    ("1723", "SU-4M", "4M", "SU", "mech", "corps", False, 2, 2, 4),
    ("1624", "SU-8M", "8M", "SU", "mech", "corps", False, 2, 2, 4),
    ("1726", "SU-SouthF", "South", "SU", "infantry", "front", True, 3, 3, 3),
    ("1821", "SU-6M", "6M", "SU", "mech", "corps", False, 2, 2, 4),
    ("1823", "SU-5RK", "5R", "SU", "infantry", "corps", False, 1, 1, 3),
    ("1824", "SU-15M", "15M", "SU", "mech", "corps", False, 2, 2, 4),
    ("1826", "SU-5M", "5M", "SU", "mech", "corps", False, 2, 2, 4),
    ("1827", "SU-18M", "18M", "SU", "mech", "corps", False, 2, 2, 4),
    ("1829", "SU-Mar", "Mar", "SU", "maritime", "army", False, 2, 2, 3),
    ("1918", "SU-12M", "12M", "SU", "mech", "corps", False, 2, 2, 4),
    ("2118", "SU-NWF", "NW", "SU", "infantry", "front", True, 3, 3, 3),
    ("1920", "SU-3M", "3M", "SU", "mech", "corps", False, 2, 2, 4),
    ("1924", "SU-22M", "22M", "SU", "mech", "corps", False, 2, 2, 4),
    ("2022", "SU-13R", "13", "SU", "infantry", "army", False, 2, 2, 3),
    ("2123", "SU-CenF", "Central", "SU", "infantry", "front", True, 3, 3, 3),
    ("2123", "SU-21R", "21", "SU", "infantry", "army", False, 2, 2, 3),
    ("2320", "SU-22R", "22", "SU", "infantry", "army", False, 2, 2, 3),
    ("2517", "SU-LenF", "Leningrad", "SU", "infantry", "front", True, 3, 3, 3),
    ("2517", "SU-10M", "10M", "SU", "mech", "corps", False, 2, 2, 4),
    ("2532", "SU-TCF", "Trans-Cauc", "SU", "infantry", "front", True, 3, 3, 3),
    ("2722", "SU-ResF", "Reserve", "SU", "infantry", "front", True, 3, 3, 3),
    ("2722", "SU-7M", "7M", "SU", "mech", "corps", False, 2, 2, 4),
    ("2722", "SU-20R", "20", "SU", "infantry", "army", False, 2, 2, 3),
    ("2722", "SU-Stalin", "Stalin", "SU", "stalin", "corps", False, 0, 1, 0),
    ("1424", "GE-49Mtn", "49 Mtn", "GE", "mountain", "corps", False, 2, 2, 3),
    ("1527", "GE-11A", "11", "GE", "infantry", "army", True, 5, 5, 3),
    ("1523", "GE-17A", "17", "GE", "infantry", "army", True, 5, 5, 3),
    ("1621", "GE-4A", "4", "GE", "infantry", "army", True, 5, 5, 3),
    ("1622", "GE-46Pz", "46 Pz", "GE", "panzer", "corps", False, 4, 4, 5),
    ("1622", "GE-24Pz", "24 Pz", "GE", "panzer", "corps", False, 4, 4, 5),
    ("1622", "GE-47Pz", "47 Pz", "GE", "panzer", "corps", False, 4, 4, 5),
    ("1622", "GE-43", "43", "GE", "infantry", "corps", False, 2, 2, 3),
    ("1623", "GE-6A", "6", "GE", "infantry", "army", True, 5, 5, 3),
    ("1623", "GE-48Pz", "48 Pz", "GE", "panzer", "corps", False, 4, 4, 5),
    ("1623", "GE-3Pz", "3 Pz", "GE", "panzer", "corps", False, 4, 4, 5),
    ("1623", "GE-14Pz", "14 Pz", "GE", "panzer", "corps", False, 4, 4, 5),
    ("1720", "GE-9A", "9", "GE", "infantry", "army", True, 5, 5, 3),
    ("1720", "GE-39Pz", "39 Pz", "GE", "panzer", "corps", False, 4, 4, 5),
    ("1720", "GE-57Pz", "57 Pz", "GE", "panzer", "corps", False, 4, 4, 5),
    ("1819", "GE-18A", "18", "GE", "infantry", "army", True, 5, 5, 3),
    ("1820", "GE-16A", "16", "GE", "infantry", "army", True, 5, 5, 3),
    ("1820", "GE-56Pz", "56 Pz", "GE", "panzer", "corps", False, 4, 4, 5),
    ("1820", "GE-41Pz", "41 Pz", "GE", "panzer", "corps", False, 4, 4, 5),
    ("1025", "HU-3A", "3", "HU", "infantry", "army", True, 3, 3, 3),
    ("1627", "RO-3A", "3", "RO", "infantry", "army", True, 3, 3, 3),
    ("1629", "RO-4A", "4", "RO", "infantry", "army", True, 3, 3, 3),
]


def start_counters() -> tuple[list[dict], str]:
    """The counters of the 25.0 set-up, from the game data if it loads, else from FALLBACK_SETUP."""
    try:
        from engine.stalins_war.data.units import load_units

        units = load_units(DATA_DIR)
        setup = read_toml(DATA_DIR / "scenarios.toml")["setup"]
        out = []
        for side in ("axis", "soviet"):
            for p in setup[side]:
                u = units[p["unit"]]
                step = u.steps[p.get("lost", 0)]
                out.append({"hex": p["hex"], "id": u.id, "label": u.label, "side": u.side,
                            "nationality": u.nationality, "kind": u.kind, "size": u.size, "lcu": u.lcu,
                            "attack": step.attack, "defense": step.defense, "ma": step.ma,
                            "reduced": p.get("lost", 0) > 0, "hidden": False})
        return _stack_order(out), "units.toml + scenarios.toml"
    except Exception as exc:  # the unit data is someone else's and may be mid-edit
        print(f"render_png: unit data unavailable ({exc}); using the built-in 25.0 list", file=sys.stderr)
        out = [{"hex": h, "id": i, "label": lb, "side": "soviet" if n == "SU" else "axis", "nationality": n,
                "kind": k, "size": sz, "lcu": lcu, "attack": a, "defense": d, "ma": ma, "reduced": False,
                "hidden": False} for h, i, lb, n, k, sz, lcu, a, d, ma in FALLBACK_SETUP]
        return _stack_order(out), "built-in list"


def _stack_order(counters: list[dict]) -> list[dict]:
    """LCUs at the bottom of their stack, Stalin on top."""
    return sorted(counters, key=lambda c: (c["hex"], not c["lcu"], c["kind"] == "stalin"))


def shoot(svg: str, path: Path, scale: float = 1.0) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(device_scale_factor=scale)
        page.set_content(f"<!doctype html><html><body style='margin:0;background:#fff'>{svg}</body></html>")
        page.locator("svg").first.screenshot(path=str(path))
        browser.close()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    ap.add_argument("--scale", type=float, default=38.0, help="pixels per hex radius on the full board")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    board = load_map(DATA_DIR)
    counters, source = start_counters()
    t = time.perf_counter()
    full = render_svg(board, counters, scale=args.scale, title="Stalin's War: the board, June 1941")
    ms = (time.perf_counter() - t) * 1000
    shoot(full, args.out / "map-start.png")
    border = render_svg(board, counters, scale=48.0, legend=False, view=("1316", "2127"),
                        title="Stalin's War: the border, 22 June 1941")
    shoot(border, args.out / "map-border.png")
    print(f"render_png: {len(counters)} counters ({source}); board SVG {len(full) // 1024} KiB in {ms:.0f} ms; "
          f"wrote {args.out / 'map-start.png'} and {args.out / 'map-border.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
