"""The process's single LISTEN connection (psycopg async), reconnecting with backoff.

After every (re)connect `on_connect` runs, so the hub can resend current views:
notifications sent while we were disconnected are lost, the state is not. `connected`
is what /healthz and /readyz report as `listening`.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

import psycopg
from psycopg import sql

from app import background, faults

log = logging.getLogger(__name__)

MAX_RETRY_SECONDS = 2.0  # attempts are cheap; live updates (and /readyz) come back soon after the database
# A dead peer is noticed within ~25 s even when no packet says so; a connect never hangs.
CONNECT_OPTIONS = {"connect_timeout": 5, "keepalives": 1, "keepalives_idle": 10, "keepalives_interval": 5,
                   "keepalives_count": 3}


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
        await background.stop_tasks([self._task], "LISTEN connection")

    async def _run(self) -> None:
        delay = 0.2
        lost_at: float | None = None
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True, **CONNECT_OPTIONS) as conn:
                    await conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.channel)))
                    if lost_at is not None:
                        log.info("LISTEN connection restored after %.1fs", time.monotonic() - lost_at)
                        lost_at = None
                    self.connected.set()
                    delay = 0.2
                    await self.on_connect()
                    async for note in conn.notifies():
                        try:
                            await self.on_message(note.payload)
                        except Exception as exc:  # one bad event must not stop the feed
                            faults.log_failure(log, f"handling notification {note.payload!r}", exc)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self.connected.clear()
                first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
                if lost_at is None:  # one line per outage, not one per attempt
                    lost_at = time.monotonic()
                    log.warning("LISTEN connection lost (%s); reconnecting", first)
                else:
                    log.debug("LISTEN reconnect failed (%s); next try in %.1fs", first, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, MAX_RETRY_SECONDS)
