"""Notices: what a player is told, and the outbox that carries it to email and webhooks.

`emit` writes a `notices` row (the dashboard's feed and the browser notification) and, in
the same transaction, one `deliveries` row per channel the user has turned on: an email
when they asked for them (and this server has a mail server), a signed POST to each of
their webhooks subscribed to that kind. The delivery worker (app/delivery.py) sends them,
retrying with backoff. A NOTIFY tells every process's sockets that the user has news.
Because everything is written with the change that caused it, a notice is never lost and
never sent for a change that was rolled back.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.orm import Session

from app import notify
from app.models import Delivery, Game, Notice, User, Webhook

# Every kind of notice, with the words a settings page shows for it.
KINDS: dict[str, str] = {
    "your_move": "It is your move",
    "reminder": "A deadline is near",
    "timeout": "You ran out of time",
    "opponent_timeout": "Your opponent ran out of time (claim the win or give more time)",
    "time_extended": "You were given more time",
    "game_started": "Your game has started",
    "game_over": "A game of yours has ended",
    "clock_paused": "An admin paused a game's clocks",
    "clock_resumed": "An admin resumed a game's clocks",
    "rewound": "An admin rewound a game",
    "seat_reassigned": "An admin gave a seat to another player",
    "bid_result": "The sealed bids for sides were opened",
    "test": "A test message",
}
EMAIL_KINDS = frozenset(KINDS) - {"test", "clock_resumed"}


def now() -> datetime:
    return datetime.now(UTC)


def emit(db: Session, user_id: int | None, kind: str, text: str, *, game: Game | None = None,
         data: dict[str, Any] | None = None, only_webhook: int | None = None) -> Notice | None:
    """Tell `user_id` something; returns the notice (None for nobody, a bot, or a banned user).
    `only_webhook`: deliver to that one webhook and no other channel (a test).

    Plain statements, no unit of work (this runs inside the move that passes the turn): the user with
    their enabled webhooks in one read, the notice, its deliveries, the NOTIFY."""
    if user_id is None:
        return None
    rows = db.execute(select(User.id, User.username, User.email, User.email_on_turn, User.banned_at, User.is_bot,
                             Webhook.id, Webhook.url, Webhook.format, Webhook.events)
                      .outerjoin(Webhook, (Webhook.user_id == User.id) & Webhook.enabled.is_(True))
                      .where(User.id == user_id).order_by(Webhook.id)).all()
    if not rows:
        return None
    uid, username, email, email_on_turn, banned_at, is_bot = rows[0][:6]
    if banned_at is not None or is_bot:
        return None
    user = _Addressee(uid, username)
    path = f"/games/{game.id}" if game is not None else None
    values = {"user_id": uid, "kind": kind, "game_id": game.id if game is not None else None, "text": text,
              "data": {"path": path, **(data or {})}}
    table = Notice.__table__
    notice_id, created_at = db.execute(insert(table).values(values).returning(table.c.id, table.c.created_at)).one()
    notice = Notice(id=notice_id, created_at=created_at, read_at=None, **values)
    deliveries = []
    if email and email_on_turn and kind in EMAIL_KINDS and only_webhook is None:
        deliveries.append({"notice_id": notice_id, "user_id": uid, "channel": "email", "target": email,
                           "webhook_id": None,
                           "payload": {"subject": _subject(kind, game), "text": text, "path": path, "kind": kind}})
    for *_, hook_id, url, fmt, events in rows:
        if hook_id is None or (only_webhook is not None and hook_id != only_webhook):
            continue
        if only_webhook is not None or kind in (events or []):
            deliveries.append({"notice_id": notice_id, "user_id": uid, "channel": "webhook", "target": url,
                               "webhook_id": hook_id, "payload": _webhook_payload(notice, user, game, fmt)})
    if deliveries:
        db.execute(insert(Delivery.__table__), deliveries)
    notify.notice_posted(db, uid, notice_id)
    return notice


@dataclass
class _Addressee:
    """Who a notice is for, as a webhook's body names them."""

    id: int
    username: str


def _subject(kind: str, game: Game | None) -> str:
    where = f" — game {game.id}" if game is not None else ""
    return f"Stalin's War: {KINDS.get(kind, kind).split(' (')[0].lower()}{where}"


def _webhook_payload(notice: Notice, user: User | _Addressee, game: Game | None, fmt: str) -> dict[str, Any]:
    """The body, by the hook's format; the worker adds the link with the server's public address."""
    base = {"event": notice.kind, "notice_id": notice.id, "text": notice.text,
            "created_at": (notice.created_at or now()).isoformat(),
            "user": {"id": user.id, "username": user.username},
            "game": None if game is None else {"id": game.id, "path": f"/games/{game.id}",
                                               "active_sides": list(game.active_sides), "status": game.status}}
    return {"format": fmt, "body": base}


# --- who to tell --------------------------------------------------------------------------------------


def to_side(db: Session, game: Game, side: str, kind: str, text: str) -> None:
    emit(db, game.player_id(side), kind, text, game=game)


def to_players(db: Session, game: Game, kind: str, text: str, *, except_user: int | None = None) -> None:
    seen = set()
    for side in ("axis", "soviet"):
        uid = game.player_id(side)
        if uid is not None and uid != except_user and uid not in seen:
            seen.add(uid)
            emit(db, uid, kind, text, game=game)


def your_move(db: Session, game: Game, before: list[str], actor_id: int | None) -> None:
    """After a change of who must act: tell each player who must act now but did not have to before."""
    if game.status != "active" or game.is_analysis:
        return
    actor = db.get(User, actor_id) if actor_id is not None else None
    if actor is not None and actor.is_bot:
        return  # the human is at the board: no notice (or email) for every answer of the computer
    for side in game.active_sides:
        if side in before:
            continue
        uid = game.player_id(side)
        if uid is None or uid == actor_id:
            continue
        deadline = _deadline_text(game, side)
        emit(db, uid, "your_move", f"Your move ({side.capitalize()}) in game {game.id}.{deadline}", game=game)


def _deadline_text(game: Game, side: str) -> str:
    from app.services import timing  # timing imports this module

    clock = timing.out(game)
    due = (clock or {}).get("deadline", {}).get(side) if clock else None
    if not due:
        return ""
    return f" Due by {datetime.fromisoformat(due):%Y-%m-%d %H:%M} UTC."


def game_started(db: Session, game: Game, joiner_id: int) -> None:
    creator = game.created_by_id
    if creator != joiner_id:
        joiner = db.get(User, joiner_id)
        emit(db, creator, "game_started",
             f"{joiner.username if joiner else 'Someone'} joined game {game.id}: it has begun.", game=game)


def game_over(db: Session, game: Game, text: str) -> None:
    to_players(db, game, "game_over", text)


def notice_out(n: Notice) -> dict[str, Any]:
    return {"id": n.id, "user_id": n.user_id, "kind": n.kind, "text": n.text, "game_id": n.game_id,
            "path": (n.data or {}).get("path"), "created_at": n.created_at.isoformat() if n.created_at else None,
            "read": n.read_at is not None}


# --- reading -----------------------------------------------------------------------------------------


def recent(db: Session, user: User, *, limit: int = 30) -> list[Notice]:
    return list(db.scalars(select(Notice).where(Notice.user_id == user.id).order_by(Notice.id.desc()).limit(limit)))


def unread_count(db: Session, user: User) -> int:
    from sqlalchemy import func

    return db.scalar(select(func.count()).select_from(Notice).where(Notice.user_id == user.id,
                                                                     Notice.read_at.is_(None))) or 0


def mark_read(db: Session, user: User, up_to: int | None = None) -> None:
    from sqlalchemy import update

    stmt = update(Notice).where(Notice.user_id == user.id, Notice.read_at.is_(None))
    if up_to is not None:
        stmt = stmt.where(Notice.id <= up_to)
    db.execute(stmt.values(read_at=now()))
