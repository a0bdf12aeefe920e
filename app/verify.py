"""Verifiable dice: check a finished game's record against the seed the server committed to.

When a game starts the server publishes `seed_commitment` = sha256 of `seed_reveal`, a
string holding the seed and a random salt; at the end it publishes `seed_reveal`. Anyone
can then replay the record (`python3 manage.py verify-game RECORD.json`, or the /verify
page) and confirm that

1. sha256(seed_reveal) is the commitment published when the game began;
2. the seed in seed_reveal (and the record's `seed`) are the same number;
3. replaying the recorded actions from that seed with the rules engine is legal at every
   step and produces, action by action, exactly the log the players were shown, every
   die roll included (a die the server changed would differ from the seed's);
4. the replay ends with the recorded result, when the rules decided it.

No database, no web: a record (a dict, as `GET /api/games/{id}/export` returns it) and
the rules engine are all it needs.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

REVEAL_PREFIX = "swo-seed-v1"
DIE_KEYS = ("die", "roll", "dice", "rolls")


def new_reveal(seed: int) -> str:
    """The string committed to at the start: the seed plus 128 random bits, so the commitment
    cannot be inverted by trying seeds."""
    return f"{REVEAL_PREFIX}:{seed}:{secrets.token_hex(16)}"


def reveal_for(seed: int, salt: str) -> str:
    return f"{REVEAL_PREFIX}:{seed}:{salt}"


def commitment(reveal: str) -> str:
    return hashlib.sha256(reveal.encode()).hexdigest()


def seed_of(reveal: str) -> int:
    prefix, seed, salt = reveal.split(":")
    if prefix != REVEAL_PREFIX or not salt:
        raise ValueError(f"seed_reveal does not start with {REVEAL_PREFIX!r}")
    return int(seed)


def dice_in(value: Any) -> list[int]:
    """Every die roll a log entry shows, in a stable order (keys die/roll/dice/rolls, nested)."""
    found: list[int] = []

    def walk(v: Any) -> None:
        if isinstance(v, dict):
            for key in sorted(v, key=str):
                child = v[key]
                if key in DIE_KEYS:
                    if isinstance(child, int) and not isinstance(child, bool):
                        found.append(child)
                    elif isinstance(child, list):
                        found.extend(x for x in child if isinstance(x, int) and not isinstance(x, bool))
                    else:
                        walk(child)
                else:
                    walk(child)
        elif isinstance(v, list):
            for child in v:
                walk(child)

    walk(value)
    return found


@dataclass
class Report:
    ok: bool = True
    checks: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    actions: int = 0
    dice: int = 0

    def good(self, text: str) -> None:
        self.checks.append(text)

    def bad(self, text: str) -> None:
        self.ok = False
        self.problems.append(text)

    def lines(self) -> list[str]:
        return [f"ok    {c}" for c in self.checks] + [f"FAIL  {p}" for p in self.problems] + [
            "VERIFIED: the dice are the committed seed's." if self.ok else "NOT VERIFIED."]


def _comparable(entry: dict) -> dict:
    """An engine log entry as stored and exported (JSON: tuples become lists)."""
    return json.loads(json.dumps(entry))


def verify_record(record: dict, engine: Any, game_name: str = "stalins_war") -> Report:
    """Check `record` (an export of a finished game) with `engine` (the rules engine module)."""
    report = Report()
    reveal, committed = record.get("seed_reveal"), record.get("seed_commitment")
    if not isinstance(reveal, str) or not isinstance(committed, str):
        report.bad("The record has no seed_reveal and seed_commitment: only a finished game's full record can be "
                   "verified.")
        return report
    if hmac.compare_digest(commitment(reveal), committed.lower()):
        report.good(f"sha256(seed_reveal) = seed_commitment {committed[:16]}…")
    else:
        report.bad("sha256(seed_reveal) is not the seed_commitment published at the start.")
        return report
    try:
        seed = seed_of(reveal)
    except ValueError as exc:
        report.bad(f"seed_reveal is not in the expected form: {exc}")
        return report
    if "seed" in record and record["seed"] != seed:
        report.bad(f"The record's seed {record['seed']} is not the seed in seed_reveal ({seed}).")
        return report
    report.good(f"the seed in seed_reveal is {seed}")

    actions = [a for a in record.get("actions", []) if not a.get("undone")]
    recorded: dict[int, list[dict]] = defaultdict(list)
    for entry in record.get("log", []):
        if not entry.get("entry", {}).get("server"):
            recorded[int(entry["seq"])].append(_comparable(entry.get("entry", {})))
    try:
        game = engine.new_game(game_name, scenario=record["scenario"], seed=seed, options=record.get("options") or {})
    except Exception as exc:  # noqa: BLE001 - any refusal is the answer
        report.bad(f"The engine refused the scenario and options: {exc}")
        return report
    mismatched = 0
    for action in actions:
        seq, side = int(action["seq"]), action["side"]
        try:
            produced = game.apply(side, action["action"])
        except Exception as exc:  # noqa: BLE001
            report.bad(f"seq {seq}: the replay refused {side}'s action: {exc}")
            return report
        produced = [_comparable(e) if isinstance(e, dict) else {"text": str(e)} for e in produced or []]
        report.actions += 1
        report.dice += len([d for e in produced for d in dice_in(e)])
        if seq in recorded and recorded[seq] != produced:
            mismatched += 1
            want = [d for e in recorded[seq] for d in dice_in(e)]
            got = [d for e in produced for d in dice_in(e)]
            detail = f"dice recorded {want}, the seed gives {got}" if want != got else "the log differs"
            if mismatched <= 10:
                report.bad(f"seq {seq} ({side}): {detail}.")
    if mismatched:
        return report
    report.good(f"{report.actions} actions replayed from the seed: every log entry, and the {report.dice} die "
                "values they show, are the ones recorded")
    result, recorded_result = game.result(), record.get("result") or {}
    if result:
        if recorded_result.get("winner") == result.get("winner"):
            report.good(f"the replay ends as recorded: {result.get('winner')} wins ({result.get('reason')})")
        else:
            report.bad(f"the replay ends with {result.get('winner')} winning, the record says "
                       f"{recorded_result.get('winner')}.")
    elif recorded_result:
        report.good(f"the game ended off the board ({recorded_result.get('reason') or 'no reason given'})")
    return report
