"""Operations: migrations match the models, docker-compose is valid, the CLI commands work,
and the OpenAPI schema documents the API."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.exc import DBAPIError

from app.db import sqlalchemy_url
from app.models import Base
from tests.app import pg
from tests.app.servers import ROOT


def test_the_migrations_build_exactly_the_models(database_url):
    engine = create_engine(sqlalchemy_url(database_url))
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), Base.metadata)
        assert diff == [], diff
        assert inspect(conn).has_table("alembic_version")
    engine.dispose()


def test_stored_states_use_lz4_where_the_server_has_it(database_url):
    """The states rewritten by every action are compressed with lz4 (cheaper than the default pglz) on
    a PostgreSQL built with it, and keep the default on one without (the embedded server)."""
    engine = create_engine(sqlalchemy_url(database_url))
    with engine.connect() as conn:
        try:
            with conn.begin_nested():
                conn.execute(text("CREATE TEMP TABLE lz4_probe (x text COMPRESSION lz4)"))
            has_lz4 = True
        except DBAPIError:
            has_lz4 = False
        methods = dict(conn.execute(text(
            "SELECT attname, attcompression FROM pg_attribute WHERE attrelid = 'games'::regclass "
            "AND attname IN ('state', 'undo_base_state')")).all())
    engine.dispose()
    assert methods == ({"state": "l", "undo_base_state": "l"} if has_lz4 else {"state": "", "undo_base_state": ""})


def test_migrations_downgrade_and_upgrade_again():
    url, admin = pg.create_database("embedded")
    try:
        from app.migrate import alembic_config, upgrade
        from alembic import command

        upgrade(url)
        command.downgrade(alembic_config(url), "base")
        engine = create_engine(sqlalchemy_url(url))
        with engine.connect() as conn:
            assert not inspect(conn).has_table("games")
        engine.dispose()
        upgrade(url)
        upgrade(url)  # idempotent
    finally:
        pg.drop_database(url, admin)


def test_docker_compose_file_is_valid():
    exe = shutil.which("docker-compose")
    if exe is None:
        if pg.IN_CI:
            pytest.fail("docker-compose is not installed (CI must install it)")
        pytest.skip("docker-compose is not installed here; CI validates the file")
    env = {**os.environ, "SW_SECRET_KEY": "validation-only"}
    result = subprocess.run([exe, "-f", str(ROOT / "docker-compose.yml"), "config"], env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    config = result.stdout
    assert "postgres:16" in config and "service_healthy" in config and "DATABASE_URL" in config
    assert "pg_isready" in config and "pgdata" in config


def _cli(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "app", *args], cwd=ROOT, env={**os.environ, **env},
                          capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)


def test_migrate_and_create_admin_commands(settings, tmp_path):
    env = {"DATABASE_URL": settings.database_url, "SW_SECRET_KEY": "k", "SW_DATA_DIR": str(tmp_path)}
    migrated = _cli("migrate", env=env)
    assert migrated.returncode == 0, migrated.stderr
    assert "up to date" in migrated.stdout
    no_password = _cli("create-admin", "chief", env=env)
    assert no_password.returncode == 2 and "SW_ADMIN_PASSWORD" in no_password.stderr
    created = _cli("create-admin", "chief", env={**env, "SW_ADMIN_PASSWORD": "chief password"})
    assert created.returncode == 0, created.stderr
    assert "created as an admin" in created.stdout
    again = _cli("create-admin", "chief", env={**env, "SW_ADMIN_PASSWORD": "chief password"})
    assert again.returncode == 0 and "is now an admin" in again.stdout


def test_serve_help_names_its_options():
    result = _cli("serve", "--help", env={})
    assert result.returncode == 0 and "--port" in result.stdout and "--workers" in result.stdout


def test_openapi_documents_the_api_and_its_errors(client):
    schema = client.get("/api/openapi.json").json()
    paths = schema["paths"]
    for path in ("/api/games", "/api/games/{game_id}", "/api/games/{game_id}/view", "/api/games/{game_id}/actions",
                 "/api/games/{game_id}/join", "/api/games/{game_id}/resign", "/api/games/{game_id}/chat",
                 "/api/games/{game_id}/notes", "/api/games/{game_id}/board.svg", "/api/tokens", "/api/me",
                 "/api/admin/games", "/api/admin/users/{user_id}/ban", "/api/admin/audit", "/api/session"):
        assert path in paths, path
    actions = paths["/api/games/{game_id}/actions"]["post"]
    for status in ("200", "401", "403", "404", "409", "413", "422"):
        assert status in actions["responses"], status
    assert actions["responses"]["409"]["content"]["application/json"]["schema"]["$ref"].endswith("/ErrorBody")
    assert "ActionIn" in schema["components"]["schemas"] and "ViewOut" in schema["components"]["schemas"]
    assert client.get("/api/docs").status_code == 200


def test_unknown_api_paths_and_methods_are_json_errors(client):
    response = client.get("/api/nothing-here")
    assert response.status_code == 404 and response.json()["error"]["code"] == "not_found"
    response = client.put("/api/games")
    assert response.status_code == 405 and response.json()["error"]["code"] == "method_not_allowed"
    response = client.get("/api/games/abc")
    assert response.status_code == 422 and response.json()["error"]["code"] == "malformed"


def test_security_headers(client):
    response = client.get("/")
    assert response.headers["x-content-type-options"] == "nosniff"
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    assert response.headers["referrer-policy"] == "same-origin"


def test_chunked_bodies_over_the_limit_are_refused(client):
    def chunks():
        for _ in range(20):
            yield b"x" * 8192

    response = client.post("/api/games", content=chunks(), headers={"Content-Type": "application/json"})
    assert response.status_code == 413 and response.json()["error"]["code"] == "payload_too_large"
