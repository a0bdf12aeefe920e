"""Soak: many live games played for minutes on one server; errors, latency and the server's memory.

    python3 manage.py bench soak [--minutes 10] [--games 50] [--workers 1] [--think 0.5,1.5]

It starts `--games` games (two players each: `2 × games` websockets) on a real
`python -m app serve` process and plays them for `--minutes`: whenever a game waits on
a player, that player thinks for a random time in the `--think` range (seconds) and then
sends its first legal action over its socket. A game that ends is replaced by a new one
between the same players, so the number of live games stays constant. Counted as errors:
any `error` message, a socket that closes, a view that does not arrive within 60 s.
The server's resident memory (each app process) is read at the start of play, every
minute and at the end. The database is the embedded PostgreSQL unless DATABASE_URL is set.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import httpx  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

from proctree import app_rss, cpu_seconds  # noqa: E402
from roundtrip import SECRET, bench_database, make_players, percentile, server_env  # noqa: E402


class Player:
    """One websocket: the newest view it holds, and a wake-up when a newer one arrives."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.latest: dict | None = None
        self.changed = asyncio.Event()
        self.errors: list[str] = []
        self.closed = False

    async def read(self) -> None:
        try:
            async for raw in self.ws:
                message = json.loads(raw)
                if message["type"] == "view":
                    self.latest = message
                    self.changed.set()
                elif message["type"] == "error":
                    self.errors.append(f"{message.get('code')}: {message.get('message')}")
                    self.changed.set()
        except Exception as exc:  # noqa: BLE001 - any socket failure is an error of the soak
            self.errors.append(f"socket failed: {exc!r}")
        self.closed = True
        self.changed.set()

    async def wait_past(self, seq: int, timeout: float) -> bool:
        """Until a view newer than `seq` arrives (False: an error, a closed socket, or the time ran out)."""
        deadline = time.monotonic() + timeout
        while not (self.latest and self.latest["seq"] > seq):
            if self.errors or self.closed:
                return False
            left = deadline - time.monotonic()
            if left <= 0:
                self.errors.append(f"no view after seq {seq} within {timeout:.0f} s")
                return False
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), timeout=left)
            except TimeoutError:
                pass
        return True


class Soak:
    def __init__(self, base_url: str, players: list[dict], think: tuple[float, float], until: float, seed: int) -> None:
        self.base_url = base_url
        self.ws_base = base_url.replace("http://", "ws://")
        self.players = players
        self.think = think
        self.until = until
        self.rng = random.Random(seed)
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.games_started = 0
        self.games_finished = 0

    async def new_game(self, api: httpx.AsyncClient, axis: dict, soviet: dict) -> int:
        game = (await api.post("/api/games", json={"side": "axis"}, headers=axis["headers"])).json()
        (await api.post(f"/api/games/{game['id']}/join", headers=soviet["headers"])).raise_for_status()
        self.games_started += 1
        return game["id"]

    async def table(self, api: httpx.AsyncClient, axis: dict, soviet: dict) -> None:
        """One seat pair playing game after game until the time is up."""
        while time.monotonic() < self.until:
            game_id = await self.new_game(api, axis, soviet)
            seats, readers = [], []
            for p in (axis, soviet):
                ws = await connect(f"{self.ws_base}/ws/games/{game_id}", additional_headers=p["headers"],
                                   max_size=2**24, compression=None)
                seat = Player(ws)
                readers.append(asyncio.create_task(seat.read()))
                seats.append(seat)
            try:
                ok = all([await s.wait_past(-1, 60) for s in seats])
                while ok and time.monotonic() < self.until:
                    seq = max(s.latest["seq"] for s in seats)
                    mover = next((s for s in seats if s.latest["seq"] == seq and s.latest["actions"]), None)
                    if mover is None:
                        if all(s.latest["game"].get("status") != "active" for s in seats):
                            self.games_finished += 1
                            break  # the game is over: the next one
                        ok = all([await s.wait_past(seq, 60) for s in seats])  # an update is on its way
                        continue
                    await asyncio.sleep(self.rng.uniform(*self.think))
                    started = time.perf_counter()
                    await mover.ws.send(json.dumps({"type": "action", "seq": seq, "action": mover.latest["actions"][0]}))
                    ok = all([await s.wait_past(seq, 60) for s in seats])
                    if ok:
                        self.latencies.append(time.perf_counter() - started)
            finally:
                for s in seats:
                    self.errors.extend(f"game {game_id}: {e}" for e in s.errors)
                    await s.ws.close()
                for task in readers:
                    task.cancel()
            if not ok:
                return  # a broken table stops; its errors are counted

    async def run(self, games: int) -> None:
        async with httpx.AsyncClient(base_url=self.base_url, timeout=60) as api:
            await asyncio.gather(*(self.table(api, self.players[2 * g], self.players[2 * g + 1])
                                   for g in range(games)))


async def sample_memory(pid: int, until: float, samples: list[tuple[float, list[int]]], start: float) -> None:
    while time.monotonic() < until:
        await asyncio.sleep(min(60.0, max(0.0, until - time.monotonic())))
        samples.append((time.monotonic() - start, app_rss(pid)))


async def play(base_url: str, players: list[dict], ns, pid: int) -> tuple[Soak, list, float, float]:
    start = time.monotonic()
    until = start + 60 * ns.minutes
    soak = Soak(base_url, players, ns.think, until, ns.seed)
    memory: list[tuple[float, list[int]]] = [(0.0, app_rss(pid))]
    cpu_before = cpu_seconds(pid)
    watcher = asyncio.create_task(sample_memory(pid, until, memory, start))
    await soak.run(ns.games)
    await watcher
    memory.append((time.monotonic() - start, app_rss(pid)))
    return soak, memory, time.monotonic() - start, cpu_seconds(pid) - cpu_before


def mb(values: list[int]) -> str:
    return " + ".join(f"{v / 2**20:.0f}" for v in values) + " MB"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=10.0, help="how long to play (default %(default)s)")
    parser.add_argument("--games", type=int, default=50, help="live games at once (default %(default)s)")
    parser.add_argument("--workers", type=int, default=1, help="app processes behind the port (default %(default)s)")
    parser.add_argument("--think", default="0.5,1.5", help="a player's pause before each move, min,max seconds")
    parser.add_argument("--seed", type=int, default=1)
    ns = parser.parse_args()
    ns.think = tuple(float(x) for x in ns.think.split(","))

    from tests.app.servers import running_server

    procs: list = []
    with bench_database("sw-soak-pg-") as (url, where):
        players = make_players(url, 2 * ns.games)
        with tempfile.TemporaryDirectory() as tmp, running_server(url, Path(tmp), secret_key=SECRET,
                                                                   extra_env=server_env(ns.workers),
                                                                   processes=procs) as server:
            soak, memory, wall, cpu = asyncio.run(play(server, players, ns, procs[0].pid))
            server_log = "".join(p.read_text(errors="replace") for p in Path(tmp).glob("server-*.log"))

    tracebacks = server_log.count("Traceback")
    ms = [x * 1000 for x in soak.latencies]
    print(f"Soak: {ns.games} live games, {2 * ns.games} sockets, {wall / 60:.1f} minutes, {ns.workers} app process(es), "
          f"think {ns.think[0]}–{ns.think[1]} s\n")
    print("| actions | actions/s | p50 ms | p95 ms | p99 ms | errors | server tracebacks | games started | games finished "
          "| server CPU ms/action | RSS start | RSS end |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    print(f"| {len(ms)} | {len(ms) / wall:.0f} | {percentile(ms, 50):.1f} | {percentile(ms, 95):.1f} | "
          f"{percentile(ms, 99):.1f} | {len(soak.errors)} | {tracebacks} | {soak.games_started} | {soak.games_finished} | "
          f"{1000 * cpu / max(len(ms), 1):.1f} | {mb(memory[0][1])} | {mb(memory[-1][1])} |")
    print("\nServer memory (resident, each app process): " +
          ", ".join(f"{t / 60:.1f} min: {mb(r)}" for t, r in memory))
    for error in soak.errors[:20]:
        print(f"  error: {error}", file=sys.stderr)
    print(f"\n(python {sys.version.split()[0]}, {os.cpu_count()} CPUs, "
          f"{where})")
    return 1 if soak.errors or tracebacks else 0


if __name__ == "__main__":
    sys.exit(main())
