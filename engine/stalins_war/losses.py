"""Step losses and where eliminated units go (11.3.6, 13.3.8, 14.2.1, 16.1.6, 16.4).

- A unit whose every step is marked non-replaceable leaves the game for good (2.2.1).
- Active partisans and Stalin are removed for good when eliminated (16.1.6, 16.4.3).
- The Southwest Front's first elimination swaps in its weaker counter (11.3.6, 14.2.1).
- Axis LCUs eliminated out of supply (or for failing to retreat, 11.4.4) wait on the
  turn track three turns before reaching the Eliminated Units box (11.3.6, 13.3.8).
- Everything else goes to the Eliminated Units box, ready to be recreated.
"""
from __future__ import annotations

from .constants import AXIS, ELIMINATED, REMOVED, TRACK
from .context import Ctx

SOUTHWEST_FRONT = ("SU-SWF", "SU-SWF2")


def take_step(c: Ctx, uid: str, *, oos: bool = False, why: str = "") -> bool:
    """Remove one step; return True if that eliminated the unit."""
    u = c.s["units"][uid]
    u["lost"] += 1
    c.changed()
    if u["lost"] >= len(c.udef(uid).steps):
        eliminate(c, uid, oos=oos, why=why)
        return True
    return False


def permanent(c: Ctx, uid: str) -> bool:
    ud = c.udef(uid)
    return ud.kind in ("partisan", "stalin") or all(not s.replaceable for s in ud.steps)


def eliminate(c: Ctx, uid: str, *, oos: bool = False, why: str = "") -> None:
    ud = c.udef(uid)
    u = c.s["units"][uid]
    where = c.loc(uid)
    u["lost"] = 0
    u["supply"] = "full"
    u.pop("landed_marine", None)
    reason = f" ({why})" if why else ""
    if uid == SOUTHWEST_FRONT[0] and SOUTHWEST_FRONT[1] in c.s["units"]:
        c.set_loc(uid, REMOVED)
        weaker = SOUTHWEST_FRONT[1]
        c.s["units"][weaker]["loc"] = ELIMINATED
        c.s["units"][weaker]["lost"] = 0
        c.changed()
        c.say(f"{ud.label} is eliminated at {where}{reason}; its weaker counter goes to the Eliminated Units box.",
              kind="eliminated", unit=uid)
        return
    if permanent(c, uid):
        c.set_loc(uid, REMOVED)
        c.say(f"{ud.label} is eliminated at {where} and removed from the game{reason}.", kind="eliminated", unit=uid)
        return
    if ud.side == AXIS and ud.lcu and oos:
        c.set_loc(uid, TRACK)
        u["returns"] = c.turn + 3
        c.say(f"{ud.label} is eliminated out of supply at {where}{reason}; it returns to the Eliminated Units "
              f"box on turn {c.turn + 3}.", kind="eliminated", unit=uid)
        return
    c.set_loc(uid, ELIMINATED)
    c.say(f"{ud.label} is eliminated at {where}{reason}.", kind="eliminated", unit=uid)


def release_track(c: Ctx) -> None:
    """11.3.6: Axis LCUs whose turn has come move from the turn track to the Eliminated Units box."""
    for uid, u in c.s["units"].items():
        if u["loc"] == TRACK and u.get("returns", 0) <= c.turn:
            u["loc"] = ELIMINATED
            u.pop("returns", None)
            c.say(f"{c.unit_label(uid)} reaches the Eliminated Units box and may be rebuilt.", kind="track", unit=uid)
    c.changed()
