"""What `/healthz` and `/readyz` report: can this process reach PostgreSQL, and is it LISTENing?

The database is probed over a fresh connection of its own (not the pool, not the thread pool),
so the answer comes within a couple of seconds even when every pooled connection is stuck.
Probes that arrive while one is running share its answer (no other caching: the answer is current).
"""
from __future__ import annotations

import asyncio
from typing import Any

import psycopg

from app.realtime.listener import Listener

PROBE_TIMEOUT = 2.0  # seconds for connecting and answering SELECT 1


class Probe:
    def __init__(self, url: str, listener: Listener) -> None:
        self.url = url
        self.listener = listener
        self._running: asyncio.Task | None = None

    async def check(self) -> dict[str, Any]:
        database = await self._database()
        listening = self.listener.connected.is_set()
        return {"ok": database and listening, "database": database, "listening": listening}

    async def _database(self) -> bool:
        if self._running is None or self._running.done():
            self._running = asyncio.create_task(self._probe())
        return await asyncio.shield(self._running)

    async def _probe(self) -> bool:
        try:
            async with asyncio.timeout(PROBE_TIMEOUT):
                conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True,
                                                             connect_timeout=int(PROBE_TIMEOUT))
                try:
                    await conn.execute("SELECT 1")
                finally:
                    await conn.close()
            return True
        except (TimeoutError, psycopg.Error):  # the host and the reason stay out of a public answer
            return False
