"""The event registry (7.5.1): each card id's handler, and playing a card as an event.

A theme module registers a card's effect under its id::

    @event("S12")                      # Stavka
    def stavka(c, side, card): ...

or a whole kind of card at once (`event_kind`, the reinforcement cards). A card is
offered as an event only when it has a handler (combat cards are played during
combats, 7.5.5a). Playing an event resets the consecutive OPS count (7.3.2) unless a
rule says otherwise (4.4.9, 4.5.1, 15.1.1); a starred event leaves the game at the
end of the round (7.5.1c, in `rounds.finish`).

This module imports nothing above the flow: the events push the frames they open by
kind (``"operations"``, ``"place_festung"`` …) and never import the frames above them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .. import ops_pool
from ..consecutive import rasputitsa, reset_consecutive
from ..context import Ctx

Refusal = Callable[[Ctx, str, str], "str | None"]
Play = Callable[[Ctx, str, str], None]


@dataclass(frozen=True)
class Handler:
    refusal: Refusal
    play: Play
    resets: bool  # whether playing it resets the consecutive OPS count (7.3.2)

    @property
    def module(self) -> str:
        return self.play.__module__


HANDLERS: dict[str, Handler] = {}        # card id -> handler
KIND_HANDLERS: dict[str, Handler] = {}   # card kind -> handler (reinforcement cards)


def _no_refusal(c: Ctx, side: str, card: str) -> None:
    return None


def event(*card_ids: str, refusal: Refusal | None = None, resets: bool = True):
    """Register the effect of the events of these card ids."""
    def wrap(play: Play) -> Play:
        for card in card_ids:
            if card in HANDLERS:
                raise ValueError(f"card {card} has two event handlers")
            HANDLERS[card] = Handler(refusal or _no_refusal, play, resets)
        return play
    return wrap


def event_kind(kind: str, refusal: Refusal, play: Play, *, resets: bool = False) -> None:
    """Register the handler of every card of a kind (the handler resets the count itself if it must)."""
    KIND_HANDLERS[kind] = Handler(refusal, play, resets)


def handler(c: Ctx, card: str) -> Handler | None:
    cdef = c.d.cards.get(card)
    if cdef is None:
        return None
    return HANDLERS.get(card) or KIND_HANDLERS.get(cdef.kind)


def refusal(c: Ctx, side: str, card: str) -> str | None:
    """Why this card may not be played as an event now (None if it may)."""
    cdef = c.d.cards.get(card)
    if cdef is None or cdef.side != side:
        return f"{card!r} is not one of your cards."
    if cdef.kind == "combat":
        return "7.5.5a: combat cards are played during a combat, not as an action round's event"
    missing = [p for p in cdef.prerequisites if not c.flag(p)]
    if missing:
        names = ", ".join(next((x.name for x in c.d.cards.values() if x.key == p), p) for p in missing)
        return f"{cdef.name} may be played only after {names} (3.0)"
    if cdef.not_before_turn and c.turn < cdef.not_before_turn:
        return f"{cdef.name} may not be played before turn {cdef.not_before_turn}"
    h = handler(c, card)
    if h is None:
        return f"The event of {cdef.name} is not implemented yet; play the card for OPS or RP"
    return h.refusal(c, side, card)


def playable(c: Ctx, side: str, card: str) -> bool:
    return refusal(c, side, card) is None


def play(c: Ctx, side: str, card: str) -> None:
    h = handler(c, card)
    if h.resets:
        reset_consecutive(c, side)
    h.play(c, side, card)


def grant_ops(c: Ctx, side: str, ops: int) -> None:
    """An event that gives OPS opens an OPS round with them (7.2.5) — none in Rasputitsa (15.1.1)."""
    if rasputitsa(c):
        c.say("Rasputitsa: the event gives no OPS (15.1.1).", kind="ops")
        return
    ops_pool.start(c, side, ops)


def set_flag(c: Ctx, flag: str, value=True) -> None:
    c.s["flags"][flag] = c.turn if value is True else value
    c.cache.clear()


def say_text(c: Ctx, card: str) -> None:
    """Log the card's text as the event's announcement."""
    cd = c.d.cards[card]
    c.say(f"{cd.name}: {cd.text}", kind="event", card=card)
