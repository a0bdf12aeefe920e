"""Admin actions: each one writes an audit-log row in the same transaction."""
from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app import notify
from app.db import lock_game_row
from app.errors import ApiError, not_found
from app.inputs import check_text, valid_id
from app.models import AuditEntry, Game, User
from app.rules import Rules
from app.services import accounts
from app.services import games as lobby
from app.services.play import seat_view
from app.snapshots import SnapshotCache


def audit(db: Session, admin: User, action: str, target_type: str, target_id: Any, **details: Any) -> None:
    for value in details.values():
        if isinstance(value, str):
            check_text(value, "The text")
    db.add(AuditEntry(admin_id=admin.id, admin_username=admin.username, action=action,
                      target_type=target_type, target_id=str(target_id), details=details))


def abort_game(db: Session, admin: User, game_id: int, reason: str) -> Game:
    check_text(reason, "The reason")
    lock_game_row(db)
    game = db.scalar(select(Game).where(Game.id == game_id).with_for_update())
    if game is None:
        raise not_found()
    lobby.abort(db, admin, game, reason)
    audit(db, admin, "abort_game", "game", game.id, reason=reason)
    db.commit()
    return game


def open_with_full_information(db: Session, admin: User, game_id: int) -> Game:
    """Opening a game's hidden information is itself audited."""
    game = db.get(Game, game_id) if valid_id(game_id) else None
    if game is None:
        raise not_found()
    if game.status in ("open", "active") and game.seat_of(admin.id) is not None:
        raise ApiError(403, "forbidden", "You play in this game: its hidden information stays hidden until it ends.")
    audit(db, admin, "view_game", "game", game.id)
    db.commit()
    return game


def ban_user(db: Session, admin: User, user_id: int, reason: str) -> User:
    check_text(reason, "The reason")
    user = db.get(User, user_id)
    if user is None:
        raise not_found("user")
    if user.id == admin.id:
        raise ApiError(409, "forbidden", "Admins cannot ban themselves.")
    if user.is_banned:
        raise ApiError(409, "already_banned", f"{user.username} is already banned.")
    user.banned_at = accounts.now()
    user.ban_reason = reason or None
    accounts.end_all_sessions(db, user.id)  # sessions end now; tokens are refused while banned
    audit(db, admin, "ban_user", "user", user.id, username=user.username, reason=reason)
    notify.user_banned(db, user.id)
    db.commit()
    return user


def unban_user(db: Session, admin: User, user_id: int) -> User:
    user = db.get(User, user_id)
    if user is None:
        raise not_found("user")
    if not user.is_banned:
        raise ApiError(409, "not_banned", f"{user.username} is not banned.")
    user.banned_at = None
    user.ban_reason = None
    audit(db, admin, "unban_user", "user", user.id, username=user.username)
    db.commit()
    return user


def get_user(db: Session, user_id: int) -> User:
    user = db.get(User, user_id) if valid_id(user_id) else None
    if user is None:
        raise not_found("user")
    return user


def list_users(db: Session, *, query: str = "", limit: int = 100, offset: int = 0) -> list[User]:
    stmt = select(User).order_by(User.id.desc()).limit(limit).offset(offset)
    query = check_text(query, "The search")
    if query:
        stmt = stmt.where(User.username.ilike(f"%{query.replace('%', '').replace('_', '')}%"))
    return list(db.scalars(stmt))


def audit_entries(db: Session, *, limit: int = 200, offset: int = 0) -> list[AuditEntry]:
    return list(db.scalars(select(AuditEntry).order_by(AuditEntry.id.desc()).limit(limit).offset(offset)))


def full_views(db: Session, rules: Rules, cache: SnapshotCache, game: Game) -> tuple[int, dict, dict]:
    """Both sides' views and the spectator's, with the legal actions, for an admin."""
    views: dict[str, Any] = {}
    actions: dict[str, Any] = {}
    seq = game.seq
    for seat, key in (("axis", "axis"), ("soviet", "soviet"), (None, "spectator")):
        sv = seat_view(db, rules, cache, game, seat)
        views[key], seq = sv.view, sv.seq
        if seat is not None:
            actions[key] = sv.actions + sv.action_groups
    return seq, views, actions




def _locked_game(db: Session, game_id: int) -> Game:
    lock_game_row(db)
    game = db.scalar(select(Game).where(Game.id == game_id).with_for_update()) if valid_id(game_id) else None
    if game is None:
        raise not_found()
    return game


def pause_clocks(db: Session, admin: User, game_id: int, reason: str) -> Game:
    from app.services import timing

    check_text(reason, "The reason")
    game = _locked_game(db, game_id)
    timing.pause(db, admin, game, reason)
    audit(db, admin, "pause_clocks", "game", game.id, reason=reason)
    db.commit()
    return game


def resume_clocks(db: Session, admin: User, game_id: int) -> Game:
    from app.services import timing

    game = _locked_game(db, game_id)
    timing.resume(db, admin, game)
    audit(db, admin, "resume_clocks", "game", game.id)
    db.commit()
    return game
