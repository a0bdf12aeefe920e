"""The game's data (map, counters, cards, tables, scenarios), loaded once and validated.

`load_data()` is the only entry point the rules use. The files live in the
repository's top-level ``data/stalins_war/`` folder; see ``data/README.md``.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .loading import DATA_DIR, DataError

__all__ = ["GameData", "load_data", "DataError", "DATA_DIR"]


@dataclass(frozen=True)
class GameData:
    map: "mapdata.MapData"  # noqa: F821 - imported lazily below
    units: dict
    cards: dict
    tables: "tables.Tables"  # noqa: F821
    scenarios: dict
    markers: dict               # marker kind -> MarkerLimit (counter-mix limits)
    partisans_on_map_max: int   # 16.1.2

    def marker_limit(self, kind: str) -> int:
        return self.markers[kind].count


@lru_cache(maxsize=4)
def load_data(data_dir: Path = DATA_DIR) -> GameData:
    from . import cards, mapdata, scenarios, tables, units

    board = mapdata.load_map(data_dir)
    unit_data = units.load_unit_data(data_dir)
    unit_defs = unit_data.units
    card_defs = cards.load_cards(data_dir, unit_defs)
    fire_and_terrain = tables.load_tables(data_dir)
    scenario_defs = scenarios.load_scenarios(data_dir, board, unit_defs, card_defs)
    return GameData(map=board, units=unit_defs, cards=card_defs, tables=fire_and_terrain, scenarios=scenario_defs,
                    markers=unit_data.markers, partisans_on_map_max=unit_data.partisans_on_map_max)
