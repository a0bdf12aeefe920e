"""Reinforcement cards (7.5.2, 7.5.3, 4.5): bringing a card's units onto the map.

Every card of kind ``reinforcement`` (A5-A8, A18, A26, A31, A35, A36, A51; S1-S8, S21,
S26, S27, S30, S31, S37, S38, S41, S44, S45, S47): its units are its ``units`` in
data/stalins_war/cards.toml.

The player places the card's units one at a time, in any order (so a regular tank
army placed first may then be replaced by a Guards tank army, 7.5.2c). A unit that
cannot be placed anywhere is removed from the game (7.5.2b). On turn 2 the Soviet
Mobilization (4.5.1) lets two reinforcement cards each also give their OPS; the
units they bring may move but not attack that round.
"""
from __future__ import annotations

from ...core.errors import IllegalAction
from .. import flow, ops_pool, placement
from ..consecutive import reset_consecutive
from ..constants import POOL, REMOVED, SOVIET
from ..context import Ctx
from ..flow import Step, register
from .registry import event_kind


def refusal(c: Ctx, side: str, card: str) -> str | None:
    """Why this reinforcement card may not be played now (7.5.2a, 4.4.1, 4.5.1)."""
    plays = c.s["tc"]["reinforcements"][side]
    td = c.turn_def()
    if not td.reinforcements_allowed:
        return "4.4.1: no reinforcement plays on turn 1"
    if mobilization(c, side):
        if len(plays) >= td.soviet_reinforcement_plays:
            return "4.5.1: at most two reinforcement cards during Soviet Mobilization"
        if plays and c.round - 1 in plays:
            return "4.5.1: the two Mobilization reinforcement cards must be in non-consecutive rounds"
        return None
    if plays:
        return "7.5.2a: only one reinforcement card per turn"
    return None


def mobilization(c: Ctx, side: str) -> bool:
    """4.5.1: the turn the track gives the Soviets two reinforcement plays (turn 2) is the Mobilization."""
    return side == SOVIET and c.turn_def().soviet_reinforcement_plays > 1


def play(c: Ctx, side: str, card: str) -> None:
    cdef = c.d.cards[card]
    c.s["tc"]["reinforcements"][side].append(c.round)
    pending = []
    for entry in cdef.units:
        uid = entry.unit
        if c.s["units"][uid]["loc"] != POOL:
            continue  # already in play (e.g. recreated): nothing more arrives
        c.s["units"][uid]["lost"] = 1 if entry.reduced and len(c.udef(uid).steps) > 1 else 0
        pending.append(uid)
    if mobilization(c, side):
        ops = cdef.ops  # 4.5.1: OPS as usual, the consecutive count left where it was
        c.say(f"Soviet Mobilization: {cdef.name} also gives {ops} OPS (4.5.1).", kind="ops")
        ops_pool.start(c, side, ops)
    else:
        reset_consecutive(c, side, reinforcement_or_rp=True)
    if pending:
        flow.push(c, "place_reinforcements", side=side, card=card, units=pending)
        _drop_unplaceable(c, flow.top(c))


event_kind("reinforcement", refusal, play)


def _drop_unplaceable(c: Ctx, f: dict) -> None:
    dropped = True
    while dropped:  # a unit dropped may have been the only future exchange target of another (7.5.2c)
        dropped = False
        for uid in list(f["units"]):
            if not _options(c, uid) and not placement.target_pending(c, uid, f["units"]):
                f["units"].remove(uid)
                c.set_loc(uid, REMOVED)
                c.say(f"{c.unit_label(uid)} cannot be placed and is removed from the game (7.5.2b).", kind="reinforce")
                dropped = True
    if not f["units"]:
        flow.pop(c, "place_reinforcements")


def _options(c: Ctx, uid: str) -> list[dict]:
    if c.udef(uid).replaces:
        return [{"type": "place", "unit": uid, "replacing": other, "hex": c.loc(other),
                 "label": f"{c.unit_label(uid)} replaces {c.unit_label(other)} at {c.hex_label(c.loc(other))}"}
                for other in placement.replaceable_targets(c, uid)]
    return [{"type": "place", "unit": uid, "hex": h, "label": f"{c.unit_label(uid)} at {c.hex_label(h)}"}
            for h in placement.legal_hexes(c, uid)]


@register
class PlaceReinforcements(Step):
    kind = "place_reinforcements"

    def prompt(self, c, f, side):
        return f"Place the reinforcements of {c.d.cards[f['card']].name}"

    def actions(self, c, f, side):
        out = []
        for uid in f["units"]:
            out += _options(c, uid)
        return out

    def matchable(self, c, f, side, action):
        # Each option names its unit: only the action's own unit's can match it.
        uid = action.get("unit")
        return _options(c, uid) if isinstance(uid, str) and uid in f["units"] else []

    def refuse(self, c, f, side, action, legal):
        if action["type"] == "place" and action.get("unit") in f["units"]:
            return IllegalAction("7.5.2c: reinforcements arrive in their capital or in supplied friendly sources, "
                                 "cities, fortresses (Soviet: also towns) of their own country, within stacking limits.")
        return super().refuse(c, f, side, action, legal)

    def apply(self, c, f, side, a):
        uid = a["unit"]
        if "replacing" in a:
            old = a["replacing"]
            c.set_loc(old, REMOVED)
            c.say(f"{c.unit_label(old)} is withdrawn; {c.unit_label(uid)} takes its place (7.5.2c).", kind="reinforce")
        c.set_loc(uid, a["hex"])
        c.s["units"][uid]["supply"] = "full"
        if mobilization(c, side):
            c.s["rs"]["no_attack"].append(uid)
        c.s["rs"]["started"][uid] = a["hex"]
        f["units"].remove(uid)
        c.say(f"{c.unit_label(uid)} arrives at {c.hex_label(a['hex'])}.", kind="reinforce", unit=uid, hex=a["hex"])
        if f["units"]:
            _drop_unplaceable(c, f)
        else:
            flow.pop(c, self.kind)
