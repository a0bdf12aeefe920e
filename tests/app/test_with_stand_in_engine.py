"""Server behaviour that needs a predictable engine, using a stand-in: how an engine crash is
handled, a game's end. ("Your move" emails are in test_notices.py, against a real SMTP server.)"""
from __future__ import annotations

import pytest

from tests.app import fake_engine
from tests.app.support import error_code, make_user, play_moves, start_game, stored


@pytest.fixture
def table(client, ctx):
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    return start_game(client, alice, bob)["id"], alice, bob, None


def post_action(client, game_id, player, body):
    return client.post(f"/api/games/{game_id}/actions", json=body, headers=player.headers)


@pytest.fixture
def engine_module():
    return fake_engine


def test_an_engine_crash_is_a_500_with_nothing_changed(client, ctx, table):
    game_id, alice, bob, _ = table
    before = stored(ctx, game_id)
    response = post_action(client, game_id, alice, {"seq": 0, "action": {"type": "crash"}})
    assert response.status_code == 500 and error_code(response) == "engine_error"
    assert stored(ctx, game_id) == before
    # ...and the game goes on.
    card = client.get(f"/api/games/{game_id}/view", headers=alice.headers).json()["actions"][0]
    assert post_action(client, game_id, alice, {"seq": 0, "action": card}).status_code == 200


def test_the_engines_result_finishes_the_game(client, ctx, table):
    game_id, alice, bob, _ = table
    play_moves(client, game_id, [alice, bob], 10)  # the stand-in's game lasts ten moves
    game = client.get(f"/api/games/{game_id}").json()
    assert game["status"] == "finished" and game["result"]["winner"] in ("axis", "soviet")
    assert game["active_sides"] == [] and game["finished_at"]
