"""The game websocket, `/ws/games/{id}`.

Authentication: the session cookie (browsers; only from this site's own pages, judged
by the Origin header), an `Authorization: Bearer` header, or a first message
`{"type": "auth", "token": "swo_..."}` (bots in environments without custom headers).

Client → server: {"type": "action", "seq", "action", "ref"?}, {"type": "undo", "seq", "ref"?}, {"type": "chat", "text"},
{"type": "auth", "token"}, {"type": "ping"}.
Server → client: {"type": "view", ...} on connect and after every change,
{"type": "chat", "message"}, {"type": "chat_history", "messages"}, {"type": "ok", "seq", "ref"?},
{"type": "pong"}, {"type": "error", "code", "message", "ref"?}.

Malformed messages get an error and the connection stays usable. A message over 64 KiB
gets a `payload_too_large` error and the connection is closed with 1009 (message too big).
Close codes: 4401 bad credentials at connect, 4403 banned, 4404 unknown game, 1013 client too slow
or (after an `error` `database_unavailable`/`busy`) no database at connect: reconnect after a pause.
A database failure on a message gets such an error (with `retry_after` seconds) and the socket stays open.
"""
from __future__ import annotations

import functools
import json
import logging
import time
from typing import Any
from urllib.parse import urlsplit

import anyio
from fastapi import APIRouter, WebSocket
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocketDisconnect

from app import faults
from app.context import AppContext
from app.db import set_deadline
from app.deps import SESSION_COOKIE, Caller, resolve_caller
from app.errors import ApiError
from app.inputs import check_json
from app.models import User
from app.realtime import updates
from app.realtime.hub import CLOSE_BANNED, Connection
from app.services import accounts, play, undo
from app.services import games as lobby
from app.services.chat import post as post_chat

log = logging.getLogger(__name__)
router = APIRouter()

CLOSE_TOO_BIG = 1009
CLOSE_AUTH = 4401
CLOSE_NOT_FOUND = 4404
CLOSE_TRY_LATER = 1013  # no database at connect (the same code as a client too slow to read)


def same_origin(origin: str | None, host: str | None, public_base_url: str | None) -> bool:
    """Cookies count only on sockets opened by our own pages (cross-site websocket hijacking)."""
    if origin is None:
        return True  # not a browser: no ambient-cookie risk
    netloc = urlsplit(origin).netloc
    if public_base_url and netloc == urlsplit(public_base_url).netloc:
        return True
    return bool(host) and netloc == host


def _identify(ctx: AppContext, game_id: int, authorization: str | None, cookie: str | None) -> tuple[Caller, bool]:
    with ctx.db.session() as db:
        caller = resolve_caller(db, ctx.settings, authorization, cookie)
        try:
            lobby.get_visible(db, game_id, caller.user)
            return caller, True
        except ApiError:
            return caller, False


def _identify_token(ctx: AppContext, game_id: int, token: str) -> Caller:
    caller, visible = _identify(ctx, game_id, f"Bearer {token}", None)
    if not visible:
        raise ApiError(404, "not_found", "No such game.")
    return caller


def _act(ctx: AppContext, conn: Connection, seq: Any, action: Any, received: float,
         viewers: list[updates.Viewer], log_since: int) -> tuple[int, list[updates.Update] | None]:
    """Apply the action; then, from what it holds, this process's sockets' updates (None: the hub re-reads)."""
    if not isinstance(seq, int) or isinstance(seq, bool):
        raise ApiError(422, "malformed", '"seq" must be an integer.')
    game_id = conn.game_id
    with ctx.db.session() as db:
        set_deadline(db, received + ctx.settings.action_deadline_seconds)
        with ctx.game_gate.enter(game_id):
            # The user is checked by the statement that locks the game row (one round trip less).
            applied = play.submit_action(db, ctx.rules, ctx.snapshots, play.SocketCaller(conn.user_id, conn.credential),
                                         game_id, seq, action, log_since=log_since)
        try:  # committed: whatever fails now, the action stands (the hub then re-reads the game)
            built = updates.build_applied(ctx, db, applied, viewers)
        except Exception as exc:
            faults.log_failure(log, f"pushing game {game_id} at seq {applied.seq}", exc)
            built = None
        return applied.seq, built


def _undo(ctx: AppContext, conn: Connection, seq: Any, received: float) -> int:
    with ctx.db.session() as db:
        set_deadline(db, received + ctx.settings.action_deadline_seconds)
        user = _active_user(db, conn.user_id, conn.credential)
        with ctx.game_gate.enter(conn.game_id):
            return undo.undo(db, ctx.rules, ctx.snapshots, user, conn.game_id, seq).seq


def _chat(ctx: AppContext, conn: Connection, text: Any) -> None:
    if not isinstance(text, str):
        raise ApiError(422, "malformed", '"text" must be a string.')
    with ctx.db.session() as db:
        user = _active_user(db, conn.user_id, conn.credential)
        game = lobby.get_visible(db, conn.game_id, user)
        post_chat(db, ctx.chat_throttle, user, game, text)


def _active_user(db, user_id: int, credential: tuple[str, str | int] | None) -> User:
    """The socket's user, as long as the session or token that opened it is still live (D2): one read."""
    return accounts.check_active(*accounts.user_and_credential(db, user_id, credential))


def error(code: str, message: str, ref: Any = None) -> dict[str, Any]:
    body = {"type": "error", "code": code, "message": message}
    if ref is not None:
        body["ref"] = ref
    return body


@router.websocket("/ws/games/{game_id}")
async def game_socket(websocket: WebSocket, game_id: int) -> None:
    ctx: AppContext = websocket.app.state.ctx
    hub = ctx.hub
    assert hub is not None
    cookie = websocket.cookies.get(SESSION_COOKIE)
    if not same_origin(websocket.headers.get("origin"), websocket.headers.get("host"), ctx.settings.public_base_url):
        cookie = None
    await websocket.accept()
    try:
        caller, visible = await run_in_threadpool(
            _identify, ctx, game_id, websocket.headers.get("authorization"), cookie
        )
    except ApiError as exc:
        await websocket.send_text(json.dumps(error(exc.code, exc.message)))
        await websocket.close(CLOSE_BANNED if exc.code == "banned" else CLOSE_AUTH, exc.code)
        return
    except Exception as exc:
        if not await refuse_on_database_failure(websocket, exc):
            raise
        return
    if not visible:
        await websocket.send_text(json.dumps(error("not_found", "No such game.")))
        await websocket.close(CLOSE_NOT_FOUND, "not_found")
        return

    conn = Connection(websocket, game_id, caller.user_id)
    conn.credential = caller.credential
    hub.add(conn)
    try:
        try:
            await hub.push(game_id, [conn])
            history = await run_in_threadpool(updates.chat_history, ctx, game_id)
        except Exception as exc:
            await conn.shutdown()  # the writer task stops; the close below is sent directly
            if not await refuse_on_database_failure(websocket, exc):
                raise
            return
        if history:
            conn.last_chat_id = max(conn.last_chat_id, history[-1]["id"])
        conn.send({"type": "chat_history", "messages": history})
        await _serve(ctx, websocket, conn)
    except WebSocketDisconnect:
        pass
    finally:
        hub.remove(conn)
        await conn.shutdown()


async def refuse_on_database_failure(websocket: WebSocket, exc: Exception) -> bool:
    """At connect, with no database: say so and close with 1013 (try again later). False: not that."""
    failure = faults.classify(exc)
    if failure is None:
        return False
    log.warning("%s opening a game websocket: %s", failure.code, faults.describe(exc))
    try:
        await websocket.send_text(json.dumps(error(failure.code, failure.message)
                                             | {"retry_after": faults.retry_after(failure)}))
        await websocket.close(CLOSE_TRY_LATER, failure.code)
    except Exception:  # the client went away meanwhile
        pass
    return True


async def _serve(ctx: AppContext, websocket: WebSocket, conn: Connection) -> None:
    limit = ctx.settings.max_ws_message_bytes
    while not conn.closed.is_set():
        frame = await websocket.receive()
        if frame["type"] == "websocket.disconnect":
            return
        raw = frame.get("text")
        if raw is None:
            raw_bytes = frame.get("bytes") or b""
            if len(raw_bytes) > limit:
                await _too_big(websocket, conn, limit)
                return
            await conn.reply(error("malformed", "Send JSON in text frames."))
            continue
        if len(raw) > limit or len(raw.encode()) > limit:
            await _too_big(websocket, conn, limit)
            return
        try:
            message = check_json(json.loads(raw))
        except (ValueError, RecursionError):  # RecursionError: nested deeper than the parser goes
            await conn.reply(error("malformed", "Not valid JSON."))
            continue
        except ApiError as exc:
            await conn.reply(error(exc.code, exc.message))
            continue
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            await conn.reply(error("malformed", 'A message is a JSON object with a string "type".'))
            continue
        await _handle(ctx, conn, message)


async def _too_big(websocket: WebSocket, conn: Connection, limit: int) -> None:
    conn.send(error("payload_too_large", f"Messages are limited to {limit} bytes."))
    conn.close(CLOSE_TOO_BIG, "message too big")
    await conn.closed.wait()


async def _in_action_thread(ctx: AppContext, func, *args):
    """Run an action in one of the few threads kept for actions (`SW_ACTION_THREADS`): the engine's work
    holds the GIL, so dozens of threads at once only contend for it. A game ties up at most a few of them
    (app/gamegate.py); the rest of the server keeps the default thread pool."""
    return await anyio.to_thread.run_sync(functools.partial(func, *args), limiter=ctx.action_threads)


async def _handle(ctx: AppContext, conn: Connection, message: dict[str, Any]) -> None:
    kind, ref = message["type"], message.get("ref")
    received = time.monotonic()  # an action still waiting at its deadline is refused, not applied late
    try:
        if kind == "action":
            if conn.user_id is None:
                raise ApiError(401, "not_signed_in", "Sign in (or send an auth message) to play.")
            # The sockets of this game on this process get the new position straight from the action
            # (the hub then skips the NOTIFY that this very change sends).
            conns = ctx.hub.begin_change(conn.game_id)
            log_since = min(c.last_log_id for c in conns) if conns else 0
            viewers = [updates.Viewer(c.user_id, c.last_log_id) for c in conns]
            seq, built = None, None
            try:
                seq, built = await _in_action_thread(ctx, _act, ctx, conn, message.get("seq"), message.get("action"),
                                                     received, viewers, log_since)
                await conn.reply({"type": "ok", "seq": seq, **({"ref": ref} if ref is not None else {})})
            finally:
                ctx.hub.end_change(conn.game_id, conns, seq, built, log_since)
        elif kind == "undo":
            if conn.user_id is None:
                raise ApiError(401, "not_signed_in", "Sign in (or send an auth message) to play.")
            seq = await _in_action_thread(ctx, _undo, ctx, conn, message.get("seq"), received)
            await conn.reply({"type": "ok", "seq": seq, **({"ref": ref} if ref is not None else {})})
        elif kind == "chat":
            if conn.user_id is None:
                raise ApiError(401, "not_signed_in", "Sign in to chat.")
            await run_in_threadpool(_chat, ctx, conn, message.get("text"))
        elif kind == "auth":
            token = message.get("token")
            if not isinstance(token, str):
                raise ApiError(422, "malformed", '"token" must be a string.')
            caller = await run_in_threadpool(_identify_token, ctx, conn.game_id, token)
            conn.reset(caller.user_id)
            conn.credential = caller.credential
            await ctx.hub.push(conn.game_id, [conn])
        elif kind == "ping":
            await conn.reply({"type": "pong", **({"ref": ref} if ref is not None else {})})
        else:
            raise ApiError(422, "malformed", f"Unknown message type {kind!r}.")
    except ApiError as exc:
        await conn.reply(error(exc.code, exc.message, ref) | ({"seq": exc.extra["seq"]} if "seq" in exc.extra else {}))
    except Exception as exc:
        failure = faults.classify(exc)
        if failure is None:
            log.exception("websocket message %r", kind)
            await conn.reply(error("internal_error", "The server failed on this message.", ref))
        else:  # the socket stays open: retry after a pause (an action with the same seq applies at most once)
            log.warning("%s on websocket message %r: %s", failure.code, kind, faults.describe(exc))
            await conn.reply(error(failure.code, failure.message, ref) | {"retry_after": faults.retry_after(failure)})
