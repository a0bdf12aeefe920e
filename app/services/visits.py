"""Where each user last looked at a game, for "since your last visit" on the game page.

The page tells the server the seq it has shown (`PUT /api/games/{id}/seen`); the next time
the page is opened it lists what the other side did after that seq, in brief.
"""
from __future__ import annotations

from typing import Any

from sqlalchemy import and_, func, or_, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from app.errors import ApiError
from app.models import Game, GameAction, GameLogEntry, GameVisit, User

MAX_ENTRIES = 40  # a brief: the newest entries, the count of the others


def mark_seen(db: Session, game: Game, user: User, seq: int) -> int:
    """Record that `user` has seen `game` up to `seq` (never moving back); the stored seq."""
    if seq > game.seq:
        raise ApiError(422, "malformed", f"seq {seq} is past the game's current seq ({game.seq}).")
    stmt = insert(GameVisit).values(game_id=game.id, user_id=user.id, seen_seq=seq)
    stmt = stmt.on_conflict_do_update(
        index_elements=[GameVisit.game_id, GameVisit.user_id],
        set_={"seen_seq": func.greatest(GameVisit.seen_seq, stmt.excluded.seen_seq), "seen_at": func.now()},
    ).returning(GameVisit.seen_seq)
    return db.execute(stmt).scalar_one()


def since_last_visit(db: Session, game: Game, user: User | None) -> dict[str, Any] | None:
    """What the other side did since `user` last saw this game: None on a first visit or when
    nothing happened; else {"from_seq", "to_seq", "entries": [{"seq", "text"}], "more"}."""
    if user is None or game.status == "open":
        return None
    seat = game.seat_of(user.id)
    visit = db.get(GameVisit, (game.id, user.id))
    if visit is None or visit.seen_seq >= game.seq:
        return None
    visible = GameLogEntry.to_side.is_(None) if seat is None else or_(GameLogEntry.to_side.is_(None),
                                                                       GameLogEntry.to_side == seat)
    query = (select(GameLogEntry.seq, GameLogEntry.text, GameAction.side)
             .join(GameAction, and_(GameAction.game_id == GameLogEntry.game_id, GameAction.seq == GameLogEntry.seq),
                   isouter=True)
             .where(GameLogEntry.game_id == game.id, GameLogEntry.seq > visit.seen_seq, visible)
             .order_by(GameLogEntry.id))
    # the other side's actions and what the rules did on their own (no action: the game's start)
    rows = [r for r in db.execute(query) if seat is None or r.side != seat]
    if not rows:
        return None
    shown = rows[-MAX_ENTRIES:]
    return {"from_seq": visit.seen_seq, "to_seq": game.seq, "more": len(rows) - len(shown),
            "entries": [{"seq": r.seq, "text": r.text} for r in shown]}
