"""Engine speed: legal-action generation and apply at positions sampled from random games,
and whole random games per minute.

    python3 manage.py bench engine [--games N] [--samples N]

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
    ns = ap.parse_args()

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
