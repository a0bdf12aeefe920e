"""The rest of a turn's action rounds: what the cards left in hand can still give.

7.3.2 makes the order of a turn's plays matter: each card played for OPS in a row gives one OPS
fewer than the last, an event, RP play or passing round resets the count, and a 0-OPS round that
moves keeps it (7.2.6). A card worth playing now may leave the next three rounds with nothing;
a round spent passing may give the next two their full OPS. `rest_of_turn` plans the remaining
rounds exactly (a hand holds a handful of cards and a turn five rounds) and returns what the
best plan is worth, so a bot weighs each play now by what it leaves for later.
"""
from __future__ import annotations

from functools import lru_cache


def rest_of_turn(count: int, ops: tuple[tuple[int, float], ...], mud: tuple[bool, ...], *, moving: float, carry: float) -> float:
    """The worth of the best plan for the rounds still to come this turn.

    `count` is the consecutive OPS count (7.3.2); `ops` a pair (printed OPS, cost) for each card
    that may be played for OPS, the cost being what a card kept for other uses gives up; `mud` one flag for each round to come, true for a Rasputitsa round (15.1.1: no
    OPS play, no move without one, no reset). A round is worth the OPS it gives plus `moving` if
    the units may move in it; the count left at the turn's end costs `carry` a point, since the
    next turn's first card loses as much (the count carries over, 7.3.2)."""
    cards = tuple(sorted(ops, key=lambda c: (-c[0], c[1])))
    return _plan(count, cards, tuple(mud), moving, carry)


@lru_cache(maxsize=65536)
def _plan(count: int, ops: tuple[tuple[int, float], ...], mud: tuple[bool, ...], moving: float,
          carry: float) -> float:
    if not mud:
        return -carry * min(count, 3)
    rest = mud[1:]
    if mud[0]:
        return _plan(count, ops, rest, moving, carry)  # 15.1.1: the round passes as it is
    best = max(_plan(0, ops, rest, moving, carry),  # a passing round resets the count
               moving + _plan(count, ops, rest, moving, carry))  # a 0-OPS round that moves keeps it
    for i, (value, cost) in enumerate(ops):
        if i and (value, cost) == ops[i - 1]:
            continue  # another card of the same worth plans the same
        left = ops[:i] + ops[i + 1:]
        gain = max(0, value - count) - cost + moving
        best = max(best, gain + _plan(count + 1, left, rest, moving, carry))
    return best
