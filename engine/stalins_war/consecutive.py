"""The Consecutive OPS track (7.3.2) and the Rasputitsa rounds (15.1.1) that suspend it.

Read by the action round and by the events (which reset the count), so it lives
below both.
"""
from __future__ import annotations

from .constants import AXIS
from .context import Ctx


def rasputitsa(c: Ctx) -> bool:
    """15.1.1: the first round of Fall turns and the first two of Spring turns."""
    return c.round in c.turn_def().rasputitsa_rounds


def reset_consecutive(c: Ctx, side: str, *, reinforcement_or_rp: bool = False) -> None:
    if rasputitsa(c):
        return  # 15.1.1: never reset during Rasputitsa
    if reinforcement_or_rp and side == AXIS and c.turn <= 4:
        return  # 4.4.9
    c.s["consec"][side] = 0


def ops_for_card(c: Ctx, side: str, printed: int) -> int:
    """Advance the count and return the OPS the card yields: full, then -1, -2, ..."""
    ops = ops_preview(c, side, printed)
    c.s["consec"][side] += 1
    return ops


def ops_preview(c: Ctx, side: str, printed: int) -> int:
    """The OPS a card of this printed value would give if played for OPS now (7.3.2)."""
    return max(0, printed - c.s["consec"][side])


def ops_refusal(c: Ctx) -> str | None:
    if rasputitsa(c):
        return "15.1.1: no OPS plays during a Rasputitsa round"
    return None
