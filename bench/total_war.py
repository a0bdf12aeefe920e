"""When does Total War begin (7.6.4)? Play campaigns and report the turn of each start.

    python3 manage.py bench total_war [GAMES] [--first-seed N] [--policy weighted|eventful]

Each game is played by the fuzzer's policy (weighted random legal actions, tests/fuzzing.py)
until Total War begins or turn 12 ends. `eventful` weighs event plays as heavily as OPS
plays, as players who use their one-off events would. Prints the distribution of the
turn Total War begins, and the starred cards removed per side when it did.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402
from engine.core import randomplay  # noqa: E402
from tests import fuzzing  # noqa: E402

LAST = 12


def play(seed: int, weights: dict) -> dict:
    rng = random.Random(seed)
    g = engine.new_game("stalins_war", scenario="campaign", seed=seed)
    while g.result() is None:
        v = g.view(None)
        if v["flags"]["total_war"]:
            return {"turn": v["turn"], "starred": v["starred_events"], "result": None}
        if v["turn"] > LAST:
            break
        sides = g.active_sides()
        side = sides[0] if len(sides) == 1 else rng.choice(sides)
        a = randomplay.choose(rng, g.legal_actions(side), weights, fuzzing.classify)
        g.apply(side, {k: x for k, x in a.items() if k != "label"})
    v = g.view(None)
    return {"turn": None, "starred": v["starred_events"], "result": g.result(), "ended": v["turn"]}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", type=int, nargs="?", default=20)
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--policy", choices=("weighted", "eventful"), default="weighted")
    ns = ap.parse_args()
    weights = dict(fuzzing.WEIGHTS)
    if ns.policy == "eventful":
        weights["play_card:event"] = weights["play_card:ops"]
    started = time.perf_counter()
    turns: Counter = Counter()
    rows = []
    for seed in range(ns.first_seed, ns.first_seed + ns.games):
        out = play(seed, weights)
        key = out["turn"] if out["turn"] else (f"game over, turn {out['ended']}" if out["result"] else f"not by {LAST}")
        turns[key] += 1
        rows.append((seed, key, out["starred"]))
        print(f"seed {seed:4d}: Total War {key!s:>10}  starred removed {out['starred']}", flush=True)
    print()
    print(f"policy {ns.policy}, {ns.games} campaigns, {time.perf_counter() - started:.0f} s")
    print("| Total War begins in turn | games |")
    print("| --- | --- |")
    for key in sorted(turns, key=lambda k: (isinstance(k, str), k)):
        print(f"| {key} | {turns[key]} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
