"""Events about the cards themselves.

- A10 Steppe Fox: the Axis plays a second card at once; that card alone decides the
  round's kind for the consecutive OPS count (4.4.1).
"""
from __future__ import annotations

from .. import flow
from ..consecutive import ops_refusal
from ..context import Ctx
from .registry import event


def _steppe_fox_refusal(c: Ctx, side: str, card: str) -> str | None:
    if len(c.s["cards"][side]["hand"]) < 2:
        return "Steppe Fox needs another card in hand to play with it"
    if ops_refusal(c):
        return "Steppe Fox needs a round in which the second card can be played for OPS"
    return None


@event("A10", refusal=_steppe_fox_refusal, resets=False)
def steppe_fox(c: Ctx, side: str, card: str) -> None:
    """A second card at once; it alone decides the round's kind for consecutive OPS."""
    c.say("Steppe Fox: the Axis plays a second card this round.", kind="event", card=card)
    flow.push(c, "action_round", side=side, second=True)
