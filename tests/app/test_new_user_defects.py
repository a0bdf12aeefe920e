"""Regression tests for defects new users met (issue 9, item 6) on the server's side."""
from __future__ import annotations

import re
from datetime import UTC, datetime

from sqlalchemy import select

from app.models import Game, User
from tests.app.support import PASSWORD, browser_sign_up, make_user, page_csrf, start_game
from tests.app.test_operations import _cli


def test_the_admin_games_list_shows_when_a_game_last_changed(client, ctx):
    make_user(ctx, "root", admin=True)
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    game_id = start_game(client, alice, bob)["id"]
    with ctx.db.transaction() as db:
        game = db.get(Game, game_id)
        game.started_at = datetime(2026, 1, 2, 3, 4, tzinfo=UTC)
        game.updated_at = datetime(2026, 5, 6, 7, 8, tzinfo=UTC)
    client.post("/api/session", json={"username": "root", "password": PASSWORD})
    page = client.get("/admin").text
    assert "2026-05-06 07:08" in page and "2026-01-02 03:04" not in page


def test_without_a_mail_server_the_your_move_box_cannot_be_ticked_and_the_page_says_why(client, ctx):
    assert not ctx.mailer.enabled
    browser_sign_up(client, "alice")
    page = client.get("/account").text
    box = re.search(r'<input type="checkbox" name="email_on_turn"[^>]*>', page).group(0)
    assert "disabled" in box and 'id="no-mail"' in page and "sends no email" in page
    response = client.post("/account/email", data={"csrf_token": page_csrf(client, "/account"),
                                                   "email": "alice@example.org", "email_on_turn": "1"})
    assert response.status_code == 200
    with ctx.db.session() as db:
        user = db.scalar(select(User).where(User.username == "alice"))
        assert user.email == "alice@example.org" and user.email_on_turn is False


def test_with_a_mail_server_the_your_move_box_works(client, ctx, monkeypatch):
    monkeypatch.setattr(ctx.mailer, "enabled", True)
    browser_sign_up(client, "alice")
    page = client.get("/account").text
    box = re.search(r'<input type="checkbox" name="email_on_turn"[^>]*>', page).group(0)
    assert "disabled" not in box and 'id="no-mail"' not in page
    client.post("/account/email", data={"csrf_token": page_csrf(client, "/account"),
                                        "email": "alice@example.org", "email_on_turn": "1"})
    with ctx.db.session() as db:
        assert db.scalar(select(User.email_on_turn).where(User.username == "alice")) is True


def test_create_admin_on_an_existing_user_asks_for_no_password_and_keeps_theirs(client, ctx, settings, tmp_path):
    make_user(ctx, "veteran")
    env = {"DATABASE_URL": settings.database_url, "SW_SECRET_KEY": "k", "SW_DATA_DIR": str(tmp_path)}
    promoted = _cli("create-admin", "veteran", env=env)  # no SW_ADMIN_PASSWORD, no terminal: not needed
    assert promoted.returncode == 0, promoted.stderr
    assert "password is unchanged" in promoted.stdout
    assert client.post("/api/session", json={"username": "veteran", "password": PASSWORD}).status_code == 200
    assert client.get("/api/me").json()["is_admin"] is True
    reset = _cli("create-admin", "veteran", "--reset-password",
                 env={**env, "SW_ADMIN_PASSWORD": "a brand new password"})
    assert reset.returncode == 0 and "new password" in reset.stdout
    client.delete("/api/session")
    assert client.post("/api/session", json={"username": "veteran", "password": "a brand new password"}).status_code == 200


def test_every_page_has_a_favicon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200 and response.headers["content-type"].startswith("image/svg+xml")
    assert "<svg" in response.text
    assert client.get("/static/favicon.svg").status_code == 200
    for path in ("/", "/signin", "/signup"):
        assert '<link rel="icon" href="/static/favicon.svg"' in client.get(path).text


def test_the_game_list_tells_when_a_game_last_changed(client, ctx):
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    game = start_game(client, alice, bob)
    listed = client.get(f"/api/games/{game['id']}").json()
    assert listed["updated_at"] is not None
