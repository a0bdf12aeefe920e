"""Hex geometry for boards numbered the way most hex-and-counter wargames are.

Hexes are flat-topped and stand in vertical columns. A hex id is four digits
``CCRR``: ``CC`` the column (growing to the right), ``RR`` the row (growing
downwards). Odd columns sit half a hex lower than even ones ("odd-q" offset).
So hex 1622 touches 1621 and 1623 in its own column and 1521, 1522, 1721, 1722
in the columns beside it.

Everything here is pure arithmetic on ids; which hexes exist is the board's business.
"""
from __future__ import annotations

import math
from functools import lru_cache

SQRT3 = math.sqrt(3.0)


def hex_id(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def col_row(hid: str) -> tuple[int, int]:
    return int(hid[:2]), int(hid[2:])


def _offsets(col: int) -> tuple[tuple[int, int], ...]:
    # Order: N, NE, SE, S, SW, NW (clockwise from the top).
    if col % 2:  # odd columns are shifted down
        return ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))
    return ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))


@lru_cache(maxsize=None)
def neighbours(hid: str) -> tuple[str, ...]:
    """The six ids around a hex, clockwise from the top (some may be off the board)."""
    col, row = col_row(hid)
    return tuple(hex_id(col + dc, row + dr) for dc, dr in _offsets(col) if 0 <= col + dc < 100 and 0 <= row + dr < 100)


def to_cube(hid: str) -> tuple[int, int, int]:
    col, row = col_row(hid)
    x = col
    z = row - (col - (col & 1)) // 2
    return x, -x - z, z


def from_cube(x: int, y: int, z: int) -> str:
    col = x
    row = z + (col - (col & 1)) // 2
    return hex_id(col, row)


def distance(a: str, b: str) -> int:
    """Hexes counted from a to b, ignoring terrain and board edges."""
    ax, ay, az = to_cube(a)
    bx, by, bz = to_cube(b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def adjacent(a: str, b: str) -> bool:
    return b in neighbours(a)


def center(hid: str, size: float = 1.0) -> tuple[float, float]:
    """Pixel centre of a hex whose corner-to-centre radius is ``size`` (y grows downwards)."""
    col, row = col_row(hid)
    return 1.5 * size * col, SQRT3 * size * (row + (0.5 if col % 2 else 0.0))


def corners(hid: str, size: float = 1.0) -> list[tuple[float, float]]:
    cx, cy = center(hid, size)
    return [(cx + size * math.cos(math.radians(60 * i)), cy + size * math.sin(math.radians(60 * i))) for i in range(6)]


def _cube_round(x: float, y: float, z: float) -> tuple[int, int, int]:
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return rx, ry, rz


def pixel_to_hex(px: float, py: float, size: float = 1.0) -> str:
    """The hex containing a pixel point (inverse of ``center``)."""
    q = (2.0 / 3.0 * px) / size
    r = (-1.0 / 3.0 * px + SQRT3 / 3.0 * py) / size
    return from_cube(*_cube_round(q, -q - r, r))


def line(a: str, b: str) -> list[str]:
    """Hexes on the straight line from a to b, both included."""
    n = distance(a, b)
    if n == 0:
        return [a]
    ax, ay, az = to_cube(a)
    bx, by, bz = to_cube(b)
    out = []
    for i in range(n + 1):
        t = i / n
        x = ax + (bx - ax) * t + 1e-6
        y = ay + (by - ay) * t + 1e-6
        z = az + (bz - az) * t - 2e-6
        out.append(from_cube(*_cube_round(x, y, z)))
    return out
