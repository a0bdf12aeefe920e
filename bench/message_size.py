"""Size of the view message a player receives, above all in the movement stage (issue 8, goal ≤ 60 KB).

    python3 manage.py bench message_size [--games N] [--seed S]

Plays random campaign games (the fuzzer's weighted policy) and, at every decision, builds
the websocket message the acting player gets — `{"type": "view", "seq", "seat", "game",
"view", "actions", "action_groups", "log"}`, the legal actions in their wire form
(`engine.pack_actions`) — and measures it as sent (compact JSON, uncompressed), beside
what the flat action list would have weighed. Prints Markdown tables per stage; the
numbers go to docs/performance.md. Nothing is asserted.
"""
from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402
from engine.core import randomplay  # noqa: E402
from tests.fuzzing import WEIGHTS, classify  # noqa: E402

GOAL = 60_000

# The game metadata the server puts in every view message (its real shape, typical values).
META = {"id": 12345, "scenario": "campaign", "options": {}, "status": "active", "private": False,
        "players": {"axis": {"id": 101, "username": "guderian_fan"}, "soviet": {"id": 102, "username": "zhukov_1941"}},
        "seq": 1234, "active_sides": ["soviet"], "result": None,
        "summary": {"turn": 7, "turn_name": "Spring 1942", "phase": "action", "vp": 12},
        "your_side": "soviet", "invite_url": None, "created_at": "2025-01-01T12:00:00Z",
        "started_at": "2025-01-01T12:05:00Z", "finished_at": None}


def compact(value) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


def stage_of(view: dict) -> str:
    d = view.get("decision") or {}
    if d.get("kind") == "operations":
        return {"move": "movement", "exploit": "exploitation"}.get(d.get("stage"), f"operations: {d.get('stage')}")
    return d.get("kind") or "—"


def measure(games: int, seed: int) -> tuple[dict, list]:
    rows: dict[str, list[dict]] = defaultdict(list)
    turn1: list[dict] = []
    for n in range(games):
        game_seed = seed + n
        g = engine.new_game("stalins_war", scenario="campaign", seed=game_seed)
        rng = random.Random(game_seed)
        seq = 0
        while g.result() is None:
            side = g.active_sides()[0]
            legal = g.legal_actions(side)
            view = g.view(side)
            t = time.perf_counter()
            packed = engine.pack_actions(legal)
            pack_ms = (time.perf_counter() - t) * 1000
            message = {"type": "view", "seq": seq, "seat": side, "game": META, "view": view, **packed, "log": []}
            body = compact(message)
            flat = compact({**message, "actions": legal, "action_groups": []})
            row = {"bytes": len(body), "flat": len(flat), "gzip": len(gzip.compress(body, 5)), "actions": len(legal),
                   "pack_ms": pack_ms, "turn": view["turn"], "seed": game_seed}
            stage = stage_of(view)
            rows[stage].append(row)
            if stage == "movement" and view["turn"] == 1 and side == "soviet":
                turn1.append(row)
            action = {k: v for k, v in randomplay.choose(rng, legal, WEIGHTS, classify).items() if k != "label"}
            g.apply(side, action)
            seq += 1
        print(f"  game {game_seed}: {seq} actions, ended on turn {g.view(None)['turn']}", file=sys.stderr, flush=True)
    return rows, turn1


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12, help="random campaign games (default %(default)s)")
    parser.add_argument("--seed", type=int, default=2000, help="first game's seed (default %(default)s)")
    ns = parser.parse_args()
    rows, turn1 = measure(ns.games, ns.seed)

    kb = lambda b: f"{b / 1000:.1f}"  # noqa: E731
    print(f"\nView message for the acting player, {ns.games} random campaign games (seeds {ns.seed}–"
          f"{ns.seed + ns.games - 1}); KB = 1000 bytes, compact JSON\n")
    print("| stage | messages | legal actions (max) | flat list: max KB | wire form: max KB | p95 KB | "
          "gzip max KB | pack p99 ms |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    order = sorted(rows, key=lambda s: -max(r["bytes"] for r in rows[s]))
    for stage in order:
        rs = rows[stage]
        print(f"| {stage} | {len(rs)} | {max(r['actions'] for r in rs)} | {kb(max(r['flat'] for r in rs))} | "
              f"{kb(max(r['bytes'] for r in rs))} | {kb(pct([r['bytes'] for r in rs], 95))} | "
              f"{kb(max(r['gzip'] for r in rs))} | {pct([r['pack_ms'] for r in rs], 99):.2f} |")
    if turn1:
        print(f"| movement, turn 1 (Soviet) | {len(turn1)} | {max(r['actions'] for r in turn1)} | "
              f"{kb(max(r['flat'] for r in turn1))} | {kb(max(r['bytes'] for r in turn1))} | "
              f"{kb(pct([r['bytes'] for r in turn1], 95))} | {kb(max(r['gzip'] for r in turn1))} | "
              f"{pct([r['pack_ms'] for r in turn1], 99):.2f} |")
    movement = rows.get("movement", [])
    if movement:
        worst = max(movement, key=lambda r: r["bytes"])
        verdict = "meets" if worst["bytes"] <= GOAL else "MISSES"
        print(f"\nLargest movement-stage message: {kb(worst['bytes'])} KB ({worst['actions']} legal actions, "
              f"turn {worst['turn']}, seed {worst['seed']}; flat {kb(worst['flat'])} KB) — {verdict} the "
              f"{GOAL // 1000} KB goal.")


if __name__ == "__main__":
    main()
