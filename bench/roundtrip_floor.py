"""The floor for the round-trip bench: a bare websocket echo that commits one PostgreSQL
transaction per message. No framework, no engine, no views: what any design must pay."""
from __future__ import annotations

import asyncio
import time

import psycopg
from psycopg_pool import AsyncConnectionPool
from websockets.asyncio.client import connect
from websockets.asyncio.server import serve


async def _echo_server(pool: AsyncConnectionPool, port: int):
    async def handler(ws):
        async for message in ws:
            async with pool.connection() as conn:
                await conn.execute("INSERT INTO bench_floor (body) VALUES (%s)", (message,))
            await ws.send(message)

    return await serve(handler, "127.0.0.1", port, compression=None)


async def measure(libpq_url: str, port: int, games: int, per_game: int) -> tuple[list[float], float]:
    """Latencies (seconds) of `games` concurrent clients each doing `per_game` echo round trips."""
    with psycopg.connect(libpq_url, autocommit=True) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS bench_floor (id bigserial PRIMARY KEY, body text)")
    async with AsyncConnectionPool(libpq_url, min_size=4, max_size=20, open=False) as pool:
        await pool.open(wait=True)
        server = await _echo_server(pool, port)
        latencies: list[float] = []

        async def client(n: int) -> None:
            async with connect(f"ws://127.0.0.1:{port}", compression=None) as ws:
                for i in range(per_game):
                    started = time.perf_counter()
                    await ws.send(f'{{"type":"action","seq":{i},"action":{{"type":"x"}}}}')
                    await ws.recv()
                    latencies.append(time.perf_counter() - started)

        started = time.perf_counter()
        await asyncio.gather(*(client(n) for n in range(games)))
        wall = time.perf_counter() - started
        server.close()
        await server.wait_closed()
    return latencies, wall
