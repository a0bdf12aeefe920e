"""The database schema (SQLAlchemy 2 typed declarative models). Alembic migrations mirror these."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    func,
    text,
)
from sqlalchemy.dialects.postgresql import JSON, JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, deferred, mapped_column

# Stable constraint names, so migrations can refer to them.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

SIDES = ("axis", "soviet")
GAME_STATUSES = ("open", "active", "finished", "aborted")


def _now() -> Mapped[datetime]:
    return mapped_column(DateTime(timezone=True), server_default=func.now())


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)
    type_annotation_map = {dict[str, Any]: JSONB, list[Any]: JSONB, datetime: DateTime(timezone=True)}


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(32))
    password_hash: Mapped[str] = mapped_column(Text)
    email: Mapped[str | None] = mapped_column(String(254))
    email_on_turn: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    is_admin: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    banned_at: Mapped[datetime | None]
    ban_reason: Mapped[str | None] = mapped_column(Text)
    # A computer opponent (app/services/computer.py): it never signs in, is never told anything and
    # its games are never rated; `bot_level` is the `bots.choose` level it plays at.
    is_bot: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    bot_level: Mapped[str | None] = mapped_column(String(16))
    created_at: Mapped[datetime] = _now()

    __table_args__ = (
        Index("uq_users_username_lower", func.lower(username), unique=True),
        Index("uq_users_bot_level", bot_level, unique=True, postgresql_where=text("is_bot")),
    )

    @property
    def is_banned(self) -> bool:
        return self.banned_at is not None


class WebSession(Base):
    """A browser session. The cookie holds a random id; only its keyed hash is stored."""

    __tablename__ = "web_sessions"

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    csrf_token: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = _now()
    expires_at: Mapped[datetime] = mapped_column(index=True)
    ip: Mapped[str | None] = mapped_column(String(64))
    user_agent: Mapped[str | None] = mapped_column(String(300))


class ApiToken(Base):
    """A personal API token; the secret is shown once and only its keyed hash is stored."""

    __tablename__ = "api_tokens"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(100))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    prefix: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = _now()
    last_used_at: Mapped[datetime | None]
    revoked_at: Mapped[datetime | None]


class LoginFailure(Base):
    """One failed sign-in; recent rows per username and per IP drive the rate limit across processes."""

    __tablename__ = "login_failures"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    username: Mapped[str] = mapped_column(String(64))
    ip: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = _now()

    __table_args__ = (
        Index("ix_login_failures_username_time", "username", "created_at"),
        Index("ix_login_failures_ip_time", "ip", "created_at"),
    )


class Game(Base):
    __tablename__ = "games"

    id: Mapped[int] = mapped_column(primary_key=True)
    scenario: Mapped[str] = mapped_column(String(20))
    options: Mapped[dict[str, Any]] = mapped_column(default=dict, server_default="{}")
    status: Mapped[str] = mapped_column(String(16), default="open", server_default="open", index=True)
    is_private: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    invite_token: Mapped[str] = mapped_column(String(64), unique=True)
    created_by_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    axis_user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), index=True)
    soviet_user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), index=True)
    # The seed and the full state hold hidden information: never serialised to clients.
    # `json`, not `jsonb`: it keeps the engine's key order, so a state read back is the
    # very dict that was stored (an engine may iterate in that order).
    seed: Mapped[int | None] = deferred(mapped_column(BigInteger))
    # Verifiable dice: sha256 of "swo-seed-v1:<seed>:<salt>" is published at the start (app/verify.py);
    # the salt stays as secret as the seed, and seed_reveal is filled in only when the game ends.
    seed_salt: Mapped[str | None] = deferred(mapped_column(String(64)))
    seed_commitment: Mapped[str | None] = mapped_column(String(64))
    seed_reveal: Mapped[str | None] = mapped_column(String(128))
    state: Mapped[dict[str, Any] | None] = deferred(mapped_column(JSON))
    seq: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    active_sides: Mapped[list[Any]] = mapped_column(default=list, server_default="[]")
    # A few public facts (turn, phase, VP) copied from the spectator view for lobby lists.
    summary: Mapped[dict[str, Any]] = mapped_column(default=dict, server_default="{}")
    winner: Mapped[str | None] = mapped_column(String(16))
    result_reason: Mapped[str | None] = mapped_column(Text)
    # An analysis game (an imported record, played on by one user holding both seats) is never rated.
    is_analysis: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    rated: Mapped[bool] = mapped_column(Boolean, default=True, server_default="true")
    imported_from: Mapped[dict[str, Any] | None] = mapped_column(JSONB(none_as_null=True))
    # Time control (app/services/clocks.py): the choice made at creation, the clocks' state, and the
    # next moment the clock watcher must look at the game (a reminder or a timeout).
    time_control: Mapped[dict[str, Any]] = mapped_column(default=lambda: {"kind": "none"},
                                                         server_default='{"kind": "none"}')
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSONB(none_as_null=True))
    clock_alarm_at: Mapped[datetime | None] = mapped_column(index=True)
    created_at: Mapped[datetime] = _now()
    started_at: Mapped[datetime | None]
    finished_at: Mapped[datetime | None]
    updated_at: Mapped[datetime] = _now()
    # Undo (docs/server.md): the side whose latest actions revealed nothing may take them back.
    # `undo_base_state` is the state just before the first of them (at `undo_base_seq`); the
    # actions since are replayed from it without the last one. `undo_blocked` says why the
    # latest action cannot be taken back.
    undo_side: Mapped[str | None] = mapped_column(String(16))
    undo_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    undo_base_seq: Mapped[int | None] = mapped_column(Integer)
    undo_base_state: Mapped[dict[str, Any] | None] = deferred(mapped_column(JSON))
    undo_blocked: Mapped[str | None] = mapped_column(Text)
    # Bidding for sides (21.0, app/services/bidding.py): the creator's sealed bid, never shown to anyone,
    # and once the joiner's bid is in, the public outcome (both bids, the coin if it was needed).
    sealed_bid: Mapped[dict[str, Any] | None] = deferred(mapped_column(JSONB(none_as_null=True)))
    bid_result: Mapped[dict[str, Any] | None] = mapped_column(JSONB(none_as_null=True))
    # Ratings (app/services/ratings.py): when this game's result went into the ratings (None: not yet or never).
    rated_at: Mapped[datetime | None]

    __table_args__ = (
        CheckConstraint("status IN ('open', 'active', 'finished', 'aborted')", name="status"),
        CheckConstraint("scenario IN ('campaign', 'tournament')", name="scenario"),
        CheckConstraint("winner IS NULL OR winner IN ('axis', 'soviet')", name="winner"),
    )

    def seat_of(self, user_id: int | None) -> str | None:
        if user_id is None:
            return None
        if self.axis_user_id == user_id and self.soviet_user_id == user_id:
            # One user in both seats (an analysis game): they sit wherever the game needs a decision.
            return self.active_sides[0] if self.active_sides else "axis"
        if self.axis_user_id == user_id:
            return "axis"
        if self.soviet_user_id == user_id:
            return "soviet"
        return None

    def player_id(self, side: str) -> int | None:
        return self.axis_user_id if side == "axis" else self.soviet_user_id


class GameAction(Base):
    """The action log: replaying it from the seed rebuilds `games.state`.

    An undo is a row of its own (`undoes` = the seq it took back, action `{"type": "undo"}`);
    the action taken back stays, marked with `undone_by`. An admin's rewind to seq N is such a
    row too (side `admin`, action `{"type": "rewind", "to": N, ...}`, `undoes` = N) and marks
    every action it took back. Replay skips both kinds.
    """

    __tablename__ = "game_actions"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1 for the first action
    side: Mapped[str] = mapped_column(String(16))
    action: Mapped[dict[str, Any]]
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = _now()
    revealed: Mapped[list[Any] | None] = mapped_column()  # the engine's reasons it cannot be taken back
    undoes: Mapped[int | None] = mapped_column(Integer)
    undone_by: Mapped[int | None] = mapped_column(Integer)


class GameLogEntry(Base):
    """What the engine reported; `to_side` NULL = everyone, else only that side (and admins)."""

    __tablename__ = "game_log"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    to_side: Mapped[str | None] = mapped_column(String(16))
    text: Mapped[str] = mapped_column(Text)
    entry: Mapped[dict[str, Any]]
    created_at: Mapped[datetime] = _now()
    undone: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")  # its action was taken back

    __table_args__ = (Index("ix_game_log_game_id_id", "game_id", "id"),)


class ChatMessage(Base):
    __tablename__ = "chat_messages"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = _now()

    __table_args__ = (Index("ix_chat_messages_game_id_id", "game_id", "id"),)


class Note(Base):
    """A player's private notes on one game: only the author ever sees them."""

    __tablename__ = "notes"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    text: Mapped[str] = mapped_column(Text, default="")
    updated_at: Mapped[datetime] = _now()


class GameVisit(Base):
    """The last seq a user has seen of a game: the page lists what happened since ("since your last visit")."""

    __tablename__ = "game_visits"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    seen_seq: Mapped[int] = mapped_column(Integer)
    seen_at: Mapped[datetime] = _now()


class AuditEntry(Base):
    """One admin action: who, what, on which target, when, with what details."""

    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    admin_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)
    admin_username: Mapped[str] = mapped_column(String(32))
    action: Mapped[str] = mapped_column(String(40))
    target_type: Mapped[str] = mapped_column(String(20))
    target_id: Mapped[str] = mapped_column(String(64))
    details: Mapped[dict[str, Any]] = mapped_column(default=dict, server_default="{}")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now(), index=True)


class Notice(Base):
    """Something a user is told (a move, a deadline, a game's end...): the dashboard's feed."""

    __tablename__ = "notices"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(32))
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    text: Mapped[str] = mapped_column(Text)
    data: Mapped[dict[str, Any]] = mapped_column(default=dict, server_default="{}")
    created_at: Mapped[datetime] = _now()
    read_at: Mapped[datetime | None]

    __table_args__ = (Index("ix_notices_user_id_id", "user_id", "id"),)


class Webhook(Base):
    """A user's webhook: notices of the chosen kinds are POSTed there, signed with `secret`."""

    __tablename__ = "webhooks"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    url: Mapped[str] = mapped_column(Text)
    secret: Mapped[str] = mapped_column(String(64))
    format: Mapped[str] = mapped_column(String(16), default="json", server_default="json")
    events: Mapped[list[Any]] = mapped_column(default=list, server_default="[]")
    enabled: Mapped[bool] = mapped_column(Boolean, default=True, server_default="true")
    created_at: Mapped[datetime] = _now()

    __table_args__ = (CheckConstraint("format IN ('json', 'discord', 'slack')", name="format"),)


class Delivery(Base):
    """The outbox: one email or webhook POST to make, with its attempts (app/delivery.py sends it)."""

    __tablename__ = "deliveries"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    notice_id: Mapped[int | None] = mapped_column(ForeignKey("notices.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    channel: Mapped[str] = mapped_column(String(16))
    webhook_id: Mapped[int | None] = mapped_column(ForeignKey("webhooks.id", ondelete="CASCADE"), index=True)
    target: Mapped[str] = mapped_column(Text)
    payload: Mapped[dict[str, Any]]
    status: Mapped[str] = mapped_column(String(16), default="pending", server_default="pending")
    attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    next_attempt_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    last_status: Mapped[int | None] = mapped_column(Integer)
    last_error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = _now()
    sent_at: Mapped[datetime | None]

    __table_args__ = (
        CheckConstraint("channel IN ('email', 'webhook')", name="channel"),
        CheckConstraint("status IN ('pending', 'sent', 'failed')", name="status"),
        Index("ix_deliveries_due", "status", "next_attempt_at"),
    )

    @property
    def event(self) -> str:
        return (self.payload.get("body") or {}).get("event") or self.payload.get("kind") or ""


class PasswordReset(Base):
    """A one-time password-reset link an admin made for a user; only the token's keyed hash is stored."""

    __tablename__ = "password_resets"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = _now()
    expires_at: Mapped[datetime]
    used_at: Mapped[datetime | None]


RATING_POOLS = ("overall", "axis", "soviet")


class Rating(Base):
    """A player's Glicko-2 rating in one pool: all their rated games, or those played as one side."""

    __tablename__ = "ratings"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    pool: Mapped[str] = mapped_column(String(16), primary_key=True)
    rating: Mapped[float]
    rd: Mapped[float]
    volatility: Mapped[float]
    games: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    wins: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    losses: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    updated_at: Mapped[datetime] = _now()

    __table_args__ = (
        CheckConstraint("pool IN ('overall', 'axis', 'soviet')", name="pool"),
        Index("ix_ratings_pool_rating", "pool", "rating"),
    )


class RatingChange(Base):
    """One rated game's effect on one player's rating in one pool: the history a player page draws."""

    __tablename__ = "rating_changes"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    pool: Mapped[str] = mapped_column(String(16))
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    opponent_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    side: Mapped[str] = mapped_column(String(16))
    score: Mapped[float]
    rating_before: Mapped[float]
    rd_before: Mapped[float]
    rating_after: Mapped[float]
    rd_after: Mapped[float]
    volatility_after: Mapped[float]
    created_at: Mapped[datetime] = _now()

    __table_args__ = (Index("ix_rating_changes_user_pool_id", "user_id", "pool", "id"),)
