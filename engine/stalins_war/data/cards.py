"""The 110 Strategy Cards: ``data/stalins_war/cards.toml``.

Each card can be played for OPS, for RPs or (if it has one) as its Event/Combat
card (2.3.2, 7.1.4). ``key`` is the stable name the rules engine uses to find an
event's effect; ``text`` says in game terms exactly what the event does.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .loading import fail, read_toml, validate
from .units import RpType, Side, UnitDef

FILE = "cards.toml"
CARDS_PER_SIDE = 55
BLITZ_PER_SIDE = 25
TOTAL_WAR_PER_SIDE = 30

Deck = Literal["blitzkrieg", "total_war"]
Kind = Literal["event", "combat", "reinforcement"]
CombatRole = Literal["attacker", "defender", "either"]

KEY_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")
ID_PATTERN = re.compile(r"^[AS][1-9][0-9]?$")
SIDE_RP = {"axis": {"GE", "PZ", "AX"}, "soviet": {"SU"}}


class CardUnit(BaseModel):
    """A unit a Reinforcements card brings (7.5.2)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    unit: str
    reduced: bool = Field(default=False, description="7.5.3: listed in parentheses, placed on its reduced side")
    placement: str | None = Field(default=None, description="an exception to the placement rules of 7.5.2c")


class CardDef(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    number: int = Field(ge=1, le=CARDS_PER_SIDE)
    side: Side
    deck: Deck
    name: str = Field(min_length=1)
    key: str
    kind: Kind
    ops: int = Field(ge=1, le=4)
    rp: dict[RpType, int]
    starred: bool = False
    prerequisites: list[str] = Field(default_factory=list, description="keys of events that must have been played first (3.0)")
    units: list[CardUnit] = Field(default_factory=list)
    places: list[str] = Field(default_factory=list, description="units an ordinary event places or moves (Bunker, Fortified Zone, airborne)")
    combat_role: CombatRole | None = Field(default=None, description="combat cards: who may play it (7.5.5)")
    once_per_turn: bool = False
    round_wide: bool = Field(default=False, description="7.5.5b: affects every attack that round, then discarded")
    multi_combat: bool = Field(default=False, description="7.5.5e exception: usable in more than one combat per round")
    grants_ops: int = Field(default=0, ge=0, le=4, description="OPS the event also gives this round (not in Rasputitsa)")
    rp_event: bool = Field(default=False, description="the event provides RPs (7.4.3 allows the Axis one such event a turn)")
    event_rp: dict[RpType, int] = Field(default_factory=dict, description="the RPs the event provides")
    flags_set: list[str] = Field(default_factory=list, description="long-term state flags the event turns on")
    not_before_turn: int | None = Field(default=None, ge=1, le=18, description="the event may not be played before this turn")
    misprinted_deck: Deck | None = Field(default=None, description="4.3.3: the deck printed on the card when it is wrong")
    text: str = Field(min_length=20)
    history: str = ""

    @model_validator(mode="after")
    def _consistent(self):
        problems = []
        if not ID_PATTERN.match(self.id):
            problems.append("id must be 'A<n>' or 'S<n>'")
        else:
            prefix = "A" if self.side == "axis" else "S"
            if self.id != f"{prefix}{self.number}":
                problems.append(f"id must be {prefix}{self.number} for {self.side} card number {self.number}")
        if not KEY_PATTERN.match(self.key):
            problems.append(f"key {self.key!r} must be snake_case")
        allowed = SIDE_RP[self.side]
        for field, amounts in (("rp", self.rp), ("event_rp", self.event_rp)):
            bad = sorted(set(amounts) - allowed)
            if bad:
                problems.append(f"{field}: {self.side} cards give only {sorted(allowed)} RPs, not {bad}")
            if any(v < 0 for v in amounts.values()):
                problems.append(f"{field}: amounts cannot be negative")
        if sum(self.rp.values()) < 1:
            problems.append("2.3.2: every card can be played for RPs, so rp must give at least 1")
        is_reinf = "Reinforcements" in self.name
        if (self.kind == "reinforcement") != is_reinf:
            problems.append("7.5.2a: a card is a reinforcement card exactly when its event name contains 'Reinforcements'")
        if self.kind == "reinforcement" and not self.units:
            problems.append("a reinforcement card must list its units")
        if self.kind != "reinforcement" and self.units:
            problems.append("only reinforcement cards bring units (use 'places' for event-placed units)")
        if self.kind == "combat" and self.combat_role is None:
            problems.append("a combat card needs combat_role")
        if self.kind != "combat" and (self.combat_role or self.round_wide or self.multi_combat):
            problems.append("combat_role, round_wide and multi_combat belong to combat cards only")
        if self.kind == "combat" and self.grants_ops:
            problems.append("combat cards do not grant OPS")
        if self.rp_event != bool(self.event_rp):
            problems.append("rp_event is true exactly when event_rp lists the RPs the event gives")
        if self.misprinted_deck is not None and self.misprinted_deck == self.deck:
            problems.append("misprinted_deck must differ from deck")
        units = [u.unit for u in self.units]
        if len(set(units)) != len(units):
            problems.append("a unit is listed twice")
        if self.key in self.prerequisites:
            problems.append("a card cannot be its own prerequisite")
        if problems:
            raise ValueError("; ".join(problems))
        return self

    @property
    def reinforcement(self) -> bool:
        return self.kind == "reinforcement"

    @property
    def rp_total(self) -> int:
        return sum(self.rp.values())


def load_cards(data_dir: Path, unit_defs: dict[str, UnitDef]) -> dict[str, CardDef]:
    """All cards by id ('A26', 'S4'), validated and cross-checked against the units."""
    raw = read_toml(data_dir / FILE)
    entries = raw.get("card")
    if not isinstance(entries, list) or not entries:
        raise fail(FILE, "card", "no [[card]] entries")
    cards: dict[str, CardDef] = {}
    keys: dict[str, str] = {}
    for i, entry in enumerate(entries, 1):
        name = entry.get("id", f"card #{i}") if isinstance(entry, dict) else f"card #{i}"
        card = validate(CardDef, entry, FILE, str(name))
        if card.id in cards:
            raise fail(FILE, card.id, "duplicate card id")
        if card.key in keys:
            raise fail(FILE, card.id, f"key {card.key!r} already used by {keys[card.key]}")
        cards[card.id] = card
        keys[card.key] = card.id

    for side in ("axis", "soviet"):
        mine = [c for c in cards.values() if c.side == side]
        numbers = sorted(c.number for c in mine)
        if numbers != list(range(1, CARDS_PER_SIDE + 1)):
            missing = sorted(set(range(1, CARDS_PER_SIDE + 1)) - set(numbers))
            raise fail(FILE, f"{side} deck", f"2.3.1: needs cards 1-{CARDS_PER_SIDE}; missing {missing}")
        blitz = sum(1 for c in mine if c.deck == "blitzkrieg")
        if blitz != BLITZ_PER_SIDE:
            raise fail(FILE, f"{side} deck", f"2.3.1: {blitz} Blitzkrieg cards, must be {BLITZ_PER_SIDE}")

    brought: dict[str, str] = {}
    placed: dict[str, str] = {}
    for card in cards.values():
        for pre in card.prerequisites:
            if pre not in keys:
                raise fail(FILE, card.id, f"prerequisite {pre!r} is not the key of any card")
        for cu in card.units:
            u = unit_defs.get(cu.unit)
            if u is None:
                raise fail(FILE, card.id, f"unit {cu.unit!r} is not in units.toml")
            if u.side != card.side:
                raise fail(FILE, card.id, f"unit {cu.unit} belongs to the {u.side} side")
            if u.arrival != "reinforcement":
                raise fail(FILE, card.id, f"unit {cu.unit} has arrival {u.arrival!r}, not 'reinforcement'")
            if cu.reduced and len(u.steps) < 2:
                raise fail(FILE, card.id, f"unit {cu.unit} has one step and cannot enter reduced")
            if cu.unit in brought:
                raise fail(FILE, card.id, f"unit {cu.unit} is already brought by {brought[cu.unit]}")
            brought[cu.unit] = card.id
        for uid in card.places:
            u = unit_defs.get(uid)
            if u is None:
                raise fail(FILE, card.id, f"placed unit {uid!r} is not in units.toml")
            if u.side != card.side or u.arrival != "event":
                raise fail(FILE, card.id, f"unit {uid} is not a {card.side} unit placed by an event")
            if uid in placed:
                raise fail(FILE, card.id, f"unit {uid} is already placed by {placed[uid]}")
            placed[uid] = card.id
    for uid, u in unit_defs.items():
        if u.arrival == "reinforcement" and uid not in brought:
            raise fail(FILE, uid, "arrival is 'reinforcement' but no card brings this unit")
        if u.arrival == "event" and uid not in placed:
            raise fail(FILE, uid, "arrival is 'event' but no card places this unit")
    return cards


def by_key(cards: dict[str, CardDef]) -> dict[str, CardDef]:
    return {c.key: c for c in cards.values()}


__all__ = ["CardUnit", "CardDef", "load_cards", "by_key"]
