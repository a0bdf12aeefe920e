"""Victory (5.0, 22.0), each condition checked at the moment its rule names.

- End of any Soviet action round: the Soviet capitals victory (5.1.3).
- End of the turn 18 action phase: the campaign ends; the Axis wins if nobody has (5.1.4).
- End of Turn phase: VP 20+ / 0-, the oil streak, the turn 4 and turn 8 Axis
  conditions, the turn 4 Paulus-line condition, every Soviet VP hex on turns 2–12,
  the turn 10 VP check (5.1.2, 5.1.3); at the end of turn 8 the tournament count (22.0).
"""
from __future__ import annotations

from . import supply, terrain
from .constants import AXIS, SOVIET
from .context import Ctx


def declare(c: Ctx, winner: str, rule: str, text: str) -> None:
    if c.s.get("result"):
        return
    c.s["result"] = {"winner": winner, "reason": f"{rule}: {text}", "rule": rule, "turn": c.turn}
    c.say(f"{winner.capitalize()} wins: {text} ({rule}).", kind="result")


def holds(c: Ctx, side: str, *places: str) -> bool:
    return all(c.s["control"].get(c.map.places[p]) == side for p in places)


def check_soviet_round_end(c: Ctx) -> bool:
    if holds(c, SOVIET, "Berlin", "Buda", "Pest", "Bucharest", "Konigsberg"):
        declare(c, SOVIET, "5.1.3", "the Soviets hold Berlin, Budapest, Bucharest and Konigsberg")
        return True
    return False


def campaign_over_after_action_phase(c: Ctx) -> bool:
    if c.s["scenario"] == "campaign" and c.turn >= c.scenario.last_turn:
        declare(c, AXIS, "5.1.4", "no automatic victory by the end of the last turn's action phase")
        return True
    return False


def soviet_vp_hexes(c: Ctx) -> list[str]:
    return sorted(h for h, x in c.map.hexes.items() if x.vp and x.country in ("soviet_union", "baltic"))


def oil_hexes(c: Ctx) -> list[str]:
    return list(terrain.oil_hexes(c))


def end_of_turn(c: Ctx) -> None:
    """The automatic victories judged during the End of Turn phase, in rule order."""
    s = c.s
    turn = c.turn
    if s["vp"] >= 20:
        return declare(c, AXIS, "5.1.2", f"the VP level is {s['vp']} at the end of the turn")
    all_oil = all(s["control"].get(h) == AXIS for h in oil_hexes(c))
    s["stats"]["oil_streak"] = s["stats"]["oil_streak"] + 1 if all_oil else 0
    if s["stats"]["oil_streak"] >= 2:
        return declare(c, AXIS, "5.1.2", "the Axis has held every oil hex for two consecutive turn ends")
    if turn == 4 and holds(c, AXIS, "Moscow", "Leningrad") and (holds(c, AXIS, "Rostov") or holds(c, AXIS, "Sevastopol")):
        return declare(c, AXIS, "5.1.2", "the Axis holds Moscow, Leningrad and Rostov or Sevastopol at the end of turn 4")
    if turn == 8 and holds(c, AXIS, "Moscow", "Leningrad", "Stalingrad", "Sevastopol") and not supply.baku_full_source(c):
        return declare(c, AXIS, "5.1.2", "the Axis holds Moscow, Leningrad, Stalingrad and Sevastopol and has cut Baku off")
    if s["vp"] <= 0:
        return declare(c, SOVIET, "5.1.3", f"the VP level is {s['vp']} at the end of the turn")
    if turn == 4 and not s["stats"]["axis_east_of_paulus"]:
        return declare(c, SOVIET, "5.1.3", "no supplied Axis unit crossed the Paulus line by the end of turn 4")
    if 2 <= turn <= 12 and all(s["control"].get(h) == SOVIET for h in soviet_vp_hexes(c)):
        return declare(c, SOVIET, "5.1.3", "the Soviets hold every VP hex in the Soviet Union")
    if turn == 10 and s["vp"] <= 9:
        return declare(c, SOVIET, "5.1.3", f"the VP level is {s['vp']} (9 or less) at the end of turn 10")
    if c.s["scenario"] == "tournament" and turn >= c.scenario.last_turn:
        tournament_count(c)


def tournament_count(c: Ctx) -> None:
    """22.0: Axis-held VP hexes in the Soviet Union, adjusted for two events."""
    held = sum(1 for h in soviet_vp_hexes(c) if c.s["control"].get(h) == AXIS)
    count = held
    notes = [f"{held} held"]
    if not c.flag("industrial_evacuation"):
        count += 2
        notes.append("+2 as Industrial Evacuation was never played")
    if not c.flag("hitler_takes_command"):
        count -= 2
        notes.append("-2 as Hitler Takes Command was never played")
    text = f"{count} Axis-held Soviet VP hexes ({', '.join(notes)})"
    if count >= 9:
        declare(c, AXIS, "22.0", text)
    else:
        declare(c, SOVIET, "22.0", text)
