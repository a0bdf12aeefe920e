"""The FastAPI application: `create_app()` wires settings, database, engine, routes and live updates."""
from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
from collections.abc import AsyncIterator
from types import ModuleType
from urllib.parse import quote

import anyio
import psycopg
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException

from app import background, embedded_pg, faults, health, notify
from app.middleware import BodyLimitMiddleware, ErrorBoundaryMiddleware, SecurityHeadersMiddleware
from app.context import AppContext
from app.db import Database, Limits, libpq_url
from app.errors import ERROR_CODES, ApiError
from app.gamegate import GameGate
from app.mailer import Mailer
from app.migrate import SchemaNotReady, ensure_schema
from app.realtime import socket
from app.realtime.hub import Hub
from app.realtime.listener import Listener
from app.bot_worker import BotWorker
from app.delivery import DeliveryWorker
from app.routes import (
    api_account,
    api_admin,
    api_games,
    api_notices,
    api_ratings,
    assets,
    pages_account,
    pages_admin,
    pages_players,
    pages_public,
)
from app.routes import ws_lobby
from app.rules import Rules
from app.services import accounts, ratelimit, timing
from app.settings import ROOT, Settings, get_settings

log = logging.getLogger(__name__)

DESCRIPTION = """
Play *Stalin's War* (GMT 2010) with every rule enforced by the server.

Authenticate with the browser session cookie (writes then need the `X-CSRF-Token` header)
or a personal API token: `Authorization: Bearer swo_...` (create one on the account page).

Every error has the body `{"error": {"code": "...", "message": "..."}}`; the codes are stable:

""" + "\n".join(f"- `{code}`: {meaning}" for code, meaning in ERROR_CODES.items()) + """

Live updates: websocket `/ws/games/{id}` (protocol in docs/server.md).
"""

SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",  # invitation links must not leak through Referer
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
    "script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
}

MAINTENANCE_SECONDS = 3600
RECORD_UPLOAD_PATHS = ("/api/games/import", "/import", "/verify")


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/") or "application/json" in request.headers.get("accept", "")


def _error_response(request: Request, exc: ApiError) -> Response:
    if _wants_json(request):
        return JSONResponse(exc.body(), status_code=exc.status)
    if exc.status == 401:
        return RedirectResponse(f"/signin?next={quote(request.url.path)}", status_code=303)
    from app.web import templates

    return templates.TemplateResponse(request, "error.html", {"error": exc, "me": None}, status_code=exc.status)


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> Response:
        response = _error_response(request, exc)
        if exc.status == 503:
            response.headers["Retry-After"] = str(faults.retry_after(exc))
        return response

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        # 400: a body FastAPI could not parse at all (e.g. JSON nested past the parser's depth).
        codes = {400: "malformed", 404: "not_found", 405: "method_not_allowed", 413: "payload_too_large"}
        return _error_response(request, ApiError(exc.status_code, codes.get(exc.status_code, "http_error"),
                                                 str(exc.detail)))

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> Response:
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            return _error_response(request, ApiError(400, "malformed", "The body is not valid JSON."))
        if not request.url.path.startswith("/api/") and any(e.get("loc", [""])[0] == "path" for e in errors):
            return _error_response(request, ApiError(404, "not_found", "No such page."))
        details = [{"loc": [str(p) for p in e.get("loc", ())], "msg": e.get("msg", "")} for e in errors][:20]
        first = details[0] if details else {"loc": [], "msg": "invalid"}
        message = f"{'.'.join(first['loc'][1:]) or 'body'}: {first['msg']}"
        return _error_response(request, ApiError(422, "malformed", message, details=details))

    async def database_error(request: Request, exc: Exception) -> Response:
        error = faults.classify(exc)
        if error is None:  # a bug (a constraint, bad SQL): the error boundary answers 500
            raise exc
        log.warning("%s on %s %s: %s", error.code, request.method, request.url.path, faults.describe(exc))
        response = _error_response(request, error)
        response.headers["Retry-After"] = str(faults.retry_after(error))
        return response

    # Handled here rather than by a catch-all: a database that is down is not a bug (503, not 500).
    for kind in (DBAPIError, PoolTimeout, psycopg.Error):
        app.exception_handler(kind)(database_error)


def _internal_error(scope) -> Response:
    """The 500 the error boundary sends (the exception is already logged)."""
    error = ApiError(500, "internal_error", "The server failed on this request.")
    try:
        return _error_response(Request(scope), error)
    except Exception:  # the error page itself failed: plain JSON
        return JSONResponse(error.body(), status_code=500)


def database_url(settings: Settings) -> str:
    return settings.database_url or embedded_pg.start(settings.data_dir)


async def _maintenance(ctx: AppContext) -> None:
    """Hourly: forget expired sessions and old failed sign-ins."""
    def prune() -> None:
        with ctx.db.transaction() as db:
            accounts.prune_sessions(db)
            ratelimit.prune(db, ctx.settings)

    while True:
        await asyncio.sleep(MAINTENANCE_SECONDS)
        try:
            await run_in_threadpool(prune)
        except Exception as exc:
            faults.log_failure(log, "maintenance failed", exc)


async def _watch_clocks(ctx: AppContext) -> None:
    """Reminders before deadlines and notices of timeouts (any process may do it: rows are claimed)."""
    def once() -> int:
        with ctx.db.transaction() as db:
            return timing.watch_once(db)

    while True:
        try:
            while await run_in_threadpool(once) >= timing.WATCH_BATCH:
                pass
        except Exception as exc:
            faults.log_failure(log, "clock watcher failed", exc)
        await asyncio.sleep(ctx.settings.clock_watch_seconds)


def create_app(settings: Settings | None = None, *, engine_module: ModuleType | None = None) -> FastAPI:
    settings = settings or get_settings()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        url = database_url(settings)
        try:
            await run_in_threadpool(ensure_schema, url, auto_migrate=settings.auto_migrate)
        except SchemaNotReady as exc:
            log.error("%s", exc)
            raise
        ctx = AppContext(settings=settings, db=Database(url, pool_size=settings.db_pool_size,
                                                        max_overflow=settings.db_max_overflow,
                                                        limits=Limits.from_settings(settings)),
                         rules=Rules(engine_module or importlib.import_module(settings.engine_module)))
        ctx.game_gate = GameGate(wait=settings.db_game_lock_timeout_ms / 1000)
        ctx.hub = Hub(ctx)
        ctx.mailer = Mailer(settings)
        ctx.lobby = ws_lobby.LobbyHub(ctx)
        ctx.deliveries = DeliveryWorker(ctx)
        ctx.bots = BotWorker(ctx)
        ctx.action_threads = anyio.CapacityLimiter(settings.action_threads)

        async def on_event(payload: str) -> None:
            event = notify.parse(payload)
            if event is None:
                log.warning("ignoring a notification that is not one of ours: %.200s", payload)
                return
            await ctx.hub.on_event(event)
            await ctx.lobby.on_event(event)
            if event.get("kind") == "notice":
                ctx.deliveries.kick()
            elif (changed := notify.game_event(event)) is not None:
                ctx.bots.game_changed(*changed)  # perhaps a bot's turn now

        async def on_connect() -> None:
            await ctx.hub.resync()
            await ctx.lobby.resync()
            ctx.deliveries.kick()
            ctx.bots.kick()  # moves asked for while we were not listening

        listener = Listener(libpq_url(url), notify.CHANNEL, on_event, on_connect)
        app.state.ctx = ctx
        app.state.db = ctx.db
        listener.start()
        app.state.listener = listener
        app.state.health = health.Probe(libpq_url(url), listener)
        try:
            await asyncio.wait_for(listener.connected.wait(), timeout=15)
        except TimeoutError:
            log.error("could not LISTEN on PostgreSQL yet; live updates start when it connects")
        maintenance = asyncio.create_task(_maintenance(ctx))
        watcher = asyncio.create_task(_watch_clocks(ctx))
        ctx.deliveries.start()
        if settings.bot_worker:
            ctx.bots.start()
        try:
            yield
        finally:
            await background.stop_tasks([maintenance, watcher], "maintenance")
            await ctx.bots.stop()
            await ctx.deliveries.stop()
            await ctx.lobby.close_all()
            await ctx.hub.close_all()
            await listener.stop()
            ctx.mailer.close()
            ctx.db.dispose()

    app = FastAPI(
        title="Stalin's War Online",
        version="1.0",
        description=DESCRIPTION,
        lifespan=lifespan,
        docs_url="/api/docs",
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.settings = settings
    install_error_handlers(app)

    headers = dict(SECURITY_HEADERS)
    if settings.secure_cookies:
        headers["Strict-Transport-Security"] = "max-age=31536000"
    app.add_middleware(ErrorBoundaryMiddleware, render=_internal_error)  # innermost: wraps the routes only
    app.add_middleware(GZipMiddleware, minimum_size=2048, compresslevel=5)  # the board SVG is ~0.5 MB
    app.add_middleware(SecurityHeadersMiddleware, headers=headers)
    app.add_middleware(BodyLimitMiddleware, limit=settings.max_body_bytes,
                       overrides=dict.fromkeys(RECORD_UPLOAD_PATHS, settings.max_record_bytes))

    for module in (api_games, api_account, api_notices, api_admin, api_ratings):
        app.include_router(module.router)
    app.include_router(socket.router)
    app.include_router(ws_lobby.router)
    for module in (pages_public, pages_account, pages_admin, pages_players, assets):
        app.include_router(module.router)
    app.mount("/static", StaticFiles(directory=ROOT / "static"), name="static")

    @app.get("/healthz", include_in_schema=False)
    async def healthz(request: Request) -> dict:
        """Liveness (always 200 while the process runs) with the truth about its database and LISTEN."""
        state = await request.app.state.health.check()
        return {**state, "bots": request.app.state.ctx.bots.stats()}

    @app.get("/readyz", include_in_schema=False)
    async def readyz(request: Request) -> Response:
        """Readiness for load balancers: 503 while the database or the live-update feed is down."""
        state = await request.app.state.health.check()
        if state["ok"]:
            return JSONResponse(state)
        return JSONResponse(state, status_code=503, headers={"Retry-After": str(faults.RETRY_AFTER_UNAVAILABLE)})

    return app
