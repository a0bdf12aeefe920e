"""Banked OPS (18.0): OPS a side holds for the rest of the turn.

The Axis gets 1 at the start of its first round from turn 2 until Hitler Takes
Command (18.2). The Soviets, from the turn after Lend-Lease and only while Stalin
is in Moscow, get 2 for Archangel and 1 for Astrakhan at the start of each turn
(18.3; Convoy PQ-17 cancels Archangel's for a turn). Stavka gives 3 at once (18.3.4).
Whatever is left is lost in the End of Turn phase (18.1.2).
"""
from __future__ import annotations

from .constants import AXIS, SOVIET
from .context import Ctx


def axis_round_one(c: Ctx) -> None:
    if c.turn >= 2 and not c.flag("hitler_takes_command"):
        c.s["banked"][AXIS] += 1
        c.say("The Axis banks 1 OPS (18.2.1).", kind="banked")


def stalin_in_moscow(c: Ctx) -> bool:
    stalin = next((u for u in c.s["units"] if c.udef(u).kind == "stalin"), None)
    return stalin is not None and c.loc(stalin) == c.map.places["Moscow"]


def soviet_turn_start(c: Ctx) -> None:
    played = c.s["flags"]["lend_lease"]
    if not played or played >= c.turn or not stalin_in_moscow(c):
        return
    gained = 0
    control = c.s["control"]
    if control.get(c.map.places["Archangel"]) == SOVIET and c.s["flags"]["convoy_pq17"] != c.turn:
        gained += 2
    if control.get(c.map.places["Astrakhan"]) == SOVIET:
        gained += 1
    if gained:
        c.s["banked"][SOVIET] += gained
        c.s["tc"]["lend_lease_banked"] = True
        c.say(f"Lend-Lease: the Soviets bank {gained} OPS (18.3.3).", kind="banked")


def lose_all(c: Ctx) -> None:
    for side in (AXIS, SOVIET):
        c.s["banked"][side] = 0
