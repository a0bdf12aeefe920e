"""`/ws/lobby`: the live dashboard and lobby lists.

Authentication as on `/ws/games/{id}` (the cookie from our own pages, or a bearer token);
anonymous visitors get the public lists. Server → client:

- `{"type": "dashboard", "count", "unread", "html"}` at once and whenever one of your
  games changes (a move, a join, the end, a clock event) or the list of open games does;
  `count` is the number of games where it is your move (the page puts it in its title),
  `html` the re-rendered dashboard and lobby lists.
- `{"type": "notice", "notice": {"id", "kind", "text", "game_id", "path", "created_at"}}`
  when you are sent a notice (the page shows it, and as a browser notification if allowed).

Client → server: `{"type": "ping"}` → `{"type": "pong"}`; `{"type": "read", "up_to": id}`
marks notices read.
"""
from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from fastapi import APIRouter, WebSocket
from sqlalchemy import select
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocketDisconnect

from app import dashboard, faults
from app.deps import SESSION_COOKIE, resolve_caller
from app.errors import ApiError
from app.models import Game, Notice, User
from app.realtime.hub import CLOSE_BANNED, CLOSE_SIGNED_OUT, Connection
from app.realtime.socket import refuse_on_database_failure, same_origin
from app.services import accounts, notices

log = logging.getLogger(__name__)
router = APIRouter()

DEBOUNCE_SECONDS = 0.25
PUBLIC_EVERY_SECONDS = 2.0


class LobbyHub:
    """This process's lobby sockets; refreshes are coalesced (a burst of moves costs one rebuild)."""

    def __init__(self, ctx) -> None:
        self.ctx = ctx
        self.conns: set[Connection] = set()
        self._games: set[int] = set()
        self._notices: list[tuple[int, int]] = []
        self._status: dict[int, str] = {}
        self._task: asyncio.Task | None = None
        self._public_pending = False

    def add(self, conn: Connection) -> None:
        self.conns.add(conn)

    def remove(self, conn: Connection) -> None:
        self.conns.discard(conn)

    async def on_event(self, event: dict[str, Any]) -> None:
        if not self.conns:
            return
        kind = event.get("kind")
        if kind == "game":
            self._games.add(int(event["game"]))
        elif kind == "notice":
            self._notices.append((int(event["user"]), int(event["id"])))
        elif kind in ("user", "revoked"):
            await self._recheck(int(event["user"]), banned=kind == "user")
            return
        else:
            return
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._flush(), name="lobby-refresh")

    async def resync(self) -> None:
        for conn in list(self.conns):
            await self.push(conn)

    async def _flush(self) -> None:
        try:
            while self._games or self._notices:
                await asyncio.sleep(DEBOUNCE_SECONDS)
                game_ids, self._games = self._games, set()
                fresh, self._notices = self._notices, []
                users, public = await run_in_threadpool(self._affected, game_ids)
                if fresh:
                    sent = await run_in_threadpool(_notices_out, self.ctx, [i for _, i in fresh])
                    for conn in list(self.conns):
                        for notice in sent:
                            if conn.user_id == notice["user_id"]:
                                conn.send({"type": "notice", "notice": notice})
                    users |= {u for u, _ in fresh}
                if public and not self._public_pending:
                    # Lists of open games change for everyone: at most once every couple of seconds.
                    self._public_pending = True
                    asyncio.get_running_loop().call_later(PUBLIC_EVERY_SECONDS, self._public_due)
                for conn in [c for c in self.conns if c.user_id in users]:
                    await self.push(conn)
        except Exception as exc:
            faults.log_failure(log, "refreshing the lobby", exc)

    def _public_due(self) -> None:
        self._public_pending = False
        asyncio.create_task(self._push_all(), name="lobby-public")

    async def _push_all(self) -> None:
        for conn in list(self.conns):
            await self.push(conn)

    def _affected(self, game_ids: set[int]) -> tuple[set[int], bool]:
        """The users whose dashboards these games are on, and whether the public lists changed."""
        users: set[int] = set()
        public = False
        if not game_ids:
            return users, public
        with self.ctx.db.session() as db:
            for game in db.scalars(select(Game).where(Game.id.in_(game_ids))):
                users |= {u for u in (game.axis_user_id, game.soviet_user_id, game.created_by_id) if u}
                if not game.is_private and (game.status == "open" or self._status.get(game.id) not in
                                            (None, game.status)):
                    public = True
                if game.status == "open" or game.id in self._status:
                    self._status[game.id] = game.status
                if len(self._status) > 5000:
                    self._status.clear()
        return users, public

    async def push(self, conn: Connection) -> None:
        message = await run_in_threadpool(render_message, self.ctx, conn.user_id, getattr(conn, "csrf", ""),
                                          getattr(conn, "mode", "full"))
        conn.send(message)

    async def _recheck(self, user_id: int, *, banned: bool) -> None:
        conns = [c for c in self.conns if c.user_id == user_id]
        if not conns:
            return
        if banned:
            for conn in conns:
                conn.close(CLOSE_BANNED, "banned")
            return

        def valid() -> list[bool]:
            with self.ctx.db.session() as db:
                return [accounts.credential_valid(db, c.credential) for c in conns]

        for conn, ok in zip(conns, await run_in_threadpool(valid)):
            if not ok:
                conn.close(CLOSE_SIGNED_OUT, "signed out")

    async def close_all(self) -> None:
        if self._task:
            self._task.cancel()
        for conn in list(self.conns):
            conn.close(1001, "server shutting down")


def render_message(ctx, user_id: int | None, csrf: str, mode: str = "full") -> dict[str, Any]:
    from app.web import templates

    with ctx.db.session() as db:
        user = db.get(User, user_id) if user_id else None
        if mode == "count":  # other pages: only the number for the title and the header badge
            count = dashboard.your_move_count(db, user) if user else 0
            return {"type": "dashboard", "count": count, "unread": notices.unread_count(db, user) if user else 0}
        board = dashboard.build(db, user, ctx.base_url)
        html = templates.get_template("_dashboard.html").render(board=board, me=user, csrf_token=csrf)
        return {"type": "dashboard", "count": board.count, "unread": board.unread, "html": html}


def _notices_out(ctx, ids: list[int]) -> list[dict[str, Any]]:
    with ctx.db.session() as db:
        return [notices.notice_out(n) for n in db.scalars(select(Notice).where(Notice.id.in_(ids)))]


@router.websocket("/ws/lobby")
async def lobby_socket(websocket: WebSocket) -> None:
    ctx = websocket.app.state.ctx
    hub: LobbyHub = ctx.lobby
    cookie = websocket.cookies.get(SESSION_COOKIE)
    if not same_origin(websocket.headers.get("origin"), websocket.headers.get("host"), ctx.settings.public_base_url):
        cookie = None
    await websocket.accept()

    def identify():
        with ctx.db.session() as db:
            caller = resolve_caller(db, ctx.settings, websocket.headers.get("authorization"), cookie)
            return caller.user_id, caller.credential, caller.session.csrf_token if caller.session else ""

    try:
        user_id, credential, csrf = await run_in_threadpool(identify)
    except ApiError as exc:
        await websocket.send_text(json.dumps({"type": "error", "code": exc.code, "message": exc.message}))
        await websocket.close(CLOSE_BANNED if exc.code == "banned" else CLOSE_SIGNED_OUT, exc.code)
        return
    except Exception as exc:
        if not await refuse_on_database_failure(websocket, exc):
            raise
        return
    conn = Connection(websocket, 0, user_id)
    conn.credential, conn.csrf = credential, csrf
    conn.mode = "count" if websocket.query_params.get("mode") == "count" else "full"
    hub.add(conn)
    try:
        await hub.push(conn)
        while not conn.closed.is_set():
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                return
            try:
                message = json.loads(frame.get("text") or "")
            except (ValueError, RecursionError):
                message = None
            if not isinstance(message, dict):
                await conn.reply({"type": "error", "code": "malformed", "message": "Send JSON objects."})
            elif message.get("type") == "ping":
                await conn.reply({"type": "pong"})
            elif message.get("type") == "read" and user_id is not None:
                up_to = message.get("up_to")
                await run_in_threadpool(_mark_read, ctx, user_id, up_to if isinstance(up_to, int) else None)
                await hub.push(conn)
            else:
                await conn.reply({"type": "error", "code": "malformed", "message": "Unknown message type."})
    except WebSocketDisconnect:
        pass
    except Exception as exc:
        await conn.shutdown()  # stops the writer: the error and the close (1013) go out directly
        if not await refuse_on_database_failure(websocket, exc):
            raise
    finally:
        hub.remove(conn)
        await conn.shutdown()


def _mark_read(ctx, user_id: int, up_to: int | None) -> None:
    with ctx.db.transaction() as db:
        user = db.get(User, user_id)
        if user is not None:
            notices.mark_read(db, user, up_to)
