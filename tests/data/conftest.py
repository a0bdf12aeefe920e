"""Shared fixtures for the data tests: the real files, and broken copies of them."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.stalins_war.data import cards, scenarios, tables, units
from engine.stalins_war.data.loading import DATA_DIR

FILES = ("units.toml", "cards.toml", "tables.toml", "scenarios.toml")


@pytest.fixture(scope="session")
def unit_defs():
    return units.load_units(DATA_DIR)


@pytest.fixture(scope="session")
def unit_data():
    return units.load_unit_data(DATA_DIR)


@pytest.fixture(scope="session")
def card_defs(unit_defs):
    return cards.load_cards(DATA_DIR, unit_defs)


@pytest.fixture(scope="session")
def fire_and_terrain():
    return tables.load_tables(DATA_DIR)


@pytest.fixture(scope="session")
def scenario_defs(unit_defs, card_defs):
    return scenarios.load_scenarios(DATA_DIR, None, unit_defs, card_defs)


@pytest.fixture
def broken_copy(tmp_path):
    """Copy the data files to tmp_path, replacing ``old`` by ``new`` in one of them.

    Returns the directory. The replacement must change the file, so a test cannot
    silently pass because its edit no longer matches the data.
    """

    def make(filename: str, old: str, new: str, count: int = 1) -> Path:
        for name in FILES:
            shutil.copy(DATA_DIR / name, tmp_path / name)
        path = tmp_path / filename
        text = path.read_text(encoding="utf-8")
        assert old in text, f"test edit {old!r} no longer matches {filename}"
        path.write_text(text.replace(old, new, count), encoding="utf-8")
        return tmp_path

    return make
