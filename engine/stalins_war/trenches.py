"""Trenches (10.3, 23.1.3).

For 1 OPS a side may try to entrench a hex holding one of its LCUs, once per hex per
round; the LCU may not move that round (other units may). After movement a die is
rolled for each attempt: 1–3 places a trench. With 23.1.3 a second OPS takes 3 off
the roll. The Soviets entrench only after People's Militia, the Axis only after
Hedgehogs; units out of supply cannot (13.3.3). The counter mix is a hard limit
(10.3.2): attempts under way count against it. A side's trench leaves the map when its
hex becomes enemy-held or enemy-occupied (`control`) or at the end of the turn by the
owner's choice (`end_turn`). Trenches placed by events need an LCU in the hex as well
(10.3.3; `can_place_trench`).

Ruling: a unit in fortress supply (or Baku's limited supply) is supplied for defence and
attrition only (13.2.3, 13.2.4), so its LCU cannot entrench; entrenching is an action,
not defence.
"""
from __future__ import annotations

from . import ops_pool
from .constants import AXIS
from .context import Ctx


def handles(action: dict) -> bool:
    return action["type"] == "entrench"


def markers_in_use(c: Ctx, side: str) -> int:
    pending = len(c.s["rs"]["entrench"]) if c.s["rs"]["side"] == side else 0
    return sum(1 for o in c.s["markers"]["trench"].values() if o == side) + pending


def enabled(c: Ctx, side: str) -> bool:
    return c.flag("hedgehogs") if side == AXIS else c.flag("peoples_militia")


def candidates(c: Ctx, side: str) -> list[tuple[str, str]]:
    """(hex, LCU) pairs where an entrenchment attempt is possible now."""
    rs = c.s["rs"]
    tried = {a["hex"] for a in rs["entrench"]}
    out = []
    for uid in c.units_on_map(side):
        ud = c.udef(uid)
        hid = c.loc(uid)
        if not ud.lcu or hid in tried or hid in c.s["markers"]["trench"]:
            continue
        if rs["mp"].get(uid, 0) or uid in rs["strategic"] or c.s["units"][uid]["supply"] != "full":
            continue
        out.append((hid, uid))
    return out


def actions(c: Ctx, side: str) -> list[dict]:
    if not enabled(c, side) or markers_in_use(c, side) >= trench_limit(c, side):
        return []
    left = ops_pool.available(c, side)
    out = []
    for hid, uid in candidates(c, side):
        if left >= 1:
            out.append({"type": "entrench", "hex": hid, "bonus": False,
                        "label": f"Entrench {c.hex_label(hid)} (1 OPS, roll 1-3)"})
        if c.s["options"]["extra_trench_ops"] and left >= 2:
            out.append({"type": "entrench", "hex": hid, "bonus": True,
                        "label": f"Entrench {c.hex_label(hid)} (2 OPS, roll -3)"})
    return out


def refusal(c: Ctx, side: str, action: dict) -> str | None:
    if action["type"] != "entrench":
        return None
    if not enabled(c, side):
        return "10.3.1: the Axis entrenches only after Hedgehogs, the Soviets only after People's Militia"
    if markers_in_use(c, side) >= trench_limit(c, side):
        return "10.3.2: every trench marker is in use"
    if action.get("bonus") and not c.s["options"]["extra_trench_ops"]:
        return "23.1.3 is not in use in this game"
    return "10.3.1: entrench a hex holding one of your supplied LCUs that has not moved, once per round, for 1 OPS"


def can_place_trench(c: Ctx, side: str, hid: str) -> str | None:
    """Why an event may not put one of `side`'s trenches in `hid` (10.3.2, 10.3.3), or None."""
    if not any(c.udef(u).lcu for u in c.units_at(hid, side)):
        return "10.3.3: a trench goes only in a hex holding one of your LCUs"
    if hid in c.s["markers"]["trench"]:
        return "10.3.1: the hex already has a trench"
    if markers_in_use(c, side) >= trench_limit(c, side):
        return "10.3.2: every trench marker is in use"
    return None


def trench_limit(c: Ctx, side: str) -> int:
    return c.d.marker_limit("trench")  # per side (units.toml [markers.trench])


def apply(c: Ctx, side: str, a: dict) -> None:
    cost = 2 if a["bonus"] else 1
    ops_pool.spend(c, side, cost, why="to entrench")
    lcu = next(uid for hid, uid in candidates(c, side) if hid == a["hex"])
    c.s["rs"]["entrench"].append({"hex": a["hex"], "bonus": a["bonus"], "unit": lcu})
    c.s["markers"]["move"].append(a["hex"])
    c.say(f"{side.capitalize()} tries to entrench at {c.hex_label(a['hex'])}.", kind="entrench", hex=a["hex"])


def lcu_must_stay(c: Ctx, uid: str) -> bool:
    return any(att["unit"] == uid for att in c.s["rs"]["entrench"])


def resolve_attempts(c: Ctx, side: str) -> None:
    """10.3.1: after movement, roll for every attempt."""
    for att in c.s["rs"]["entrench"]:
        hid = att["hex"]
        if c.loc(att["unit"]) != hid or hid in c.s["markers"]["trench"]:
            continue
        roll = c.roll("entrench")
        net = roll - 3 if att["bonus"] else roll
        if net <= 3:
            c.s["markers"]["trench"][hid] = side
            c.cache.clear()
            c.say(f"Roll {roll}{' -3' if att['bonus'] else ''}: a trench is dug at {c.hex_label(hid)}.",
                  kind="entrench", hex=hid, roll=roll)
        else:
            c.say(f"Roll {roll}: the entrenchment at {c.hex_label(hid)} fails.", kind="entrench", hex=hid, roll=roll)
