"""Combat units (counters) and game-marker limits: ``data/stalins_war/units.toml``.

A unit is described once, whatever the number of physical counters it uses. Its
steps are listed full strength first; each step names the counter it is printed
on, so a German army's four steps on two counters (2.2.1) are one ``UnitDef``.

In the TOML file a unit's counters are written the way they are printed:
``counters = [["*5-3", "4-3"], ["3-3", "2-3"]]`` — one inner list per counter,
front side first. ``"4-3"`` is combat strength 4 (attack = defense) and MA 3;
``"4-3-2"`` is attack 4, defense 3, MA 2; a leading ``*`` marks a step that may
not be replaced (2.2.1, 14.1.6).

Rule-derived properties (ZOC 8.1, exploitation 12.1.1, stacking 9.1.3 …) are
computed here from the typed fields, never typed into the data.
"""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, computed_field, field_validator, model_validator

from .loading import DataError, fail, read_toml, validate

FILE = "units.toml"

Side = Literal["axis", "soviet"]
Nationality = Literal["GE", "HU", "RO", "IT", "SU"]
RpType = Literal["GE", "PZ", "AX", "SU"]
Size = Literal["corps", "army", "front"]
Kind = Literal[
    "infantry",        # rifle armies and corps, German infantry armies and corps, Axis minor armies
    "mountain",        # German and Romanian mountain corps
    "cavalry",         # Romanian cavalry corps
    "motorized",       # the Italian CSIR (its own symbol in the counter key)
    "mech",            # Soviet mechanized corps; the Hungarian Mobile Corps
    "panzer",          # German Panzer Corps
    "tank",            # Soviet tank armies
    "shock",           # Soviet shock armies (MA 2, 10.1.4)
    "maritime",        # the Soviet Maritime (marine) Army, 7.5.4
    "guards",          # Soviet guards armies 1G–11G
    "guards_tank",     # Soviet guards tank armies 1GT–6GT
    "guards_cavalry",  # Soviet guards cavalry corps 1GC–7GC
    "partisan",        # Soviet partisans, including the airborne counter (16.1, card S20)
    "stalin",          # 16.4
    "bunker",          # the German Bunker (9.1.3, 10.2.1)
    "fortified_zone",  # the Soviet Fortified Zone (8.2, 9.1.3)
]
Replaces = Literal["blitz_front", "army", "tank_army"]
Arrival = Literal["setup", "reinforcement", "successor", "event", "partisan_pool"]

NATION_SIDE = {"GE": "axis", "HU": "axis", "RO": "axis", "IT": "axis", "SU": "soviet"}
#: Units that do not count against the four-unit limit; at most one of each per hex (9.1.3).
UNCOUNTED_KINDS = ("stalin", "bunker", "fortified_zone", "partisan")
#: Panzer, tank and mechanized units (11.1.3 extra hexes, 11.3.3 first attack loss).
MECHANIZED_KINDS = ("panzer", "tank", "guards_tank", "mech")
GUARDS_KINDS = ("guards", "guards_tank", "guards_cavalry")

ID_PATTERN = re.compile(r"^[A-Z]{2}-[A-Za-z0-9]+$")
STEP_PATTERN = re.compile(r"^(\*?)(\d+)-(\d+)(?:-(\d+))?$")


class Step(BaseModel):
    """One step of a unit: what its counter side shows."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    attack: int = Field(ge=0)
    defense: int = Field(ge=0)
    ma: int = Field(ge=0)
    replaceable: bool = True
    counter: int = Field(default=0, ge=0, description="which physical counter of the unit carries this step")

    @property
    def text(self) -> str:
        """The step as printed: '4-3', '4-3-2', with '*' in front when not replaceable."""
        core = f"{self.attack}-{self.ma}" if self.attack == self.defense else f"{self.attack}-{self.defense}-{self.ma}"
        return ("" if self.replaceable else "*") + core


def parse_step(text: str, counter: int) -> Step:
    m = STEP_PATTERN.match(text.strip())
    if not m:
        raise ValueError(f"step {text!r} is not 'A-M', 'A-D-M' or either with a leading '*'")
    star, a, b, c = m.groups()
    if c is None:
        attack, defense, ma = int(a), int(a), int(b)
    else:
        attack, defense, ma = int(a), int(b), int(c)
    return Step(attack=attack, defense=defense, ma=ma, replaceable=not star, counter=counter)


class UnitDef(BaseModel):
    """A combat unit. Field names are what the rules engine reads."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    side: Side
    nationality: Nationality
    rp_type: RpType
    name: str = Field(min_length=1)
    label: str = Field(min_length=1, description="the text printed on the counter")
    kind: Kind
    size: Size
    lcu: bool
    guards: bool
    steps: list[Step] = Field(min_length=1)
    replaces: Replaces | None = Field(default=None, description="7.5.2c: what on-map unit this reinforcement is exchanged for")
    successor: str | None = Field(default=None, description="11.3.6/14.2.1: unit that takes this one's place when it is eliminated")
    airborne: bool = Field(default=False, description="the airborne partisan placed only by Soviet card 20")
    arrival: Arrival
    rp_note: str | None = Field(default=None, description="why rp_type differs from the nationality's usual RP type")
    note: str = ""

    # -- input normalisation ------------------------------------------------------------
    @model_validator(mode="before")
    @classmethod
    def _counters_to_steps(cls, raw):
        if isinstance(raw, dict) and "counters" in raw:
            raw = dict(raw)
            counters = raw.pop("counters")
            if "steps" in raw:
                raise ValueError("give either 'counters' or 'steps', not both")
            if not isinstance(counters, list) or not counters:
                raise ValueError("counters must be a non-empty list of lists of step texts")
            steps = []
            for i, sides in enumerate(counters):
                if not isinstance(sides, list) or not 1 <= len(sides) <= 2:
                    raise ValueError(f"counter {i + 1} must list one or two steps (front, back)")
                for text in sides:
                    if not isinstance(text, str):
                        raise ValueError(f"counter {i + 1}: step {text!r} must be a string like '4-3'")
                    steps.append(parse_step(text, i))
            raw["steps"] = steps
        return raw

    # -- consistency ----------------------------------------------------------------------
    @field_validator("id")
    @classmethod
    def _id_shape(cls, v: str) -> str:
        if not ID_PATTERN.match(v):
            raise ValueError(f"id {v!r} must look like 'GE-4A' (two capitals, '-', letters/digits)")
        return v

    @model_validator(mode="after")
    def _consistent(self):
        problems = []
        if not self.id.startswith(self.nationality + "-"):
            problems.append(f"id must start with its nationality '{self.nationality}-'")
        if NATION_SIDE[self.nationality] != self.side:
            problems.append(f"nationality {self.nationality} belongs to side {NATION_SIDE[self.nationality]}")
        expected_rp = self.default_rp_type()
        if self.rp_type != expected_rp and not self.rp_note:
            problems.append(f"rp_type {self.rp_type} differs from the usual {expected_rp} (14.1.7): explain it in rp_note")
        if self.side == "soviet" and self.rp_type != "SU":
            problems.append("Soviet units use SU RPs")
        lcu_size = "front" if self.side == "soviet" else "army"
        if self.lcu != (self.size == lcu_size):
            problems.append(f"2.2.1: a {self.side} {self.size} is {'an LCU' if self.size == lcu_size else 'an SCU'}")
        if self.side == "axis" and self.size == "front":
            problems.append("the Axis has no fronts")
        has_g = self.side == "soviet" and "G" in self.designation
        if self.guards != has_g:
            problems.append("3.0: guards is true exactly for Soviet units with a 'G' in the id")
        if (self.kind in GUARDS_KINDS) != self.guards:
            problems.append(f"kind {self.kind} and guards={self.guards} disagree")
        counters = [s.counter for s in self.steps]
        if counters != sorted(counters) or set(counters) != set(range(max(counters) + 1)):
            problems.append("steps must run over counters 0, 1, … in order")
        for n, k in Counter(counters).items():
            if k > 2:
                problems.append(f"counter {n + 1} carries {k} steps; a counter has two sides")
        for a, b in zip(self.steps, self.steps[1:]):
            if b.attack > a.attack or b.defense > a.defense:
                problems.append(f"step {b.text} is stronger than the step before it ({a.text})")
        if self.kind == "shock" and any(s.ma != 2 for s in self.steps):
            problems.append("10.1.4: shock armies have MA 2")
        if self.kind == "panzer" and any(s.ma != 5 for s in self.steps):
            problems.append("12.2.2–12.2.3: German Panzer Corps have MA 5")
        if self.kind in ("stalin", "bunker", "fortified_zone") and any(s.attack or s.ma for s in self.steps):
            problems.append(f"{self.kind} has no attack strength and no MA")
        if self.kind == "partisan" and self.side != "soviet":
            problems.append("only the Soviets have partisans")
        if self.kind == "panzer" and self.nationality != "GE":
            problems.append("Panzer Corps are German")
        if self.airborne and self.kind != "partisan":
            problems.append("the airborne counter is a partisan")
        if self.replaces == "blitz_front" and self.size != "front":
            problems.append("only fronts replace Blitzkrieg fronts")
        if self.replaces == "army" and not (self.kind == "guards" and self.size == "army"):
            problems.append("7.5.2c: only guards armies replace armies")
        if self.replaces == "tank_army" and self.kind != "guards_tank":
            problems.append("7.5.2c: only guards tank armies replace tank armies")
        if self.successor is not None and self.successor == self.id:
            problems.append("a unit cannot succeed itself")
        if problems:
            raise ValueError("; ".join(problems))
        return self

    # -- derived facts ----------------------------------------------------------------------
    @property
    def designation(self) -> str:
        """The id after the nationality prefix ('46Pz' for 'GE-46Pz')."""
        return self.id.split("-", 1)[1]

    def default_rp_type(self) -> str:
        """14.1.7: PZ for German panzer, GE for other German, AX for other Axis, SU for Soviet."""
        if self.nationality == "SU":
            return "SU"
        if self.nationality == "GE":
            return "PZ" if self.kind == "panzer" else "GE"
        return "AX"

    @computed_field  # type: ignore[prop-decorator]
    @property
    def zoc(self) -> bool:
        """8.1: all LCUs; Soviet mech corps, tank armies and guard armies; German Panzer Corps."""
        if self.kind == "stalin":
            return False  # 16.4.1
        if self.lcu:
            return True
        if self.side == "soviet":
            if self.kind == "mech":
                return True
            if self.kind in ("tank", "guards_tank") and self.size == "army":
                return True
            if self.kind == "guards" and self.size == "army":
                return True
            return False
        return self.kind == "panzer" and self.nationality == "GE"

    @computed_field  # type: ignore[prop-decorator]
    @property
    def can_exploit(self) -> bool:
        """12.1.1: Soviet tank, guards tank and guards cavalry units; German Panzer Corps."""
        if self.side == "soviet":
            return self.kind in ("tank", "guards_tank", "guards_cavalry")
        return self.kind == "panzer" and self.nationality == "GE"

    @computed_field  # type: ignore[prop-decorator]
    @property
    def exploit_after_uranus(self) -> bool:
        """12.1.1: Soviet mech units may exploit once Operation Uranus has been played."""
        return self.side == "soviet" and self.kind == "mech"

    @property
    def mechanized(self) -> bool:
        """Panzer/Tank/Mechanized (11.1.3 combined attacks, 11.3.3 first attack loss)."""
        return self.kind in MECHANIZED_KINDS

    @property
    def wins_ties(self) -> bool:
        """11.2.1 step 7: a Mech/Guard/Tank/Panzer SCU (the attacker-wins-ties exception)."""
        return not self.lcu and (self.kind in MECHANIZED_KINDS or self.guards)

    @property
    def counts_for_stacking(self) -> bool:
        """9.1.3: Stalin, the Bunker, the Fortified Zone and partisans do not count."""
        return self.kind not in UNCOUNTED_KINDS

    @property
    def stack_class(self) -> str | None:
        """9.1.3: the one-per-hex class of a non-counting unit (None for ordinary units)."""
        return None if self.counts_for_stacking else self.kind

    @property
    def can_strategic_move(self) -> bool:
        """10.2.1: SCUs only, never the Bunker. Our ruling: nor the Fortified Zone or partisans (MA 0 / local forces)."""
        return not self.lcu and self.kind not in ("bunker", "fortified_zone", "partisan")

    @property
    def counters(self) -> list[list[Step]]:
        """The steps grouped by physical counter, front side first."""
        out: list[list[Step]] = []
        for s in self.steps:
            if s.counter == len(out):
                out.append([])
            out[s.counter].append(s)
        return out

    @property
    def full(self) -> Step:
        return self.steps[0]

    @property
    def permanent_on_elimination(self) -> bool:
        """2.2.1: a unit whose every step is asterisked leaves the game when eliminated."""
        return all(not s.replaceable for s in self.steps)

    @property
    def total_war_front(self) -> bool:
        """7.5.2c: a Total War Front (exchanged for a Blitzkrieg Front)."""
        return self.size == "front" and self.replaces == "blitz_front"

    @property
    def total_war(self) -> bool:
        """Alias of ``total_war_front`` (the name the engine reads)."""
        return self.total_war_front

    @property
    def blitz_front(self) -> bool:
        return self.side == "soviet" and self.size == "front" and self.replaces is None


class MarkerLimit(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    count: int = Field(ge=0)
    per: Literal["side", "game"] = Field(description="count is for each side, or for the whole game")
    sides: list[Side] = Field(min_length=1, description="who uses the marker")
    limiting: bool = Field(description="true when running out of markers limits play")
    rule: str
    note: str = ""


class UnitData(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    units: dict[str, UnitDef]
    markers: dict[str, MarkerLimit]
    partisans_on_map_max: int = Field(ge=0)


REQUIRED_MARKERS = ("trench", "festung", "fortress_destroyed", "blitz", "combat", "move", "volga_fortress")


def _unit_entries(raw: dict):
    """Yield (entry, position) for every unit: each ``[[group]]`` gives ``defaults`` that its ``units`` override."""
    groups = raw.get("group")
    if not isinstance(groups, list) or not groups:
        raise fail(FILE, "group", "no [[group]] of units")
    for g, group in enumerate(groups, 1):
        title = group.get("title", f"group #{g}") if isinstance(group, dict) else f"group #{g}"
        if not isinstance(group, dict):
            raise fail(FILE, title, "a group must be a table")
        unknown = sorted(set(group) - {"title", "defaults", "units"})
        if unknown:
            raise fail(FILE, title, f"unknown key(s) {unknown}")
        defaults = group.get("defaults", {})
        members = group.get("units")
        if not isinstance(defaults, dict):
            raise fail(FILE, title, "defaults must be a table")
        if not isinstance(members, list) or not members:
            raise fail(FILE, title, "a group needs a non-empty 'units' list")
        for i, member in enumerate(members, 1):
            if not isinstance(member, dict):
                raise fail(FILE, f"{title} #{i}", "a unit must be a table")
            yield {**defaults, **member}, f"{title} #{i}"


def load_unit_data(data_dir: Path) -> UnitData:
    """Units, marker limits and the partisan ceiling, all validated."""
    raw = read_toml(data_dir / FILE)
    units: dict[str, UnitDef] = {}
    for entry, where in _unit_entries(raw):
        name = entry.get("id", where)
        u = validate(UnitDef, entry, FILE, str(name))
        if u.id in units:
            raise fail(FILE, u.id, "duplicate unit id")
        units[u.id] = u
    for u in units.values():
        if u.successor is not None:
            nxt = units.get(u.successor)
            if nxt is None:
                raise fail(FILE, u.id, f"successor {u.successor!r} is not a unit")
            if nxt.arrival != "successor":
                raise fail(FILE, u.successor, f"arrives by succeeding {u.id}, so its arrival must be 'successor'")
            if nxt.side != u.side or nxt.size != u.size:
                raise fail(FILE, u.successor, f"must be the same side and size as {u.id}, which it replaces")
    for u in units.values():
        if u.arrival == "successor" and not any(v.successor == u.id for v in units.values()):
            raise fail(FILE, u.id, "arrival is 'successor' but no unit names it as successor")
        if u.arrival == "partisan_pool" and u.kind != "partisan":
            raise fail(FILE, u.id, "only partisans are drawn from the partisan pool")
        if u.kind == "partisan" and not u.airborne and u.arrival != "partisan_pool":
            raise fail(FILE, u.id, "16.1.3: partisans are drawn from the partisan pool")
    markers_raw = raw.get("markers")
    if not isinstance(markers_raw, dict):
        raise fail(FILE, "markers", "missing [markers] table")
    markers = {k: validate(MarkerLimit, v, FILE, f"markers.{k}") for k, v in markers_raw.items()}
    for k in REQUIRED_MARKERS:
        if k not in markers:
            raise fail(FILE, f"markers.{k}", "missing marker limit")
    cap = raw.get("partisans_on_map_max")
    if not isinstance(cap, int) or isinstance(cap, bool) or cap < 0:
        raise fail(FILE, "partisans_on_map_max", "must be a whole number (16.1.2)")
    pool = sum(1 for u in units.values() if u.arrival == "partisan_pool")
    if pool <= cap:
        raise fail(FILE, "partisans_on_map_max",
                   f"16.1.3: the random draw needs more partisans ({pool}) than may be on the map ({cap})")
    return UnitData(units=units, markers=markers, partisans_on_map_max=cap)


def load_units(data_dir: Path) -> dict[str, UnitDef]:
    """Every combat unit by id. (Marker limits: ``load_unit_data(data_dir).markers``.)"""
    return load_unit_data(data_dir).units


__all__ = [
    "Step", "UnitDef", "MarkerLimit", "UnitData", "load_units", "load_unit_data", "parse_step",
    "UNCOUNTED_KINDS", "MECHANIZED_KINDS", "DataError",
]
