"""Fixtures for the app tests: every test runs once per PostgreSQL backend (see pg.py)."""
from __future__ import annotations

import os
import warnings

import pytest

# Known, harmless noise: Starlette prefers `httpx2` for its TestClient; pgserver without XDG_RUNTIME_DIR.
NOISE = ["ignore:Using `httpx` with:DeprecationWarning", "ignore:XDG_RUNTIME_DIR is not set:Warning"]
for _rule in NOISE:
    _action, _message, _category = _rule.split(":")
    warnings.filterwarnings(_action, message=_message, category=Warning)
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from app import security
from app.db import sqlalchemy_url
from app.main import create_app
from app.migrate import upgrade
from app.models import Base
from app.settings import Settings
from tests.app import pg

TEST_SECRET = "test-secret-key"


def pytest_configure(config):
    for rule in NOISE:
        config.addinivalue_line("filterwarnings", rule)


def pytest_collection_modifyitems(items):
    for item in items:
        if "database_url" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.db)


def migrated_database(backend: str):
    """A fresh database on `backend` with every migration applied, dropped afterwards (a fixture body)."""
    url, admin = pg.create_database(backend)
    upgrade(url)
    yield url
    pg.drop_database(url, admin)


@pytest.fixture(scope="session", params=pg.backends())
def database_url(request):
    yield from migrated_database(request.param)


@pytest.fixture(scope="session", autouse=True)
def fast_password_hashing():
    """Sign-ups in tests need not cost 50 ms each; one test checks the real parameters."""
    real, dummy = security._hasher, security._DUMMY_HASH
    security._hasher = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    security._DUMMY_HASH = security._hasher.hash("x")
    yield
    security._hasher, security._DUMMY_HASH = real, dummy


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch):
    """Games in in-process tests all use one seed, so a run is repeatable (servers in subprocesses draw theirs)."""
    from app.services import games

    monkeypatch.setattr(games, "new_seed", lambda: 20_100_101)


@pytest.fixture
def clean_db(database_url):
    """Each test starts with empty tables (ids are not reset: in-memory caches stay valid)."""
    engine = create_engine(sqlalchemy_url(database_url))
    tables = ", ".join(t.name for t in Base.metadata.sorted_tables)
    with engine.begin() as conn:
        conn.execute(text(f"TRUNCATE {tables} CASCADE"))
    engine.dispose()
    return database_url


@pytest.fixture
def settings(clean_db, tmp_path) -> Settings:
    return Settings(_env_file=None, database_url=clean_db, secret_key=TEST_SECRET, data_dir=tmp_path,
                    bot_delay_seconds=0)  # the computer answers at once in tests


@pytest.fixture
def engine_module():
    """The rules engine the app uses (the real one unless a test overrides this fixture)."""
    if os.environ.get("SW_TEST_FAKE_ENGINE"):
        from tests.app import fake_engine

        return fake_engine
    return None


@pytest.fixture
def engine_module_name(engine_module) -> str | None:
    """The same engine, named for server subprocesses."""
    return engine_module.__name__ if engine_module is not None else None


@pytest.fixture
def app(settings, engine_module):
    return create_app(settings, engine_module=engine_module)


@pytest.fixture
def client(app):
    with TestClient(app) as c:
        yield c


@pytest.fixture
def ctx(client):
    return client.app.state.ctx
