"""Events whose effect is OPS for the round plus a change to that round's combats or exploitation.

Their combat effects are read by the combat modules from the round's plays
(``rs["played"]``, see `combat_cards.ROUND_EVENT_SHIFTS`, `fire`, `exploitation`); playing
one only has to grant its OPS (none in Rasputitsa, `events.grant_ops`).

- Zhukov (S9): for the rest of the turn one Soviet attack a round may combine two hexes
  without armour (`declare.zhukov_available`); 2 OPS. In a Rasputitsa round it does nothing.
- Backhand Blow (A33): playable only right after a Soviet round in which Soviet units
  advanced after combat or exploited (`stats.after_combat_moves`).

Registered only when no other module has registered the key first.
"""
from __future__ import annotations

from . import rounds
from .constants import SOVIET
from .context import Ctx
from .events import HANDLERS, event, grant_ops, set_flag

ROUND_EVENTS = ("brandenburgers", "kesselschlacht", "zitadelle", "fruhlingserwachen", "wintergewitter",
                "operation_little_saturn", "operation_kutuzov", "jassy_kishinev", "deep_operations",
                "vistula_oder")


def _ops(c: Ctx, side: str, card: str) -> None:
    cd = c.d.cards[card]
    c.say(f"{cd.name}: {cd.text}", kind="event", card=card)
    grant_ops(c, side, cd.grants_ops)


for _key in ROUND_EVENTS:
    if _key not in HANDLERS:
        event(_key)(_ops)


def zhukov(c: Ctx, side: str, card: str) -> None:
    if rounds.rasputitsa(c):
        c.say("Zhukov has no effect in a Rasputitsa round (15.1.1).", kind="event", card=card)
        return
    set_flag(c, "zhukov")
    _ops(c, side, card)


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


if "zhukov" not in HANDLERS:
    event("zhukov")(zhukov)
if "backhand_blow" not in HANDLERS:
    event("backhand_blow", _backhand_refusal)(_ops)
