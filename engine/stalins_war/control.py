"""Hex control (3.0, 13.3.9) and what follows a unit entering a hex.

Control of a tracked hex passes to a side the instant one of its units enters it
(retreats through a hex do not take it, 11.4.4). Taking a VP hex moves the VP level
by one toward the new owner (5.1.1). Entering an enemy fortress destroys it
(16.2.2); a Soviet unit entering a festung eliminates it (16.3.3); trenches go when
their hex becomes enemy-held or enemy-occupied (10.3.2). The 11.1.9 attack
restrictions lift when the Axis enters or takes a restricted hex.
"""
from __future__ import annotations

from .constants import AXIS, SOVIET
from .context import Ctx


def set_control(c: Ctx, hid: str, side: str, *, how: str = "entry") -> None:
    if hid not in c.s["control"]:
        return  # untracked hex (3.0)
    old = c.s["control"][hid]
    if old == side:
        return
    c.s["control"][hid] = side
    c.cache.clear()
    h = c.map.hexes[hid]
    if h.vp:
        c.s["vp"] += 1 if side == AXIS else -1
        c.say(f"{side.capitalize()} takes {c.hex_label(hid)}: VP level {c.s['vp']}.", kind="vp", hex=hid)
    else:
        c.say(f"{side.capitalize()} takes {c.hex_label(hid)}.", kind="control", hex=hid)
    trench_owner = c.s["markers"]["trench"].get(hid)
    if trench_owner and trench_owner != side:
        del c.s["markers"]["trench"][hid]
    if side == AXIS:
        lift_restrictions(c, hid)


def entered(c: Ctx, uid: str, hid: str, *, retreat: bool = False) -> None:
    """Consequences of a unit entering a hex (movement, advance, exploitation, retreat's end)."""
    side = c.side_of(uid)
    m = c.s["markers"]
    h = c.map.hexes[hid]
    if h.fortress and h.fortress != side and hid not in m["fortress_destroyed"]:
        m["fortress_destroyed"].append(hid)
        c.cache.clear()
        c.say(f"The fortress at {c.hex_label(hid)} is destroyed.", kind="fortress", hex=hid)
    if side == SOVIET and hid in m["festung"]:
        m["festung"].remove(hid)
        c.cache.clear()
        c.say(f"The festung at {c.hex_label(hid)} falls.", kind="festung", hex=hid)
    if side == AXIS and m.get("volga_fortress") == hid:
        m["volga_fortress"] = None
        m["fortress_destroyed"].append(hid)
        c.say(f"The Volga fortress at {c.hex_label(hid)} is destroyed.", kind="fortress", hex=hid)
    trench_owner = m["trench"].get(hid)
    if trench_owner and trench_owner != side:
        del m["trench"][hid]
    if side == SOVIET and hid in m["partisans"]:
        # 16.1.5: an inactive partisan goes when a supplied Soviet unit is in its hex
        m["partisans"].remove(hid)
        c.say(f"The inactive partisans at {c.hex_label(hid)} are withdrawn.", kind="partisans", hex=hid)
    if not retreat:
        set_control(c, hid, side)
    if side == AXIS:
        lift_restrictions(c, hid)


def lift_restrictions(c: Ctx, hid: str) -> None:
    """11.1.9: entering or gaining a restricted hex lifts its restriction for the rest of the game."""
    lifted = c.s["stats"]["restrictions_lifted"]
    places = c.map.places
    if hid == places.get("Leningrad"):
        lifted["leningrad"] = True
    if hid in (places.get("Moscow"), places.get("Gorki")):
        lifted["moscow"] = True
    if hid == places.get("Stalingrad") or c.map.hexes[hid].caucasus_zone:
        lifted["stalingrad"] = True


def controls(c: Ctx, side: str, place: str) -> bool:
    hid = c.map.places[place]
    return c.s["control"].get(hid) == side
