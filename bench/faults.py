"""Database faults under a running server: how fast the answers come, and what is lost (issue 15).

    python3 manage.py bench faults [--flood 40] [--outages 4] [--outage-seconds 3]

Everything runs against a throwaway PostgreSQL cluster of its own (pgserver's binaries, a
free port; never a shared server) and a real `python -m app serve` process.

1. A game's row held by another connection while `--flood` clients post to that game at
   once: how long each waits for its answer (and which), and meanwhile the latency of moves
   in another game and of `/healthz`.
2. `--outages` times, PostgreSQL stopped for `--outage-seconds` (alternately a clean fast
   shutdown and an immediate one, as after a crash) while one client plays as fast as it
   can: the answers it got, how long after PostgreSQL came back the server was ready and
   the next move acknowledged, and whether every acknowledged move was kept (and the
   replay of the log still gives the stored state).
"""
from __future__ import annotations

import argparse
import collections
import os
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
import psycopg  # noqa: E402
from sqlalchemy import select  # noqa: E402

from app.db import Database  # noqa: E402
from app.models import GameAction  # noqa: E402
from app.rules import Rules  # noqa: E402
from app.services import play  # noqa: E402
from app.settings import Settings  # noqa: E402
from tests.app.pgcluster import Cluster  # noqa: E402
from tests.app.servers import running_server  # noqa: E402
from tests.app.support import make_user  # noqa: E402

SECRET = "bench-secret-key"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = (len(ordered) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f}"


def new_game(api: httpx.Client, axis, soviet) -> int:
    game = api.post("/api/games", json={"side": "axis"}, headers=axis.headers).json()
    api.post(f"/api/games/{game['id']}/join", headers=soviet.headers).raise_for_status()
    return game["id"]


def turn(api: httpx.Client, game_id: int, players) -> tuple[object, httpx.Response]:
    """The acting player and their view (or the failed view answer)."""
    for p in players:
        response = api.get(f"/api/games/{game_id}/view", headers=p.headers)
        if response.status_code != 200 or response.json()["actions"]:
            return p, response
    raise RuntimeError("nobody can act")


def move(api: httpx.Client, game_id: int, players) -> httpx.Response:
    player, response = turn(api, game_id, players)
    if response.status_code != 200:
        return response
    v = response.json()
    return api.post(f"/api/games/{game_id}/actions", json={"seq": v["seq"], "action": v["actions"][0]},
                    headers=player.headers)


def code(response: httpx.Response) -> str:
    if response.status_code == 200:
        return "200"
    return f"{response.status_code} {response.json()['error']['code']}"


def flood(env, size: int) -> None:
    users = [make_user(env.ctx, f"flood{i}") for i in range(4)]
    with httpx.Client(base_url=env.base, timeout=60) as api:
        stuck, other = new_game(api, users[0], users[1]), new_game(api, users[2], users[3])
        player, response = turn(api, stuck, users[:2])
        v = response.json()
        with psycopg.connect(env.cluster.url("sw")) as holder:
            holder.execute("SELECT id FROM games WHERE id = %s FOR UPDATE", (stuck,))

            def post(_: int) -> tuple[float, str]:
                with httpx.Client(base_url=env.base, timeout=60) as own:
                    started = time.perf_counter()
                    answer = own.post(f"/api/games/{stuck}/actions", json={"seq": v["seq"], "action": v["actions"][0]},
                                      headers=player.headers)
                    return time.perf_counter() - started, code(answer)

            single = [post(i) for i in range(5)]  # one at a time: the bare lock timeout
            other_moves, health = [], []
            with ThreadPoolExecutor(size) as pool:
                futures = [pool.submit(post, i) for i in range(size)]
                while not all(f.done() for f in futures) or len(other_moves) < 5:
                    started = time.perf_counter()
                    answer = move(api, other, users[2:])
                    other_moves.append((time.perf_counter() - started, code(answer)))
                    started = time.perf_counter()
                    api.get("/healthz")
                    health.append(time.perf_counter() - started)
                answers = [f.result() for f in futures]
            holder.rollback()
    print(f"\n1. Game row held by another connection, {size} concurrent posts to that game")
    print("| what | n | answers | p50 ms | p95 ms | max ms |")
    print("| --- | --- | --- | --- | --- | --- |")
    for label, rows in (("one post at a time to the locked game", single),
                        (f"{size} posts at once to the locked game", answers),
                        ("meanwhile, moves in another game (view + post)", other_moves)):
        times = [t for t, _ in rows]
        counts = ", ".join(f"{c} ×{n}" for c, n in collections.Counter(c for _, c in rows).items())
        print(f"| {label} | {len(rows)} | {counts} | {ms(percentile(times, 50))} | {ms(percentile(times, 95))} "
              f"| {ms(max(times))} |")
    print(f"| meanwhile, /healthz | {len(health)} | 200 | {ms(percentile(health, 50))} | {ms(percentile(health, 95))} "
          f"| {ms(max(health))} |")


def outages(env, count: int, seconds: float) -> None:
    rules = Rules()
    print(f"\n2. PostgreSQL stopped for {seconds:g} s under a client playing as fast as it can")
    print("| # | stop | answers during the outage | ready after start ms | next ack after start ms "
          "| acked | lost | replay == state |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for n in range(count):
        mode = ("fast", "immediate")[n % 2]
        users = [make_user(env.ctx, f"out{n}_{i}") for i in range(2)]
        with httpx.Client(base_url=env.base, timeout=60) as api:
            game_id = new_game(api, *users)
        acked: dict[int, tuple[float, dict]] = {}
        answers: list[tuple[float, str]] = []
        stop = threading.Event()

        def mover() -> None:
            with httpx.Client(base_url=env.base, timeout=60) as api:
                while not stop.is_set():
                    player, response = turn(api, game_id, users)
                    if response.status_code == 200:
                        v = response.json()
                        response = api.post(f"/api/games/{game_id}/actions",
                                            json={"seq": v["seq"], "action": v["actions"][0]}, headers=player.headers)
                    now = time.perf_counter()
                    answers.append((now, code(response)))
                    if response.status_code == 200 and "seq" in response.json():
                        acked[response.json()["seq"]] = (now, v["actions"][0])
                    elif response.status_code == 503:
                        time.sleep(0.2)

        thread = threading.Thread(target=mover, daemon=True)
        thread.start()
        time.sleep(1.0)
        down = time.perf_counter()
        env.cluster.stop(mode)
        time.sleep(seconds)
        env.cluster.start()
        up = time.perf_counter()
        while True:
            try:
                if httpx.get(f"{env.base}/readyz", timeout=5).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.02)
        ready = time.perf_counter() - up
        while not any(t > up for t, _ in acked.values()):
            time.sleep(0.02)
        first_ack = min(t for t, _ in acked.values() if t > up) - up
        time.sleep(0.5)
        stop.set()
        thread.join(60)
        during = collections.Counter(c for t, c in answers if down <= t <= up)
        with env.ctx.db.session() as db:
            stored = {a.seq: a.action for a in db.scalars(select(GameAction).where(GameAction.game_id == game_id))}
            replay_ok = play.replay_matches(db, rules, game_id)
        lost = sum(1 for seq, (_, action) in acked.items() if stored.get(seq) != action)
        print(f"| {n + 1} | {mode} | {', '.join(f'{c} ×{k}' for c, k in during.items()) or '—'} | {ms(ready)} "
              f"| {ms(first_ack)} | {len(acked)} | {lost} | {'yes' if replay_ok else 'NO'} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--flood", type=int, default=40)
    parser.add_argument("--outages", type=int, default=4)
    parser.add_argument("--outage-seconds", type=float, default=3.0)
    args = parser.parse_args()
    cluster = Cluster()
    try:
        cluster.start()
        url = cluster.migrated_database()
        data_dir = cluster.root / "app"
        data_dir.mkdir()
        ctx = SimpleNamespace(db=Database(url), settings=Settings(_env_file=None, database_url=url, secret_key=SECRET,
                                                                   data_dir=data_dir))
        with running_server(url, data_dir, secret_key=SECRET) as base:
            env = SimpleNamespace(cluster=cluster, base=base, ctx=ctx)
            print("Settings: the defaults (game lock timeout 1000 ms, pool 10+20, pool timeout 2 s, deadline 10 s)")
            print(f"Machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the start")
            flood(env, args.flood)
            outages(env, args.outages, args.outage_seconds)
        ctx.db.dispose()
        log = "\n".join(p.read_text() for p in data_dir.glob("server-*.log"))
        lines = [line for line in log.splitlines() if " WARNING " in line or " ERROR " in line]
        print(f"\nServer log: {len(lines)} warning/error lines, {log.count('Traceback')} tracebacks")
    finally:
        cluster.destroy()


if __name__ == "__main__":
    main()
