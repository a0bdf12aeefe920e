"""PostgreSQL for the tests: the embedded server (pgserver) and, when TEST_DATABASE_URL is set,
that server too. Each backend gets a fresh database per test session, dropped afterwards.

In CI (CI=true) a backend that cannot be reached fails the tests; locally it is skipped.
"""
from __future__ import annotations

import os
import secrets
import tempfile

import psycopg
import pytest
from sqlalchemy.engine import make_url

from app.db import libpq_url

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def backends() -> list[str]:
    names = ["embedded"]
    if os.environ.get("TEST_DATABASE_URL"):
        names.append("external")
    elif IN_CI:
        names.append("external")  # the fixture fails with a clear message
    return names


_embedded = None


def embedded_server_url() -> str:
    global _embedded
    if _embedded is None:
        import pgserver

        _embedded = pgserver.get_server(tempfile.mkdtemp(prefix="sw-test-pg-"), cleanup_mode="delete")
    return _embedded.get_uri()


def server_url(backend: str) -> str:
    if backend == "embedded":
        try:
            return embedded_server_url()
        except Exception as exc:  # noqa: BLE001
            if IN_CI:
                pytest.fail(f"embedded PostgreSQL (pgserver) failed to start: {exc}")
            pytest.skip(f"embedded PostgreSQL (pgserver) failed to start: {exc}")
    url = os.environ.get("TEST_DATABASE_URL")
    if not url:
        pytest.fail("CI=true but TEST_DATABASE_URL is not set: the external PostgreSQL backend is required in CI")
    return url


def _admin_url(url: str) -> str:
    """Connect to the maintenance database: the named one may not exist yet."""
    return libpq_url(make_url(url).set(database="postgres").render_as_string(hide_password=False))


def create_database(backend: str) -> tuple[str, str]:
    """A fresh, empty database on the backend: (url, admin url to drop it with)."""
    base = server_url(backend)
    admin = _admin_url(base)
    name = f"sw_test_{os.getpid()}_{secrets.token_hex(4)}"
    try:
        with psycopg.connect(admin, autocommit=True, connect_timeout=10) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
    except psycopg.Error as exc:
        message = f"PostgreSQL backend {backend!r} at {base} is unavailable: {exc}"
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)
    url = make_url(base).set(database=name).render_as_string(hide_password=False)
    return url, admin


def drop_database(url: str, admin: str) -> None:
    name = make_url(url).database
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
