#!/usr/bin/env python3
"""An external bot: plays one seat of a Stalin's War Online game over the REST API, deciding with `bots`.

    .venv/bin/python examples/bot_client.py --server http://127.0.0.1:8000 --token swo_... --game 12
    .venv/bin/python examples/bot_client.py --server http://127.0.0.1:8000 --token swo_... --vs-computer soviet

The token is a personal API token of the account the bot plays as (account page, or
`POST /api/tokens`). The script asks for its view (`GET /api/games/{id}/view`), and when
the view offers actions it picks one with `bots.choose` and submits it with the view's seq
(`POST /api/games/{id}/actions`); a `409 stale_seq` only means the game moved on. It waits
by polling; a bot that must answer at once listens on `/ws/games/{id}` instead, which
pushes every new view (docs/server.md, Writing a bot).

The server gives the bot exactly what a human player of that seat sees: its view and its
legal actions, never the opponent's hand. `bots.choose` needs nothing more at the `fast`
level; the `search` level simulates games and so needs an engine game, which only the
server's own computer opponent has.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository's `engine` and `bots`

import bots  # noqa: E402
import engine  # noqa: E402


class RemoteGame:
    """What `bots.choose` asks of a game, answered from one seat's view as the server sent it."""

    def __init__(self, payload: dict[str, Any]) -> None:
        self.seat = payload["seat"]
        self._view = payload["view"]
        self._actions = engine.unpack_actions(payload["actions"], payload["action_groups"])
        self._active = payload["game"]["active_sides"]

    def view(self, side: str | None) -> dict[str, Any]:
        if side != self.seat:
            raise ValueError("this client only knows its own seat's view")
        return self._view

    def legal_actions(self, side: str) -> list[dict[str, Any]]:
        return self._actions if side == self.seat else []

    def active_sides(self) -> list[str]:
        return list(self._active)


def play(api: httpx.Client, game_id: int, *, level: str, max_actions: int | None, poll: float) -> int:
    done = 0
    while max_actions is None or done < max_actions:
        response = api.get(f"/api/games/{game_id}/view")
        response.raise_for_status()
        payload = response.json()
        game = payload["game"]
        if game["status"] != "active":
            result = game.get("result") or {}
            print(f"game {game_id} is {game['status']}: {result.get('winner') or 'no winner'} ({result.get('reason')})")
            return 0
        if payload["seat"] is None:
            print(f"this account holds no seat in game {game_id}", file=sys.stderr)
            return 1
        if not payload["actions"] and not payload["action_groups"]:
            time.sleep(poll)  # the opponent's turn
            continue
        action = bots.choose(RemoteGame(payload), payload["seat"], level=level, seed=payload["seq"])
        action = {k: v for k, v in action.items() if k != "label"}
        response = api.post(f"/api/games/{game_id}/actions", json={"seq": payload["seq"], "action": action})
        if response.status_code == 409 and response.json()["error"]["code"] == "stale_seq":
            continue  # the game moved on meanwhile: look again
        if response.status_code != 200:
            print(f"refused: {response.status_code} {response.text}", file=sys.stderr)
            return 1
        done += 1
        print(f"played seq {payload['seq']} as {payload['seat']}: {action}", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", required=True, help="e.g. http://127.0.0.1:8000")
    parser.add_argument("--token", required=True, help="a personal API token (swo_...)")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--game", type=int, help="a game in which the token's account holds a seat")
    where.add_argument("--vs-computer", choices=("axis", "soviet", "random"),
                       help="start a game against the server's computer opponent, at this side")
    parser.add_argument("--level", default="fast", help="the level bots.choose plays at (default fast)")
    parser.add_argument("--max-actions", type=int, default=None, help="stop after this many actions")
    parser.add_argument("--poll", type=float, default=2.0, help="seconds between looks while waiting")
    args = parser.parse_args(argv)
    headers = {"Authorization": f"Bearer {args.token}"}
    with httpx.Client(base_url=args.server, headers=headers, timeout=60) as api:
        game_id = args.game
        if game_id is None:
            response = api.post("/api/games/computer", json={"side": args.vs_computer})
            response.raise_for_status()
            game_id = response.json()["id"]
            print(f"started game {game_id}: {args.server}/games/{game_id}", flush=True)
        return play(api, game_id, level=args.level, max_actions=args.max_actions, poll=args.poll)


if __name__ == "__main__":
    sys.exit(main())
