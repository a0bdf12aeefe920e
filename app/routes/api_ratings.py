"""Ratings over JSON: the leaderboard and a player's ratings with their history."""
from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Query
from sqlalchemy import func, select

from app.deps import DB, CallerDep
from app.errors import ApiError, responses
from app.inputs import INT64_MAX, check_text
from app.models import User
from app.schemas import LeaderboardOut, PlayerRatingsOut, RatingChangeOut, StandingOut
from app.services import ratings

router = APIRouter(prefix="/api", tags=["ratings"])
Pool = Literal["overall", "axis", "soviet"]


def find_player(db, username: str) -> User:
    check_text(username, "The username")
    user = db.scalar(select(User).where(func.lower(User.username) == username.strip().lower())) \
        if 0 < len(username) <= 64 else None
    if user is None or user.is_banned:
        raise ApiError(404, "not_found", "No such player.")
    return user


@router.get("/ratings", response_model=LeaderboardOut, summary="The leaderboard: Glicko-2 ratings, highest first")
def leaderboard(db: DB, pool: Pool = "overall", limit: int = Query(100, ge=1, le=500),
                offset: int = Query(0, ge=0, le=INT64_MAX)) -> LeaderboardOut:
    return LeaderboardOut(pool=pool, players=[StandingOut(**vars(s)) for s in
                                              ratings.leaderboard(db, pool, limit=limit, offset=offset)])


@router.get("/players/{username}", response_model=PlayerRatingsOut, responses=responses(404),
            summary="A player's ratings (overall, as Axis, as Soviet) and their history, newest first")
def player(username: str, db: DB, caller: CallerDep, limit: int = Query(200, ge=1, le=1000)) -> PlayerRatingsOut:
    user = find_player(db, username)
    return PlayerRatingsOut(
        id=user.id, username=user.username, rank=ratings.rank_of(db, user.id),
        ratings={pool: ratings.rating_out(row) for pool, row in ratings.of_user(db, user.id).items()},
        history=[change_out(c) for c in ratings.history(db, user.id, caller.user, limit=limit)])


def change_out(change: ratings.Change) -> RatingChangeOut:
    c = change.row
    return RatingChangeOut(game_id=change.game_id, pool=c.pool, side=c.side, opponent=change.opponent, score=c.score,
                           rating_before=round(c.rating_before, 1), rating_after=round(c.rating_after, 1),
                           rd_after=round(c.rd_after, 1), at=c.created_at)
