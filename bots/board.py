"""What a bot knows of the board that never changes: hexes, neighbours, places, fire tables.

Read once from `engine.board_assets()` (public). Distances are counted in hexes over land
(no sea, lake or neutral hex, nor across a lake or sea hexside); rivers and terrain costs are
ignored: a bot's sense of "near", not the movement rules (the engine's legal actions hold those).
"""
from __future__ import annotations

from collections import deque
from functools import lru_cache

import engine

SIDES = ("axis", "soviet")


def enemy(side: str) -> str:
    return "soviet" if side == "axis" else "axis"


def _col_row(hid: str) -> tuple[int, int]:
    return int(hid[:2]), int(hid[2:])


def _around(hid: str) -> list[str]:
    col, row = _col_row(hid)
    offsets = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)) if col % 2 else \
        ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))
    return [f"{col + dc:02d}{row + dr:02d}" for dc, dr in offsets]


class Board:
    def __init__(self) -> None:
        data = engine.board_assets()["data"]
        self.hexes: dict[str, dict] = data["hexes"]
        self.land = {h for h, x in self.hexes.items()
                     if not x.get("neutral") and not set(x["terrain"]) & {"sea", "lake"}}
        # Neighbours over land: no step across a lake or sea hexside (8.2), such as Lake Peipus's.
        self.adj = {h: [n for n in _around(h)
                        if n in self.land and n not in self.hexes[h].get("impassable_sides", ())]
                    for h in self.land}
        # Rail hexes side by side are not always on one line: the map's own links (13.1.2).
        self.rail = {h: [n for n in self.hexes[h].get("rail_links", ()) if n in self.land] for h in self.land}
        self.units = data["units"]
        self.cards = data["cards"]
        self.fire_tables = data["fire_tables"]
        self.turns = {t["number"]: t for t in data["turns"]}
        self.vp = sorted(h for h in self.land if self.hexes[h].get("vp"))
        self.oil = sorted(h for h in self.land if self.hexes[h].get("oil"))
        self.cities = sorted(h for h in self.land if self.hexes[h].get("settlement") in ("city", "major_city"))
        self.by_name = {x["name"]: h for h, x in self.hexes.items() if x.get("name")}
        self.objective_hexes = frozenset(h for h in self.land if self.hexes[h].get("vp") or self.hexes[h].get("oil")
                                         or self.hexes[h].get("settlement") in ("city", "major_city"))
        self.soviet_vp = [h for h in self.vp if self.hexes[h]["country"] in ("soviet_union", "baltic")]
        # Hexes whose holder bars the other side's supply lines (13.1.3).
        self.strongpoints = frozenset(h for h in self.land if self.hexes[h].get("vp") or self.hexes[h].get("oil")
                                      or self.hexes[h].get("fortress")
                                      or self.hexes[h].get("settlement") in ("city", "major_city"))
        self.ports = {sea: sorted(h for h in self.land if self.hexes[h].get("port") == sea) for sea in ("baltic", "black")}
        # Supply sources by nationality group (13.2.1: Romanians trace to Bucharest, Hungarians and
        # Italians to Buda).
        self.sources = {g: [h for h in self.land if g in (self.hexes[h].get("supply_source") or ())]
                        for g in ("GE", "RO", "HU", "SU")}

    def distances(self, sources) -> dict[str, int]:
        """Hexes from the nearest source to every land hex reachable over land."""
        return _bfs(self, tuple(sorted(sources)))

    def terrain(self, hid: str) -> list[str]:
        return self.hexes[hid]["terrain"] if hid in self.hexes else []

    def expected_hits(self, strength: float, lcu: bool, shift: int = 0) -> float:
        """The mean loss number a fire of `strength` inflicts (11.2.1), on the LCU or SCU table."""
        losses = self._losses(strength, lcu, shift)
        return sum(losses) / len(losses) if losses else 0.0

    def kill_chance(self, strength: float, lcu: bool, shift: int, steps: int) -> float:
        """The share of die rolls on which a fire of `strength` inflicts `steps` losses or more (11.2.1)."""
        losses = self._losses(strength, lcu, shift)
        return sum(1 for n in losses if n >= steps) / len(losses) if losses else 0.0

    def _losses(self, strength: float, lcu: bool, shift: int) -> list[int]:
        """The loss number of each die roll for a fire of `strength` shifted `shift` columns ([] for none)."""
        if strength <= 0:
            return []
        table = self.fire_tables["lcu" if lcu else "scu"]
        col = max(0, min(len(table["columns"]) - 1, _column(table["columns"], strength) + shift))
        return [row[col][0] for row in table["results"]]


def _column(columns: list[str], strength: float) -> int:
    for i, label in enumerate(columns):
        lo, _, hi = label.rstrip("+").partition("-")
        top = float(hi) if hi else (float(lo) if not label.endswith("+") else 1e9)
        if strength <= top:
            return i
    return len(columns) - 1


@lru_cache(maxsize=512)
def _bfs(board: Board, sources: tuple[str, ...]) -> dict[str, int]:
    dist = {h: 0 for h in sources if h in board.land}
    queue = deque(dist)
    while queue:
        h = queue.popleft()
        d = dist[h] + 1
        for n in board.adj[h]:
            if n not in dist:
                dist[n] = d
                queue.append(n)
    return dist


@lru_cache(maxsize=1)
def board() -> Board:
    return Board()
