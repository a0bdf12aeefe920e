"""The process's single LISTEN connection (psycopg async), reconnecting with backoff.

After every (re)connect `on_connect` runs, so the hub can resend current views:
notifications sent while we were disconnected are lost, the state is not.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import psycopg
from psycopg import sql

log = logging.getLogger(__name__)


class Listener:
    def __init__(
        self,
        url: str,
        channel: str,
        on_message: Callable[[str], Awaitable[None]],
        on_connect: Callable[[], Awaitable[None]],
    ) -> None:
        self.url = url
        self.channel = channel
        self.on_message = on_message
        self.on_connect = on_connect
        self.connected = asyncio.Event()
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="pg-listener")

    async def stop(self) -> None:
        if self._task:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass

    async def _run(self) -> None:
        delay = 0.2
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as conn:
                    await conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.channel)))
                    self.connected.set()
                    delay = 0.2
                    await self.on_connect()
                    async for note in conn.notifies():
                        try:
                            await self.on_message(note.payload)
                        except Exception:  # one bad event must not stop the feed
                            log.exception("handling notification %r", note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self.connected.clear()
                log.warning("LISTEN connection lost (%s); reconnecting in %.1fs", exc, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 10.0)
