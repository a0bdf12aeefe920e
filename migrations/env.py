"""Alembic environment: migrate the database the app is configured for.

The URL comes from the caller (`app.migrate` passes it as `sqlalchemy.url`) or, when
`alembic` is run by hand, from DATABASE_URL.
"""
from __future__ import annotations

import os

from alembic import context
from sqlalchemy import create_engine, pool

from app.db import sqlalchemy_url
from app.models import Base

config = context.config
target_metadata = Base.metadata


def _url() -> str:
    url = config.get_main_option("sqlalchemy.url") or os.environ.get("DATABASE_URL")
    if not url:
        raise SystemExit("Set DATABASE_URL (or run `python3 manage.py migrate`, which starts the embedded database).")
    return sqlalchemy_url(url)


def run_migrations_offline() -> None:
    context.configure(url=_url(), target_metadata=target_metadata, literal_binds=True, compare_type=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:  # handed over by app.migrate, which holds the migration lock on it
        context.configure(connection=connection, target_metadata=target_metadata, compare_type=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(_url(), poolclass=pool.NullPool)
    with engine.connect() as conn:
        context.configure(connection=conn, target_metadata=target_metadata, compare_type=True)
        with context.begin_transaction():
            context.run_migrations()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
