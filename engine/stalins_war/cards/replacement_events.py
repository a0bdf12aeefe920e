"""Events that give RPs (7.4.3): marked at once, spent in this turn's Replacement Phase.

A22 Speer, A34 Totaler Krieg, A38 Volkssturm, A48 Ersatzheer (the Axis may play one
such event a turn, 7.4.3); S15 Industrial Evacuation, S35 Tankograd. None is an
RP-card play, so none counts against 7.4.2-7.4.4. The RPs are each card's
``event_rp`` in data/stalins_war/cards.toml.
"""
from __future__ import annotations

from ..constants import AXIS
from ..context import Ctx
from .registry import event, set_flag


def _rp_event_refusal(c: Ctx, side: str, card: str) -> str | None:
    if c.turn == 1:
        return "4.4.1: no replacement actions on turn 1"
    if side == AXIS and c.s["tc"]["rp_event"] >= 1:
        return "7.4.3: the Axis may play only one RP-giving event a turn"
    return None


@event("A22", "A34", "A38", "A48", "S15", "S35", refusal=_rp_event_refusal)
def rp_event(c: Ctx, side: str, card: str) -> None:
    cd = c.d.cards[card]
    if side == AXIS:
        c.s["tc"]["rp_event"] += 1
    for flag in cd.flags_set:
        set_flag(c, flag)
    for kind, amount in cd.event_rp.items():
        c.s["rp"][kind] += amount * 2
    got = ", ".join(f"{k} {v}" for k, v in cd.event_rp.items())
    c.say(f"{cd.name}: {side.capitalize()} marks {got} RPs.", kind="event", card=card)
