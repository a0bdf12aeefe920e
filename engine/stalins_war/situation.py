"""The situation as a player wants to read it: rounds left, victory, Total War, hands, tracks.

`build(c)` returns `view["situation"]` (see engine/README.md, *Situation*): facts the
rules derive from the public state, each with a readable text, so a client can show
them without knowing the rules. Everything here is public information.
"""
from __future__ import annotations

from . import draw, flow, supply, terrain
from .constants import AXIS, SIDES, SOVIET
from .context import Ctx
from .decks import TOTAL_WAR_BOTH, TOTAL_WAR_ONE_SIDE, total_war_first_turn
from .sequence import last_round
from .victory import holds, oil_hexes, soviet_vp_hexes

AXIS_WINS_AT = 20   # 5.1.2: VP level at the end of a turn
SOVIET_WINS_AT = 0  # 5.1.3
TURN10_VP = 9       # 5.1.3: VP level at the end of turn 10
SOVIET_UNION = ("soviet_union", "baltic")


def _names(c: Ctx, *places: str) -> list[dict]:
    return [{"hex": c.map.places[p], "name": p} for p in places]


def _held(c: Ctx, side: str, places: tuple[str, ...]) -> str:
    """'Axis holds Moscow, Rostov' / 'Soviets hold none of them'."""
    got = [p for p in places if holds(c, side, p)]
    who, verb = ("Axis", "holds") if side == AXIS else ("Soviets", "hold")
    return f"{who} {verb} {', '.join(got)}" if got else f"{who} {verb} none of them"


def rounds(c: Ctx) -> dict:
    """Whose round it is and how many each side has left this turn (7.2.1, 4.4.1)."""
    last = last_round(c)
    in_action = c.s["phase"] == "action"
    left = {AXIS: 0, SOVIET: 0}
    if in_action:
        r = c.round
        left[AXIS] = last - r + (1 if c.active == AXIS else 0)
        left[SOVIET] = last - r + 1
    to_act = flow.active_sides(c)
    text = (f"Round {c.round} of {last}: {c.active.capitalize()} action round" if in_action
            else f"{c.s['phase'].replace('_', ' ').capitalize()} phase")
    return {"round": c.round, "last_round": last, "phase": c.s["phase"], "round_side": c.active if in_action else None,
            "to_act": to_act, "left": left, "text": text}


def vp_hexes(c: Ctx) -> list[dict]:
    hexes, control = c.map.hexes, c.s["control"]
    return [{"hex": hid, "name": hexes[hid].name or hid, "holder": control.get(hid),
             "soviet_union": hexes[hid].country in SOVIET_UNION} for hid in terrain.vp_hexes(c)]


def victory(c: Ctx, hexes: list[dict]) -> dict:
    """The VP track with both thresholds, and every automatic victory still possible (5.1.2–5.1.4, 22.0)."""
    s, turn = c.s, c.turn
    vp = s["vp"]
    conds: list[dict] = []

    def add(side, rule, when, text, status, places=(), turn_=None):
        conds.append({"side": side, "rule": rule, "when": when, "turn": turn_, "text": text, "status": status,
                      "places": _names(c, *places)})

    add(AXIS, "5.1.2", "end of any turn", f"Axis wins with the VP level at {AXIS_WINS_AT} or more",
        f"VP level {vp}: {max(0, AXIS_WINS_AT - vp)} to go")
    held_oil = sum(1 for h in oil_hexes(c) if s["control"].get(h) == AXIS)
    add(AXIS, "5.1.2", "two turn ends in a row", "Axis wins holding every oil hex at two turn ends in a row",
        f"Axis holds {held_oil} of {len(oil_hexes(c))} oil hexes" +
        (f"; held them all at the last turn end" if s["stats"]["oil_streak"] else ""),
        places=("Ploesti", "Maikop", "Grozny", "Baku"))
    if turn <= 4:
        add(AXIS, "5.1.2", "end of turn 4", "Axis needs Moscow, Leningrad and Rostov or Sevastopol",
            f"{_held(c, AXIS, ('Moscow', 'Leningrad', 'Rostov', 'Sevastopol'))}",
            places=("Moscow", "Leningrad", "Rostov", "Sevastopol"), turn_=4)
    if turn <= 8:
        cut = not supply.baku_full_source(c)
        add(AXIS, "5.1.2", "end of turn 8",
            "Axis needs Moscow, Leningrad, Stalingrad and Sevastopol, with Baku cut off as a supply source",
            f"{_held(c, AXIS, ('Moscow', 'Leningrad', 'Stalingrad', 'Sevastopol'))}; "
            f"Baku is {'cut off' if cut else 'a full Soviet supply source'}",
            places=("Moscow", "Leningrad", "Stalingrad", "Sevastopol", "Baku"), turn_=8)
    add(SOVIET, "5.1.3", "end of any turn", f"Soviets win with the VP level at {SOVIET_WINS_AT} or less",
        f"VP level {vp}: {max(0, vp - SOVIET_WINS_AT)} to go")
    if turn <= 4:
        add(SOVIET, "5.1.3", "end of turn 4",
            "Soviets win unless a supplied Axis unit has crossed the Paulus line",
            "an Axis unit has crossed it" if s["stats"]["axis_east_of_paulus"] else "no Axis unit has crossed it yet",
            turn_=4)
    if turn <= 12:
        su = [h for h in hexes if h["soviet_union"]]
        mine = sum(1 for h in su if h["holder"] == SOVIET)
        add(SOVIET, "5.1.3", "end of turns 2–12", "Soviets win holding every VP hex in the Soviet Union",
            f"Soviets hold {mine} of {len(su)}")
    if turn <= 10:
        add(SOVIET, "5.1.3", "end of turn 10", f"Soviets win if the VP level is {TURN10_VP} or less",
            f"VP level {vp}", turn_=10)
    add(SOVIET, "5.1.3", "end of any Soviet action round", "Soviets win holding Berlin, Budapest, Bucharest and Königsberg",
        f"{_held(c, SOVIET, ('Berlin', 'Buda', 'Pest', 'Bucharest', 'Konigsberg'))}",
        places=("Berlin", "Buda", "Pest", "Bucharest", "Konigsberg"))
    last = c.scenario.last_turn
    if s["scenario"] == "tournament":
        axis_held = sum(1 for h in soviet_vp_hexes(c) if s["control"].get(h) == AXIS)
        add(None, "22.0", f"end of turn {last}",
            "Axis wins holding 9 or more VP hexes in the Soviet Union (+2 if Industrial Evacuation was never played, "
            "−2 if Hitler Takes Command was never played); otherwise the Soviets win",
            f"Axis holds {axis_held}", turn_=last)
    else:
        add(AXIS, "5.1.4", f"end of turn {last}'s action phase",
            "Axis wins if nobody has won an automatic victory by then", f"turn {turn} of {last}", turn_=last)
    return {"vp": vp, "axis_wins_at": AXIS_WINS_AT, "soviet_wins_at": SOVIET_WINS_AT,
            "text": f"VP {vp}. Axis wins at {AXIS_WINS_AT} or more at the end of a turn; "
                    f"Soviets at {SOVIET_WINS_AT} or less",
            "conditions": conds}


def total_war(c: Ctx) -> dict:
    """7.6.4: Total War begins from turn 6 once one side has 12 starred events or both 20."""
    starred = dict(c.s["stats"]["starred_events"])
    started = c.flag("total_war")
    total = starred[AXIS] + starred[SOVIET]
    first = total_war_first_turn(c)  # from the turn track: one source of truth with decks.total_war_due
    text = ("Total War has begun" if started else
            f"Starred events: Axis {starred[AXIS]}, Soviet {starred[SOVIET]} (both {total}). Total War begins "
            f"from turn {first} once one side reaches {TOTAL_WAR_ONE_SIDE} or both {TOTAL_WAR_BOTH}")
    return {"started": started, "starred": starred, "from_turn": first, "one_side": TOTAL_WAR_ONE_SIDE,
            "both": TOTAL_WAR_BOTH, "text": text}


def hands(c: Ctx) -> dict:
    """Hand sizes: the marker, the oil each side holds, and the limit they give (7.6.1, 17.1)."""
    out = {}
    for side in SIDES:
        oil = draw.controlled_oil(c, side)
        limit = draw.hand_limit(c, side)
        marker = c.s["hand_size"][side]
        out[side] = {"cards": len(c.s["cards"][side]["hand"]), "marker": marker, "oil": oil, "limit": limit,
                     "text": f"{len(c.s['cards'][side]['hand'])} in hand; draws up to {limit} "
                             f"(marker {marker}, {oil} oil hex{'es' if oil != 1 else ''} in supply)"}
    return out


def build(c: Ctx) -> dict:
    hexes = vp_hexes(c)
    return {
        "rounds": rounds(c),
        "victory": victory(c, hexes),
        "vp_hexes": hexes,
        "total_war": total_war(c),
        "hands": hands(c),
        "rp": {k: v / 2 for k, v in c.s["rp"].items()},
        "banked": dict(c.s["banked"]),
        "consec": dict(c.s["consec"]),
    }
