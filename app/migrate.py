"""Apply the Alembic migrations, safely when several app processes start at once."""
from __future__ import annotations

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, pool, text

from app.db import sqlalchemy_url
from app.settings import ROOT

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
