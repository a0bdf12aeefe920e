"""The game-agnostic hex geometry (engine.core.hexgrid)."""
import math
import random

import pytest

from engine.core import hexgrid as hg


@pytest.mark.parametrize("hid", ["1622", "1721", "0101", "3138", "2722", "1000"])
def test_neighbours_are_mutual_and_at_distance_one(hid):
    for n in hg.neighbours(hid):
        assert hg.distance(hid, n) == 1
        assert hid in hg.neighbours(n)


def test_odd_columns_sit_half_a_hex_lower():
    # odd column 17: 1721 touches 1821 and 1822; even column 16: 1622 touches 1721 and 1722
    assert set(hg.neighbours("1721")) == {"1720", "1722", "1621", "1622", "1821", "1822"}
    assert set(hg.neighbours("1622")) == {"1621", "1623", "1521", "1522", "1721", "1722"}


def test_distance_along_a_column_and_across():
    assert hg.distance("1622", "1626") == 4
    assert hg.distance("1622", "2622") == 10
    assert hg.distance("1622", "1622") == 0


def test_cube_round_trip():
    for col in range(0, 40):
        for row in range(0, 40):
            hid = hg.hex_id(col, row)
            assert hg.from_cube(*hg.to_cube(hid)) == hid


def test_pixel_to_hex_inverts_center_everywhere_inside_the_hex():
    rng = random.Random(3)
    for hid in ("1622", "1721", "3138", "0505"):
        cx, cy = hg.center(hid, 10)
        assert hg.pixel_to_hex(cx, cy, 10) == hid
        for _ in range(200):
            a, d = rng.random() * math.tau, rng.random() * 8.6  # inside the inscribed circle
            assert hg.pixel_to_hex(cx + d * math.cos(a), cy + d * math.sin(a), 10) == hid


def test_line_is_contiguous_and_ends_right():
    path = hg.line("1622", "2722")
    assert path[0] == "1622" and path[-1] == "2722"
    assert len(path) == hg.distance("1622", "2722") + 1
    assert all(hg.distance(a, b) == 1 for a, b in zip(path, path[1:]))
