"""Whole random games through the public API, with failures saved for replay.

A failure file (``tests/fuzz_failures/<scenario>-<seed>.json``) holds the scenario,
seed, options, the actions up to the failure and the error; `tests/engine/test_fuzz.py`
replays every such file, so a bug found once stays fixed.
"""
from __future__ import annotations

import json
import time
import traceback
from pathlib import Path

import engine
from engine.core import randomplay

FAILURES = Path(__file__).resolve().parent / "fuzz_failures"


def run_one(scenario: str, seed: int, options: dict | None = None, *, save: bool = True) -> dict:
    """Play one random game; return a summary, saving a failure file if it crashed or stuck."""
    options = options or {}
    game = engine.new_game("stalins_war", scenario=scenario, seed=seed, options=options)
    started = time.perf_counter()
    playout = randomplay.Playout(seed=seed)
    try:
        playout = randomplay.play(game, seed)
        error = None
    except Exception as exc:  # noqa: BLE001 - any failure is a finding
        error = f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}"
        playout.actions = _actions_so_far(game, seed)
    summary = {
        "scenario": scenario, "seed": seed, "options": options,
        "steps": len(playout.actions), "seconds": round(time.perf_counter() - started, 2),
        "result": game.result(), "turn": game.view(None)["turn"], "error": error,
    }
    if error and save:
        FAILURES.mkdir(exist_ok=True)
        path = FAILURES / f"{scenario}-{seed}.json"
        path.write_text(json.dumps({**summary, "actions": [[s, a] for s, a in playout.actions]}, indent=1))
        summary["saved"] = str(path)
    return summary


def _actions_so_far(game, seed: int) -> list:
    """Replay the same random policy to recover the action list up to the failure."""
    import random

    rng = random.Random(seed)
    g = engine.new_game("stalins_war", scenario=game.to_json()["scenario"], seed=seed,
                        options=game.to_json()["options"])
    out = []
    try:
        while g.result() is None and len(out) < 500_000:
            side = g.active_sides()[0] if len(g.active_sides()) == 1 else rng.choice(g.active_sides())
            action = {k: v for k, v in randomplay.choose(rng, g.legal_actions(side), 0.15).items() if k != "label"}
            out.append((side, action))
            g.apply(side, action)
    except Exception:  # noqa: BLE001 - the failing action is the last one recorded
        pass
    return out


def replay_failure(path: Path) -> engine.Game:
    data = json.loads(path.read_text())
    g = engine.new_game("stalins_war", scenario=data["scenario"], seed=data["seed"], options=data["options"])
    for side, action in data["actions"]:
        g.apply(side, action)
    return g
