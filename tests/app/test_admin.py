"""Admins: every game with full information, aborts, bans, and the audit log of it all."""
from __future__ import annotations

import pytest
from sqlalchemy import select
from starlette.websockets import WebSocketDisconnect

from app.models import AuditEntry
from app.services import accounts
from tests.app.support import PASSWORD, create_game, csrf_from, error_code, make_user, recv, recv_until, start_game


@pytest.fixture
def people(ctx):
    return make_user(ctx, "root", admin=True), make_user(ctx, "alice"), make_user(ctx, "bob")


def audit(ctx) -> list[tuple[str, str, str]]:
    with ctx.db.session() as db:
        return [(e.admin_username, e.action, e.target_id)
                for e in db.scalars(select(AuditEntry).order_by(AuditEntry.id))]


def test_admin_endpoints_and_pages_are_for_admins_only(client, people):
    _, alice, _ = people
    for path in ("/api/admin/games", "/api/admin/users", "/api/admin/audit", "/api/admin/games/1"):
        assert client.get(path).status_code == 401
        response = client.get(path, headers=alice.headers)
        assert response.status_code == 403 and error_code(response) == "forbidden"
    for path in ("/api/admin/games/1/abort", "/api/admin/users/1/ban", "/api/admin/users/1/unban"):
        assert client.post(path, json={}, headers=alice.headers).status_code == 403
    for path in ("/admin", "/admin/users", "/admin/audit", "/admin/games/1"):
        assert client.get(path, headers=alice.headers).status_code == 403
        assert client.get(path, follow_redirects=False).status_code == 303  # to the sign-in page


def test_admins_list_every_game_and_open_one_with_full_information(client, ctx, people):
    root, alice, bob = people
    private = start_game(client, alice, bob, private=True)
    listed = client.get("/api/admin/games", headers=root.headers).json()["games"]
    assert private["id"] in [g["id"] for g in listed]
    full = client.get(f"/api/admin/games/{private['id']}", headers=root.headers)
    assert full.status_code == 200
    body = full.json()
    assert body["admin_view"] is True
    from tests.app.support import stored

    engine_game = ctx.rules.load(stored(ctx, private["id"])["state"])
    assert body["views"]["axis"] == engine_game.view("axis")
    assert body["views"]["soviet"] == engine_game.view("soviet")
    assert body["views"]["spectator"] == engine_game.view(None)
    page = client.get(f"/admin/games/{private['id']}", headers=root.headers)
    assert page.status_code == 200 and "ADMIN VIEW" in page.text
    assert audit(ctx) == [("root", "view_game", str(private["id"]))] * 2


def test_abort_a_game(client, ctx, people):
    root, alice, bob = people
    game = start_game(client, alice, bob)
    with client.websocket_connect(f"/ws/games/{game['id']}", headers=alice.headers) as ws:
        recv_until(ws, "chat_history")
        response = client.post(f"/api/admin/games/{game['id']}/abort", json={"reason": "cheating"},
                               headers=root.headers)
        assert response.status_code == 200
        assert response.json()["status"] == "aborted" and "cheating" in response.json()["result"]["reason"]
        pushed = recv_until(ws, "view")
        assert pushed["game"]["status"] == "aborted" and pushed["actions"] == []
    again = client.post(f"/api/admin/games/{game['id']}/abort", json={}, headers=root.headers)
    assert again.status_code == 409
    assert client.post("/api/admin/games/999999/abort", json={}, headers=root.headers).status_code == 404
    with ctx.db.session() as db:
        entry = db.scalar(select(AuditEntry).where(AuditEntry.action == "abort_game"))
    assert entry.admin_username == "root" and entry.target_type == "game" and entry.details == {"reason": "cheating"}
    assert entry.created_at is not None


def test_a_banned_user_can_no_longer_sign_in_or_act(client, ctx, people):
    root, alice, bob = people
    game = start_game(client, alice, bob)
    client.post("/api/session", json={"username": "alice", "password": PASSWORD})  # alice's browser session
    assert client.get("/api/me").status_code == 200
    with client.websocket_connect(f"/ws/games/{game['id']}", headers=alice.headers) as ws:
        recv_until(ws, "chat_history")
        response = client.post(f"/api/admin/users/{alice.id}/ban", json={"reason": "abuse"}, headers=root.headers)
        assert response.status_code == 200 and response.json()["banned"] is True
        assert recv_until(ws, "error")["code"] == "banned"
        with pytest.raises(WebSocketDisconnect) as closed:
            recv(ws)
        assert closed.value.code == 4403

    assert client.get("/api/me").status_code == 401  # the session ended
    token_use = client.get("/api/me", headers=alice.headers)
    assert token_use.status_code == 403 and error_code(token_use) == "banned"
    sign_in = client.post("/api/session", json={"username": "alice", "password": PASSWORD})
    assert sign_in.status_code == 403 and error_code(sign_in) == "banned"
    act = client.post(f"/api/games/{game['id']}/resign", headers=alice.headers)
    assert act.status_code == 403
    with client.websocket_connect(f"/ws/games/{game['id']}", headers=alice.headers) as ws:
        assert recv(ws)["code"] == "banned"
        with pytest.raises(WebSocketDisconnect) as closed:
            recv(ws)
        assert closed.value.code == 4403

    assert client.post(f"/api/admin/users/{alice.id}/ban", json={}, headers=root.headers).status_code == 409
    assert client.post(f"/api/admin/users/{alice.id}/unban", headers=root.headers).status_code == 200
    assert client.get("/api/me", headers=alice.headers).status_code == 200
    assert [a for _, a, _ in audit(ctx)] == ["ban_user", "unban_user"]


def test_admins_cannot_ban_themselves(client, people):
    root, _, _ = people
    assert client.post(f"/api/admin/users/{root.id}/ban", json={}, headers=root.headers).status_code == 409


def test_admin_pages_ban_abort_and_show_the_audit_log(client, ctx, people):
    root, alice, bob = people
    game = create_game(client, alice)
    client.post("/api/session", json={"username": "root", "password": PASSWORD})
    page = client.get("/admin/users")
    assert page.status_code == 200 and "alice" in page.text
    token = csrf_from(page.text)
    assert client.post(f"/admin/users/{bob.id}/ban", data={"csrf_token": token, "reason": "spam"},
                       follow_redirects=False).status_code == 303
    assert client.post(f"/admin/games/{game['id']}/abort", data={"csrf_token": token, "reason": "test"},
                       follow_redirects=False).status_code == 303
    games = client.get("/admin")
    assert games.status_code == 200 and f"/admin/games/{game['id']}" in games.text
    log = client.get("/admin/audit")
    assert log.status_code == 200 and "ban_user" in log.text and "abort_game" in log.text and "spam" in log.text
    api = client.get("/api/admin/audit", headers=root.headers).json()["entries"]
    assert [e["action"] for e in api] == ["abort_game", "ban_user"]  # newest first


def test_admin_bootstrap_is_idempotent(ctx):
    with ctx.db.transaction() as db:
        accounts.ensure_admin(db, "boss", "boss password")
    with ctx.db.transaction() as db:
        user = accounts.ensure_admin(db, "boss", "another password")
        assert user.is_admin
    with ctx.db.session() as db:  # the first password stays
        assert accounts.authenticate(db, ctx.settings, "boss", "boss password", "1.1.1.1").is_admin


def test_an_admin_who_plays_in_a_game_cannot_open_it_with_full_information(client, ctx, people):
    root, alice, _ = people
    game = start_game(client, root, alice)
    response = client.get(f"/api/admin/games/{game['id']}", headers=root.headers)
    assert response.status_code == 403 and error_code(response) == "forbidden"
    assert client.get(f"/admin/games/{game['id']}", headers=root.headers).status_code == 403
    client.post(f"/api/games/{game['id']}/resign", headers=alice.headers)
    assert client.get(f"/api/admin/games/{game['id']}", headers=root.headers).status_code == 200  # once it is over
    assert audit(ctx) == [("root", "view_game", str(game["id"]))]
