"""Play many random games and report failures (saved under tests/fuzz_failures/).

    python3 manage.py bench fuzz [GAMES] [--scenario campaign|tournament] [--first-seed N] [--late]
    python3 manage.py bench fuzz [GAMES] --bots [SHARE]

Every third game turns the optional rules on (23.1.1–23.1.4) and every fourth adds a bid.
`--late` starts each campaign from a Total War position instead (turns 6–18, both decks in
play, tests/fuzzing.py `total_war_position`) and also reports how many reached turn 18 and
which cards were played as events. `--bots` plays campaigns of bot against bot (bots/, the
fast level) with a share of random decisions (default 0.1, tests/fuzzing.py `run_bots`) and
reports the share of games reaching turn 10 and Total War (7.6.4).
"""
from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests import fuzzing  # noqa: E402


def options_for(seed: int) -> dict:
    options: dict = {}
    if seed % 3 == 2:
        options.update(buy_first_card=True, extra_trench_ops=True, phasing_supply_recheck=True)
    if seed % 4 == 3:
        options["bid"] = {"side": "axis" if seed % 8 == 3 else "soviet", "rp": seed % 9}
    if seed % 5 == 4:
        options["shuffle_soviet_reinforcements"] = True
    return options


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", type=int, nargs="?", default=20)
    ap.add_argument("--scenario", default="campaign")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--late", action="store_true", help="start from Total War positions (turns 6-18)")
    ap.add_argument("--bots", type=float, nargs="?", const=0.1, default=None, metavar="SHARE",
                    help="bot against bot with this share of random decisions")
    ns = ap.parse_args()
    results = []
    happened: Counter = Counter()
    for seed in range(ns.first_seed, ns.first_seed + ns.games):
        if ns.bots is not None:
            out = fuzzing.run_bots(seed, ns.bots)
        elif ns.late:
            out = fuzzing.run_late(seed)
        else:
            out = fuzzing.run_one(ns.scenario, seed, options_for(seed))
        results.append(out)
        happened.update(out["happened"])
        status = "FAIL " + out["error"].splitlines()[0] if out["error"] else \
            f"{out['result']['winner']:6s} {out['result']['rule']}"
        print(f"seed {seed:5d}  turn {out['turn']:2d}  {out['steps']:6d} actions  {out['seconds']:6.1f}s  {status}",
              flush=True)
    failures = [r for r in results if r["error"]]
    if ns.late:
        events = Counter(cid for r in results for cid in r["events"])
        print()
        print(f"late-war starts: {len(results)} games, {sum(r['turn'] >= 18 for r in results)} reached turn 18, "
              f"{len(failures)} failures; {len(events)} different cards played as events "
              f"({sum(1 for c in events if int(c[1:]) > 25)} of them Total War cards)")
    if ns.bots is not None:
        tw = sorted(r["total_war"] for r in results if r["total_war"])
        print()
        print(f"bot against bot, {ns.bots:.0%} random decisions: {len(results)} games, "
              f"{sum(r['turn'] >= 10 for r in results)} reached turn 10, {len(tw)} reached Total War "
              f"(turns {tw}), {len(failures)} failures")
    secs = [r["seconds"] for r in results]
    print()
    print("| games | failures | median actions | median turn reached | median s/game | games/minute |")
    print("| --- | --- | --- | --- | --- | --- |")
    print(f"| {len(results)} | {len(failures)} | {statistics.median(r['steps'] for r in results):.0f} | "
          f"{statistics.median(r['turn'] for r in results):.0f} | {statistics.median(secs):.2f} | "
          f"{60 * len(results) / sum(secs):.1f} |")
    print()
    print("| in all games | count |")
    print("| --- | --- |")
    for label, n in happened.items():
        print(f"| {label} | {n} |")
    winners = Counter((r["result"] or {}).get("rule", "none") + " " + (r["result"] or {}).get("winner", "")
                      for r in results)
    print()
    print("| result | games |")
    print("| --- | --- |")
    for k, n in winners.most_common():
        print(f"| {k} | {n} |")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
