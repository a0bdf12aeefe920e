"""How well and how fast the bots play (issue #11): campaigns against random play and against each other.

    python3 manage.py bench bots [GAMES] [--levels fast,search] [--search-games N] [--budget N]
                                 [--time-limit S] [--first-seed N] [--kinds axis,soviet,both] [--jobs N]

For each level: bot-Axis against random Soviets and bot-Soviets against a random Axis (wins
out of N), then bot against bot (the Axis share of wins, the turn reached, the turn Total
War began, 7.6.4), and the bot's decision time p50/p95. "Random" is the fuzzer's policy
(weighted random legal actions, tests/fuzzing.py). The search level is slow, so it plays
`--search-games` games of each kind (default 2) with `--budget` simulations a decision.
`--kinds both` plays only bot against bot; `--jobs 2` plays two campaigns at a time (the
decision times then share the cores). Each bot-against-bot line shows the VP level at the
end of every turn; a last table says how those campaigns ended (which condition of 5.1.2-5.1.4,
in which turns) and the mean VP level at the end of turns 4 and 10, steadier than the win count.
"""
from __future__ import annotations

import argparse
import multiprocessing
import random
import re
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import bots  # noqa: E402
import engine  # noqa: E402
from engine.core import randomplay  # noqa: E402
from tests import fuzzing  # noqa: E402


def play(seed: int, axis: str, soviet: str, budget: int | None = None, time_limit: float | None = None) -> dict:
    """One campaign; `axis` / `soviet` is a bot level or "random". Returns the result and the timings."""
    game = engine.new_game("stalins_war", scenario="campaign", seed=seed)
    rng = random.Random(seed)
    times: list[float] = []
    total_war = None
    steps = 0
    vp_track: list[int] = []
    turn = 1
    while game.result() is None:
        side = game.active_sides()[0]
        who = axis if side == "axis" else soviet
        if who == "random":
            action = randomplay.choose(rng, game.legal_actions(side), fuzzing.WEIGHTS, fuzzing.classify)
        else:
            started = time.perf_counter()
            action = bots.choose(game, side, level=who, seed=seed, budget=budget, time_limit=time_limit)
            times.append(time.perf_counter() - started)
        game.apply(side, {k: v for k, v in action.items() if k != "label"})
        steps += 1
        public = game.view(None)
        if total_war is None and public["flags"]["total_war"]:
            total_war = public["turn"]
        if public["turn"] != turn:
            vp_track.append(public["vp"])
            turn = public["turn"]
    result = game.result()
    vp_track.append(game.view(None)["vp"])
    return {"seed": seed, "winner": result["winner"], "rule": result["rule"], "turn": result["turn"],
            "reason": result["reason"], "total_war": total_war, "times": times, "steps": steps, "vp": vp_track}


def ending(r: dict) -> str:
    """How a campaign ended, in a few words: the rule and which of its conditions (5.1.2-5.1.4)."""
    reason = re.sub(r"level is -?\d+", "level is N", r["reason"].partition(": ")[2])  # one row for every VP level
    return f"{r['winner']} {r['rule']}: {reason}"


def vp_at(r: dict, turn: int) -> int:
    """The VP level at the end of `turn`, or where the campaign ended if it ended before."""
    return r["vp"][min(turn, len(r["vp"])) - 1]


def _play(job: tuple) -> dict:
    return play(*job)


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", type=int, nargs="?", default=10, help="campaigns of each kind at the fast level")
    ap.add_argument("--levels", default="fast", help="comma-separated levels (fast,search)")
    ap.add_argument("--search-games", type=int, default=2)
    ap.add_argument("--budget", type=int, default=None, help="search simulations a decision")
    ap.add_argument("--time-limit", type=float, default=None, help="search seconds a decision (cap)")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--kinds", default="axis,soviet,both",
                    help="which matches: axis (bot Axis v random), soviet (random v bot Soviets), both (bot v bot)")
    ap.add_argument("--jobs", type=int, default=1, help="campaigns played at once (processes)")
    ns = ap.parse_args()
    wanted = ns.kinds.split(",")
    pool = multiprocessing.Pool(ns.jobs) if ns.jobs > 1 else None
    rows = []
    tw_turns: Counter = Counter()
    endings: dict[str, dict[str, list[dict]]] = {}
    for level in ns.levels.split(","):
        n = ns.games if level == "fast" else ns.search_games
        seeds = range(ns.first_seed, ns.first_seed + n)
        kinds = {"axis": (level, "random"), "soviet": ("random", level), "both": (level, level)}
        out: dict[str, list[dict]] = {kind: [] for kind in ("axis", "soviet", "both")}
        started = time.perf_counter()
        for kind, (axis, soviet) in kinds.items():
            if kind not in wanted:
                continue
            jobs = [(seed, axis, soviet, ns.budget, ns.time_limit) for seed in seeds]
            results = pool.imap(_play, jobs) if pool else map(_play, jobs)
            for r in results:
                out[kind].append(r)
                track = " VP " + " ".join(map(str, r["vp"])) if kind == "both" else ""
                print(f"{level:6s} {kind:6s} seed {r['seed']:3d}: {r['winner']:6s} {r['rule']} turn {r['turn']:2d} "
                      f"Total War {r['total_war']}  {r['steps']} actions  "
                      f"p95 {pct(r['times'], 0.95):.3f}s{track}", flush=True)
        times = [t for rs in out.values() for r in rs for t in r["times"]]
        both = out["both"]
        for r in both:
            tw_turns[(level, r["total_war"] or "never")] += 1
            endings.setdefault(level, {}).setdefault(ending(r), []).append(r)
        tw = [r["total_war"] for r in both if r["total_war"]]
        rows.append({
            "level": level, "n": n,
            "axis_vs_random": sum(r["winner"] == "axis" for r in out["axis"]) if out["axis"] else "-",
            "soviet_vs_random": sum(r["winner"] == "soviet" for r in out["soviet"]) if out["soviet"] else "-",
            "axis_share": sum(r["winner"] == "axis" for r in both) / len(both) if both else None,
            "turn_median": statistics.median(r["turn"] for r in both) if both else None,
            "turn_range": (min(r["turn"] for r in both), max(r["turn"] for r in both)) if both else None,
            "tw_median": statistics.median(tw) if tw else None, "tw_games": len(tw),
            "p50": pct(times, 0.5), "p95": pct(times, 0.95), "decisions": len(times),
            "minutes": (time.perf_counter() - started) / 60,
        })
    print()
    print("| level | bot Axis vs random (wins) | bot Soviets vs random (wins) | bot vs bot: Axis wins | "
          "turn reached (median, range) | Total War began (median turn, games) | decision p50 / p95 | minutes |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        if r["axis_share"] is None:
            share = turns = tw = "—"
        else:
            share = f"{r['axis_share']:.0%}"
            turns = f"{r['turn_median']} ({r['turn_range'][0]}–{r['turn_range'][1]})"
            tw = f"{r['tw_median']} ({r['tw_games']} of {r['n']})" if r["tw_median"] else f"never (0 of {r['n']})"
        print(f"| {r['level']} | {r['axis_vs_random']} of {r['n']} | {r['soviet_vs_random']} of {r['n']} | "
              f"{share} | {turns} | {tw} | {r['p50'] * 1000:.0f} / {r['p95'] * 1000:.0f} ms | {r['minutes']:.1f} |")
    for level, both in endings.items():
        print()
        print(f"| {level}: how the bot-against-bot campaigns ended | campaigns | turns |")
        print("| --- | --- | --- |")
        for how, rs in sorted(both.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            turns = sorted(r["turn"] for r in rs)
            print(f"| {how} | {len(rs)} | {turns[0]}–{turns[-1]} |")
        rs = [r for group in both.values() for r in group]
        print(f"| mean VP level at the end of turn 4 / 10 (or where it ended) | "
              f"{statistics.mean(vp_at(r, 4) for r in rs):.2f} / {statistics.mean(vp_at(r, 10) for r in rs):.2f} | |")
    print()
    print("| level | Total War begins in turn (bot vs bot) | games |")
    print("| --- | --- | --- |")
    for (level, turn), k in sorted(tw_turns.items(), key=lambda kv: (kv[0][0], str(kv[0][1]).zfill(5))):
        print(f"| {level} | {turn} | {k} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
