"""Engine speed: legal-action generation and apply at positions sampled from random games,
and whole random games per minute.

    python3 manage.py bench engine [--games N] [--samples N]
    python3 manage.py bench engine --server [--samples N] [--bot-samples N] [--positions FILE]

`--server` times instead what the server does with the engine for one move (app/services/play.py):
`apply`, `to_json` of the new state, the views of the Axis, the Soviets and a spectator, and the
legal actions of the side to act next with their wire form (`pack_actions`; and, timed apart,
`packed_legal_actions`, which gives that wire form in one call) — at positions
sampled from random games and from fast-bot-against-fast-bot campaigns, each with the action
actually played there. The game at each position is loaded and its views and legal actions
computed first, untimed, as the server's snapshot cache holds them. `--positions FILE` keeps
the sampled positions (written when missing), so runs of two versions of the engine time the
same moves.

Prints Markdown tables (docs/performance.md records them). No timing is asserted anywhere.
`--cpu` times with the thread's CPU clock instead of the wall clock: on a shared machine
the wall clock also counts the time other processes held the core.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402
from engine.core import randomplay  # noqa: E402
from tests.fuzzing import WEIGHTS, classify  # noqa: E402


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def sample_positions(n: int, seed: int) -> list[dict]:
    """States met along random campaign games (the fuzzer's policy), every few actions."""
    rng = random.Random(seed)
    out: list[dict] = []
    game_seed = seed
    while len(out) < n:
        g = engine.new_game("stalins_war", scenario="campaign", seed=game_seed)
        game_seed += 1
        step = 0
        while g.result() is None and len(out) < n:
            side = g.active_sides()[0]
            legal = g.legal_actions(side)
            if step % 7 == 0:
                out.append(g.to_json())
            action = {k: v for k, v in randomplay.choose(rng, legal, WEIGHTS, classify).items() if k != "label"}
            g.apply(side, action)
            step += 1
    return out


def sample_moves(n: int, seed: int, policy: str, every: int) -> list[dict]:
    """(state, side, action played) every `every` actions along campaigns; `policy` is "random" or "bots"."""
    rng = random.Random(seed)
    out: list[dict] = []
    game_seed = seed
    while len(out) < n:
        g = engine.new_game("stalins_war", scenario="campaign", seed=game_seed)
        step = 0
        while g.result() is None and len(out) < n:
            side = g.active_sides()[0]
            if policy == "random":
                action = randomplay.choose(rng, g.legal_actions(side), WEIGHTS, classify)
            else:
                import bots

                action = bots.choose(g, side, level="fast", seed=game_seed)
            action = {k: v for k, v in action.items() if k != "label"}
            if step % every == 0:
                out.append({"source": policy, "state": g.to_json(), "side": side, "action": action})
            g.apply(side, action)
            step += 1
        game_seed += 1
    return out


SERVER_STEPS = ("apply", "to_json", "view axis", "view soviet", "view spectator", "legal_actions", "pack_actions")


def _as_cached(state: dict):
    """The game at `state` with the answers the server's snapshot cache holds before a move."""
    g = engine.load(state)
    for seat in ("axis", "soviet", None):
        g.view(seat)
    for side in g.active_sides():
        g.legal_actions(side)
    return g


def time_server_moves(moves: list[dict], clock=time.perf_counter) -> dict[str, list[float]]:
    """Each step of the server's work for one move, in ms, at every sampled move."""
    out: dict[str, list[float]] = {k: [] for k in (*SERVER_STEPS, "total")}
    for m in moves:
        g = _as_cached(m["state"])
        times = {}
        t = clock()
        g.apply(m["side"], m["action"])
        times["apply"] = clock()
        g.to_json()
        times["to_json"] = clock()
        g.view("axis")
        times["view axis"] = clock()
        g.view("soviet")
        times["view soviet"] = clock()
        g.view(None)
        times["view spectator"] = clock()
        nxt = g.active_sides()
        legal = g.legal_actions(nxt[0]) if nxt else []
        times["legal_actions"] = clock()
        engine.pack_actions(legal)
        times["pack_actions"] = clock()
        for name in SERVER_STEPS:
            out[name].append((times[name] - t) * 1000)
            t = times[name]
        out["total"].append(sum(out[name][-1] for name in SERVER_STEPS))
        if hasattr(g, "packed_legal_actions"):  # the one call that replaces the last two, timed on its own
            g = _as_cached(m["state"])
            g.apply(m["side"], m["action"])
            for seat in ("axis", "soviet", None):
                g.view(seat)
            nxt = g.active_sides()
            t = clock()
            if nxt:
                g.packed_legal_actions(nxt[0])
            out.setdefault("packed_legal_actions", []).append((clock() - t) * 1000)
            # the move as the server makes it: the steps before the legal actions, then the packed call
            out.setdefault("total, packed", []).append(sum(out[name][-1] for name in SERVER_STEPS[:5])
                                                       + out["packed_legal_actions"][-1])
    return out


def server_main(ns) -> int:
    import json

    path = Path(ns.positions) if ns.positions else None
    if path is not None and path.exists():
        moves = json.loads(path.read_text())
    else:
        moves = (sample_moves(ns.samples, ns.seed, "random", 7)
                 + sample_moves(ns.bot_samples, ns.seed, "bots", 5))
        if path is not None:
            path.write_text(json.dumps(moves))
    clock = time.thread_time if ns.cpu else time.perf_counter
    for _ in range(ns.warmup):
        time_server_moves(moves[:20], clock)
    t = time_server_moves(moves, clock)
    sources = {s: sum(1 for m in moves if m["source"] == s) for s in ("random", "bots")}
    print(f"The server's engine work for one move: {len(moves)} moves ({sources['random']} from random "
          f"campaigns, {sources['bots']} from fast bot v fast bot), {'CPU' if ns.cpu else 'wall'} clock")
    print()
    print("| step | p50 ms | p95 ms | p99 ms | max ms | mean ms |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name in (*SERVER_STEPS, "total", "packed_legal_actions", "total, packed"):
        v = t.get(name)
        if not v:
            continue
        label = {"total": "**total**", "packed_legal_actions": "(packed_legal_actions: one call for the last two)",
                 "total, packed": "**total as the server calls it** (the first five, then packed_legal_actions)",
                 }.get(name, name)
        print(f"| {label} | {pct(v, 50):.2f} | {pct(v, 95):.2f} | {pct(v, 99):.2f} | {max(v):.2f} | "
              f"{statistics.fmean(v):.2f} |")
    return 0


def time_positions(states: list[dict], seed: int, clock=time.perf_counter) -> dict[str, list[float]]:
    rng = random.Random(seed)
    legal_ms, apply_ms, view_ms, sizes = [], [], [], []
    for s in states:
        g = engine.load(s)
        side = g.active_sides()[0]
        t = clock()
        legal = g.legal_actions(side)
        legal_ms.append((clock() - t) * 1000)
        sizes.append(len(legal))
        action = {k: v for k, v in rng.choice(legal).items() if k != "label"}
        t = clock()
        g.apply(side, action)
        apply_ms.append((clock() - t) * 1000)
        t = clock()
        g.view(side)
        view_ms.append((clock() - t) * 1000)
    return {"legal_actions": legal_ms, "apply": apply_ms, "view": view_ms, "sizes": sizes}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--samples", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cpu", action="store_true", help="time with the thread's CPU clock, not the wall clock")
    ap.add_argument("--server", action="store_true", help="time the server's engine work for one move instead")
    ap.add_argument("--bot-samples", type=int, default=200, help="with --server: moves from fast-bot campaigns")
    ap.add_argument("--positions", help="with --server: keep the sampled moves in this JSON file")
    ap.add_argument("--warmup", type=int, default=1, help="with --server: untimed passes over 20 moves first")
    ns = ap.parse_args()
    if ns.server:
        return server_main(ns)

    states = sample_positions(ns.samples, ns.seed)
    t = time_positions(states, ns.seed, time.thread_time if ns.cpu else time.perf_counter)
    print(f"Positions sampled from random campaign games: {len(states)} ({'CPU' if ns.cpu else 'wall'} clock)")
    print()
    print("| operation | median ms | p99 ms | max ms |")
    print("| --- | --- | --- | --- |")
    for name in ("legal_actions", "apply", "view"):
        v = t[name]
        print(f"| {name} | {statistics.median(v):.2f} | {pct(v, 99):.2f} | {max(v):.2f} |")
    print(f"| (legal actions per position) | {statistics.median(t['sizes']):.0f} | {pct(t['sizes'], 99):.0f} | {max(t['sizes'])} |")
    print()

    secs, steps, turns = [], [], []
    for i in range(ns.games):
        g = engine.new_game("stalins_war", scenario="campaign", seed=10_000 + i)
        start = time.perf_counter()
        out = randomplay.play(g, 10_000 + i, weights=WEIGHTS, classify=classify)
        secs.append(time.perf_counter() - start)
        steps.append(out.steps)
        turns.append(g.view(None)["turn"])
    print("| random campaign games | median actions | median turns reached | median s/game | games/minute |")
    print("| --- | --- | --- | --- | --- |")
    print(f"| {ns.games} | {statistics.median(steps):.0f} | {statistics.median(turns):.0f} | "
          f"{statistics.median(secs):.2f} | {60 * ns.games / sum(secs):.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
