"""The event framework (7.5.1): which cards may be played as events now, and playing them.

An event is offered only when its effect is implemented here: reinforcement cards
(7.5.2, via `reinforcements`) and the events registered in `HANDLERS` by their card
key. Combat cards are played during combats, not as a round's action (7.5.5a).
Playing an event resets the consecutive OPS count (7.3.2) unless a rule says
otherwise (4.4.9, 4.5.1, 15.1.1); a starred event leaves the game at the end of
the round (7.5.1c, in `rounds.finish`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from . import reinforcements
from .context import Ctx

Refusal = Callable[[Ctx, str, str], "str | None"]
Play = Callable[[Ctx, str, str], None]


@dataclass(frozen=True)
class Handler:
    refusal: Refusal
    play: Play
    resets: bool  # whether playing it resets the consecutive OPS count (7.3.2)


HANDLERS: dict[str, Handler] = {}


def event(key: str, refusal: Refusal | None = None, *, resets: bool = True):
    """Register the effect of the event whose card has this key."""
    def wrap(play: Play) -> Play:
        HANDLERS[key] = Handler(refusal or (lambda c, side, card: None), play, resets)
        return play
    return wrap


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
    if cdef.kind == "reinforcement":
        return reinforcements.refusal(c, side, card)
    handler = HANDLERS.get(cdef.key)
    if handler is None:
        return f"The event of {cdef.name} is not implemented yet; play the card for OPS or RP"
    return handler.refusal(c, side, card)


def playable(c: Ctx, side: str, card: str) -> bool:
    return refusal(c, side, card) is None


def play(c: Ctx, side: str, card: str) -> None:
    from . import rounds

    cdef = c.d.cards[card]
    if cdef.kind == "reinforcement":
        reinforcements.play(c, side, card)
        return
    handler = HANDLERS[cdef.key]
    if handler.resets:
        rounds.reset_consecutive(c, side)
    handler.play(c, side, card)


def grant_ops(c: Ctx, side: str, ops: int) -> None:
    """An event that gives OPS opens an OPS round with them (7.2.5) — none in Rasputitsa (15.1.1)."""
    from . import operations, rounds

    if rounds.rasputitsa(c):
        c.say("Rasputitsa: the event gives no OPS (15.1.1).", kind="ops")
        return
    operations.start(c, side, ops)


def set_flag(c: Ctx, flag: str, value=True) -> None:
    c.s["flags"][flag] = c.turn if value is True else value
    c.cache.clear()
