"""Advance after combat and Blitz markers (11.5, 11.2.1 step 9, 15.1.2, 16.4.3, 16.1.6).

Surviving attackers may enter the defending hex once no defender is left there,
whatever the ZOC, within stacking limits (lifted once a Blitz marker is placed there,
9.1.4) and only if they could trace supply from it. Stalin, left alone by his
retreating comrades, and partisans that stood aside, are eliminated when an enemy
unit advances in (16.4.3, 16.1.6). Attackers in a festung never leave it (16.3.4).

A Blitz marker may be placed in the hex after an exploitation-capable unit has
advanced into it across a hexside that allows one (not a major river nor the Kerch
crossing), if the hex's terrain allows one, at most four a round, never in a 0-OPS
round, never by the Soviets in a turn without Lend-Lease banked OPS, never by the
Axis in Winter 1942 (Winter Uniforms lifts that, by its text), and on turns 1-3 only
one Axis marker a round east of the Paulus line. The choice must be made before the
next combat: the combat frame offers it until the attacker ends the advance.
"""
from __future__ import annotations

from . import battle, control, losses, stacking, supply
from .cards import combat_cards
from .constants import AXIS, SOVIET
from .context import Ctx
from .movement import note_axis_east

MAX_BLITZ = 4


def leftovers(c: Ctx, f: dict) -> list[str]:
    """Enemy units in the hex that fall to an advancing unit (Stalin, partisans that stood aside)."""
    return [u for u in c.units_at(f["target"], f["defender"])
            if c.udef(u).kind == "stalin" or u in f.get("aside", [])]


def vacated(c: Ctx, f: dict) -> bool:
    rest = set(c.units_at(f["target"], f["defender"])) - set(leftovers(c, f))
    return not rest


def exploit_capable(c: Ctx, uid: str) -> bool:
    ud = c.udef(uid)
    return ud.can_exploit or (ud.exploit_after_uranus and bool(c.flag("operation_uranus")))


def refusal(c: Ctx, f: dict, uid: str) -> str | None:
    if f.get("cancelled"):
        return "the attack was cancelled: no advance (Sleighride)"
    if uid not in f["attackers"] or not c.on_map(uid):
        return "11.1.8: only surviving attackers may advance"
    if uid in f["advanced"]:
        return f"{c.unit_label(uid)} has already advanced"
    if not vacated(c, f):
        return "11.5.1: the attacker advances only into a vacated defending hex"
    target = f["target"]
    here = c.loc(uid)
    if c.side_of(uid) == AXIS and here in c.s["markers"]["festung"]:
        return "16.3.4: units in a festung never leave it"
    if c.step(uid).ma <= 0:
        return f"{c.unit_label(uid)} cannot move"
    ud = c.udef(uid)
    h = c.map.hexes[target]
    if ud.nationality == "RO" and h.country == "hungary":
        return "19.1.1: Romanian units may never enter Hungary"
    if ud.nationality == "HU" and h.country == "romania":
        return "19.2.1: Hungarian units may never enter Romania"
    if c.turn == 1 and h.country == "hungary":
        return "4.4.3: no unit may enter Hungary on turn 1"
    if c.turn == 1 and ud.side == SOVIET and h.country == "romania":
        return "4.4.4: Soviet units may not enter Romania on turn 1"
    if target not in c.s["markers"]["blitz"]:
        others = [u for u in c.units_at(target, ud.side)]
        found = stacking.problems(c, [*others, uid])
        if found:
            return f"11.5.1: {found[0]}"
    if ud.kind != "partisan" and supply.net(c, supply.group_of(c, uid)).status(target) == "none":
        return "11.5.1: units may not advance into a hex from which they cannot trace supply"
    return None


def candidates(c: Ctx, f: dict) -> list[str]:
    return [u for u in f["attackers"] if refusal(c, f, u) is None]


def advance(c: Ctx, f: dict, uid: str) -> None:
    target = f["target"]
    start = c.loc(uid)
    for u in leftovers(c, f):
        losses.eliminate(c, u, why="an enemy unit advanced into its hex (16.4.3, 16.1.6)")
    c.set_loc(uid, target)
    control.entered(c, uid, target)
    note_axis_east(c, uid)
    f["advanced"].append(uid)
    f.setdefault("advanced_from", {})[uid] = start
    rec = c.s["stats"].setdefault("after_combat_moves", {})
    mine = rec.get(c.side_of(uid))
    if not mine or mine.get("turn") != c.turn or mine.get("round") != c.round:
        mine = rec[c.side_of(uid)] = {"turn": c.turn, "round": c.round, "units": []}
    mine["units"].append(uid)
    c.say(f"{c.unit_label(uid)} advances {start} → {target}.", kind="advance", unit=uid, path=[start, target])


def blitz_refusal(c: Ctx, f: dict) -> str | None:
    side = f["side"]
    target = f["target"]
    rs = c.s["rs"]
    if f.get("blitz"):
        return "a Blitz marker is already in the hex"
    if target in c.s["markers"]["blitz"]:
        return "a Blitz marker is already in the hex"
    if not any(exploit_capable(c, u) and c.loc(u) == target and
               _hexside_allows(c, f["advanced_from"][u], target) for u in f["advanced"]):
        return ("11.5.2/11.2.1 step 9: a Blitz marker needs an exploitation-capable unit to advance into the hex, "
                "not across a major river or the Kerch crossing")
    barred = combat_cards.blitz_barred(c, f)
    if barred:
        return barred
    h = c.map.hexes[target]
    tec = c.d.tables.terrain
    if not tec.blitz_allowed(h.terrain, battle.features(c, target, None)):
        return "11.2.1 step 9: no Blitz marker in forest, rough, swamp, mountain, city, fortress or festung hexes"
    if rs["type"] == "zero_operate":
        return "7.2.6: no Blitz markers in a 0-OPS round"
    if rs["blitz"] >= MAX_BLITZ:
        return "11.2.1 step 9: at most four Blitz markers a round"
    if side == SOVIET and not c.s["tc"]["lend_lease_banked"]:
        return "11.2.1 step 9: no Soviet Blitz markers in a turn without Lend-Lease banked OPS"
    if side == AXIS and battle.winter_1942(c):
        return "15.1.2: no Axis Blitz markers in Winter 1942"
    if side == AXIS and c.turn <= 3 and h.paulus_zone and rs["blitz_east"] >= 1:
        return "11.5.2: on turns 1-3 the Axis may place only one Blitz marker a round east of the Paulus line"
    return None


def _hexside_allows(c: Ctx, frm: str, to: str) -> bool:
    kind = battle.crossing(c, frm, to)
    return kind is None or c.d.tables.terrain.hexsides[kind].blitz


def place_blitz(c: Ctx, f: dict) -> None:
    target = f["target"]
    rs = c.s["rs"]
    c.s["markers"]["blitz"].append(target)
    rs["blitz"] += 1
    if f["side"] == AXIS and c.map.hexes[target].paulus_zone:
        rs["blitz_east"] += 1
    f["blitz"] = True
    if combat_cards.guderian(c, f):
        rs.setdefault("guderian_blitz", []).append(target)
    c.say(f"{f['side'].capitalize()} places a Blitz marker at {c.hex_label(target)}.", kind="blitz", hex=target)
