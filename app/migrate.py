"""Apply the Alembic migrations, safely when several app processes start at once."""
from __future__ import annotations

import logging
from functools import lru_cache

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util.exc import CommandError
from sqlalchemy import create_engine, pool, text

from app.db import sqlalchemy_url
from app.settings import ROOT

log = logging.getLogger(__name__)

# Any constant will do: it only has to be the same in every process of this app.
_MIGRATION_LOCK = 0x5357_0001


def alembic_config(url: str) -> Config:
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "migrations"))
    config.set_main_option("sqlalchemy.url", sqlalchemy_url(url).replace("%", "%%"))
    return config


def upgrade(url: str, revision: str = "head") -> None:
    """Bring the database to `revision`, holding an advisory lock so concurrent starters queue up."""
    engine = create_engine(sqlalchemy_url(url), poolclass=pool.NullPool)
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": _MIGRATION_LOCK})
            conn.commit()
            try:
                config = alembic_config(url)
                config.attributes["connection"] = conn
                command.upgrade(config, revision)
                conn.commit()
            finally:
                conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": _MIGRATION_LOCK})
                conn.commit()
    finally:
        engine.dispose()


class SchemaNotReady(RuntimeError):
    """The database's schema is not the one this code needs, and we may not (or cannot) fix it."""


@lru_cache
def head_revision() -> str:
    return ScriptDirectory.from_config(alembic_config("postgresql://unused/")).get_current_head()


def current_revision(url: str) -> str | None:
    engine = create_engine(sqlalchemy_url(url), poolclass=pool.NullPool)
    try:
        with engine.connect() as conn:
            return MigrationContext.configure(conn).get_current_revision()
    finally:
        engine.dispose()


def ensure_schema(url: str, *, auto_migrate: bool) -> None:
    """Make sure the schema is current before serving: migrate it (the default) or refuse to start
    with a message saying what to do, instead of answering every request with a 500."""
    current, head = current_revision(url), head_revision()
    if current == head:
        return
    try:
        known = current is None or ScriptDirectory.from_config(alembic_config(url)).get_revision(current) is not None
    except CommandError:
        known = False
    if not known:
        raise SchemaNotReady(f"The database is at schema revision {current!r}, which this version of the server "
                             "does not know (was it migrated by a newer version?). Refusing to start.")
    if not auto_migrate:
        raise SchemaNotReady(f"The database schema is {'empty' if current is None else 'out of date'} "
                             f"(revision {current!r}, need {head!r}). Run `python3 manage.py migrate`, "
                             "or drop SW_AUTO_MIGRATE=false so the server migrates at start-up.")
    log.warning("database schema at %r, need %r: migrating now", current, head)
    upgrade(url)
