"""The computer opponent in the server: how soon the bot answers, and whether web requests suffer meanwhile.

    python3 manage.py bench computer [--games 1,4] [--answers 20] [--levels fast,search]

For each level and number N of concurrent games it starts a real `python -m app serve`
(SW_BOT_DELAY_SECONDS=0: no pause), N players each start a game against the computer as
the Soviet side and play a random legal action whenever it is their turn, listening on
the game's websocket. One *answer* is one bot action: from the arrival on the player's
socket of the view in which the bot must act until the view after its action (the
decision in the bot's worker process, the transaction and the fan-out). Meanwhile a probe
asks `GET /healthz` every 50 ms: its latency shows whether the bots' thinking holds up
the process serving requests (the `idle` row: the same probe with no game running).
The database is the embedded PostgreSQL unless DATABASE_URL is set.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import engine  # noqa: E402  (before bench/ is on the path: bench/engine.py is a benchmark)

sys.path.insert(0, str(ROOT / "bench"))

import httpx  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

from roundtrip import SECRET, bench_database, make_players, percentile  # noqa: E402


async def probe(api: httpx.AsyncClient, stop: asyncio.Event) -> list[float]:
    times = []
    while not stop.is_set():
        started = time.perf_counter()
        (await api.get("/healthz")).raise_for_status()
        times.append(time.perf_counter() - started)
        await asyncio.sleep(0.05)
    return times


async def one_game(base: str, player: dict, answers: int, out: list[float]) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=120) as api:
        game = (await api.post("/api/games/computer", json={"side": "soviet", "level": player["level"]},
                               headers=player["headers"])).json()
    ws_url = base.replace("http://", "ws://") + f"/ws/games/{game['id']}"
    got, rng = 0, random.Random(game["id"])
    async with connect(ws_url, additional_headers=player["headers"], max_size=2**24, compression=None) as ws:
        bot_since: float | None = None
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] != "view":
                continue
            now = time.perf_counter()
            if bot_since is not None:
                out.append(now - bot_since)
                got += 1
                bot_since = None
            meta = message["game"]
            if meta["status"] != "active" or got >= answers:
                return
            if "axis" in meta["active_sides"]:
                bot_since = now  # the bot is to act from this view on
            elif message["actions"] or message["action_groups"]:
                action = rng.choice(engine.unpack_actions(message["actions"], message["action_groups"]))
                await ws.send(json.dumps({"type": "action", "seq": message["seq"], "action": action}))


async def run(base: str, players: list[dict], games: int, answers: int) -> tuple[list[float], list[float]]:
    stop = asyncio.Event()
    out: list[float] = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as api:
        prober = asyncio.create_task(probe(api, stop))
        await asyncio.wait_for(asyncio.gather(*(one_game(base, p, answers, out) for p in players[:games])),
                               timeout=1800)
        stop.set()
        return out, await prober


async def idle(base: str) -> list[float]:
    stop = asyncio.Event()
    async with httpx.AsyncClient(base_url=base, timeout=60) as api:
        task = asyncio.create_task(probe(api, stop))
        await asyncio.sleep(3)
        stop.set()
        return await task


def ms(values: list[float], p: float) -> str:
    return f"{percentile([v * 1000 for v in values], p):.0f}" if values else "—"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="1,4", help="concurrent games against the computer (default %(default)s)")
    parser.add_argument("--answers", type=int, default=20, help="bot actions measured per game (default %(default)s)")
    parser.add_argument("--levels", default="fast,search", help="bot levels (default %(default)s)")
    ns = parser.parse_args()
    counts = [int(x) for x in ns.games.split(",")]

    from tests.app.servers import running_server  # the same launcher the tests use

    rows = []
    with bench_database() as (url, _):
        players = make_players(url, sum(counts) * len(ns.levels.split(",")))
        with tempfile.TemporaryDirectory() as tmp, \
                running_server(url, Path(tmp), secret_key=SECRET, extra_env={"SW_BOT_DELAY_SECONDS": "0"}) as server:
            quiet = asyncio.run(idle(server))
            rows.append(["idle", "0", "0", "—", "—", ms(quiet, 50), ms(quiet, 95)])
            used = 0
            for level in ns.levels.split(","):
                for n in counts:
                    group = [{**p, "level": level} for p in players[used:used + n]]
                    used += n
                    answers, probes = asyncio.run(run(server, group, n, ns.answers))
                    rows.append([level, str(n), str(len(answers)), ms(answers, 50), ms(answers, 95),
                                 ms(probes, 50), ms(probes, 95)])
                    print(" | ".join(rows[-1]), file=sys.stderr, flush=True)
    head = ["level", "games", "bot answers", "answer p50 ms", "answer p95 ms", "/healthz p50 ms", "/healthz p95 ms"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for r in rows:
        print("| " + " | ".join(r) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
