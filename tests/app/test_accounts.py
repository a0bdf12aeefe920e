"""Sign up, sign in, sign out, sessions, CSRF, rate limiting and API tokens."""
from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from app.main import create_app
from app.routes import pages_account, pages_admin, pages_public
from app.models import ApiToken, LoginFailure, User, WebSession
from argon2 import PasswordHasher
from app.services import accounts
from tests.app.support import PASSWORD, browser_sign_up, csrf_from, error_code, make_user, page_csrf


def _cookie_header(response) -> str:
    return "; ".join(v for k, v in response.headers.multi_items() if k.lower() == "set-cookie")


def test_sign_up_sets_a_safe_session_cookie(client):
    response = browser_sign_up(client, "alice")
    assert response.status_code == 303
    cookie = _cookie_header(response)
    assert "sw_session=" in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie.replace("Lax", "lax")
    assert "Secure" not in cookie  # plain HTTP here
    assert client.get("/api/me").json()["username"] == "alice"


def test_cookie_is_secure_over_https(settings, engine_module):
    settings.https = True
    with TestClient(create_app(settings, engine_module=engine_module), base_url="https://testserver") as c:
        response = browser_sign_up(c, "alice")
        assert "Secure" in _cookie_header(response)
        assert response.headers["strict-transport-security"].startswith("max-age=")


def test_passwords_are_stored_as_argon2id(client, ctx):
    browser_sign_up(client, "alice")
    with ctx.db.session() as db:
        stored = db.scalar(select(User.password_hash).where(User.username == "alice"))
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    # The production parameters (the tests use cheaper ones).
    real = PasswordHasher()
    assert real.time_cost >= 2 and real.memory_cost >= 19 * 1024


def test_duplicate_usernames_are_refused_clearly(client, ctx):
    make_user(ctx, "Alice")
    response = browser_sign_up(client, "alice")
    assert response.status_code == 409
    assert "already taken" in response.text
    api = client.post("/api/users", json={"username": "ALICE", "password": PASSWORD})
    assert api.status_code == 409 and error_code(api) == "username_taken"


@pytest.mark.parametrize("username,password", [("ab", PASSWORD), ("bad name!", PASSWORD), ("carol", "short")])
def test_invalid_sign_ups_are_refused(client, username, password):
    response = client.post("/api/users", json={"username": username, "password": password})
    assert response.status_code == 422
    assert error_code(response) in ("invalid_username", "invalid_password")


def test_sign_in_rotates_the_session_and_sign_out_ends_it(client, ctx):
    make_user(ctx, "alice")
    token = page_csrf(client, "/signin")
    anonymous = client.cookies.get("sw_session")
    response = client.post("/signin", data={"csrf_token": token, "username": "alice", "password": PASSWORD},
                           follow_redirects=False)
    assert response.status_code == 303
    signed_in = client.cookies.get("sw_session")
    assert signed_in and signed_in != anonymous  # no session fixation
    assert client.get("/api/me").status_code == 200
    with ctx.db.session() as db:  # only a keyed hash of the cookie is stored
        assert db.scalar(select(WebSession).where(WebSession.id_hash == signed_in)) is None

    token = page_csrf(client)
    assert client.post("/signout", data={"csrf_token": token}, follow_redirects=False).status_code == 303
    client.cookies.set("sw_session", signed_in)  # replaying the old cookie gets nothing
    assert client.get("/api/me").status_code == 401


def test_wrong_password_is_refused(client, ctx):
    make_user(ctx, "alice")
    response = client.post("/api/session", json={"username": "alice", "password": "wrong password"})
    assert response.status_code == 401 and error_code(response) == "bad_credentials"
    response = client.post("/api/session", json={"username": "nobody", "password": "wrong password"})
    assert response.status_code == 401 and error_code(response) == "bad_credentials"


def test_failed_sign_ins_are_rate_limited_per_username(client, ctx):
    make_user(ctx, "alice")
    for _ in range(ctx.settings.login_failures_per_user):
        assert client.post("/api/session", json={"username": "alice", "password": "nope nope"}).status_code == 401
    response = client.post("/api/session", json={"username": "alice", "password": PASSWORD})
    assert response.status_code == 429 and error_code(response) == "rate_limited"
    # The HTML form says so too.
    token = page_csrf(client, "/signin")
    page = client.post("/signin", data={"csrf_token": token, "username": "alice", "password": PASSWORD})
    assert page.status_code == 429 and "Too many failed sign-ins" in page.text


def test_failed_sign_ins_are_rate_limited_per_ip(client, ctx):
    make_user(ctx, "victim")
    for i in range(ctx.settings.login_failures_per_ip):
        client.post("/api/session", json={"username": f"guess{i}", "password": "nope nope"})
    response = client.post("/api/session", json={"username": "victim", "password": PASSWORD})
    assert response.status_code == 429


def test_the_rate_limit_is_shared_between_processes(client, ctx, settings, engine_module):
    """Failures recorded through one app instance count in another (they live in PostgreSQL)."""
    make_user(ctx, "alice")
    with TestClient(create_app(settings, engine_module=engine_module)) as other:
        for _ in range(ctx.settings.login_failures_per_user):
            other.post("/api/session", json={"username": "alice", "password": "nope nope"})
    assert client.post("/api/session", json={"username": "alice", "password": PASSWORD}).status_code == 429
    with ctx.db.session() as db:
        assert db.query(LoginFailure).count() == ctx.settings.login_failures_per_user


def test_a_successful_sign_in_clears_the_username_count(client, ctx):
    make_user(ctx, "alice")
    for _ in range(ctx.settings.login_failures_per_user - 1):
        client.post("/api/session", json={"username": "alice", "password": "nope nope"})
    assert client.post("/api/session", json={"username": "alice", "password": PASSWORD}).status_code == 200
    client.post("/api/session", json={"username": "alice", "password": "nope nope"})
    assert client.post("/api/session", json={"username": "alice", "password": PASSWORD}).status_code == 200


# --- CSRF -------------------------------------------------------------------------------------


# Every HTML form route (as the router names it) with a concrete URL to post to.
FORM_POSTS = {
    "/signup": "/signup", "/signin": "/signin", "/signout": "/signout", "/games": "/games", "/games/computer": "/games/computer",
    "/games/{game_id}/join": "/games/1/join", "/games/{game_id}/resign": "/games/1/resign",
    "/games/{game_id}/cancel": "/games/1/cancel", "/join/{token}": "/join/abcdefghijkl",
    "/account/tokens": "/account/tokens", "/account/tokens/{token_id}/revoke": "/account/tokens/1/revoke",
    "/account/password": "/account/password", "/account/email": "/account/email", "/admin/games/{game_id}/abort": "/admin/games/1/abort",
    "/admin/users/{user_id}/ban": "/admin/users/1/ban", "/admin/users/{user_id}/unban": "/admin/users/1/unban",
    "/import": "/import", "/verify": "/verify", "/notices/read": "/notices/read",
    "/account/webhooks": "/account/webhooks", "/account/webhooks/{webhook_id}/delete": "/account/webhooks/1/delete",
    "/account/webhooks/{webhook_id}/test": "/account/webhooks/1/test", "/account/vacation": "/account/vacation",
    "/account/vacation/end": "/account/vacation/end", "/admin/games/{game_id}/pause": "/admin/games/1/pause",
    "/admin/games/{game_id}/resume": "/admin/games/1/resume",
    "/admin/games/{game_id}/rewind": "/admin/games/1/rewind", "/admin/games/{game_id}/reassign":
    "/admin/games/1/reassign", "/admin/users/{user_id}/reset-link": "/admin/users/1/reset-link",
    "/reset/{token}": "/reset/abcdefghijklmnopqrstuvwxyz",
}


def test_every_form_post_checks_the_csrf_token(client, app, ctx):
    make_user(ctx, "alice")
    client.post("/api/session", json={"username": "alice", "password": PASSWORD})
    routes = [r for m in (pages_public, pages_account, pages_admin) for r in m.router.routes]
    posted = {r.path for r in routes if "POST" in r.methods}
    assert posted == set(FORM_POSTS), "a new form route needs a CSRF test"
    for path in FORM_POSTS.values():
        for data in ({}, {"csrf_token": "forged-token"}):
            response = client.post(path, data=data, follow_redirects=False)
            assert response.status_code == 403, path
            assert "did not come from this site" in response.text


def test_cookie_authenticated_api_writes_need_the_csrf_header(client, ctx):
    make_user(ctx, "alice")
    session = client.post("/api/session", json={"username": "alice", "password": PASSWORD}).json()
    body = {"scenario": "campaign", "side": "axis"}
    response = client.post("/api/games", json=body)
    assert response.status_code == 403 and error_code(response) == "csrf"
    response = client.post("/api/games", json=body, headers={"X-CSRF-Token": "wrong"})
    assert response.status_code == 403
    response = client.post("/api/games", json=body, headers={"X-CSRF-Token": session["csrf_token"]})
    assert response.status_code == 201


# --- API tokens -------------------------------------------------------------------------------


def test_api_tokens_are_shown_once_stored_hashed_and_revocable(client, ctx):
    alice = make_user(ctx, "alice")
    created = client.post("/api/tokens", json={"name": "bot"}, headers=alice.headers)
    assert created.status_code == 201
    secret = created.json()["token"]
    assert secret.startswith("swo_")
    listed = client.get("/api/tokens", headers=alice.headers).json()["tokens"]
    assert {t["name"] for t in listed} == {"tests", "bot"}
    assert secret not in str(listed)
    with ctx.db.session() as db:
        hashes = list(db.scalars(select(ApiToken.token_hash)))
    assert secret not in hashes and all(len(h) == 64 for h in hashes)

    bot = {"Authorization": f"Bearer {secret}"}
    assert client.get("/api/me", headers=bot).json()["username"] == "alice"
    assert client.delete(f"/api/tokens/{created.json()['id']}", headers=alice.headers).status_code == 204
    response = client.get("/api/me", headers=bot)
    assert response.status_code == 401 and error_code(response) == "not_signed_in"
    assert client.delete(f"/api/tokens/{created.json()['id']}", headers=alice.headers).status_code == 404


def test_tokens_through_the_account_page(client):
    browser_sign_up(client, "alice")
    page = client.get("/account")
    response = client.post("/account/tokens", data={"csrf_token": csrf_from(page.text), "name": "my bot"})
    assert response.status_code == 200 and "never shown again" in response.text
    import re

    secret = re.search(r'value="(swo_[^"]+)"', response.text).group(1)
    assert client.get("/api/me", headers={"Authorization": f"Bearer {secret}"}).status_code == 200
    again = client.get("/account")
    assert secret not in again.text and "my bot" in again.text


def test_bad_authorization_headers_are_401(client):
    for header in ("Bearer", "Basic abc", "Bearer swo_nonsense", "Bearer " + "x" * 500):
        response = client.get("/api/me", headers={"Authorization": header})
        assert response.status_code == 401 and error_code(response) == "not_signed_in"


def test_change_password(client, ctx):
    browser_sign_up(client, "alice")
    token = page_csrf(client, "/account")
    response = client.post("/account/password", data={"csrf_token": token, "current": PASSWORD,
                                                      "new": "a new password", "new2": "a new password"})
    assert response.status_code == 200 and "Password changed" in response.text
    with ctx.db.session() as db:
        assert accounts.authenticate(db, ctx.settings, "alice", "a new password", "1.2.3.4").username == "alice"
