"""Fire (11.2.1 steps 2, 4, 5): strengths, the table each side fires on, column shifts, dice, Loss Numbers.

For each side the result is a dict the combat view shows as is::

    {"strength", "table", "table_why", "base_column", "shifts": [{"n", "why", "rule"?}], "net",
     "column", "column_label", "rolls", "die", "result", "asterisk", "fires"}

`rolls` lists what each die roll 1-6 would give on the net column, `[loss, asterisk]`,
so a player sees the odds before committing.

Column shifts add up and are then clamped to the table (11.2.1 step 4: shifts past
either edge are ignored). A side whose strength is 0 does not fire and rolls no die.
The attacker's die is rolled first, then the defender's (`Ctx.roll` takes forced test
dice in that order).

Rulings where the rules are silent:
- Terrain and hexsides shift only the attacker's fire (11.2.1 step 4). The defending
  hex gives the best of its terrain and features, a trench adds to it, and a hexside
  counts only when every attacking hex attacks across one (the Terrain Effects
  Chart's reading, see data/README.md).
- Three or more Panzer Corps fire on the LCU table when they stand in one hex and all
  take part in the combat (24.0: "stacked together and participating"); when
  attacking they must attack from the same hex.
- Winter 1942 (15.1.2) takes away every terrain, feature and hexside benefit of Axis
  defenders except a trench (festung and fortress shifts included).
"""
from __future__ import annotations

from collections import Counter

from . import battle, mobile_defense
from .cards import combat_cards
from .constants import AXIS, SOVIET
from .context import Ctx


def strength(c: Ctx, f: dict, side: str) -> int:
    units = battle.units_of(f, side)
    if side == f["side"]:
        return sum(c.step(u).attack for u in units if c.on_map(u))
    return sum(c.step(u).defense for u in units if c.on_map(u))


def table_for(c: Ctx, f: dict, side: str) -> tuple[str, str]:
    units = [u for u in battle.units_of(f, side) if c.on_map(u)]
    lcus = [u for u in units if c.udef(u).lcu]
    if lcus:
        return "lcu", f"{c.unit_label(lcus[0])} is an LCU"
    where = (lambda u: f["from"][u]) if side == f["side"] else c.loc
    panzers_by_hex = Counter(where(u) for u in units if c.udef(u).kind == "panzer")
    if any(n >= 3 for n in panzers_by_hex.values()):
        return "lcu", "three or more Panzer Corps stacked together fire on the LCU table"
    return "scu", "no LCU takes part"


# ---- column shifts --------------------------------------------------------------------------------

def terrain_shift(c: Ctx, f: dict) -> list[dict]:
    """The attacker's shifts for the defending hex and the hexsides attacked across."""
    target = f["target"]
    dfd = battle.defender(f)
    tec = c.d.tables.terrain
    out: list[dict] = []
    trench = battle.trench_here(c, target, dfd) and not combat_cards.ignores_trench(c, f)
    if battle.axis_terrain_void(c, f):
        if trench:
            out.append({"n": tec.features["trench"].attack_shift, "why": "trench (Winter 1942: the Axis keep only trenches, 15.1.2)",
                        "rule": "15.1.2"})
        return out
    feats = battle.features(c, target, dfd)
    if combat_cards.ignores_fortress(c, f):
        feats = [x for x in feats if x != "fortress"]
    h = c.map.hexes[target]
    base = tec.defender_shift(h.terrain, feats, False)
    if base:
        names = [t for t in h.terrain if tec.terrain[t].attack_shift == base] + \
                [x for x in feats if tec.features[x].attack_shift == base]
        out.append({"n": base, "why": f"defending hex: {names[0].replace('_', ' ') if names else 'terrain'}",
                    "rule": "11.2.1 step 4"})
    if trench:
        out.append({"n": tec.features["trench"].attack_shift, "why": "trench in the defending hex", "rule": "10.3.2"})
    crossed = []
    for hid in battle.attack_hexes(f):
        kind = battle.crossing(c, hid, target)
        if kind == "river" and f["side"] == AXIS and "brandenburgers" in combat_cards.round_event_keys(c, f["side"]):
            kind = None
        crossed.append(kind)
    side_shift = tec.hexside_shift(crossed)
    if side_shift:
        kinds = sorted({k for k in crossed if k})
        out.append({"n": side_shift, "why": "every attack crosses a " + "/".join(k.replace("_", " ") for k in kinds) + " hexside",
                    "rule": "11.2.1 step 4"})
    return out


def shifts(c: Ctx, f: dict, side: str) -> list[dict]:
    att, _dfd = battle.attacker(f), battle.defender(f)
    td = c.turn_def()
    out: list[dict] = []
    attacking = side == att
    if attacking:
        out += terrain_shift(c, f)
    if battle.any_oos(c, f, side):
        out.append({"n": -1, "why": "a unit of this side is out of supply (13.3.5)", "rule": "13.3.5"})
    if side == AXIS and battle.winter_1942(c):
        out.append({"n": -1, "why": "Winter 1942 (15.1.2)", "rule": "15.1.2"})
    if attacking and side == SOVIET and td.winter_1942 and any(
            c.udef(u).kind == "shock" for u in battle.units_of(f, side)):
        out.append({"n": +1, "why": "shock army attacking in Winter 1942 (15.1.2)", "rule": "15.1.2"})
    if attacking and side == AXIS and td.paulus_penalties and c.map.hexes[f["target"]].paulus_zone and all(
            c.s["units"][u]["supply"] == "full" for u in battle.units_of(f, side)):
        out.append({"n": -1, "why": "attacking east of the Paulus line (11.2.1 step 4)", "rule": "11.2.1 step 4"})
    if mobile_defense.applies(c, f):
        out.append({"n": -1 if side == SOVIET else +1, "why": "German Mobile Defense (20.0)", "rule": "20.0"})
    out += combat_cards.shifts(c, f, side)
    return out


# ---- the whole fire picture -------------------------------------------------------------------------

def picture(c: Ctx, f: dict, side: str) -> dict:
    n = strength(c, f, side)
    table_key, why = table_for(c, f, side)
    table = c.d.tables.fire[table_key]
    sh = shifts(c, f, side)
    net = sum(x["n"] for x in sh)
    out = {"strength": n, "table": table_key, "table_why": why, "shifts": sh, "net": net,
           "base_column": None, "base_label": None, "column": None, "column_label": None, "rolls": [],
           "die": None, "result": 0, "asterisk": False, "fires": n > 0}
    if n > 0:
        base = table.column_for(n)
        col = table.shifted(base, net)
        rolls = [list(table.result(col, die)) for die in range(1, 7)]
        out.update(base_column=base, base_label=table.labels[base], column=col, column_label=table.labels[col],
                   rolls=rolls)
    return out


def preview(c: Ctx, f: dict) -> dict:
    return {s: picture(c, f, s) for s in (battle.attacker(f), battle.defender(f))}


def resolve(c: Ctx, f: dict) -> None:
    """Steps 4-5: fix both fire pictures, roll (attacker first) and read the Loss Numbers."""
    fire = preview(c, f)
    for side in (battle.attacker(f), battle.defender(f)):
        p = fire[side]
        if not p["fires"]:
            c.say(f"{side.capitalize()} has no combat strength and does not fire.", kind="combat")
            continue
        die = c.roll(f"{side} fire")
        table = c.d.tables.fire[p["table"]]
        loss, star = table.result(p["column"], die)
        p.update(die=die, result=loss, asterisk=star)
        shift_text = f", shift {p['net']:+d}" if p["net"] else ""
        c.say(f"{side.capitalize()} fires {p['strength']} on the {p['table'].upper()} table "
              f"(column {p['column_label']}{shift_text}), rolls {die}: Loss Number {loss}{'*' if star else ''}.",
              kind="combat", side=side, die=die, result=loss, asterisk=star)
    f["fire"] = fire
