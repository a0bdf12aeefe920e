"""Helpers for the app tests: users with API tokens, games, and quick JSON calls."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from fastapi.testclient import TestClient

from app.context import AppContext
from app.services import accounts

PASSWORD = "correct horse battery"


@dataclass
class Player:
    id: int
    username: str
    token: str
    headers: dict[str, str] = field(default_factory=dict)


def make_user(ctx: AppContext, username: str, *, admin: bool = False, password: str = PASSWORD) -> Player:
    with ctx.db.transaction() as db:
        user = accounts.create_user(db, username, password, is_admin=admin)
        _, secret = accounts.create_token(db, ctx.settings, user, "tests")
        return Player(user.id, user.username, secret, {"Authorization": f"Bearer {secret}"})


def create_game(client: TestClient, player: Player, **body: Any) -> dict:
    body.setdefault("side", "axis")
    response = client.post("/api/games", json=body, headers=player.headers)
    assert response.status_code == 201, response.text
    return response.json()


def start_game(client: TestClient, axis: Player, soviet: Player, **body: Any) -> dict:
    game = create_game(client, axis, side="axis", **body)
    if game["private"]:
        token = game["invite_url"].rsplit("/", 1)[1]
        response = client.post(f"/api/games/invites/{token}/join", headers=soviet.headers)
    else:
        response = client.post(f"/api/games/{game['id']}/join", headers=soviet.headers)
    assert response.status_code == 200, response.text
    return response.json()


def view(client: TestClient, game_id: int, player: Player | None = None) -> dict:
    response = client.get(f"/api/games/{game_id}/view", headers=player.headers if player else {})
    assert response.status_code == 200, response.text
    return response.json()


def acting(client: TestClient, game_id: int, *players: Player) -> tuple[Player, dict]:
    """The player who must act now, and their view."""
    for p in players:
        v = view(client, game_id, p)
        if v["actions"]:
            return p, v
    raise AssertionError("nobody can act")


def error_code(response) -> str:
    return response.json()["error"]["code"]


def csrf_from(html: str) -> str:
    """The CSRF token a page embeds in its forms."""
    import re

    match = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert match, "no CSRF token on the page"
    return match.group(1)


def browser_sign_up(client: TestClient, username: str, password: str = PASSWORD):
    """Sign up through the HTML form, as a browser does; returns the redirect response."""
    token = csrf_from(client.get("/signup").text)
    return client.post("/signup", data={"csrf_token": token, "username": username, "password": password,
                                        "password2": password}, follow_redirects=False)


def page_csrf(client: TestClient, path: str = "/") -> str:
    return csrf_from(client.get(path).text)


def stored(ctx: AppContext, game_id: int) -> dict:
    """Everything the database holds about a game's play, to prove a refusal changed nothing."""
    from sqlalchemy import func, select
    from sqlalchemy.orm import undefer

    from app.models import Game, GameAction, GameLogEntry

    with ctx.db.session() as db:
        game = db.scalar(select(Game).where(Game.id == game_id).options(undefer(Game.state)))
        return {
            "seq": game.seq,
            "status": game.status,
            "state": game.state,
            "active_sides": game.active_sides,
            "actions": db.scalar(select(func.count()).select_from(GameAction).where(GameAction.game_id == game_id)),
            "log": db.scalar(select(func.count()).select_from(GameLogEntry).where(GameLogEntry.game_id == game_id)),
        }


def play_moves(client: TestClient, game_id: int, players: list[Player], count: int) -> list[tuple[str, dict]]:
    """Make `count` moves, each the acting side's first legal action; returns (side, action) pairs."""
    done = []
    for _ in range(count):
        player, v = acting(client, game_id, *players)
        action = v["actions"][0]
        response = client.post(f"/api/games/{game_id}/actions", json={"seq": v["seq"], "action": action},
                               headers=player.headers)
        assert response.status_code == 200, response.text
        done.append((v["seat"], action))
    return done


def recv(ws, timeout: float = 10.0) -> dict:
    """The next JSON message from a TestClient websocket, failing (not hanging) after `timeout`."""
    import json

    import anyio

    async def get():
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    message = ws.portal.call(get)
    ws._raise_on_close(message)
    return json.loads(message["text"])


def recv_until(ws, kind: str, timeout: float = 10.0, **match) -> dict:
    """Skip messages until one of `kind` (and matching fields) arrives."""
    while True:
        message = recv(ws, timeout)
        if message["type"] == kind and all(message.get(k) == v for k, v in match.items()):
            return message
