"""Shared facts about one combat in progress (the ``combat`` frame): who fights, where, and what the hex offers.

The combat frame (see `combat`) is a plain dict on the decision stack. These helpers
read it; they never change the game. Terms used throughout the combat modules:

- *attackers* / *defenders*: the units that take part (11.1.8). Units that retreated
  into the defending hex earlier in the round (11.4.5) and active partisans sharing a
  hex with other Soviet units (11.1.7) are in the hex but are not defenders.
- *result*: the Loss Number a side's fire inflicts on its opponent (11.3.1).
"""
from __future__ import annotations

from . import grants
from .constants import AXIS, SOVIET, is_hex
from .context import Ctx


def attacker(f: dict) -> str:
    return f["side"]


def defender(f: dict) -> str:
    return f["defender"]


def role(f: dict, side: str) -> str:
    return "attacker" if side == f["side"] else "defender"


def units_of(f: dict, side: str) -> list[str]:
    return list(f["attackers"] if side == f["side"] else f["defenders"])


def alive(c: Ctx, f: dict, side: str) -> list[str]:
    """Participants of `side` still on the map."""
    return [u for u in units_of(f, side) if c.on_map(u)]


def unsupplied(c: Ctx, f: dict, uid: str) -> bool:
    """Out of supply for this combat: fortress (and cut-off Baku) supply serves defence only (13.2.3, 13.2.4)."""
    status = c.s["units"][uid]["supply"]
    if status != "full" and grants.combat_supply(c, uid):
        return False  # Air Bridge, Hube's Pocket, Courland Bridgehead
    if status == "none":
        return True
    return status == "limited" and uid in f["attackers"]


def all_oos(c: Ctx, f: dict, side: str) -> bool:
    """13.3.4: every unit of this side in the combat is out of supply."""
    units = units_of(f, side)
    return bool(units) and all(unsupplied(c, f, u) for u in units)


def any_oos(c: Ctx, f: dict, side: str) -> bool:
    return any(unsupplied(c, f, u) for u in units_of(f, side))


def winter_1942(c: Ctx) -> bool:
    """15.1.2 applies this turn to the Axis (Winter Uniforms lifts it)."""
    return bool(c.turn_def().winter_1942) and not c.flag("winter_uniforms")


def axis_terrain_void(c: Ctx, f: dict) -> bool:
    """15.1.2: Axis defenders in Winter 1942 get no terrain benefit except trenches."""
    return defender(f) == AXIS and winter_1942(c)


def fortress_here(c: Ctx, hid: str, owner: str) -> bool:
    """A standing fortress usable by `owner` in the hex (16.2.1), the Volga fortress included."""
    h = c.map.hexes[hid]
    m = c.s["markers"]
    if h.fortress == owner and hid not in m["fortress_destroyed"]:
        return True
    return owner == SOVIET and m.get("volga_fortress") == hid


def any_fortress_standing(c: Ctx, hid: str) -> bool:
    return fortress_here(c, hid, AXIS) or fortress_here(c, hid, SOVIET)


def festung_here(c: Ctx, hid: str) -> bool:
    return hid in c.s["markers"]["festung"]


def trench_here(c: Ctx, hid: str, owner: str) -> bool:
    return c.s["markers"]["trench"].get(hid) == owner


def features(c: Ctx, hid: str, owner: str | None) -> list[str]:
    """The Terrain Effects Chart features of a hex as `owner` may use them (None: whoever stands there).

    A destroyed fortress counts as a city (16.2.2); fortresses serve their owner only
    (16.2.1); festungs are Axis (16.3). Trenches are reported separately.
    """
    h = c.map.hexes[hid]
    out: list[str] = []
    if h.settlement:
        out.append(h.settlement)
    if h.port:
        out.append("port")
    if hid in c.s["markers"]["fortress_destroyed"] and not any(x in out for x in ("city", "major_city")):
        out.append("city")
    standing = any_fortress_standing(c, hid) if owner is None else fortress_here(c, hid, owner)
    if standing:
        out.append("fortress")
    if festung_here(c, hid) and owner in (None, AXIS):
        out.append("festung")
    return out


def crossing(c: Ctx, frm: str, to: str) -> str | None:
    """The Terrain Effects Chart hexside kind an attack or advance from `frm` into `to` crosses (the harshest)."""
    hs = c.map.hexside(frm, to)
    if hs is None:
        return None
    kinds = [k for k in hs.tec_keys if k != "lake_sea"]
    if not kinds:
        return None
    chart = c.d.tables.terrain.hexsides
    return min(kinds, key=lambda k: chart[k].attack_shift)


def attack_hexes(f: dict) -> list[str]:
    """The hexes the attackers attack from, in a stable order."""
    return sorted(set(f["from"].values()))


def stalin(c: Ctx) -> str | None:
    return next((u for u in c.d.units if c.d.units[u].kind == "stalin"), None)


def is_stalin(c: Ctx, uid: str) -> bool:
    return c.udef(uid).kind == "stalin"


def on_map_units(c: Ctx, uids) -> list[str]:
    return [u for u in uids if is_hex(c.s["units"][u]["loc"])]


def label_list(c: Ctx, uids) -> str:
    return ", ".join(c.unit_label(u) for u in uids) or "none"


def soviet(side: str) -> bool:
    return side == SOVIET
