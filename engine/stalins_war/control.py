"""Hex control (3.0, 5.1.1, 13.3.9) and what follows a unit entering a hex.

Control is kept for the hexes 3.0 names — towns, cities, ports, fortresses, oil and VP
hexes — and, for the supply and placement rules, for capitals and supply sources. It
passes to a side the instant one of its units enters the hex (moving, by rail or sea,
advancing, exploiting, or ending a retreat: a retreat does not take the hexes it only
passes through, 11.4.4), and in the attrition phase when the hex cannot trace supply
(13.3.9, in `attrition`). Taking a VP hex moves the VP level one toward the new owner
(5.1.1). Entering an enemy fortress destroys it (16.2.2); a Soviet unit entering a
festung eliminates it (16.3.3); trenches go when their hex becomes enemy-held or
enemy-occupied (10.3.2); an inactive partisan marker goes when a supplied Soviet unit
stops in its hex (16.1.5). The 11.1.9 attack restrictions lift when the Axis enters or
takes a restricted hex.

Ruling: a plain supply-source hex (a map-edge rail hex that is no town, city, port,
fortress, oil or VP hex, 3.0) has no control of its own to lose: an enemy unit there
blocks it while it stands there (13.1.3), and it serves its side again once it leaves.
"""
from __future__ import annotations

from .constants import AXIS, SOVIET
from .context import Ctx


def rules_tracked(h) -> bool:
    """3.0: towns, cities, ports, fortresses, oil and VP hexes (capitals are cities)."""
    return bool(h.settlement or h.port or h.fortress or h.oil or h.vp or h.capital)


def set_control(c: Ctx, hid: str, side: str, *, how: str = "entry") -> None:
    if hid not in c.s["control"]:
        return  # untracked hex (3.0)
    old = c.s["control"][hid]
    if old == side:
        return
    c.s["control"][hid] = side
    c.cache.clear()
    h = c.map.hexes[hid]
    why = " (attrition, 13.3.9)" if how == "attrition" else ""
    if h.vp:
        c.s["vp"] += 1 if side == AXIS else -1
        c.say(f"{side.capitalize()} takes {c.hex_label(hid)}{why}: VP level {c.s['vp']} (5.1.1).", kind="vp", hex=hid)
    elif rules_tracked(h):
        c.say(f"{side.capitalize()} takes {c.hex_label(hid)}{why}.", kind="control", hex=hid)
    trench_owner = c.s["markers"]["trench"].get(hid)
    if trench_owner and trench_owner != side:
        del c.s["markers"]["trench"][hid]
        c.say(f"The trench at {c.hex_label(hid)} is removed (10.3.2).", kind="trench", hex=hid)
    if side == AXIS:
        lift_restrictions(c, hid)


def entered(c: Ctx, uid: str, hid: str, *, retreat: bool = False, passing: bool = False) -> None:
    """Consequences of a unit entering a hex (movement, advance, exploitation, retreat's end).

    `retreat`: the unit only passes through in a retreat and takes no control (11.4.4).
    `passing`: the unit moves on from this hex in the same move (it does not stop there).
    """
    side = c.side_of(uid)
    m = c.s["markers"]
    h = c.map.hexes[hid]
    if h.fortress and h.fortress != side and hid not in m["fortress_destroyed"]:
        m["fortress_destroyed"].append(hid)
        c.cache.clear()
        c.say(f"The fortress at {c.hex_label(hid)} is destroyed (16.2.2).", kind="fortress", hex=hid)
    if side == SOVIET and hid in m["festung"]:
        m["festung"].remove(hid)
        c.cache.clear()
        c.say(f"The festung at {c.hex_label(hid)} falls (16.3.3).", kind="festung", hex=hid)
    if side == AXIS and m.get("volga_fortress") == hid:
        m["volga_fortress"] = None
        m["fortress_destroyed"].append(hid)
        c.cache.clear()
        c.say(f"The Volga fortress at {c.hex_label(hid)} is destroyed (16.2.2).", kind="fortress", hex=hid)
    trench_owner = m["trench"].get(hid)
    if trench_owner and trench_owner != side:
        del m["trench"][hid]
        c.cache.clear()
        c.say(f"The trench at {c.hex_label(hid)} is removed (10.3.2).", kind="trench", hex=hid)
    if (side == SOVIET and not passing and not retreat and hid in m["partisans"]
            and c.s["units"][uid]["supply"] == "full"):
        # 16.1.5: an inactive partisan goes when a supplied Soviet unit is in its hex
        m["partisans"].remove(hid)
        c.say(f"The inactive partisans at {c.hex_label(hid)} are withdrawn (16.1.5).", kind="partisans", hex=hid)
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


def friendly_for(c: Ctx, hid: str, side: str) -> bool:
    """The hex is not held by the enemy (for a plain source hex, control does not count: see the ruling)."""
    owner = c.s["control"].get(hid)
    if owner is None or owner == side:
        return True
    return not rules_tracked(c.map.hexes[hid])
