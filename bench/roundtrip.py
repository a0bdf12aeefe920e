"""Server round trip: one action from submit until every connected client has its new view.

    python3 manage.py bench roundtrip [--levels 1,10,100] [--actions 20] [--spectators 0] [--engine engine]

For each level N it starts N games (two players each, both connected by websocket to a
real `python -m app serve` process), then every game's acting player sends its first
legal action over its socket at the same time, again and again; the latency of one
action is from sending it until *both* players' sockets have received the view at the
new seq. Beside it, the floor: a bare websocket echo plus one PostgreSQL commit, at the
same concurrency. *server CPU ms/action* is the CPU time the app process(es) used while the
level's games played (not while they were created and connected) divided by its actions: unlike the
latencies, it hardly moves with the load others put on a shared machine. *rest of machine CPU
ms/action* is every other busy CPU second of the machine in that time (PostgreSQL, this client,
anything else running) per action, and *machine busy %* how much of all CPUs was in use: near 100 %,
more app processes on this machine cannot go faster. The database is the embedded PostgreSQL unless DATABASE_URL is set
(a fresh database is created and dropped either way).
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import secrets
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import httpx  # noqa: E402
import orjson  # noqa: E402
import psycopg  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

from app.db import libpq_url  # noqa: E402
from app.migrate import upgrade  # noqa: E402
from proctree import cpu_seconds, machine_busy_seconds  # noqa: E402

SECRET = "bench-secret-key"
CONNECTION_BUDGET = 80  # of the embedded PostgreSQL's 100 connections, for the app processes' pools


def server_env(workers: int) -> dict[str, str]:
    """The app's environment for `workers` processes: each process keeps its own pool (10 + 20
    overflow by default), so with many processes the pools are shrunk to stay within what
    PostgreSQL accepts ("too many clients" would otherwise fail refreshes and moves)."""
    env = {"SW_WORKERS": str(workers)}
    if workers * 30 > CONNECTION_BUDGET:
        per = CONNECTION_BUDGET // workers
        env["SW_DB_POOL_SIZE"] = str(per * 2 // 5)
        env["SW_DB_MAX_OVERFLOW"] = str(per - per * 2 // 5)
    return env


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = (len(ordered) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def fresh_database(base: str) -> tuple[str, str]:
    admin = libpq_url(make_url(base).set(database="postgres").render_as_string(hide_password=False))
    name = f"sw_bench_{secrets.token_hex(4)}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return make_url(base).set(database=name).render_as_string(hide_password=False), admin


def drop_database(url: str, admin: str) -> None:
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{make_url(url).database}" WITH (FORCE)')


@contextlib.contextmanager
def bench_database(prefix: str = "sw-bench-pg-"):
    """A fresh, migrated database for one run, dropped afterwards: on DATABASE_URL's server, else on an
    embedded PostgreSQL of its own. Yields (url, where it runs, for the table's footnote)."""
    embedded = None
    base = os.environ.get("DATABASE_URL")
    if not base:
        import pgserver

        embedded = pgserver.get_server(tempfile.mkdtemp(prefix=prefix), cleanup_mode="delete")
        base = embedded.get_uri()
    url, admin = fresh_database(base)
    try:
        upgrade(url)
        yield url, "DATABASE_URL" if embedded is None else "embedded PostgreSQL"
    finally:
        drop_database(url, admin)
        if embedded is not None:
            embedded.cleanup()


def make_players(url: str, count: int) -> list[dict]:
    """Users with API tokens, made directly in the database (sign-up speed is not measured)."""
    from app.db import Database
    from app.services import accounts
    from app.settings import Settings

    settings = Settings(_env_file=None, database_url=url, secret_key=SECRET)
    db = Database(url, pool_size=1, max_overflow=0)
    players = []
    try:
        with db.transaction() as session:
            for i in range(count):
                user = accounts.User(username=f"bench{i}", password_hash="!")
                session.add(user)
                session.flush()
                _, token = accounts.create_token(session, settings, user, "bench")
                players.append({"id": user.id, "headers": {"Authorization": f"Bearer {token}"}})
    finally:
        db.dispose()
    return players


class Seat:
    def __init__(self, ws, headers):
        self.ws = ws
        self.headers = headers
        self.latest: dict | None = None
        self.arrived: dict[int, float] = {}
        self.waiters: dict[int, asyncio.Event] = {}
        self.errors: list[dict] = []

    async def read(self) -> None:
        async for raw in self.ws:
            message = orjson.loads(raw)  # the client shares the cores: parse views as cheaply as we can
            if message["type"] == "view":
                self.latest = message
                self.arrived[message["seq"]] = time.perf_counter()
                for seq, event in list(self.waiters.items()):
                    if message["seq"] >= seq:
                        event.set()
            elif message["type"] == "error":
                self.errors.append(message)
                for event in self.waiters.values():
                    event.set()  # wake the player: its action failed

    async def wait_for(self, seq: int) -> float | None:
        """When the view at `seq` arrived; None if an error came instead."""
        while not (self.latest and self.latest["seq"] >= seq):
            if self.errors:
                return None
            event = self.waiters.setdefault(seq, asyncio.Event())
            await asyncio.wait_for(event.wait(), timeout=120)
            event.clear()
        return self.arrived.get(seq, time.perf_counter())


async def run_level(base_urls: list[str], players: list[dict], games: int, per_game: int,
                    on_play=None, spectators: int = 0) -> tuple[list[float], float, Any]:
    """Latencies and wall time of the play phase; `on_play` (a context manager factory) wraps that phase
    only, so game creation and the first views are not counted in it. With several `base_urls` (app
    processes on their own ports) both sockets of a game go to the one its id picks, as a proxy hashing
    the game id in the path would send them. `spectators`: anonymous sockets watching each game, whose
    new views count in the latency like the players'."""
    base_url = base_urls[0]
    async with httpx.AsyncClient(base_url=base_url, timeout=60) as api:
        ids = []
        for g in range(games):
            axis, soviet = players[2 * g], players[2 * g + 1]
            game = (await api.post("/api/games", json={"side": "axis"}, headers=axis["headers"])).json()
            joined = await api.post(f"/api/games/{game['id']}/join", headers=soviet["headers"])
            joined.raise_for_status()
            ids.append(game["id"])

    tables: list[list[Seat]] = []
    readers = []
    for g, game_id in enumerate(ids):
        seats = []
        for p in (players[2 * g], players[2 * g + 1], *[{"headers": {}}] * spectators):
            ws_base = base_urls[game_id % len(base_urls)].replace("http://", "ws://")
            ws = await connect(f"{ws_base}/ws/games/{game_id}", additional_headers=p["headers"], max_size=2**24,
                               compression=None)
            seat = Seat(ws, p["headers"])
            readers.append(asyncio.create_task(seat.read()))
            seats.append(seat)
        tables.append(seats)
    for seats in tables:
        for seat in seats:
            await seat.wait_for(0)

    latencies: list[float] = []
    failures: list[dict] = []

    async def play(seats: list[Seat]) -> None:
        for _ in range(per_game):
            seq = max(s.latest["seq"] for s in seats)
            await asyncio.gather(*(s.wait_for(seq) for s in seats))
            mover = next((s for s in seats if s.latest["seq"] == seq and s.latest["actions"]), None)
            if mover is None:
                return  # the game is over (or waits on nobody we hold)
            started = time.perf_counter()
            await mover.ws.send(json.dumps({"type": "action", "seq": seq, "action": mover.latest["actions"][0]}))
            arrived = await asyncio.gather(*(s.wait_for(seq + 1) for s in seats))
            if None in arrived:  # the server refused the move (an engine bug, say): stop this game
                failures.extend(s.errors for s in seats if s.errors)
                return
            latencies.append(max(arrived) - started)

    with (on_play() if on_play else contextlib.nullcontext()) as during:
        started = time.perf_counter()
        await asyncio.gather(*(play(seats) for seats in tables))
        wall = time.perf_counter() - started
    for failure in failures:
        print(f"  a game stopped early: {failure}", file=sys.stderr)
    for seats in tables:
        for seat in seats:
            await seat.ws.close()
    for task in readers:
        task.cancel()
    return latencies, wall, during


class ServerCpu:
    """CPU seconds the server's processes (and the whole machine) used while the block ran; optionally
    sampled by py-spy."""

    def __init__(self, pids: list[int], py_spy: str | None = None) -> None:
        self.pids = pids
        self.py_spy = py_spy
        self.seconds = 0.0
        self.machine_seconds = 0.0
        self.wall = 0.0
        self._spy = None

    def __enter__(self) -> "ServerCpu":
        if self.py_spy:
            import subprocess

            # Blocking sampling: --nonblocking reads a running thread's stack and charged C calls
            # (marshal in `clone`) with samples that belonged elsewhere.
            self._spy = subprocess.Popen(["py-spy", "record", "--pid", str(self.pids[0]), "--subprocesses", "--gil",
                                          "--rate", "200", "--format", "raw", "--output", self.py_spy],
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self._start = self._server_seconds()
        self._machine_start = machine_busy_seconds()
        self._wall_start = time.perf_counter()
        return self

    def __exit__(self, *exc) -> None:
        self.seconds = self._server_seconds() - self._start
        # The whole machine's busy CPU: the server plus what it shares the cores with (PostgreSQL, this
        # client, anything else running). A machine near 100 % cannot go faster by adding app processes.
        self.machine_seconds = machine_busy_seconds() - self._machine_start
        self.wall = time.perf_counter() - self._wall_start
        if self._spy is not None:
            import signal

            self._spy.send_signal(signal.SIGINT)  # py-spy writes its file on SIGINT
            self._spy.wait(timeout=60)


    def _server_seconds(self) -> float:
        return sum(cpu_seconds(pid) for pid in self.pids)


def row(label: str, latencies: list[float], wall: float) -> list[str]:
    ms = [x * 1000 for x in latencies]
    return [label, str(len(ms)), f"{percentile(ms, 50):.1f}", f"{percentile(ms, 95):.1f}", f"{percentile(ms, 99):.1f}",
            f"{len(ms) / wall:.0f}"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--levels", default="1,10,100", help="concurrent games per level (default %(default)s)")
    parser.add_argument("--actions", type=int, default=20, help="actions per game at each level (default %(default)s)")
    parser.add_argument("--max-actions", type=int, default=500,
                        help="cap on actions per level, shared by its games (default %(default)s)")
    parser.add_argument("--workers", type=int, default=1, help="app processes (default %(default)s)")
    parser.add_argument("--route", choices=("port", "game"), default="port",
                        help="port: the processes share one port and the kernel spreads connections (a game's two "
                        "players may land on different processes); game: each process has its own port and a "
                        "game's sockets all go to one, as behind a proxy that hashes the game id "
                        "(docs/server.md, Several app processes) (default %(default)s)")
    parser.add_argument("--spectators", type=int, default=0,
                        help="anonymous sockets watching each game besides its two players (default %(default)s)")
    parser.add_argument("--engine", default="engine", help="rules engine module for the server (default %(default)s)")
    parser.add_argument("--server-log", help="copy the server's log here at the end (it is deleted otherwise)")
    parser.add_argument("--py-spy", metavar="FILE", help="sample the server with py-spy (must be on PATH) during the "
                        "last level's play phase; collapsed stacks of GIL-holding samples go to FILE")
    ns = parser.parse_args()
    levels = [int(x) for x in ns.levels.split(",")]

    from tests.app.servers import running_server  # the same launcher the tests use

    results = []
    procs: list = []
    with bench_database() as (url, where):
        players = make_players(url, 2 * sum(levels))
        with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
            routed = ns.route == "game"
            servers = [stack.enter_context(running_server(url, Path(tmp), secret_key=SECRET, engine_module=ns.engine,
                                                          extra_env={**server_env(ns.workers), "SW_WORKERS": "1"}
                                                          if routed else server_env(ns.workers),
                                                          processes=procs))
                       for _ in range(ns.workers if routed else 1)]
            offset = 0
            if ns.server_log:  # copied on the way out, even when a level fails
                stack.callback(lambda: [shutil.copy(log, f"{ns.server_log}.{i}" if i else ns.server_log)
                                        for i, log in enumerate(sorted(Path(tmp).glob("server-*.log")))])
            for n in levels:
                per_game = max(3, min(ns.actions, ns.max_actions // n))
                spy = ns.py_spy if n == levels[-1] else None
                lat, wall, used = asyncio.run(run_level(servers, players[offset:offset + 2 * n], n, per_game,
                                                        lambda: ServerCpu([p.pid for p in procs], spy),
                                                        ns.spectators))
                offset += 2 * n
                from roundtrip_floor import measure

                floor, floor_wall = asyncio.run(measure(libpq_url(url), free_port(), n, per_game))
                results.append((n, lat, wall, floor, floor_wall, used))
                print(f"  {n} games: {len(lat)} actions", file=sys.stderr, flush=True)

    header = ["concurrent games", "actions", "p50 ms", "p95 ms", "p99 ms", "actions/s",
              "floor p50 ms", "floor p95 ms", "floor p99 ms", "floor msgs/s", "p99 ÷ floor p99",
              "server CPU ms/action", "rest of machine CPU ms/action", "machine busy %"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for n, lat, wall, floor, floor_wall, cpu in results:
        mine = row(str(n), lat, wall)
        base_row = row("", floor, floor_wall)
        ratio = percentile(lat, 99) / max(percentile(floor, 99), 1e-9)
        per_action = 1000 / max(len(lat), 1)
        busy = 100 * cpu.machine_seconds / max(cpu.wall * (os.cpu_count() or 1), 1e-9)
        print("| " + " | ".join(mine + base_row[2:] + [f"{ratio:.1f}", f"{cpu.seconds * per_action:.1f}",
                                                     f"{(cpu.machine_seconds - cpu.seconds) * per_action:.1f}",
                                                     f"{busy:.0f}"]) + " |")
    routing = "a game's sockets on one process" if ns.route == "game" else "sharing one port"
    watched = f", {ns.spectators} spectator(s) per game" if ns.spectators else ""
    print(f"\n(python {sys.version.split()[0]}, {os.cpu_count()} CPUs, {ns.workers} app process(es) {routing}, engine {ns.engine!r}, "
          f"{where}{watched})")
    return 0


def free_port() -> int:
    from tests.app.servers import free_port as pick

    return pick()


if __name__ == "__main__":
    sys.exit(main())
