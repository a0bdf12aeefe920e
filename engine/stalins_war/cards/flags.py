"""Events that change the game for good by turning on a flag, some with OPS for the round.

- A12 Taifun, A14 Nordlicht, A15 Blau: lift the 11.1.9 attack restrictions; OPS.
- A16 Hitler Takes Command: no more Axis banked OPS (18.2.2); ends the VP drop of
  Spring and Summer turns (read in `end_turn`).
- A19 Winter Uniforms: no Winter 1942 penalties (15.1.2, read by the combat modules).
- S11 Lend-Lease: banked OPS through Archangel and Astrakhan from next turn (18.3.2).
- S43 Studebakers: exploiting Soviet units go one hex farther (12.2.2).

The flags each card turns on are its ``flags_set`` in data/stalins_war/cards.toml.
"""
from __future__ import annotations

from ..context import Ctx
from .registry import event, grant_ops, say_text, set_flag


@event("A12", "A14", "A15", "A16", "A19", "S11", "S43")
def flag_and_ops(c: Ctx, side: str, card: str) -> None:
    cd = c.d.cards[card]
    for flag in cd.flags_set:
        set_flag(c, flag)
    say_text(c, card)
    if cd.grants_ops:
        grant_ops(c, side, cd.grants_ops)
