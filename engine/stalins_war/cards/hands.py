"""Events about the cards themselves.

- A10 Steppe Fox: the Axis plays a second card at once, in any way it may legally be
  played; that card alone decides the round's kind for the consecutive OPS count (4.4.1).
- A52 Fremde Heere Ost: the Axis sees the Soviet hand; 2 OPS.
- S25 Lucy: the Soviets see the Axis hand; 2 OPS.

What was seen goes to the looking side only: a log entry addressed to it and the view's
``intel`` (for that side alone, until the end of the turn).

Rulings (7.5.1b):
- Steppe Fox may be played with no other card in hand, or when no other card could be
  played; then nothing more happens, and (as its text says) Steppe Fox itself leaves the
  consecutive OPS count where it was.
- The hand seen is the hand at the moment of the play (the event card is already out of
  it for the player; the opponent's hand is complete).
"""
from __future__ import annotations

from .. import decks, flow
from ..context import Ctx
from .registry import event, grant_ops, say_text


@event("A10", resets=False)
def steppe_fox(c: Ctx, side: str, card: str) -> None:
    """A second card at once; it alone decides the round's kind for consecutive OPS."""
    second = {"kind": "action_round", "side": side, "second": True}
    if flow.STEPS["action_round"].actions(c, second, side):
        c.say("Steppe Fox: the Axis plays a second card this round.", kind="event", card=card)
        flow.push(c, "action_round", side=side, second=True)
    else:
        c.say("Steppe Fox: no second card can be played; the event has no effect (7.5.1b).", kind="event", card=card)


def _look(c: Ctx, side: str, card: str) -> None:
    say_text(c, card)
    foe = c.enemy(side)
    seen = sorted(decks.hand(c, foe), key=lambda x: c.d.cards[x].number)
    c.s["stats"].setdefault("intel", {})[side] = {"card": card, "turn": c.turn, "round": c.round, "cards": seen}
    c.say(f"{c.d.cards[card].name}: the {foe.capitalize()} hand holds "
          f"{decks.card_names(c, seen) if seen else 'no card'}.", to=side, kind="intel", cards=seen)
    grant_ops(c, side, c.d.cards[card].grants_ops)


@event("A52")
def fremde_heere_ost(c: Ctx, side: str, card: str) -> None:
    _look(c, side, card)


@event("S25")
def lucy(c: Ctx, side: str, card: str) -> None:
    _look(c, side, card)


def intel(c: Ctx, viewer: str | None) -> dict | None:
    """What `viewer` saw of the enemy hand this turn (None for anyone else)."""
    seen = (c.s["stats"].get("intel") or {}).get(viewer) if viewer else None
    return dict(seen) if seen and seen["turn"] == c.turn else None
