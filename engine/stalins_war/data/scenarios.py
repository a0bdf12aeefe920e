"""Scenarios (Campaign 25.0, Tournament 22.0): ``data/stalins_war/scenarios.toml``.

A scenario combines the shared marker set-up (4.1), turn track, decks (4.3) and unit
set-up (25.0) with its own length and victory check. The loader cross-checks the
set-up against the units, the cards and (when given) the map, including stacking (9.0).
"""
from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .cards import CardDef
from .loading import fail, read_toml, validate
from .units import UnitDef

FILE = "scenarios.toml"
LAST_TURN = 18
Season = Literal["june", "summer", "fall", "winter", "spring"]


class Markers(BaseModel):
    """4.1 marker set-up."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    turn: int = Field(ge=1)
    vp: int
    hand_size: int = Field(ge=4, le=7)
    rp: int = Field(ge=0)
    banked_ops: int = Field(ge=0)
    consecutive_ops: int = Field(ge=0)


class TurnInfo(BaseModel):
    """One space of the Turn Record Track and what the rules attach to it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    number: int = Field(ge=1, le=LAST_TURN)
    name: str
    season: Season
    year: int = Field(ge=1941, le=1945)
    rasputitsa_rounds: list[int] = Field(default_factory=list)
    winter_1942: bool = False
    axis_rp_plays: int = Field(ge=1, le=2)
    soviet_rp_plays: int = Field(ge=1, le=2)
    soviet_automatic_rps: int = Field(ge=0)
    soviet_automatic_draws: list[str] = Field(default_factory=list)
    reinforcements_allowed: bool
    soviet_reinforcement_plays: int = Field(ge=0, le=2)
    paulus_penalties: bool
    mobile_defense: bool
    total_war_possible: bool
    axis_hand_minimum: int = Field(ge=0, le=4)
    htc_vp_check: bool

    @model_validator(mode="after")
    def _check(self):
        problems = []
        if any(r not in (1, 2, 3, 4, 5) for r in self.rasputitsa_rounds):
            problems.append("rasputitsa rounds are action rounds 1-5")
        if self.reinforcements_allowed != (self.soviet_reinforcement_plays > 0):
            problems.append("soviet_reinforcement_plays must be 0 exactly when reinforcements are not allowed")
        if self.winter_1942 and self.season != "winter":
            problems.append("winter_1942 is a Winter turn")
        if self.mobile_defense and self.season == "winter":
            problems.append("20.1.1: German Mobile Defense never applies on Winter turns")
        if problems:
            raise ValueError("; ".join(problems))
        return self

    @property
    def axis_reinforcement_plays(self) -> int:
        return 1 if self.reinforcements_allowed else 0

    @property
    def is_winter(self) -> bool:
        return self.season == "winter"


class Placement(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    unit: str
    hex: str = Field(pattern=r"^\d{4}$")
    lost: int = Field(default=0, ge=0, description="steps lost at set-up (0 = full strength)")


class DeckSetup(BaseModel):
    """4.3: how the decks are split and the first hands dealt."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    initial_hand: int = Field(ge=1, le=7)
    soviet_set_aside: list[str]
    soviet_free_pick: bool
    soviet_free_pick_extra: list[str] = Field(default_factory=list)
    total_war_set_aside: bool
    axis_misprinted_total_war: list[str] = Field(default_factory=list)

    def initial_piles(self, cards: dict[str, CardDef]) -> dict[str, dict[str, list[str]]]:
        """Card ids per side and pile at the start: draw (Blitzkrieg), set_aside, total_war."""
        out: dict[str, dict[str, list[str]]] = {s: {"draw": [], "set_aside": [], "total_war": []} for s in ("axis", "soviet")}
        for cid, c in sorted(cards.items(), key=lambda kv: (kv[1].side, kv[1].number)):
            if c.deck == "total_war":
                out[c.side]["total_war"].append(cid)
            elif cid in self.soviet_set_aside:
                out[c.side]["set_aside"].append(cid)
            else:
                out[c.side]["draw"].append(cid)
        return out

    def free_pick_choices(self, cards: dict[str, CardDef]) -> list[str]:
        """4.3.1: any non-reinforcement Soviet Blitzkrieg card, or the listed set-aside card(s)."""
        if not self.soviet_free_pick:
            return []
        picks = [cid for cid, c in cards.items()
                 if c.side == "soviet" and c.deck == "blitzkrieg" and c.kind != "reinforcement"]
        picks += [cid for cid in self.soviet_free_pick_extra if cid not in picks]
        return sorted(picks, key=lambda cid: cards[cid].number)


class VpAdjustment(BaseModel):
    """22.0: change to the Axis VP-space count if an event was not played by the end."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    event: str
    change: int
    rule: str
    note: str = ""


class Scenario(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    rule: str
    description: str
    first_turn: int = 1
    last_turn: int = Field(ge=1, le=LAST_TURN)
    axis_wins_at_end: bool = Field(description="5.1.4: without an automatic victory the Axis wins at the end")
    vp_space_threshold: int | None = Field(default=None, description="5.1.5/22.0: Axis wins with this many VP spaces")
    vp_space_adjustments: list[VpAdjustment] = Field(default_factory=list)
    markers: Markers
    turns: list[TurnInfo]
    decks: DeckSetup
    placements: list[Placement]

    @model_validator(mode="after")
    def _check(self):
        if self.axis_wins_at_end == (self.vp_space_threshold is not None):
            raise ValueError("a scenario ends either with an Axis win (Campaign) or with a VP-space count (Tournament)")
        if [t.number for t in self.turns] != list(range(self.first_turn, self.last_turn + 1)):
            raise ValueError("turns must run from the first turn to the last")
        return self

    # -- what the engine reads --------------------------------------------------------------
    @property
    def vp(self) -> int:
        return self.markers.vp

    @property
    def hand_size(self) -> int:
        return self.markers.hand_size

    def turn(self, number: int) -> TurnInfo:
        if not self.first_turn <= number <= self.last_turn:
            raise ValueError(f"turn {number} is not in the {self.name} scenario ({self.first_turn}-{self.last_turn})")
        return self.turns[number - self.first_turn]

    @property
    def setup(self) -> dict[str, list[str]]:
        """Hex id -> unit ids placed there at the start (full strength)."""
        out: dict[str, list[str]] = defaultdict(list)
        for p in self.placements:
            out[p.hex].append(p.unit if p.lost == 0 else (p.unit, p.lost))  # type: ignore[arg-type]
        return dict(out)

    @property
    def soviet_automatic_rps(self) -> dict[int, int]:
        """4.5.2: turn -> automatic Soviet RPs."""
        return {t.number: t.soviet_automatic_rps for t in self.turns if t.soviet_automatic_rps}

    @property
    def soviet_automatic_draws(self) -> dict[int, list[str]]:
        """7.1.3: turn -> set-aside cards drawn automatically in its Draw Strategy Card Phase."""
        return {t.number: list(t.soviet_automatic_draws) for t in self.turns if t.soviet_automatic_draws}


def stacking_problems(unit_defs: list[UnitDef]) -> list[str]:
    """Every stacking rule (9.1-9.2, 10.1.6) the units in one hex break."""
    out = []
    counted = [u for u in unit_defs if u.counts_for_stacking]
    if len(counted) > 4:
        out.append(f"9.1.1: {len(counted)} combat units, at most 4 may stack")
    if sum(1 for u in counted if u.lcu) > 1:
        out.append("9.1.2: more than one LCU")
    classes = [u.stack_class for u in unit_defs if u.stack_class]
    for cls in sorted(set(classes)):
        if classes.count(cls) > 1:
            out.append(f"9.1.3: more than one {cls.replace('_', ' ')}")
    nations = {u.nationality for u in unit_defs}
    if {"HU", "RO"} <= nations:
        out.append("9.2.1: Hungarian and Romanian units together")
    if any(u.kind == "partisan" for u in unit_defs) and any(u.side == "soviet" and u.kind != "partisan" for u in unit_defs):
        out.append("9.2.2: partisans with other Soviet units")
    if len({u.side for u in unit_defs}) > 1:
        out.append("10.1.6: units of both sides in one hex")
    return out


def _board_hexes(board: Any) -> dict | None:
    if board is None:
        return None
    hexes = getattr(board, "hexes", None)
    if not isinstance(hexes, dict):
        raise fail(FILE, "setup", "the map has no 'hexes' table to check the set-up against")
    return hexes


def load_scenarios(data_dir: Path, board: Any, unit_defs: dict[str, UnitDef],
                   card_defs: dict[str, CardDef]) -> dict[str, Scenario]:
    """Both scenarios, cross-checked. ``board`` may be None (no map check)."""
    raw = read_toml(data_dir / FILE)
    for section in ("markers", "turn", "decks", "setup", "scenario"):
        if section not in raw:
            raise fail(FILE, section, "missing section")
    markers = validate(Markers, raw["markers"], FILE, "markers")
    if not isinstance(raw["turn"], list):
        raise fail(FILE, "turn", "must be an array of [[turn]] tables")
    turns = [validate(TurnInfo, t, FILE, f"turn {t.get('number', i + 1) if isinstance(t, dict) else i + 1}")
             for i, t in enumerate(raw["turn"])]
    if [t.number for t in turns] != list(range(1, LAST_TURN + 1)):
        raise fail(FILE, "turn", f"the track must list turns 1-{LAST_TURN} in order")
    decks = validate(DeckSetup, raw["decks"], FILE, "decks")

    placements: list[Placement] = []
    setup = raw["setup"]
    if not isinstance(setup, dict) or set(setup) != {"axis", "soviet"}:
        raise fail(FILE, "setup", "needs exactly the lists 'axis' and 'soviet'")
    for side in ("soviet", "axis"):
        for i, p in enumerate(setup[side], 1):
            entry = f"setup.{side} {p.get('unit', '#' + str(i)) if isinstance(p, dict) else '#' + str(i)}"
            pl = validate(Placement, p, FILE, entry)
            u = unit_defs.get(pl.unit)
            if u is None:
                raise fail(FILE, entry, f"unit {pl.unit!r} is not in units.toml")
            if u.side != side:
                raise fail(FILE, entry, f"unit {pl.unit} is {u.side}, listed under {side}")
            if u.arrival != "setup":
                raise fail(FILE, entry, f"unit {pl.unit} has arrival {u.arrival!r}; set-up units have 'setup'")
            if pl.lost >= len(u.steps):
                raise fail(FILE, entry, f"cannot start with {pl.lost} of {len(u.steps)} steps lost")
            placements.append(pl)
    seen: set[str] = set()
    for pl in placements:
        if pl.unit in seen:
            raise fail(FILE, f"setup {pl.unit}", "unit placed twice")
        seen.add(pl.unit)
    for uid, u in unit_defs.items():
        if u.arrival == "setup" and uid not in seen:
            raise fail(FILE, f"setup {uid}", "arrival is 'setup' but the unit is not set up")

    hexes = _board_hexes(board)
    by_hex: dict[str, list[UnitDef]] = defaultdict(list)
    for pl in placements:
        by_hex[pl.hex].append(unit_defs[pl.unit])
        if hexes is not None:
            h = hexes.get(pl.hex)
            if h is None:
                raise fail(FILE, f"setup {pl.unit}", f"hex {pl.hex} is not on the map")
            if getattr(h, "playable", True) is False:
                raise fail(FILE, f"setup {pl.unit}", f"hex {pl.hex} is not a playable hex")
    for hid, defs in sorted(by_hex.items()):
        problems = stacking_problems(defs)
        if problems:
            raise fail(FILE, f"setup hex {hid}", "; ".join(problems))

    # Decks and automatic draws against the cards.
    for cid in decks.soviet_set_aside:
        c = card_defs.get(cid)
        if c is None or c.side != "soviet" or c.deck != "blitzkrieg" or c.kind != "reinforcement":
            raise fail(FILE, f"decks {cid}", "4.3.1: set-aside cards are Soviet Blitzkrieg Reinforcement cards")
    for cid in decks.soviet_free_pick_extra:
        if cid not in decks.soviet_set_aside:
            raise fail(FILE, f"decks {cid}", "the free pick's extra card must be one of the set-aside cards")
    for cid in decks.axis_misprinted_total_war:
        c = card_defs.get(cid)
        if c is None or c.side != "axis" or c.deck != "total_war":
            raise fail(FILE, f"decks {cid}", "4.3.3: must be an Axis Total War card")
    drawn = [cid for t in turns for cid in t.soviet_automatic_draws]
    if sorted(drawn) != sorted(decks.soviet_set_aside):
        raise fail(FILE, "turn", "7.1.3: the automatic draws must take each set-aside card exactly once")

    keys = {c.key for c in card_defs.values()}
    scenarios: dict[str, Scenario] = {}
    table = raw["scenario"]
    if not isinstance(table, dict) or not table:
        raise fail(FILE, "scenario", "no [scenario.*] tables")
    for sid, sraw in table.items():
        if not isinstance(sraw, dict):
            raise fail(FILE, f"scenario.{sid}", "must be a table")
        last = sraw.get("last_turn")
        body = {"id": sid, **sraw, "markers": markers, "decks": decks, "placements": placements,
                "turns": [t for t in turns if isinstance(last, int) and t.number <= last]}
        sc = validate(Scenario, body, FILE, f"scenario.{sid}")
        for adj in sc.vp_space_adjustments:
            if adj.event not in keys:
                raise fail(FILE, f"scenario.{sid}", f"adjustment event {adj.event!r} is not the key of any card")
        scenarios[sid] = sc
    return scenarios


__all__ = ["Markers", "TurnInfo", "Placement", "DeckSetup", "VpAdjustment", "Scenario",
           "load_scenarios", "stacking_problems"]
