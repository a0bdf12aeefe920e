"""What an action showed the side that took it: the ground for taking actions back (undo).

An action may be taken back only if it brought nothing new to light for its side.
The rules modules say so where it happens (`Ctx.roll`, `Ctx.rng`, `decks.draw_one`
call `Ctx.reveal`); `hidden_changes` is the safety net behind them: it compares every
part of the state that the side's view hides (the random generator, forced test
results, the draw piles, the opponent's hand) before and after the action, so a
rule that forgot to say so still cannot make an undo leak or rewind luck.
"""
from __future__ import annotations

from .constants import SIDES, enemy


def hidden_changes(before: dict, after: dict, side: str) -> list[dict]:
    """The changes to what `side` cannot see, as reasons in the shape of `Game.revealed`."""
    out = []
    if before["rng"] != after["rng"] or before["forced"] != after["forced"]:
        out.append({"kind": "random", "text": "a random result was drawn"})
    for owner in SIDES:
        left = set(before["cards"][owner]["draw"]) - set(after["cards"][owner]["draw"])
        if left:
            out.append({"kind": "draw", "text": "a card was drawn" if owner == side
                        else "a card left the opponent's draw pile"})
    other = enemy(side)
    if set(before["cards"][other]["hand"]) - set(after["cards"][other]["hand"]):
        out.append({"kind": "hidden", "text": "a card left the opponent's hand"})
    return out


def merge(told: list[dict], found: list[dict]) -> list[dict]:
    """The reasons the rules gave, plus those only the comparison found (one per kind)."""
    kinds = {r["kind"] for r in told}
    if "random" in {r["kind"] for r in found} and kinds & {"die", "hidden"}:
        kinds.add("random")  # a die roll or a hidden counter is itself a random result
    return told + [r for r in found if r["kind"] not in kinds]
