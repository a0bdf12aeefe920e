"""Whole random games through the public API, with failures saved for replay.

Choices are random among the legal actions, weighted by kind so that random games
look like wargames: cards are mostly played for OPS, attacks are declared and
pressed home, winners advance and exploit. `run_bots` plays bot against bot (bots/) with a
share of random decisions, so campaigns reach the late war. A failure file
(``tests/fuzz_failures/<scenario>-<seed>.json``) holds the scenario, seed, options,
the actions up to the failure and the error; `tests/engine/test_fuzz.py` replays
every such file, so a bug found once stays fixed.
"""
from __future__ import annotations

import json
import random
import time
import traceback
from collections import Counter
from pathlib import Path

import engine
from engine.core import randomplay

FAILURES = Path(__file__).resolve().parent / "fuzz_failures"

# Relative weight of each class of action (see `classify`); anything unlisted weighs 1.
WEIGHTS = {
    "play_card:ops": 8, "play_card:event": 3, "play_card:rp": 2,
    "zero_ops:operate": 1, "zero_ops:pass": 1,
    "move": 6, "rail": 1, "sea": 1, "end_movement": 1,
    "mark_combat": 10, "end_marking": 1,
    "attack": 10, "end_combat": 1,
    "commit": 10, "withdraw": 0.5, "resolve": 6, "cancel": 0.3,
    "combat_card": 3, "done_combat_cards": 2,
    "advance": 8, "place_blitz": 8, "end_advance": 1,
    "exploit": 8, "end_exploitation": 1,
    "replace": 6, "recreate": 4, "end_replacements": 1,
    "discard": 1, "done_discarding": 3,
}

# What a game's actions show happened (for the report).
EVENTS = {"attack": "combats declared", "resolve": "combats fought", "retreat": "retreats",
          "no_retreat": "no-retreat choices", "place_blitz": "blitz markers", "exploit": "exploitation moves",
          "advance": "advances", "rail": "rail moves", "sea": "sea moves", "recreate": "units recreated"}


def classify(action: dict) -> str:
    if action["type"] == "play_card":
        return f"play_card:{action['as']}"
    if action["type"] == "zero_ops":
        return f"zero_ops:{action['option']}"
    return action["type"]


# ---- late-war starts ----------------------------------------------------------------------------

# Events whose flag a late-war position may already carry (with their cards out of the game).
LATE_FLAGS = {"hitler_takes_command": "A16", "lend_lease": "S11", "partisan_formation": "S14",
              "industrial_evacuation": "S15", "operation_uranus": "S17", "taifun": "A12", "blau": "A15",
              "nordlicht": "A14", "hedgehogs": "A17", "peoples_militia": "S13", "winter_uniforms": "A19"}
# Soviet VP hexes with no Soviet unit at set-up: the Axis holds some, as it would by then (5.1.3).
LATE_AXIS_VP = ("Kiev", "Smolensk", "Kharkov", "Sevastopol", "Rostov")


def total_war_position(seed: int) -> dict:
    """A Total War position (7.6.4 already triggered, both decks in play) at a turn from 6 to 18.

    The units stand as set up in 1941, the Axis holds a few Soviet VP hexes and the VP level
    matches, a random set of long-term events has been played (their cards out of the game),
    and every other card is shuffled into the draw piles: random play then meets the Total War
    cards and the late-war rules from the first round.
    """
    rng = random.Random(seed)
    places = engine.new_game("stalins_war", seed=seed, position={}).view(None)
    from engine.stalins_war.data import load_data

    data = load_data()
    held = rng.sample(LATE_AXIS_VP, rng.randint(2, len(LATE_AXIS_VP)))
    flags = {f: rng.randint(2, 5) for f in LATE_FLAGS if rng.random() < 0.6}
    removed = {"axis": [], "soviet": []}
    for f in flags:
        cid = LATE_FLAGS[f]
        removed[data.cards[cid].side].append(cid)
    return {
        "setup": True, "turn": rng.randint(6, 18), "round": 1, "active": "axis",
        "control": {data.map.places[p]: "axis" for p in held},
        "vp": places["vp"] + len(held), "flags": {"total_war": True, **flags},
        "removed_cards": removed,
        "stats": {"starred_events": {"axis": 12, "soviet": 10}},
    }


def run_one(scenario: str, seed: int, options: dict | None = None, *, save: bool = True,
            position: dict | None = None) -> dict:
    """Play one random game (from `position` if given); return a summary, saving a failure file if it crashed."""
    options = options or {}
    game = engine.new_game("stalins_war", scenario=scenario, seed=seed, options=options, position=position)
    started = time.perf_counter()
    error = None
    try:
        playout = randomplay.play(game, seed, weights=WEIGHTS, classify=classify)
        actions = playout.actions
    except Exception as exc:  # noqa: BLE001 - any failure is a finding
        error = f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}"
        actions = _actions_so_far(scenario, seed, options, position)
    kinds = Counter(a["type"] for _, a in actions)
    summary = {
        "scenario": scenario, "seed": seed, "options": options, "position": position,
        "start_turn": (position or {}).get("turn", 1),
        "steps": len(actions), "seconds": round(time.perf_counter() - started, 2),
        "result": game.result(), "turn": game.view(None)["turn"], "error": error,
        "happened": {label: kinds[t] for t, label in EVENTS.items()},
        "events": sorted({a["card"] for _, a in actions if a["type"] == "play_card" and a["as"] == "event"}),
    }
    if error and save:
        _save_failure(summary, actions, f"{scenario}{'-late' if position else ''}-{seed}")
    return summary


def _save_failure(summary: dict, actions: list[tuple[str, dict]], name: str) -> None:
    """Keep a failed game's whole action log in FAILURES, to replay it as a test."""
    FAILURES.mkdir(exist_ok=True)
    path = FAILURES / f"{name}.json"
    path.write_text(json.dumps({**summary, "actions": [[s, a] for s, a in actions]}, indent=1))
    summary["saved"] = str(path)


def run_bots(seed: int, random_share: float = 0.1, *, save: bool = True, level: str = "fast") -> dict:
    """A campaign of bot against bot (`bots.choose`) in which a share of the decisions is random
    (the policy above): the bots carry the war into its late turns, the random share keeps the
    games varied and reaching odd corners. Reports the turn reached and when Total War began."""
    import bots

    rng = random.Random(seed)
    game = engine.new_game("stalins_war", scenario="campaign", seed=seed)
    started = time.perf_counter()
    actions: list[tuple[str, dict]] = []
    error, total_war = None, None
    try:
        while game.result() is None:
            if len(actions) >= 200_000:
                raise randomplay.DeadEnd("no result after 200000 actions")
            side = game.active_sides()[0]
            if rng.random() < random_share:
                chosen = randomplay.choose(rng, game.legal_actions(side), WEIGHTS, classify)
            else:
                chosen = bots.choose(game, side, level=level, seed=seed)
            action = {k: v for k, v in chosen.items() if k != "label"}
            actions.append((side, action))
            game.apply(side, action)
            if total_war is None:
                public = game.view(None)
                if public["flags"]["total_war"]:
                    total_war = public["turn"]
    except Exception as exc:  # noqa: BLE001 - any failure is a finding
        error = f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}"
    kinds = Counter(a["type"] for _, a in actions)
    summary = {
        "scenario": "campaign", "seed": seed, "options": {}, "position": None, "bots": random_share,
        "steps": len(actions), "seconds": round(time.perf_counter() - started, 2),
        "result": game.result(), "turn": game.view(None)["turn"], "total_war": total_war, "error": error,
        "happened": {label: kinds[t] for t, label in EVENTS.items()},
    }
    if error and save:
        _save_failure(summary, actions, f"campaign-bots-{seed}")
    return summary


def run_late(seed: int, *, save: bool = True) -> dict:
    """A random game from a Total War position (`total_war_position`), played to its end."""
    return run_one("campaign", seed, save=save, position=total_war_position(seed))


def _actions_so_far(scenario: str, seed: int, options: dict, position: dict | None = None) -> list:
    """Replay the same random policy to recover the action list up to and including the failing one."""
    rng = random.Random(seed)
    g = engine.new_game("stalins_war", scenario=scenario, seed=seed, options=options, position=position)
    out = []
    try:
        while g.result() is None and len(out) < 300_000:
            sides = g.active_sides()
            side = sides[0] if len(sides) == 1 else rng.choice(sides)
            chosen = randomplay.choose(rng, g.legal_actions(side), WEIGHTS, classify)
            action = {k: v for k, v in chosen.items() if k != "label"}
            out.append((side, action))
            g.apply(side, action)
    except Exception:  # noqa: BLE001 - the failing action is the last one recorded
        pass
    return out


def replay_failure(path: Path) -> engine.Game:
    data = json.loads(path.read_text())
    g = engine.new_game("stalins_war", scenario=data["scenario"], seed=data["seed"], options=data["options"],
                        position=data.get("position"))
    for side, action in data["actions"]:
        g.apply(side, action)
    return g
