"""`python3 manage.py verify-game RECORD.json`: check a finished game's dice against its seed commitment."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from app.verify import verify_record


def main(args: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="manage.py verify-game",
        description="Replay a finished game's record from its revealed seed and confirm the seed commitment and "
        "every die roll. The record is the JSON a game page's 'Download the record' link (GET "
        "/api/games/{id}/export) gives once the game has ended.")
    parser.add_argument("record", help="path to RECORD.json")
    ns = parser.parse_args(args)
    try:
        record = json.loads(Path(ns.record).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        print(f"Cannot read {ns.record}: {exc}")
        return 2
    if not isinstance(record, dict):
        print(f"{ns.record} is not a game record (a JSON object).")
        return 2
    import engine

    players = record.get("players") or {}
    names = " vs ".join(f"{(players.get(s) or {}).get('username', '?')} ({s})" for s in ("axis", "soviet"))
    result = record.get("result") or {}
    print(f"Game {record.get('id', '?')} ({record.get('scenario', '?')}): {names}; "
          f"result: {result.get('winner') or 'none'} {('— ' + result['reason']) if result.get('reason') else ''}")
    report = verify_record(record, engine)
    for line in report.lines():
        print(line)
    return 0 if report.ok else 1
