"""Ratings: Glicko-2 (app/glicko2.py) per player, overall and per side, updated when a rated game ends.

Each finished game is one rating period for its two players. Three pools: `overall` (every
rated game), `axis` and `soviet` (the games played as that side; the Axis player's Axis
rating meets the Soviet player's Soviet rating). Rated: a game that ended with a winner
between two different human players, created rated. Never rated: games against a bot
(`users.is_bot`), analysis games and imported records, aborted or cancelled games.
The update runs in the transaction that ends the game, once (`games.rated_at`).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from app import glicko2
from app.models import RATING_POOLS, Game, Rating, RatingChange, User

SIDES = ("axis", "soviet")


def now() -> datetime:
    return datetime.now(UTC)


def unrated_reason(game: Game, axis: User | None, soviet: User | None) -> str | None:
    """Why this game does not count for the ratings (None: it counts)."""
    if game.status != "finished" or game.winner not in SIDES:
        return "the game did not end with a winner"
    if game.is_analysis or game.imported_from is not None:
        return "analysis games are unrated"
    if not game.rated:
        return "the game was created unrated"
    if axis is None or soviet is None or axis.id == soviet.id:
        return "it needs two different players"
    if getattr(axis, "is_bot", False) or getattr(soviet, "is_bot", False):
        return "games against a bot are unrated"
    return None


def _locked(db: Session, user_ids: list[int]) -> dict[tuple[int, str], Rating]:
    """The rating rows of these users in every pool, created at the defaults if missing, locked in id order."""
    fresh = [{"user_id": uid, "pool": pool, "rating": glicko2.DEFAULT_RATING, "rd": glicko2.DEFAULT_RD,
              "volatility": glicko2.DEFAULT_VOLATILITY} for uid in user_ids for pool in RATING_POOLS]
    db.execute(insert(Rating).values(fresh).on_conflict_do_nothing(index_elements=["user_id", "pool"]))
    rows = db.scalars(select(Rating).where(Rating.user_id.in_(user_ids))
                      .order_by(Rating.user_id, Rating.pool).with_for_update())
    return {(r.user_id, r.pool): r for r in rows}


def _as_glicko(row: Rating) -> glicko2.Rating:
    return glicko2.Rating(row.rating, row.rd, row.volatility)


def on_game_end(db: Session, game: Game) -> bool:
    """Update both players' ratings for a game that just ended, if it is rated. Returns whether it was."""
    if game.rated_at is not None:
        return False
    axis = db.get(User, game.axis_user_id) if game.axis_user_id else None
    soviet = db.get(User, game.soviet_user_id) if game.soviet_user_id else None
    if unrated_reason(game, axis, soviet) is not None:
        return False
    rows = _locked(db, sorted({axis.id, soviet.id}))
    seat = {"axis": axis.id, "soviet": soviet.id}
    t = now()
    # Every new rating is computed from the ratings before this game, then all are written.
    updates = []
    for side in SIDES:
        enemy = "soviet" if side == "axis" else "axis"
        score = 1.0 if game.winner == side else 0.0
        for pool, enemy_pool in (("overall", "overall"), (side, enemy)):
            mine, theirs = rows[(seat[side], pool)], rows[(seat[enemy], enemy_pool)]
            after = glicko2.update(_as_glicko(mine), [glicko2.Result(_as_glicko(theirs), score)])
            updates.append((mine, after, side, score, seat[enemy]))
    for row, after, side, score, enemy_id in updates:
        db.add(RatingChange(user_id=row.user_id, pool=row.pool, game_id=game.id, opponent_id=enemy_id, side=side,
                            score=score, rating_before=row.rating, rd_before=row.rd, rating_after=after.rating,
                            rd_after=after.rd, volatility_after=after.volatility))
        row.rating, row.rd, row.volatility = after.rating, after.rd, after.volatility
        row.games += 1
        row.wins += int(score == 1.0)
        row.losses += int(score == 0.0)
        row.updated_at = t
    game.rated_at = t
    return True


# --- reading ---------------------------------------------------------------------------------------


@dataclass
class Standing:
    rank: int
    user_id: int
    username: str
    rating: float
    rd: float
    games: int
    wins: int
    losses: int


def leaderboard(db: Session, pool: str = "overall", *, limit: int = 100, offset: int = 0) -> list[Standing]:
    stmt = (select(Rating, User.username).join(User, User.id == Rating.user_id)
            .where(Rating.pool == pool, Rating.games > 0, User.banned_at.is_(None))
            .order_by(Rating.rating.desc(), Rating.rd, User.id).limit(limit).offset(offset))
    return [Standing(offset + i, r.user_id, name, r.rating, r.rd, r.games, r.wins, r.losses)
            for i, (r, name) in enumerate(db.execute(stmt).all(), start=1)]


def of_user(db: Session, user_id: int) -> dict[str, Rating | None]:
    rows = {r.pool: r for r in db.scalars(select(Rating).where(Rating.user_id == user_id))}
    return {pool: rows.get(pool) for pool in RATING_POOLS}


@dataclass
class Change:
    """One rating change as `viewer` may read it: a private game they may not see stays anonymous
    (no game id, no opponent), as its existence is not confirmed to outsiders."""

    row: RatingChange
    game_id: int | None
    opponent: str | None


def history(db: Session, user_id: int, viewer: User | None, pool: str | None = None, *,
            limit: int = 200) -> list[Change]:
    """The user's rating changes, newest first."""
    opponent = select(User.username).where(User.id == RatingChange.opponent_id).scalar_subquery()
    stmt = (select(RatingChange, opponent, Game.is_private, Game.axis_user_id, Game.soviet_user_id)
            .join(Game, Game.id == RatingChange.game_id).where(RatingChange.user_id == user_id))
    if pool is not None:
        stmt = stmt.where(RatingChange.pool == pool)
    out = []
    for c, name, private, axis_id, soviet_id in db.execute(stmt.order_by(RatingChange.id.desc()).limit(limit)):
        visible = not private or (viewer is not None and (viewer.is_admin or viewer.id in (axis_id, soviet_id)))
        out.append(Change(c, c.game_id if visible else None, (name or "?") if visible else None))
    return out


def rank_of(db: Session, user_id: int, pool: str = "overall") -> int | None:
    mine = db.scalar(select(Rating).where(Rating.user_id == user_id, Rating.pool == pool))
    if mine is None or mine.games == 0:
        return None
    above = db.scalar(select(func.count()).select_from(Rating).join(User, User.id == Rating.user_id)
                      .where(Rating.pool == pool, Rating.games > 0, User.banned_at.is_(None),
                             Rating.rating > mine.rating))
    return (above or 0) + 1


def rating_out(row: Rating | None) -> dict[str, Any] | None:
    if row is None or row.games == 0:
        return None
    return {"rating": round(row.rating, 2), "rd": round(row.rd, 2), "volatility": round(row.volatility, 6),
            "games": row.games, "wins": row.wins, "losses": row.losses}
