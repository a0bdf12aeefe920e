"""The OPS a side may spend in its round: the round's own first, then banked ones (18.1.1).

Kept apart from the `operations` frame so that the steps which spend OPS (moves out
of an enemy ZOC, rail and sea moves, trenches, partisans, festungs) and the events
that grant OPS need not import the frame above them.
"""
from __future__ import annotations

from ..core.errors import IllegalAction
from . import flow
from .context import Ctx


def start(c: Ctx, side: str, ops: int) -> None:
    """Open an OPS round (7.3) with `ops` to spend: the `operations` frame, at its movement stage."""
    c.s["rs"]["ops"] = ops
    flow.push(c, "operations", side=side, stage="move")


def available(c: Ctx, side: str) -> int:
    return c.s["rs"]["ops"] + c.s["banked"][side]


def spend(c: Ctx, side: str, n: int, *, why: str) -> None:
    """Pay OPS: this round's first, then banked ones (18.1.1)."""
    if available(c, side) < n:
        raise IllegalAction(f"Not enough OPS {why} ({available(c, side)} left, {n} needed).")
    rs = c.s["rs"]
    from_round = min(rs["ops"], n)
    rs["ops"] -= from_round
    c.s["banked"][side] -= n - from_round
