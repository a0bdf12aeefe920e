"""Bidding for sides (21.0) in the lobby: sealed bids of automatic RPs decide who plays the side both want.

The creator names the side they want and a sealed bid: the automatic RPs they would give the
other side to play it. They sit in that seat for now, and the lobby shows "sides by bidding".
The joiner names a side and a sealed bid too. If they want the other side, each plays the side
they wanted and no bid is applied (the sealed amounts are never shown). If both want the same
side, the higher bid takes it; equal bids are settled by a coin flip, and both are told how it
fell. The winner's own bid is what the other side receives: the engine's `bid` option
(`{"side", "rp"}`, engine/README.md) applies it from turn 2 as 21.0 says.

The creator's bid is kept in `games.sealed_bid`, which no view, list or export ever reads; once
opened it is cleared and `games.bid_result` holds what both players may know.
"""
from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy.orm import Session

from app.errors import ApiError
from app.models import Game, User
from app.rules import SIDES

RULE = "21.0"
MAX_BID = 30  # more automatic RPs than a whole game's worth is no longer a bid
OPEN = {"open": True, "rule": RULE}
PLAY = {"axis": "the Axis", "soviet": "the Soviets"}


def other(side: str) -> str:
    return "soviet" if side == "axis" else "axis"


def check_bid(side: Any, rp: Any) -> tuple[str, int]:
    if side not in SIDES:
        raise ApiError(422, "malformed", "When bidding for sides (21.0), say which side you want: axis or soviet.")
    if not isinstance(rp, int) or isinstance(rp, bool) or not 0 <= rp <= MAX_BID:
        raise ApiError(422, "malformed", f"A bid is a whole number of automatic RPs from 0 to {MAX_BID}.")
    return side, rp


def open_bidding(game: Game, side: str, rp: int) -> None:
    """At creation: the creator's sealed bid for `side` (they sit there until the bids are opened)."""
    game.sealed_bid = {"side": side, "rp": rp}
    game.bid_result = dict(OPEN)


def is_open(game: Game) -> bool:
    return bool(game.bid_result and game.bid_result.get("open"))


def settle(db: Session, game: Game, joiner: User, side: Any, rp: Any, *, coin: int | None = None) -> dict[str, Any]:
    """Open the bids when `joiner` arrives: seat both players and set the engine's `bid` option.
    `coin` (0: the creator, 1: the joiner) is for tests; otherwise the flip is random."""
    side, rp = check_bid(side, rp)
    sealed = game.sealed_bid or {}
    creator = db.get(User, game.created_by_id)
    mine_side, mine_rp = sealed.get("side"), sealed.get("rp")
    if mine_side not in SIDES or not isinstance(mine_rp, int):
        raise ApiError(500, "internal_error", "This game's sealed bid is missing; nothing was changed.")
    result: dict[str, Any] = {"open": False, "rule": RULE, "contested": side == mine_side, "tie": False,
                              "coin": None}
    if side != mine_side:
        seats = {mine_side: creator.id, side: joiner.id}
        result.update(bids=[{"user": creator.username, "side": mine_side}, {"user": joiner.username, "side": side}],
                      winner=None, side=None, rp=0,
                      text=f"Bidding ({RULE}): {creator.username} wanted to play {PLAY[mine_side]}, "
                           f"{joiner.username} {PLAY[side]}: no contest, each plays the side they wanted and no "
                           "bid applies.")
    else:
        if mine_rp == rp:
            flip = secrets.randbelow(2) if coin is None else coin
            winner, loser = (creator, joiner) if flip == 0 else (joiner, creator)
            result.update(tie=True, coin=winner.username)
        else:
            winner, loser = (creator, joiner) if mine_rp > rp else (joiner, creator)
        win_rp = mine_rp if winner is creator else rp
        seats = {side: winner.id, other(side): loser.id}
        tail = (f"{PLAY[other(side)]} receive {win_rp} automatic RP{'s' if win_rp != 1 else ''} from turn 2"
                if win_rp else "no RPs change hands")
        how = f"equal bids: the coin gave it to {winner.username}" if result["tie"] else f"{winner.username} bid more"
        result.update(bids=[{"user": creator.username, "side": mine_side, "rp": mine_rp},
                            {"user": joiner.username, "side": side, "rp": rp}],
                      winner=winner.username, side=side, rp=win_rp,
                      text=f"Bidding ({RULE}): both wanted to play {PLAY[side]}; {creator.username} bid {mine_rp} "
                           f"RP, {joiner.username} bid {rp} RP — {how}. {winner.username} plays {PLAY[side]}; "
                           f"{tail}.")
        if win_rp:
            game.options = {**(game.options or {}), "bid": {"side": side, "rp": win_rp}}
    game.axis_user_id, game.soviet_user_id = seats["axis"], seats["soviet"]
    game.sealed_bid = None
    game.bid_result = result
    return result
