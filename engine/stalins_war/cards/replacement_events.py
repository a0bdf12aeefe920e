"""Events about replacement points (7.4.3): marked at once, spent in this turn's Replacement Phase.

- A22 Speer, A34 Totaler Krieg, A38 Volkssturm, A48 Ersatzheer; S15 Industrial
  Evacuation, S35 Tankograd: the RPs of the card's ``event_rp``.
- A25 Antonescu (only while the Axis holds Bucharest): 3 AX RPs for Romanian units only.
- A43 Margarethe (only while the Axis holds Buda): 3 AX RPs for Hungarian units only.
- A46 Scorched Earth: the Soviet RPs of this turn drop by 2 when the Soviet Replacement
  Segment begins (`replacements.begin_segment`).

None of them is an RP-card play, so none counts against 7.4.2-7.4.4; the Axis may play
one RP-giving event a turn (7.4.3; Scorched Earth gives none, so it is not limited).

Rulings:
- The tied AX RPs of Antonescu and Margarethe (``state["rp_only"]``) are spent before the
  free AX RPs on a unit of their nation and are lost with the others at the end of the
  Axis Replacement Segment (14.1.5).
- "Playable only if Bucharest / Buda is Axis-controlled" limits the play itself (the
  card's own text), so it stays a refusal (7.5.1b concerns effects only).
- Scorched Earth's "automatic RPs are reduced first" changes nothing in practice: all
  Soviet RPs are one pool by the time the segment begins.
"""
from __future__ import annotations

from ..constants import AXIS
from ..context import Ctx
from .registry import event, set_flag

TIED = {"A25": ("RO", "Bucharest"), "A43": ("HU", "Buda")}


def _rp_event_refusal(c: Ctx, side: str, card: str) -> str | None:
    if c.turn == 1:
        return "4.4.1: no replacement actions on turn 1"
    if side == AXIS and c.s["tc"]["rp_event"] >= 1:
        return "7.4.3: the Axis may play only one RP-giving event a turn"
    if card in TIED:
        capital = TIED[card][1]
        if c.controller(c.map.places[capital]) != AXIS:
            return f"{c.d.cards[card].name} may be played only while {capital} is Axis-controlled"
    return None


@event("A22", "A34", "A38", "A48", "S15", "S35", "A25", "A43", refusal=_rp_event_refusal)
def rp_event(c: Ctx, side: str, card: str) -> None:
    cd = c.d.cards[card]
    if side == AXIS:
        c.s["tc"]["rp_event"] += 1
    for flag in cd.flags_set:
        set_flag(c, flag)
    if card in TIED:
        nation = TIED[card][0]
        tied = c.s.setdefault("rp_only", {})
        tied[nation] = tied.get(nation, 0) + cd.event_rp["AX"] * 2
        c.say(f"{cd.name}: the Axis marks {cd.event_rp['AX']} AX RPs for {nation} units only.", kind="event", card=card)
        return
    for kind, amount in cd.event_rp.items():
        c.s["rp"][kind] += amount * 2
    got = ", ".join(f"{k} {v}" for k, v in cd.event_rp.items())
    c.say(f"{cd.name}: {side.capitalize()} marks {got} RPs.", kind="event", card=card)


@event("A46")
def scorched_earth(c: Ctx, side: str, card: str) -> None:
    set_flag(c, "scorched_earth", c.turn)
    c.say("Scorched Earth: the Soviets will have 2 RPs fewer in this turn's Replacement Phase.", kind="event",
          card=card)
