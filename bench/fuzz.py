"""Play many random games and report failures (saved under tests/fuzz_failures/).

    python3 manage.py bench fuzz [GAMES] [--scenario campaign|tournament] [--first-seed N]
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests import fuzzing  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", type=int, nargs="?", default=20)
    ap.add_argument("--scenario", default="campaign")
    ap.add_argument("--first-seed", type=int, default=0)
    ns = ap.parse_args()
    results = []
    for seed in range(ns.first_seed, ns.first_seed + ns.games):
        out = fuzzing.run_one(ns.scenario, seed)
        results.append(out)
        status = "FAIL " + out["error"].splitlines()[0] if out["error"] else f"{out['result']['winner']:6s} {out['result']['rule']}"
        print(f"seed {seed:5d}  turn {out['turn']:2d}  {out['steps']:6d} actions  {out['seconds']:6.1f}s  {status}", flush=True)
    failures = [r for r in results if r["error"]]
    secs = [r["seconds"] for r in results]
    print()
    print("| games | failures | median actions | median s/game | games/minute |")
    print("| --- | --- | --- | --- | --- |")
    print(f"| {len(results)} | {len(failures)} | {statistics.median(r['steps'] for r in results):.0f} | "
          f"{statistics.median(secs):.2f} | {60 * len(results) / sum(secs):.1f} |")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
