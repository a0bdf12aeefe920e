"""The Strategy Card piles of each side: draw pile, hand, discards, removed cards (7.1, 7.6).

State: ``state["cards"][side]`` holds lists of card ids: ``hand``, ``draw`` (top is
index 0), ``discard``, ``removed`` (out of the game), ``total_war`` (the Total War
cards not yet added, 7.1.2), ``played`` (cards on the table this round), ``set_aside`` (Soviet 1–6 before their automatic draw,
4.3.1), ``face_up`` (won combat cards kept in front of the player, 7.5.5b).
"""
from __future__ import annotations

from .constants import AXIS, SOVIET
from .context import Ctx

PILES = ("hand", "played", "draw", "discard", "removed", "total_war", "set_aside", "face_up")


def piles(c: Ctx, side: str) -> dict[str, list[str]]:
    return c.s["cards"][side]


def hand(c: Ctx, side: str) -> list[str]:
    return c.s["cards"][side]["hand"]


def where(c: Ctx, side: str, card: str) -> str | None:
    for name, cards in c.s["cards"][side].items():
        if card in cards:
            return name
    return None


def move(c: Ctx, side: str, card: str, to: str) -> None:
    src = where(c, side, card)
    if src is not None:
        c.s["cards"][side][src].remove(card)
    c.s["cards"][side][to].append(card)


def draw_one(c: Ctx, side: str) -> str | None:
    """Take the top card of the draw pile, reshuffling the discards if it is empty (7.6.3).

    A test may force the next draws (``state["forced"]["draws"][side]``): a forced card
    is taken from wherever it waits in the draw pile or discards.
    """
    p = c.s["cards"][side]
    forced = c.s["forced"]["draws"].get(side) or []
    while forced:
        card = forced.pop(0)
        for pile in ("draw", "discard", "total_war", "set_aside"):
            if card in p[pile]:
                p[pile].remove(card)
                p["hand"].append(card)
                c.reveal("draw", "a card was drawn")
                return card
    if not p["draw"]:
        if not p["discard"]:
            return None
        p["draw"] = p["discard"]
        p["discard"] = []
        c.rng("the discards were shuffled").shuffle(p["draw"])
        c.say(f"The {side.capitalize()} discards are shuffled into a new draw pile.", kind="reshuffle")
    card = p["draw"].pop(0)
    p["hand"].append(card)
    c.reveal("draw", "a card was drawn")
    return card


def draw_to(c: Ctx, side: str, size: int) -> list[str]:
    drawn = []
    while len(hand(c, side)) < size:
        card = draw_one(c, side)
        if card is None:
            break
        drawn.append(card)
    if drawn:
        c.say(f"{side.capitalize()} draws {len(drawn)} card{'s' if len(drawn) != 1 else ''}.", kind="draw")
        c.say(f"You drew: {card_names(c, drawn)}.", to=side, kind="draw", cards=drawn)
    return drawn


def card_names(c: Ctx, cards: list[str]) -> str:
    return ", ".join(f"{c.d.cards[x].name} ({x})" for x in cards)


def card(c: Ctx, cid: str):
    return c.d.cards[cid]


def starred_removed(c: Ctx, side: str) -> int:
    return c.s["stats"]["starred_events"][side]


def remove_after_event(c: Ctx, side: str, cid: str) -> None:
    """A starred card played as an event or combat card leaves the game (2.3.3, 7.5.1c)."""
    move(c, side, cid, "removed")
    c.s["stats"]["starred_events"][side] += 1


TOTAL_WAR_ONE_SIDE = 12  # 7.6.4: starred cards removed by one side ...
TOTAL_WAR_BOTH = 20      # ... or by both together


def total_war_first_turn(c: Ctx) -> int:
    """The first turn the track marks ``total_war_possible`` (7.6.4: turn 6)."""
    return next(td.number for td in c.scenario.turns if td.total_war_possible)


def total_war_due(c: Ctx) -> bool:
    """7.6.4: from turn 6 (the track's ``total_war_possible``), 12 starred cards removed by one side or 20
    by both trigger Total War. Starred combat cards removed after use count: they are events (3.0)."""
    if c.flag("total_war") or not c.turn_def().total_war_possible:
        return False
    a, s = starred_removed(c, AXIS), starred_removed(c, SOVIET)
    return a >= TOTAL_WAR_ONE_SIDE or s >= TOTAL_WAR_ONE_SIDE or a + s >= TOTAL_WAR_BOTH


def start_total_war(c: Ctx) -> None:
    """Each side shuffles its Total War cards, discards and undrawn cards into one draw pile."""
    c.s["flags"]["total_war"] = True
    for side in (AXIS, SOVIET):
        p = c.s["cards"][side]
        p["draw"] = p["draw"] + p["discard"] + p["total_war"]
        p["discard"], p["total_war"] = [], []
        c.rng("the draw piles were shuffled").shuffle(p["draw"])
    c.say("Total War begins: both sides shuffle their Total War cards into their draw piles.", kind="total_war")
