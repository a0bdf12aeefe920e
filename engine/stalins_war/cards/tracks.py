"""Events that move a track: banked OPS, the VP level, the hand size.

- A20 Convoy PQ-17: no Archangel banked OPS at the start of the next turn (18.3.3).
- S12 Stavka: 3 banked Soviet OPS while Stalin is in Moscow (18.3.1, 18.3.4); played with Stalin
  elsewhere, it banks nothing (7.5.1b).
- S52 Combined Bomber Offensive: the Axis hand size marker drops by one (7.6.1).
- S55 Tehran Conference: the VP level drops by one (5.1.1).
"""
from __future__ import annotations

from .. import banked
from ..constants import AXIS, SOVIET
from ..context import Ctx
from .registry import event, set_flag


@event("A20")
def convoy_pq17(c: Ctx, side: str, card: str) -> None:
    """18.3.3: no Archangel banked OPS at the start of the next turn."""
    set_flag(c, "convoy_pq17", c.turn + 1)
    c.say("Convoy PQ-17: no Lend-Lease OPS through Archangel next turn.", kind="event", card=card)


@event("S12")
def stavka(c: Ctx, side: str, card: str) -> None:
    """18.3.4 while Stalin is in Moscow (18.3.1); elsewhere the play banks nothing (7.5.1b)."""
    if not banked.stalin_in_moscow(c):
        c.say("Stavka: Stalin is not in Moscow, so no OPS are banked (18.3.1, 7.5.1b).", kind="event", card=card)
        return
    c.s["banked"][SOVIET] += 3
    c.say("Stavka: the Soviets bank 3 OPS (18.3.4).", kind="event", card=card)


@event("S55")
def tehran_conference(c: Ctx, side: str, card: str) -> None:
    c.s["vp"] -= 1
    c.say(f"Tehran Conference: the VP level drops to {c.s['vp']}.", kind="event", card=card)


@event("S52")
def combined_bomber_offensive(c: Ctx, side: str, card: str) -> None:
    set_flag(c, "combined_bomber_offensive")
    c.s["hand_size"][AXIS] -= 1
    c.say(f"Combined Bomber Offensive: the Axis hand size marker drops to {c.s['hand_size'][AXIS]}.",
          kind="event", card=card)
