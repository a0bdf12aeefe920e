"""The SQLAlchemy engine and sessions (synchronous: request handlers run in FastAPI's thread pool).

Every wait on PostgreSQL is bounded (docs/server.md, "When the database fails"): a pooled
connection within `pool_timeout`, a new one within `connect_timeout`, every statement by
`statement_timeout` and `lock_timeout`, and one game's row by a shorter lock timeout
(`lock_game_row`), so a stuck game answers `busy` at once instead of holding the pool.
"""
from __future__ import annotations

import logging
import select
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import psycopg
from sqlalchemy import Column, Engine, Row, bindparam, create_engine, event, func, inspect, text, update
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, InvalidatePoolError
from sqlalchemy.orm import Session, sessionmaker

from app import fastjson, faults
from app.errors import ApiError

log = logging.getLogger(__name__)


def sqlalchemy_url(url: str) -> str:
    """Any PostgreSQL URL (libpq style or SQLAlchemy style) as a psycopg-3 SQLAlchemy URL."""
    parsed = make_url(url)
    return parsed.set(drivername="postgresql+psycopg").render_as_string(hide_password=False)


def libpq_url(url: str) -> str:
    """The same URL as plain libpq understands it (for psycopg's own connections, e.g. LISTEN)."""
    parsed = make_url(url)
    return parsed.set(drivername="postgresql").render_as_string(hide_password=False)


@dataclass(frozen=True)
class Limits:
    """How long anything may wait on the database (see the settings of the same names)."""

    pool_timeout: float = 30.0
    connect_timeout: int = 10
    statement_timeout_ms: int = 0  # 0: PostgreSQL's default (none)
    lock_timeout_ms: int = 0
    game_lock_timeout_ms: int = 0

    @classmethod
    def from_settings(cls, settings) -> Limits:
        return cls(pool_timeout=settings.db_pool_timeout_seconds, connect_timeout=settings.db_connect_timeout_seconds,
                   statement_timeout_ms=settings.db_statement_timeout_ms, lock_timeout_ms=settings.db_lock_timeout_ms,
                   game_lock_timeout_ms=settings.db_game_lock_timeout_ms)


def make_engine(url: str, *, pool_size: int = 10, max_overflow: int = 20, limits: Limits = Limits()) -> Engine:
    options = " ".join(f"-c {name}={ms}" for name, ms in (("statement_timeout", limits.statement_timeout_ms),
                                                         ("lock_timeout", limits.lock_timeout_ms)) if ms)
    connect_args: dict = {"connect_timeout": limits.connect_timeout}
    if options:
        connect_args["options"] = options
    engine = create_engine(
        sqlalchemy_url(url),
        pool_size=pool_size,
        max_overflow=max_overflow,
        pool_timeout=limits.pool_timeout,
        connect_args=connect_args,
        json_serializer=fastjson.dumps,  # the stored state on every action: orjson, several times faster
    )
    ping_when_idle(engine)
    return engine


PING_AFTER_IDLE_SECONDS = 1.0


def ping_when_idle(engine: Engine, idle: float = PING_AFTER_IDLE_SECONDS) -> None:
    """`pool_pre_ping`, but only when it can find something: for a connection that rested in the pool
    longer than `idle` seconds, or one on which the server has said something while it rested.

    A busy server takes a connection back within milliseconds of returning it, and a ping then costs
    a round trip per session for nothing. A server that shut down or crashed closes its connections,
    and the socket of a pooled connection then has news to read (an error message, the end of the
    stream): one non-blocking poll of the socket sees it, and such a connection is pinged, found
    dead, and the pool replaced as with `pool_pre_ping`. A connection that dies between that poll and
    its first statement fails that statement (503 database_unavailable), as it could after a ping."""

    @event.listens_for(engine, "checkin")
    def rested(dbapi_connection, record) -> None:
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def check(dbapi_connection, record, proxy) -> None:
        since = record.info.pop("idle_since", None)
        if since is None or (time.monotonic() - since <= idle and not _has_news(dbapi_connection)):
            return
        try:
            engine.dialect.do_ping(dbapi_connection)
        except Exception as exc:  # whatever went wrong, this connection is not to be used
            raise InvalidatePoolError(f"ping after {time.monotonic() - since:.1f}s in the pool: {exc}") from exc


def _has_news(dbapi_connection) -> bool:
    """Has the server sent anything on this idle connection (nothing should come unasked)?"""
    try:
        readable, _, _ = select.select([dbapi_connection.fileno()], [], [], 0)
    except (OSError, ValueError, psycopg.Error):  # closed already
        return True
    return bool(readable)


class Database:
    """One per app: the engine plus a session factory."""

    def __init__(self, url: str, *, pool_size: int = 10, max_overflow: int = 20, limits: Limits = Limits()) -> None:
        self.url = url
        self.limits = limits
        self.engine = make_engine(url, pool_size=pool_size, max_overflow=max_overflow, limits=limits)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False,
                                     info={"game_lock_timeout_ms": limits.game_lock_timeout_ms})

    @contextmanager
    def session(self) -> Iterator[Session]:
        session = self.sessions()
        try:
            yield session
        finally:
            close_quietly(session)

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """A session inside one transaction: committed on success, rolled back on any exception."""
        with self.session() as session, session.begin():
            yield session

    def dispose(self) -> None:
        self.engine.dispose()


def close_quietly(session: Session) -> None:
    """Close a session whose connection may have died: what is committed is committed, and an
    answer may already be on its way, so the lost connection (discarded by the pool) is no error."""
    try:
        session.close()
    except DBAPIError as exc:
        if faults.classify(exc) is None:
            raise
        log.debug("closing a session on a lost connection: %s", faults.describe(exc))


def write_changes(db: Session, obj: object, returning: tuple = (), params: dict | None = None,
                  with_: tuple = ()) -> Row | None:
    """UPDATE the changed columns of one loaded ORM object at once, as one plain statement, and mark
    them saved: what the session's flush would write, without its unit of work (the hot path's largest
    ORM cost). Columns changed in place (a dict mutated, not reassigned) are not seen, as by the flush.

    `returning`: expressions to return from the UPDATE (their bound `params` given), e.g. a NOTIFY
    sent in the same round trip; their row is returned (None when nothing changed: no statement).
    `with_`: data-modifying CTEs (their `params` given) run by the same statement, e.g. an INSERT that
    belongs with the change; then something must have changed.

    A column of the object's own table given as a value is written as SQL (`SET a = b`: b's value
    before this UPDATE, read by the database), and that attribute is expired, as a flush does."""
    state = inspect(obj)
    mapper = state.mapper
    values = {}
    for attr in mapper.column_attrs:
        added = state.attrs[attr.key].history.added
        if added:
            values[attr.columns[0].key] = added[0]
    if not values:
        if with_:
            raise ValueError("write_changes: statements to run along with no change")
        return None
    table = mapper.local_table
    copied = {name: value for name, value in values.items() if isinstance(value, Column) and value.table is table}
    key = (mapper, tuple(values), tuple((name, col.key) for name, col in copied.items()), returning, with_)
    stmt = _UPDATES.get(key)
    if stmt is None:
        stmt = (update(table).where(*(c == bindparam(f"pk_{c.key}") for c in mapper.primary_key))
                .values({name: copied.get(name, bindparam(f"new_{name}", type_=table.c[name].type))
                         for name in values}))
        if returning:
            stmt = stmt.returning(*returning)
        for cte in with_:
            stmt = stmt.add_cte(cte)
        _UPDATES[key] = stmt
    bound = {f"new_{name}": value for name, value in values.items() if name not in copied}
    bound.update({f"pk_{c.key}": v for c, v in zip(mapper.primary_key, state.identity)})
    result = db.execute(stmt, {**bound, **(params or {})})
    row = result.first() if returning else None
    # The object is now clean, as after a flush (private but stable: what the flush itself calls;
    # tests/app/test_action_path.py fails if a second UPDATE of the row ever appears).
    state._commit_all(state.dict, db.identity_map)
    if copied:
        db.expire(obj, [attr.key for attr in mapper.column_attrs if attr.columns[0].key in copied])
    return row


_UPDATES: dict[tuple, Any] = {}  # (mapper, changed columns, returning, with_) -> the UPDATE, built once


# Added to a `SELECT ... FOR UPDATE` of one game: sets the brief lock timeout in the same statement, before
# its row is locked (the condition is evaluated while scanning, the row locked after), saving a round trip.
WITH_GAME_LOCK_TIMEOUT = func.set_config("lock_timeout", bindparam("game_lock_timeout"), True).is_not(None)


def game_lock_timeout(db: Session) -> dict[str, str] | None:
    """The parameters for WITH_GAME_LOCK_TIMEOUT, or None when no game lock timeout is set (leave it out)."""
    ms = db.info.get("game_lock_timeout_ms")
    return {"game_lock_timeout": f"{int(ms)}ms"} if ms else None


def lock_game_row(db: Session) -> None:
    """Before `SELECT ... FOR UPDATE` on a game: wait for its row only briefly (the rest of this
    transaction too). A busy or stuck game then fails with lock_not_available (503 `busy`)."""
    ms = db.info.get("game_lock_timeout_ms")
    if ms:
        db.execute(text("SELECT set_config('lock_timeout', :ms, true)"), {"ms": f"{int(ms)}ms"})


def set_deadline(db: Session, deadline: float | None) -> None:
    """The monotonic time after which this session's request must not commit a game change."""
    db.info["deadline"] = deadline


def check_deadline(db: Session) -> None:
    """Just before committing an action: a request that waited too long is refused, not applied late
    (its client may have given up and sent something else)."""
    deadline = db.info.get("deadline")
    if deadline is not None and time.monotonic() > deadline:
        raise ApiError(503, "busy", "The server took too long to get to this request; it was not applied. "
                       "Re-read the view and try again.")
