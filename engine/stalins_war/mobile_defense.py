"""German Mobile Defense (20.0).

On the turns the scenario marks (non-Winter turns 1 to 9, ``TurnInfo.mobile_defense``),
a German army defending together with at least one Panzer Corps in its hex shifts
the Soviet fire one column left and the German fire one column right.
Only units taking part in the defence count (11.1.8).
"""
from __future__ import annotations

from . import battle
from .constants import AXIS
from .context import Ctx


def applies(c: Ctx, f: dict) -> bool:
    if battle.defender(f) != AXIS or not c.turn_def().mobile_defense:
        return False
    units = [c.udef(u) for u in battle.units_of(f, AXIS) if c.on_map(u)]
    army = any(d.nationality == "GE" and d.lcu for d in units)
    panzer = any(d.kind == "panzer" for d in units)
    return army and panzer
