"""`manage.py serve | migrate | create-admin`: the operator's commands."""
from __future__ import annotations

import argparse
import getpass
import logging
import os
import signal
import sys

from app.settings import Settings, get_settings


def _database_url(settings: Settings) -> str:
    """The configured URL, else the embedded PostgreSQL (started now, stopped when we exit)."""
    if settings.database_url:
        return settings.database_url
    from app import embedded_pg

    print(f"No DATABASE_URL: using the embedded PostgreSQL in {settings.data_dir / 'pgdata'}", flush=True)
    return embedded_pg.start(settings.data_dir)


def _migrate(url: str) -> None:
    from app.migrate import upgrade

    upgrade(url)
    print("Database schema is up to date.", flush=True)


def _bootstrap_admin(settings: Settings, url: str) -> None:
    if not (settings.admin_username and settings.admin_password):
        return
    from app.db import Database
    from app.services import accounts

    db = Database(url, pool_size=1, max_overflow=0)
    try:
        with db.transaction() as session:
            accounts.ensure_admin(session, settings.admin_username, settings.admin_password.get_secret_value())
        print(f"Admin account {settings.admin_username!r} is ready.", flush=True)
    finally:
        db.dispose()


def serve(args: list[str]) -> int:
    settings = get_settings()
    parser = argparse.ArgumentParser(prog="manage.py serve", description="Run the web server.")
    parser.add_argument("--host", default=settings.host, help="address to bind (env SW_HOST; default %(default)s)")
    parser.add_argument("--port", type=int, default=settings.port, help="port (env SW_PORT; default %(default)s)")
    parser.add_argument("--workers", type=int, default=settings.workers,
                        help="app processes sharing the port (env SW_WORKERS; default %(default)s)")
    parser.add_argument("--reload", action="store_true", help="restart on code changes (development)")
    ns = parser.parse_args(args)

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    url = _database_url(settings)
    _migrate(url)
    _bootstrap_admin(settings, url)
    # Every worker process reads the same database URL and secret from the environment.
    os.environ["DATABASE_URL"] = url
    settings.resolved_secret_key()
    get_settings.cache_clear()

    import uvicorn

    # uvicorn re-raises SIGTERM after its graceful shutdown; make that a normal exit so atexit
    # hooks run (they stop the embedded PostgreSQL).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    print(f"Serving Stalin's War Online on http://{ns.host}:{ns.port}/  (Ctrl-C to stop)", flush=True)
    uvicorn.run(
        "app.asgi:create",
        factory=True,
        host=ns.host,
        port=ns.port,
        workers=ns.workers if not ns.reload else None,
        reload=ns.reload,
        proxy_headers=True,
        forwarded_allow_ips=settings.trusted_proxies,
        ws_max_size=1024 * 1024,  # hard cap; the app itself refuses messages over 64 KiB with an error
        log_level="info",
    )
    return 0


def migrate(args: list[str]) -> int:
    argparse.ArgumentParser(prog="manage.py migrate", description="Apply the database migrations.").parse_args(args)
    settings = get_settings()
    _migrate(_database_url(settings))
    return 0


def create_admin(args: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="manage.py create-admin",
        description="Create an admin, or make an existing user one (their password stays as it is unless "
        "--reset-password is given). A password is asked for only when one is needed; it comes from "
        "SW_ADMIN_PASSWORD when set, else from a prompt.",
    )
    parser.add_argument("username")
    parser.add_argument("--reset-password", action="store_true", help="also set a new password for an existing user")
    ns = parser.parse_args(args)
    settings = get_settings()
    url = _database_url(settings)
    _migrate(url)
    from app.db import Database
    from app.errors import ApiError
    from app.security import hash_password
    from app.services import accounts

    db = Database(url, pool_size=1, max_overflow=0)
    try:
        with db.session() as session:
            existed = accounts.find_user(session, ns.username) is not None
        password = None
        if not existed or ns.reset_password:
            password = _admin_password(settings, ns.username)
            if password is None:
                return 2
        with db.transaction() as session:
            user = accounts.find_user(session, ns.username)
            if user is None:
                accounts.create_user(session, ns.username, password, is_admin=True)
            else:
                user.is_admin = True
                if password is not None:
                    accounts.validate_password(password)
                    user.password_hash = hash_password(password)
    except ApiError as exc:
        print(exc.message, file=sys.stderr)
        return 2
    finally:
        db.dispose()
    if not existed:
        print(f"{ns.username} created as an admin.")
    elif password is not None:
        print(f"{ns.username} is now an admin, with the new password.")
    else:
        print(f"{ns.username} is now an admin; the password is unchanged (--reset-password sets a new one).")
    return 0


def _admin_password(settings: Settings, username: str) -> str | None:
    """SW_ADMIN_PASSWORD, else typed twice at a terminal; None (with a message) when neither is possible."""
    password = settings.admin_password.get_secret_value() if settings.admin_password else None
    if password:
        return password
    if not sys.stdin.isatty():
        print("Set SW_ADMIN_PASSWORD or run this in a terminal to be prompted.", file=sys.stderr)
        return None
    password = getpass.getpass(f"Password for {username}: ")
    if password != getpass.getpass("Again: "):
        print("The passwords differ.", file=sys.stderr)
        return None
    return password


COMMANDS = {"serve": serve, "migrate": migrate, "create-admin": create_admin}


def run(command: str, args: list[str]) -> int:
    return COMMANDS[command](args)
