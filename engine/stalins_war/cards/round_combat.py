"""Events whose effect is OPS for the round plus a change to that round's combats or exploitation.

Their combat effects are read by the combat modules from the round's plays
(``rs["played"]``, see `combat_cards.ROUND_EVENT_SHIFTS`, `fire`, `exploitation`); playing
one only has to grant its OPS (none in Rasputitsa, `registry.grant_ops`).

- A1 Brandenburgers, A4 Kesselschlacht, A30 Zitadelle, A47 Frühlingserwachen,
  A49 Wintergewitter, S28 Operation Little Saturn, S33 Operation Kutuzov,
  S46 Deep Operations, S53 Jassy-Kishinev, S54 Vistula-Oder: OPS, and the round's
  combats or exploitation change as the card says.
- S9 Zhukov: for the rest of the turn one Soviet attack a round may combine two hexes
  without armour (`declare.zhukov_available`); 2 OPS. In a Rasputitsa round it does nothing.
- A33 Backhand Blow: playable only right after a Soviet round in which Soviet units
  advanced after combat or exploited (`stats.after_combat_moves`).
"""
from __future__ import annotations

from ..consecutive import rasputitsa
from ..constants import SOVIET
from ..context import Ctx
from .registry import event, grant_ops, say_text, set_flag

ROUND_EVENTS = ("A1", "A4", "A30", "A47", "A49", "S28", "S33", "S46", "S53", "S54")


@event(*ROUND_EVENTS)
def ops_for_the_round(c: Ctx, side: str, card: str) -> None:
    say_text(c, card)
    grant_ops(c, side, c.d.cards[card].grants_ops)


@event("S9")
def zhukov(c: Ctx, side: str, card: str) -> None:
    if rasputitsa(c):
        c.say("Zhukov has no effect in a Rasputitsa round (15.1.1).", kind="event", card=card)
        return
    set_flag(c, "zhukov")
    ops_for_the_round(c, side, card)


def previous_soviet_round(c: Ctx) -> tuple[int, int]:
    """The Soviet action round just before this Axis one."""
    if c.round > 1:
        return c.turn, c.round - 1
    last = 1 if c.turn - 1 == 1 else 5
    return c.turn - 1, last


def _backhand_refusal(c: Ctx, side: str, card: str) -> str | None:
    rec = c.s["stats"].get("after_combat_moves", {}).get(SOVIET)
    if not rec or (rec.get("turn"), rec.get("round")) != previous_soviet_round(c) or not rec.get("units"):
        return "Backhand Blow: no Soviet unit advanced after combat or exploited in the Soviet round just before"
    return None


@event("A33", refusal=_backhand_refusal)
def backhand_blow(c: Ctx, side: str, card: str) -> None:
    ops_for_the_round(c, side, card)
