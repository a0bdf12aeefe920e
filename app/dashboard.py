"""The dashboard: a signed-in player's games, sorted the way a correspondence player works through them.

1. your move — games where a side you hold must act, the nearest deadline first;
2. waiting for the opponent;
3. open invitations — your games waiting for an opponent, then others' public ones you may join;
4. recently finished.

The lobby page renders it; `/ws/lobby` re-renders the same sections and pushes them when
one of the player's games changes, so the page (and the count in its tab title) stays live.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from app.models import Game, User
from app.schemas import GameOut
from app.services import games as lobby
from app.services import notices

MY_LIMIT = 200
FINISHED_LIMIT = 10
OPEN_LIMIT = 50
PUBLIC_LIMIT = 30
PUBLIC_FINISHED_LIMIT = 15


@dataclass
class Dashboard:
    your_move: list[GameOut] = field(default_factory=list)
    waiting: list[GameOut] = field(default_factory=list)
    my_open: list[GameOut] = field(default_factory=list)
    others_open: list[GameOut] = field(default_factory=list)
    finished: list[GameOut] = field(default_factory=list)
    analysis: list[GameOut] = field(default_factory=list)
    public_active: list[GameOut] = field(default_factory=list)
    public_finished: list[GameOut] = field(default_factory=list)
    unread: int = 0

    @property
    def count(self) -> int:
        """The number in the tab title: games where it is your move."""
        return len(self.your_move)


def _deadline_key(game: GameOut) -> tuple[int, str]:
    due = [d for s, d in ((game.clock or {}).get("deadline") or {}).items() if d and s == game.your_side]
    return (0, min(due)) if due else (1, game.updated_at.isoformat() if game.updated_at else "")


def build(db: Session, user: User | None, base_url: str = "") -> Dashboard:
    board = Dashboard()
    public_open = lobby.list_games(db, status="open", limit=OPEN_LIMIT)
    public_active = lobby.list_games(db, status="active", limit=PUBLIC_LIMIT)
    public_finished = lobby.list_games(db, status="finished", limit=PUBLIC_FINISHED_LIMIT)
    shared = lobby.players(db, public_open + public_active + public_finished)
    board.public_active = [lobby.game_out(g, shared, user, base_url) for g in public_active]
    board.public_finished = [lobby.game_out(g, shared, user, base_url) for g in public_finished]
    if user is None:
        board.others_open = [lobby.game_out(g, shared, None, base_url) for g in public_open]
        return board
    mine = list(db.scalars(
        select(Game).where(or_(Game.axis_user_id == user.id, Game.soviet_user_id == user.id),
                           Game.status.in_(("open", "active")))
        .order_by(Game.updated_at.desc(), Game.id.desc()).limit(MY_LIMIT)))
    finished = list(db.scalars(
        select(Game).where(or_(Game.axis_user_id == user.id, Game.soviet_user_id == user.id),
                           Game.status.in_(("finished", "aborted")), Game.started_at.is_not(None))
        .order_by(Game.finished_at.desc().nulls_last(), Game.id.desc()).limit(FINISHED_LIMIT)))
    people = lobby.players(db, mine + finished + public_open)
    for game in mine:
        out = lobby.game_out(game, people, user, base_url)
        if game.is_analysis:
            board.analysis.append(out)  # one player, both sides: never "your move" in the count
        elif game.status == "open":
            board.my_open.append(out)
        elif any(side in game.active_sides and game.player_id(side) == user.id for side in ("axis", "soviet")):
            board.your_move.append(out)
        else:
            board.waiting.append(out)
    board.your_move.sort(key=_deadline_key)
    board.others_open = [lobby.game_out(g, people, user, base_url) for g in public_open
                         if g.seat_of(user.id) is None]
    board.finished = [lobby.game_out(g, people, user, base_url) for g in finished]
    board.unread = notices.unread_count(db, user)
    return board


def as_message(board: Dashboard, html: dict[str, str]) -> dict[str, Any]:
    return {"type": "dashboard", "count": board.count, "unread": board.unread, "sections": html}


def your_move_count(db: Session, user: User) -> int:
    """How many games (analysis boards aside) wait for `user` to act: the header badge and tab titles."""
    count = 0
    for game in db.scalars(select(Game).where(or_(Game.axis_user_id == user.id, Game.soviet_user_id == user.id),
                                              Game.status == "active", Game.is_analysis.is_(False))):
        if any(game.player_id(side) == user.id for side in game.active_sides):
            count += 1
    return count
