"""This process's websocket connections, grouped by game, and the fan-out to them.

A NOTIFY names a game; the hub rebuilds every local connection's view of it (once
per seat) and queues it. Refreshes of one game never overlap: notifications that
arrive meanwhile collapse into one more refresh, so a burst of moves costs at most
two rebuilds and clients always end on the newest state.

An action sent over one of this process's sockets is pushed to the game's local sockets
straight from what the action holds (`begin_change` / `end_change`), and the NOTIFY that
this very action sends (marked `move`, naming its seq) is then skipped. Anything else —
another process's change, a change not pushed, a socket that came meanwhile — refreshes.
A refresh that fails on the database is tried again (after 0.5 s, doubling up to 10 s).
"""
from __future__ import annotations

import asyncio
import logging
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket

from app import faults
from app.context import AppContext
from app.fastjson import dumps
from app.realtime import updates

log = logging.getLogger(__name__)

QUEUE_LIMIT = 64
# A refresh that failed on the database (no pooled connection in time, busy, away) is tried again,
# sooner first: its sockets would otherwise wait for the game's next change, which may never come.
RETRY_FIRST_SECONDS = 0.5
RETRY_MAX_SECONDS = 10.0
REPLY_LIMIT = 16
CLOSE_TOO_SLOW = 1013  # "try again later": the client could not keep up with its queue
CLOSE_BANNED = 4403
CLOSE_SIGNED_OUT = 4401


class Connection:
    """One websocket: an outgoing queue drained by its own writer task, so a slow client never stalls the hub.

    Pushes (views, chat) are counted: over QUEUE_LIMIT unwritten means the client does not
    read, and it is closed with 1013. Replies to the client's own messages (pong, ok, error)
    are awaited by the reader instead, so a client that pipelines requests is slowed to its
    own reading pace, never closed for it.
    """

    def __init__(self, ws: WebSocket, game_id: int, user_id: int | None) -> None:
        self.ws = ws
        self.game_id = game_id
        self.user_id = user_id
        self.credential: tuple[str, str | int] | None = None  # the session or token to re-check
        self.version: tuple[int, int] | None = None
        self.last_log_id = 0
        self.last_chat_id = 0
        self._queue: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
        self._pushes = 0
        self._replies = asyncio.Semaphore(REPLY_LIMIT)
        self._writer = asyncio.create_task(self._write(), name=f"ws-writer-{game_id}")
        self.closed = asyncio.Event()

    def send(self, message: dict[str, Any]) -> None:
        self.push(dumps(message))

    def push(self, text: str) -> None:
        """Queue a message already in JSON (counted: see QUEUE_LIMIT)."""
        if self.closed.is_set():
            return
        if self._pushes >= QUEUE_LIMIT:
            self.closed.set()
            self._writer.cancel()
            asyncio.create_task(self._close_quietly(CLOSE_TOO_SLOW, "too slow"))
            return
        self._pushes += 1
        self._queue.put_nowait(("push", text))

    async def reply(self, message: dict[str, Any]) -> None:
        """Queue an answer to the client's own message, waiting while too many are unwritten."""
        await self._replies.acquire()
        if self.closed.is_set():
            return
        self._queue.put_nowait(("reply", dumps(message)))

    def close(self, code: int, reason: str = "") -> None:
        if not self.closed.is_set():
            self._queue.put_nowait(("close", (code, reason)))

    async def _write(self) -> None:
        try:
            while True:
                kind, payload = await self._queue.get()
                if kind == "close":
                    await self._close_quietly(*payload)
                    return
                await self.ws.send_text(payload)
                if kind == "push":
                    self._pushes -= 1
                else:
                    self._replies.release()
        except asyncio.CancelledError:
            raise
        except Exception:  # the peer went away; the reader notices and unregisters
            pass
        finally:
            self.closed.set()
            for _ in range(REPLY_LIMIT):  # a reader waiting to reply must not wait forever
                self._replies.release()

    async def _close_quietly(self, code: int, reason: str) -> None:
        try:
            await self.ws.close(code, reason)
        except Exception:
            pass
        finally:
            self.closed.set()

    async def shutdown(self) -> None:
        self.closed.set()
        self._writer.cancel()
        try:
            await self._writer
        except (asyncio.CancelledError, Exception):
            pass

    def offer(self, update: updates.Update) -> None:
        """Queue an update unless the client already has this state or a newer one."""
        if self.version is not None and update.version <= self.version:
            return
        self.version = update.version
        fresh_log = [e for e in update.log if e["id"] > self.last_log_id]
        if fresh_log:
            self.last_log_id = fresh_log[-1]["id"]
        self.push(update.message.text(fresh_log))

    def reset(self, user_id: int | None) -> None:
        """A new identity (an `auth` message): the next update is sent in full, log included."""
        self.user_id = user_id
        self.version = None
        self.last_log_id = 0


class Hub:
    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.games: dict[int, set[Connection]] = {}
        self._refreshing: dict[int, asyncio.Task] = {}
        self._again: set[int] = set()
        self._changing: dict[int, int] = {}  # game -> actions from local sockets under way
        self._deferred: dict[int, set[int]] = {}  # game -> seqs notified (moves) while those were under way
        self._pushed: dict[int, int] = {}  # game -> the newest seq pushed straight from a local action
        self._failures: dict[int, int] = {}  # game -> refreshes failed in a row on the database (retried)

    # --- membership ---------------------------------------------------------------------------

    def add(self, conn: Connection) -> None:
        self.games.setdefault(conn.game_id, set()).add(conn)

    def remove(self, conn: Connection) -> None:
        conns = self.games.get(conn.game_id)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self.games[conn.game_id]
                self._pushed.pop(conn.game_id, None)
                self._failures.pop(conn.game_id, None)

    def connection_count(self) -> int:
        return sum(len(c) for c in self.games.values())

    # --- events from the listener -------------------------------------------------------------

    async def on_event(self, event: dict[str, Any]) -> None:
        kind = event.get("kind")
        if kind == "game":
            game_id, seq = int(event["game"]), event.get("seq")
            if event.get("move") and isinstance(seq, int):
                if self._pushed.get(game_id, -1) >= seq:
                    return  # pushed by the action itself
                if game_id in self._changing:
                    self._deferred.setdefault(game_id, set()).add(seq)  # perhaps it is this process's
                    return
            self.refresh(game_id)
        elif kind == "chat":
            await self._chat(int(event["game"]), int(event["id"]))
        elif kind == "user":
            self._drop_user(int(event["user"]))
        elif kind == "revoked":
            await self._recheck_user(int(event["user"]))

    async def resync(self) -> None:
        """After (re)connecting to PostgreSQL: we may have missed events, so refresh everything."""
        for game_id in list(self.games):
            self.refresh(game_id)

    def refresh(self, game_id: int) -> None:
        if game_id not in self.games:
            return
        if game_id in self._refreshing:
            self._again.add(game_id)
            return
        self._refreshing[game_id] = asyncio.create_task(self._refresh_loop(game_id), name=f"refresh-{game_id}")

    async def _refresh_loop(self, game_id: int) -> None:
        try:
            while True:
                self._again.discard(game_id)
                conns = list(self.games.get(game_id, ()))
                if conns:
                    await self.push(game_id, conns)
                self._failures.pop(game_id, None)
                if game_id not in self._again:
                    return
        except Exception as exc:
            faults.log_failure(log, f"refreshing game {game_id}", exc)
            if faults.classify(exc) is not None:  # no connection, busy, database away: the change is not lost
                failures = self._failures[game_id] = self._failures.get(game_id, 0) + 1
                delay = min(RETRY_FIRST_SECONDS * 2 ** (failures - 1), RETRY_MAX_SECONDS)
                asyncio.get_running_loop().call_later(delay, self.refresh, game_id)
        finally:
            self._refreshing.pop(game_id, None)

    # --- changes made through this process's sockets -------------------------------------------

    def begin_change(self, game_id: int) -> list[Connection]:
        """An action on `game_id` is about to be applied here: the connections to push it to."""
        self._changing[game_id] = self._changing.get(game_id, 0) + 1
        return list(self.games.get(game_id, ()))

    def end_change(self, game_id: int, conns: list[Connection], seq: int | None,
                   built: list[updates.Update] | None, log_since: int) -> None:
        """The action ended: committed at `seq` (None: refused or failed) with `built` updates for `conns`
        (None: not built), whose log entries start after `log_since`."""
        left = self._changing.pop(game_id, 1) - 1
        if left:
            self._changing[game_id] = left
        stale = seq is not None and built is None
        if seq is not None and built is not None:
            for conn, update in zip(conns, built):
                if conn.last_log_id < log_since:  # reset meanwhile (a new identity): it needs more log
                    stale = True
                    continue
                conn.offer(update)
            if game_id in self.games:
                self._pushed[game_id] = max(self._pushed.get(game_id, -1), seq)
                stale = stale or any(c not in conns for c in self.games[game_id])  # came meanwhile
        # Moves notified meanwhile are this one, or another's (then read): nothing stays deferred.
        pushed = self._pushed.get(game_id, -1)
        if any(s > pushed for s in self._deferred.pop(game_id, ())):
            stale = True
        if stale:
            self.refresh(game_id)

    async def push(self, game_id: int, conns: list[Connection]) -> None:
        viewers = [updates.Viewer(c.user_id, c.last_log_id) for c in conns]
        built = await run_in_threadpool(updates.build, self.ctx, game_id, viewers)
        if built is None:
            return
        for conn, update in zip(conns, built):
            conn.offer(update)

    async def _chat(self, game_id: int, message_id: int) -> None:
        conns = list(self.games.get(game_id, ()))
        if not conns:
            return
        message = await run_in_threadpool(updates.chat_message, self.ctx, message_id)
        if message is None:
            return
        for conn in conns:
            if message["id"] > conn.last_chat_id:
                conn.last_chat_id = message["id"]
                conn.send({"type": "chat", "message": message})

    def _drop_user(self, user_id: int) -> None:
        for conns in self.games.values():
            for conn in conns:
                if conn.user_id == user_id:
                    conn.send({"type": "error", "code": "banned", "message": "This account is banned."})
                    conn.close(CLOSE_BANNED, "banned")

    async def _recheck_user(self, user_id: int) -> None:
        """A session or token of the user ended: close the sockets it authenticated (4401)."""
        conns = [c for cs in self.games.values() for c in cs if c.user_id == user_id and c.credential]
        if not conns:
            return
        valid = await run_in_threadpool(updates.credentials_valid, self.ctx, [c.credential for c in conns])
        for conn, ok in zip(conns, valid):
            if not ok:
                conn.send({"type": "error", "code": "not_signed_in", "message": "Your session has ended."})
                conn.close(CLOSE_SIGNED_OUT, "signed out")

    async def close_all(self) -> None:
        for task in list(self._refreshing.values()):
            task.cancel()
        for conns in list(self.games.values()):
            for conn in list(conns):
                conn.close(1001, "server shutting down")
