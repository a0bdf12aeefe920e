"""The End of Turn phase (6.0 E) and the step to the next turn.

The Axis, then the Soviet, may take their own trenches off the map (10.3.2); the
Soviet may also withdraw inactive partisans (16.1.5). Then banked OPS are lost,
face-up combat cards are discarded (7.5.5d), victory is judged, the VP level drops if
Hitler has not taken command (Spring and Summer turns), minor allies whose
capital is enemy-occupied surrender (19.3.1), and the next turn begins.
"""
from __future__ import annotations

from . import banked, decks, flow, grants, losses, victory
from .constants import AXIS, REMOVED, SOVIET
from .context import Ctx
from .flow import Step, register
from .state import enter_phase, fresh_round_state, fresh_turn_counters


def begin_segment(c: Ctx, side: str) -> None:
    if _choices(c, side):
        flow.push(c, "end_of_turn", side=side)


def _choices(c: Ctx, side: str) -> list[dict]:
    out = [{"type": "remove_trench", "hex": h, "label": f"Remove the trench at {c.hex_label(h)}"}
           for h, owner in sorted(c.s["markers"]["trench"].items()) if owner == side]
    if side == SOVIET:
        out += [{"type": "remove_partisans", "hex": h, "label": f"Withdraw the partisans at {c.hex_label(h)}"}
                for h in sorted(c.s["markers"]["partisans"])]
    return out


@register
class EndOfTurn(Step):
    kind = "end_of_turn"

    def prompt(self, c, f, side):
        return "End of turn: remove any of your trenches (and inactive partisans) you no longer want"

    def actions(self, c, f, side):
        return _choices(c, side) + [{"type": "end_turn", "label": "Finish the turn"}]

    def apply(self, c, f, side, a):
        if a["type"] == "remove_trench":
            del c.s["markers"]["trench"][a["hex"]]
            c.cache.clear()
            c.say(f"{side.capitalize()} removes the trench at {c.hex_label(a['hex'])}.", kind="trench", hex=a["hex"])
        elif a["type"] == "remove_partisans":
            c.s["markers"]["partisans"].remove(a["hex"])
            c.say(f"The Soviets withdraw the partisans at {c.hex_label(a['hex'])}.", kind="partisans", hex=a["hex"])
        else:
            flow.pop(c, self.kind)


def close_turn(c: Ctx) -> None:
    banked.lose_all(c)
    for side in (AXIS, SOVIET):
        for cid in list(c.s["cards"][side]["face_up"]):
            decks.move(c, side, cid, "discard")  # 7.5.5d
    victory.end_of_turn(c)
    if c.s.get("result"):
        return
    # Card A16: until Hitler takes command, the turns the track marks (Spring and Summer) end with
    # the VP level 1 lower (after this turn's victory check, so it counts from the next End of Turn).
    if c.turn_def().htc_vp_check and not c.flag("hitler_takes_command"):
        c.s["vp"] -= 1
        c.say(f"Hitler has not taken command: the VP level drops to {c.s['vp']}.", kind="vp")
    surrender(c)
    next_turn(c)


def surrender(c: Ctx) -> None:
    """19.3.1: Romania or Hungary leaves the war when its capital is enemy-occupied at the end of a turn."""
    for nation, capital in (("RO", "Bucharest"), ("HU", "Buda")):
        if c.s["flags"].get(f"surrendered_{nation}"):
            continue
        if c.units_at(c.map.places[capital], SOVIET):
            c.s["flags"][f"surrendered_{nation}"] = c.turn
            for uid, ud in c.d.units.items():
                if ud.nationality == nation and c.s["units"][uid]["loc"] != REMOVED:
                    c.set_loc(uid, REMOVED)
            c.say(f"{'Romania' if nation == 'RO' else 'Hungary'} surrenders: its units leave the game (19.3.1).",
                  kind="surrender")


def next_turn(c: Ctx) -> None:
    c.s["turn"] += 1
    c.s["round"] = 1
    c.s["active"] = AXIS
    c.s["tc"] = fresh_turn_counters()
    c.s["rs"] = fresh_round_state(AXIS)
    grants.expire(c)
    c.s["round_open"] = False
    enter_phase(c.s, "action")
    c.say(f"Turn {c.turn}: {c.turn_def().name}.", kind="turn")
    losses.release_track(c)
    banked.soviet_turn_start(c)
