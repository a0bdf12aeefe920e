"""Per-game chat (players and spectators) and private notes (the author only)."""
from __future__ import annotations

import threading
import time
from collections import defaultdict, deque

from sqlalchemy import select
from sqlalchemy.orm import Session

from app import notify
from app.errors import ApiError
from app.inputs import check_text
from app.models import ChatMessage, Game, Note, User
from app.schemas import ChatOut
from app.services.games import now

MAX_CHAT = 2000
MAX_NOTES = 20000


class ChatThrottle:
    """At most `burst` messages per `period` seconds per user (per process: spam control, not security)."""

    def __init__(self, burst: int = 8, period: float = 10.0) -> None:
        self.burst, self.period = burst, period
        self._sent: dict[int | str, deque[float]] = defaultdict(deque)
        self._lock = threading.Lock()

    def check(self, user_id: int | str) -> None:
        t = time.monotonic()
        with self._lock:
            q = self._sent[user_id]
            while q and q[0] < t - self.period:
                q.popleft()
            if len(q) >= self.burst:
                raise ApiError(429, "rate_limited", "Too many requests of this kind; wait a minute.")
            q.append(t)


def post(db: Session, throttle: ChatThrottle, user: User, game: Game, text: str) -> ChatMessage:
    text = check_text(text, "The message").strip()
    if not text or len(text) > MAX_CHAT:
        raise ApiError(422, "malformed", f"A chat message has 1–{MAX_CHAT} characters.")
    throttle.check(user.id)
    msg = ChatMessage(game_id=game.id, user_id=user.id, text=text)
    db.add(msg)
    db.flush()
    notify.chat_posted(db, game.id, msg.id)
    db.commit()
    return msg


def out(rows: list[tuple[ChatMessage, str]]) -> list[ChatOut]:
    return [ChatOut(id=m.id, user=name, text=m.text, created_at=m.created_at) for m, name in rows]


def history(db: Session, game_id: int, *, after_id: int = 0, limit: int = 200) -> list[ChatOut]:
    rows = db.execute(
        select(ChatMessage, User.username)
        .join(User, User.id == ChatMessage.user_id)
        .where(ChatMessage.game_id == game_id, ChatMessage.id > after_id)
        .order_by(ChatMessage.id.desc())
        .limit(limit)
    ).all()
    return out([(m, n) for m, n in reversed(rows)])


def one(db: Session, message_id: int) -> ChatOut | None:
    row = db.execute(
        select(ChatMessage, User.username).join(User, User.id == ChatMessage.user_id).where(ChatMessage.id == message_id)
    ).first()
    return out([(row[0], row[1])])[0] if row else None


def get_notes(db: Session, user: User, game: Game) -> Note | None:
    return db.get(Note, (game.id, user.id))


def save_notes(db: Session, user: User, game: Game, text: str) -> Note:
    if game.seat_of(user.id) is None:
        raise ApiError(403, "not_a_player", "Only the game's players keep notes on it.")
    check_text(text, "The notes")
    if len(text) > MAX_NOTES:
        raise ApiError(422, "malformed", f"Notes are at most {MAX_NOTES} characters.")
    note = db.get(Note, (game.id, user.id))
    if note is None:
        note = Note(game_id=game.id, user_id=user.id, text=text)
        db.add(note)
    note.text = text
    note.updated_at = now()
    db.commit()
    return note
