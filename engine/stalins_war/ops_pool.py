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


def _round_ops_for(c: Ctx, units) -> int:
    """This round's OPS usable for an expense by `units` (None: an expense of no unit, e.g. a trench).

    An event may tie its OPS to some units (``rs["ops_units"]``, Hube's Pocket): only
    their moves and attacks may use them; banked OPS serve anything.
    """
    rs = c.s["rs"]
    only = rs.get("ops_units")
    if only is None or (units and any(u in only for u in units)):
        return rs["ops"]
    return 0


def available(c: Ctx, side: str, units=None) -> int:
    """OPS `side` may spend now on an expense by these units (see `_round_ops_for`)."""
    return _round_ops_for(c, units) + c.s["banked"][side]


def total(c: Ctx, side: str) -> int:
    """Every OPS left this round, whatever they may be spent on."""
    return c.s["rs"]["ops"] + c.s["banked"][side]


def spend(c: Ctx, side: str, n: int, *, why: str, units=None) -> None:
    """Pay OPS: this round's first, then banked ones (18.1.1)."""
    if available(c, side, units) < n:
        raise IllegalAction(f"Not enough OPS {why} ({available(c, side, units)} left, {n} needed).")
    rs = c.s["rs"]
    from_round = min(_round_ops_for(c, units), n)
    rs["ops"] -= from_round
    c.s["banked"][side] -= n - from_round
