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
