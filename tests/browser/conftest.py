"""Fixtures for the browser tests: one of the app tests' databases, a real server, and Chromium.

The app tests run against every PostgreSQL backend; the browser tests exercise the client, so they
run against one: the external server when one is configured (as in CI), else the embedded one.
In CI a missing Chromium fails the tests; locally they are skipped with a clear reason.
"""
from __future__ import annotations

import os
import shutil

import pytest

from tests.app import pg
from tests.app.conftest import (  # noqa: F401  (fixtures shared with the app tests)
    NOISE,
    TEST_SECRET,
    clean_db,
    engine_module,
    engine_module_name,
    migrated_database,
    pytest_configure,
)
from tests.app.servers import running_server

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


def pytest_collection_modifyitems(items):
    for item in items:
        item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def database_url():
    yield from migrated_database(pg.backends()[-1])


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
    if not path:
        message = f"Chromium not found at {CHROMIUM} (set CHROMIUM=/path/to/chromium)"
        if pg.IN_CI:
            pytest.fail(message)
        pytest.skip(message)
    return path


@pytest.fixture
def browser(chromium_path):
    from playwright.sync_api import expect, sync_playwright

    # Assertions wait for pushes and redraws; 5 s (the default) is short on a loaded 2-core machine.
    expect.set_options(timeout=15_000)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def server(clean_db, tmp_path, engine_module_name):
    with running_server(clean_db, tmp_path, secret_key=TEST_SECRET, engine_module=engine_module_name) as url:
        yield url
