"""Names shared by every Stalin's War rule module."""
from __future__ import annotations

AXIS = "axis"
SOVIET = "soviet"
SIDES = (AXIS, SOVIET)

# Where a unit that is not on a map hex can be.
POOL = "pool"                  # not yet in play (arrives by card or recreation)
ELIMINATED = "eliminated"      # Eliminated Units box: may be recreated (11.3.6, 14.1.2)
REMOVED = "removed"            # permanently out of the game
OTHER_FRONTS = "other_fronts"  # Other Fronts box (3.0)
TRACK = "track"                # Axis LCU waiting on the turn track (11.3.6, 13.3.8)
BOXES = (POOL, ELIMINATED, REMOVED, OTHER_FRONTS, TRACK)

AXIS_NATIONS = ("GE", "HU", "RO", "IT")
RP_TYPES = {AXIS: ("GE", "PZ", "AX"), SOVIET: ("SU",)}

LAST_ROUND = 5
MAX_HAND = 7
MIN_HAND = 4


def enemy(side: str) -> str:
    return SOVIET if side == AXIS else AXIS


def is_hex(loc: str) -> bool:
    return len(loc) == 4 and loc.isdigit()
