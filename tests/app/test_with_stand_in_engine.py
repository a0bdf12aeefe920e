"""Server behaviour that needs a predictable engine, using a stand-in: how an engine crash is
handled, a game's end, and "your move" emails (the stand-in's sides simply alternate)."""
from __future__ import annotations

import pytest

from tests.app import fake_engine
from tests.app.support import PASSWORD, acting, error_code, make_user, page_csrf, play_moves, start_game, stored


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


def test_your_move_emails_go_to_players_who_asked_for_them(client, ctx, monkeypatch):
    sent = []
    ctx.mailer.enabled = True
    monkeypatch.setattr(ctx.mailer, "send", lambda to, subject, body: sent.append((to, subject, body)))
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    client.post("/api/session", json={"username": "bob", "password": PASSWORD})
    token = page_csrf(client, "/account")
    bad = client.post("/account/email", data={"csrf_token": token, "email": "not an email", "email_on_turn": "1"})
    assert bad.status_code == 422
    saved = client.post("/account/email", data={"csrf_token": token, "email": "bob@example.org", "email_on_turn": "1"})
    assert saved.status_code == 200 and "Saved" in saved.text

    game = start_game(client, alice, bob)
    # Play until the move passes from alice to bob (only his address is known); the stand-in alternates.
    for _ in range(4):
        if sent:
            break
        player, v = acting(client, game["id"], alice, bob)
        client.post(f"/api/games/{game['id']}/actions", json={"seq": v["seq"], "action": v["actions"][0]},
                    headers=player.headers)
    assert sent, "bob was told it is his move"
    to, subject, body = sent[-1]
    assert to == "bob@example.org" and f"game {game['id']}" in subject and f"/games/{game['id']}" in body
