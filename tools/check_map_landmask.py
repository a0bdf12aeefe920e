#!/usr/bin/env python3
"""Development check: compare the board's hand-drawn coasts with an independent land mask.

Not part of the product or the test suite. It needs the ``global-land-mask`` package (and numpy),
which the project does not depend on; run it with any interpreter that has them, e.g.

    python3 -m venv /tmp/glm && /tmp/glm/bin/pip install global-land-mask
    /tmp/glm/bin/python tools/check_map_landmask.py

For every hex on the board it samples the same 37 points the build uses, maps them back to
longitude/latitude through the fitted projection, and asks the mask whether each is land. It
prints the share of sample points on which the two agree and the hexes whose land/sea verdict
would differ. That mask counts inland water, the Caspian included, as land, so lakes and the
Caspian are left out of the comparison.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import build_map  # noqa: E402  (stdlib only)

try:
    from global_land_mask import globe
except ImportError:  # pragma: no cover - a dev tool
    sys.exit("check_map_landmask: needs the global-land-mask package (see the docstring)")


SKIP = ("Caspian Sea",)   # an inland sea: land in the mask


def main() -> int:
    board = build_map.Board(build_map.load_sources())
    board.run()
    agree = total = 0
    differ = []
    for hid in board.on_board:
        cx, cy = build_map.hexgrid.center(hid)
        ours_sea = real_sea = 0
        for ox, oy in build_map.SAMPLES:
            x, y = cx + ox, cy + oy
            w = board.water_at(x, y)
            ours = bool(w and w[1] == "sea")
            lon, lat = board.proj.inverse(x, y)
            real = not globe.is_land(lat, lon)
            if w and (w[1] == "lake" or w[0] in SKIP):
                continue
            total += 1
            agree += ours == real
            ours_sea += ours
            real_sea += real
        n = len(build_map.SAMPLES)
        h = board.hexes[hid]
        ours_water = bool(h.get("water")) and h["terrain"] == ["sea"]
        real_water = real_sea >= build_map.WATER_HEX_SHARE * n
        if ours_water != real_water and not (h.get("water") and (h["terrain"] == ["lake"] or h["water"] in SKIP)):
            lon, lat = h["lonlat"]
            differ.append(f"{hid} ({lon:.1f} E, {lat:.1f} N): board {'sea' if ours_water else 'land'}, "
                          f"mask {real_sea}/{n} sea points")
    print(f"sample points agreeing on sea/land: {agree}/{total} ({agree / total:.1%})")
    print(f"hexes whose verdict differs: {len(differ)}")
    for line in differ:
        print("  " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
