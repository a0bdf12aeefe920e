"""Fire Tables (11.2–11.3) and the Terrain Effects Chart: ``data/stalins_war/tables.toml``."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .loading import fail, read_toml, validate

FILE = "tables.toml"
DIE = (1, 2, 3, 4, 5, 6)

_COLUMN = re.compile(r"^(\d+)(?:(\+)|-(\d+))?$")
_CELL = re.compile(r"^(\d+)(\*?)$")


class Column(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    label: str
    low: int = Field(ge=1)
    high: int | None = Field(description="None for the open-ended last column")

    def holds(self, strength: int) -> bool:
        return strength >= self.low and (self.high is None or strength <= self.high)


class Result(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    loss: int = Field(ge=0)
    asterisk: bool = False

    @property
    def text(self) -> str:
        return f"{self.loss}{'*' if self.asterisk else ''}"

    @property
    def rank(self) -> tuple[int, int]:
        """Orders results: a higher loss is better; at equal loss a plain result beats an asterisked one."""
        return (self.loss, 0 if self.asterisk else 1)


def _parse_column(label: str) -> Column:
    m = _COLUMN.match(label.strip())
    if not m:
        raise ValueError(f"column {label!r} must look like '5', '9-10' or '20+'")
    low, plus, high = m.groups()
    if plus:
        return Column(label=label, low=int(low), high=None)
    return Column(label=label, low=int(low), high=int(high) if high else int(low))


def _parse_cell(text: str) -> Result:
    m = _CELL.match(str(text).strip())
    if not m:
        raise ValueError(f"cell {text!r} must be a loss number, optionally followed by '*'")
    return Result(loss=int(m.group(1)), asterisk=bool(m.group(2)))


class FireTable(BaseModel):
    """One Fire Table. ``results[die - 1][column]``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    rule: str
    columns: list[Column] = Field(min_length=2)
    results: list[list[Result]]

    @model_validator(mode="before")
    @classmethod
    def _from_toml(cls, raw):
        if isinstance(raw, dict) and "rows" in raw:
            raw = dict(raw)
            labels = raw.get("columns")
            if not isinstance(labels, list):
                raise ValueError("columns must be a list of labels")
            raw["columns"] = [_parse_column(str(x)) if not isinstance(x, (Column, dict)) else x for x in labels]
            rows = raw.pop("rows")
            if not isinstance(rows, dict):
                raise ValueError("rows must be a table keyed by die roll 1-6")
            keys = sorted(rows, key=lambda k: int(k) if str(k).isdigit() else 99)
            if [str(k) for k in keys] != [str(d) for d in DIE]:
                raise ValueError(f"rows must be exactly the die rolls 1-6, found {sorted(rows)}")
            results = []
            for k in keys:
                row = rows[k]
                if not isinstance(row, list) or len(row) != len(labels):
                    raise ValueError(f"die {k}: needs one cell per column ({len(labels)})")
                results.append([_parse_cell(c) for c in row])
            raw["results"] = results
        return raw

    @model_validator(mode="after")
    def _check(self):
        problems = []
        if self.columns[0].low != 1:
            problems.append("the first column must start at strength 1")
        for a, b in zip(self.columns, self.columns[1:]):
            if a.high is None or b.low != a.high + 1:
                problems.append(f"columns {a.label} and {b.label} leave a gap or overlap")
        if self.columns[-1].high is not None:
            problems.append("the last column must be open-ended ('20+')")
        if len(self.results) != len(DIE) or any(len(r) != len(self.columns) for r in self.results):
            problems.append("results must be 6 rows of one cell per column")
        else:
            for d in range(len(DIE)):
                for c in range(1, len(self.columns)):
                    if self.results[d][c].rank < self.results[d][c - 1].rank:
                        problems.append(f"die {d + 1}: column {self.columns[c].label} is worse than the column before")
            for c in range(len(self.columns)):
                for d in range(1, len(DIE)):
                    if self.results[d][c].rank < self.results[d - 1][c].rank:
                        problems.append(f"column {self.columns[c].label}: die {d + 1} is worse than die {d}")
        if problems:
            raise ValueError("; ".join(problems))
        return self

    # -- lookups the engine uses ---------------------------------------------------------
    def __len__(self) -> int:
        return len(self.columns)

    @property
    def labels(self) -> list[str]:
        return [c.label for c in self.columns]

    def column_for(self, strength: int) -> int:
        """Index of the column for a combat strength (above the table: the last column).

        A strength of 0 does not fire: raises ValueError.
        """
        if strength < 1:
            raise ValueError(f"combat strength {strength} does not fire")
        for i, col in enumerate(self.columns):
            if col.holds(strength):
                return i
        return len(self.columns) - 1

    def shifted(self, column: int, shift: int) -> int:
        """11.2.1 step 4: apply a column shift (positive = right), clamped to the table."""
        self._check_column(column)
        return max(0, min(len(self.columns) - 1, column + shift))

    def result(self, column: int, die: int) -> tuple[int, bool]:
        """(loss number, asterisked) for a column index and a die roll 1-6."""
        self._check_column(column)
        if die not in DIE:
            raise ValueError(f"die roll {die} is not 1-6")
        r = self.results[die - 1][column]
        return r.loss, r.asterisk

    def _check_column(self, column: int) -> None:
        if not 0 <= column < len(self.columns):
            raise ValueError(f"column {column} is off the table (0-{len(self.columns) - 1})")


class TerrainEffect(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    mp: int = Field(ge=0, description="terrain: MP to enter; feature: 0; hexside: MP added")
    attack_shift: int = Field(le=0, description="columns the attacker's fire moves (negative = left)")
    blitz: bool
    no_retreat: bool
    exploit_stop: bool
    impassable: bool = False
    note: str = ""


class TerrainEffects(BaseModel):
    """The Terrain Effects Chart. ``terrain`` are hex types, ``features`` things in a hex, ``hexsides`` edges."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    terrain: dict[str, TerrainEffect]
    features: dict[str, TerrainEffect]
    hexsides: dict[str, TerrainEffect]

    def _get(self, table: dict[str, TerrainEffect], what: str, key: str) -> TerrainEffect:
        try:
            return table[key]
        except KeyError:
            raise KeyError(f"no {what} {key!r} on the Terrain Effects Chart") from None

    def hex_mp(self, terrain_types: Iterable[str]) -> int:
        """10.1.2: a hex costs the highest of its terrain types."""
        return max(self._get(self.terrain, "terrain", t).mp for t in terrain_types)

    def hexside_mp(self, hexside: str | None) -> int:
        return 0 if hexside is None else self._get(self.hexsides, "hexside", hexside).mp

    def defender_shift(self, terrain_types: Iterable[str], features: Iterable[str] = (), trench: bool = False) -> int:
        """Attacker's column shift from the defending hex: its best terrain/feature shift, plus a trench."""
        shifts = [self._get(self.terrain, "terrain", t).attack_shift for t in terrain_types]
        shifts += [self._get(self.features, "feature", f).attack_shift for f in features if f != "trench"]
        base = min(shifts, default=0)
        if trench or "trench" in features:
            base += self.features["trench"].attack_shift
        return base

    def hexside_shift(self, crossed: Iterable[str | None]) -> int:
        """Attacker's shift for hexsides: only if every attacking hex crosses one; the mildest counts.

        ``crossed`` holds, for each attacking hex, the hexside kind it attacks across (None for none).
        """
        kinds = list(crossed)
        if not kinds or any(k is None for k in kinds):
            return 0
        return max(self._get(self.hexsides, "hexside", k).attack_shift for k in kinds)

    def blitz_allowed(self, terrain_types: Iterable[str], features: Iterable[str] = (), hexside: str | None = None) -> bool:
        """11.2.1 step 9: may a Blitz marker go into this hex (entered across ``hexside``)?"""
        ok = all(self._get(self.terrain, "terrain", t).blitz for t in terrain_types)
        ok = ok and all(self._get(self.features, "feature", f).blitz for f in features)
        return ok and (hexside is None or self._get(self.hexsides, "hexside", hexside).blitz)

    def no_retreat(self, terrain_types: Iterable[str], features: Iterable[str] = ()) -> bool:
        """11.4.3: may defenders here cancel a retreat with an extra step loss?"""
        return any(self._get(self.terrain, "terrain", t).no_retreat for t in terrain_types) or any(
            self._get(self.features, "feature", f).no_retreat for f in features)

    def exploit_stops(self, terrain_types: Iterable[str], hexside: str | None = None) -> bool:
        """12.2.5: does an exploiting unit halt on entering this hex (across ``hexside``)?"""
        return any(self._get(self.terrain, "terrain", t).exploit_stop for t in terrain_types) or (
            hexside is not None and self._get(self.hexsides, "hexside", hexside).exploit_stop)


class Tables(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    fire: dict[Literal["lcu", "scu"], FireTable]
    terrain: TerrainEffects


REQUIRED_TERRAIN = ("clear", "forest", "rough", "swamp", "mountain", "desert")
REQUIRED_FEATURES = ("town", "city", "major_city", "port", "fortress", "festung", "trench")
REQUIRED_HEXSIDES = ("river", "major_river", "kerch", "lake_sea")


def load_tables(data_dir: Path) -> Tables:
    raw = read_toml(data_dir / FILE)
    fire_raw = raw.get("fire")
    if not isinstance(fire_raw, dict):
        raise fail(FILE, "fire", "missing [fire.lcu] and [fire.scu]")
    fire = {}
    for key in ("lcu", "scu"):
        if key not in fire_raw:
            raise fail(FILE, f"fire.{key}", "missing fire table")
        fire[key] = validate(FireTable, fire_raw[key], FILE, f"fire.{key}")
    extra = sorted(set(fire_raw) - {"lcu", "scu"})
    if extra:
        raise fail(FILE, "fire", f"unknown fire table(s) {extra}")
    lcu, scu = fire["lcu"], fire["scu"]
    if lcu.labels != scu.labels:
        raise fail(FILE, "fire", "the LCU and SCU tables must use the same strength columns")
    for c, label in enumerate(lcu.labels):
        if any(lcu.results[d][c].rank < scu.results[d][c].rank for d in range(6)):
            raise fail(FILE, f"fire.lcu column {label}", "2.2.1: the LCU table may not be worse than the SCU table")
        if all(lcu.results[d][c] == scu.results[d][c] for d in range(6)):
            raise fail(FILE, f"fire.lcu column {label}", "2.2.1: the LCU table must be better than the SCU table")

    sections = {}
    for section, required in (("terrain", REQUIRED_TERRAIN), ("feature", REQUIRED_FEATURES), ("hexside", REQUIRED_HEXSIDES)):
        table = raw.get(section)
        if not isinstance(table, dict):
            raise fail(FILE, section, f"missing [{section}.*] entries")
        sections[section] = {k: validate(TerrainEffect, v, FILE, f"{section}.{k}") for k, v in table.items()}
        for k in required:
            if k not in sections[section]:
                raise fail(FILE, f"{section}.{k}", "missing from the Terrain Effects Chart")
    for k, t in sections["terrain"].items():
        if not 1 <= t.mp <= 3:
            raise fail(FILE, f"terrain.{k}", f"3.0: hexes cost 1, 2 or 3 MP, not {t.mp}")
        if t.impassable:
            raise fail(FILE, f"terrain.{k}", "hex terrain cannot be impassable")
    for k, t in sections["feature"].items():
        if t.mp != 0:
            raise fail(FILE, f"feature.{k}", "10.1.1: towns, cities and fortresses do not change a hex's MP cost")
    tec = TerrainEffects(terrain=sections["terrain"], features=sections["feature"], hexsides=sections["hexside"])
    return Tables(fire=fire, terrain=tec)


__all__ = ["Column", "Result", "FireTable", "TerrainEffect", "TerrainEffects", "Tables", "load_tables"]
