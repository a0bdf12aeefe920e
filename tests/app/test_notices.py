"""Notices that arrive (issue 13 #2): email through a real SMTP server (aiosmtpd), signed webhooks with
retries and a delivery log, the notice feed, and channels that are not set up saying so.

The stand-in engine is used: its sides simply alternate, so every move is a "your move"."""
from __future__ import annotations

import hashlib
import hmac
import json
import time

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from app.main import create_app
from app.models import Delivery, User
from app.settings import Settings
from tests.app import fake_engine
from tests.app.conftest import TEST_SECRET
from tests.app.receivers import smtp_server, webhook_receiver
from tests.app.support import PASSWORD, acting, csrf_from, error_code, make_user, start_game

FAST = {"delivery_poll_seconds": 0.2, "delivery_backoff_seconds": [0.2, 0.3], "webhook_allow_private": True,
        "public_base_url": "http://play.example.org"}


@pytest.fixture
def engine_module():
    return fake_engine


@pytest.fixture
def smtp():
    with smtp_server() as server:
        yield server


@pytest.fixture
def settings(clean_db, tmp_path, smtp) -> Settings:
    host, port, _ = smtp
    return Settings(_env_file=None, database_url=clean_db, secret_key=TEST_SECRET, data_dir=tmp_path,
                    smtp_host=host, smtp_port=port, smtp_starttls=False, smtp_from="Stalin's War <noreply@example.org>",
                    **FAST)


@pytest.fixture
def receiver():
    with webhook_receiver() as r:
        yield r


def move(client, game_id, *players):
    player, v = acting(client, game_id, *players)
    response = client.post(f"/api/games/{game_id}/actions", json={"seq": v["seq"], "action": v["actions"][0]},
                           headers=player.headers)
    assert response.status_code == 200, response.text
    return player


def deliveries(ctx, **where) -> list[Delivery]:
    with ctx.db.session() as db:
        stmt = select(Delivery).order_by(Delivery.id)
        for key, value in where.items():
            stmt = stmt.where(getattr(Delivery, key) == value)
        return list(db.scalars(stmt))


def settled(ctx, count: int, timeout: float = 20.0, **where) -> list[Delivery]:
    """Wait until `count` deliveries (matching `where`) are no longer pending."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        rows = deliveries(ctx, **where)
        if len(rows) >= count and all(r.status != "pending" for r in rows):
            return rows
        time.sleep(0.05)
    raise AssertionError(f"deliveries still pending: {[(r.id, r.status, r.attempts) for r in deliveries(ctx)]}")


def sign_in_page(client, username: str) -> str:
    assert client.post("/api/session", json={"username": username, "password": PASSWORD}).status_code == 200
    return csrf_from(client.get("/account").text)


def test_your_move_arrives_by_email_through_smtp(client, ctx, smtp):
    _, _, mailbox = smtp
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    token = sign_in_page(client, "bob")
    page = client.get("/account").text
    assert 'id="no-mail"' not in page and 'name="email_on_turn"' in page
    saved = client.post("/account/email", data={"csrf_token": token, "email": "bob@example.org", "email_on_turn": "1"})
    assert saved.status_code == 200 and "Saved" in saved.text
    game = start_game(client, alice, bob)  # alice (Axis) moves first in the stand-in
    move(client, game["id"], alice, bob)
    [row] = settled(ctx, 1, channel="email")
    assert row.status == "sent" and row.target == "bob@example.org" and row.attempts == 1
    [message] = mailbox.messages
    assert message["To"] == "bob@example.org" and message["From"] == "Stalin's War <noreply@example.org>"
    assert f"game {game['id']}" in message["Subject"]
    assert f"http://play.example.org/games/{game['id']}" in message.get_payload()
    # Alice asked for nothing: she gets no email, only her dashboard notice.
    assert [e[1] for e in mailbox.envelopes] == [["bob@example.org"]]


def test_webhooks_are_signed_and_formatted(client, ctx, receiver):
    url, hits = receiver
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    created = client.post("/api/webhooks", json={"url": f"{url}/hook", "format": "json"}, headers=bob.headers)
    assert created.status_code == 201, created.text
    secret = created.json()["secret"]
    assert "secret" not in client.get("/api/webhooks", headers=bob.headers).json()[0]
    discord = client.post("/api/webhooks", json={"url": f"{url}/discord", "format": "discord", "events": ["your_move"]},
                          headers=bob.headers).json()
    game = start_game(client, alice, bob)
    move(client, game["id"], alice, bob)
    got = {h.path: h for h in hits.wait(2)}
    ours = got["/hook"]
    assert ours.headers["content-type"] == "application/json"
    assert ours.headers["x-sw-event"] == "your_move" and ours.headers["x-sw-delivery"].isdigit()
    expected = "sha256=" + hmac.new(secret.encode(), ours.body, hashlib.sha256).hexdigest()
    assert hmac.compare_digest(ours.headers["x-sw-signature-256"], expected)
    body = json.loads(ours.body)
    assert body["event"] == "your_move" and body["user"]["username"] == "bob"
    assert body["game"]["id"] == game["id"] and body["game"]["url"] == f"http://play.example.org/games/{game['id']}"
    chat = json.loads(got["/discord"].body)
    assert set(chat) == {"content", "username", "allowed_mentions"} and f"/games/{game['id']}" in chat["content"]
    check = "sha256=" + hmac.new(discord["secret"].encode(), got["/discord"].body, hashlib.sha256).hexdigest()
    assert got["/discord"].headers["x-sw-signature-256"] == check


def test_a_failing_webhook_is_retried_with_backoff_and_the_log_shows_it(client, ctx, receiver):
    url, hits = receiver
    hits.fail_first = 2
    bob = make_user(ctx, "bob")
    hook = client.post("/api/webhooks", json={"url": url, "format": "slack"}, headers=bob.headers).json()
    assert client.post(f"/api/webhooks/{hook['id']}/test", headers=bob.headers).status_code == 202
    [row] = settled(ctx, 1)
    assert row.status == "sent" and row.attempts == 3 and row.last_status == 204
    assert len(hits.wait(3)) == 3 and json.loads(hits.hits[-1].body)["text"].startswith("A test from")
    log = client.get("/api/deliveries", params={"webhook_id": hook["id"]}, headers=bob.headers).json()["deliveries"]
    assert [(d["status"], d["attempts"], d["event"]) for d in log] == [("sent", 3, "test")]
    # Failing for good: given up once the retries are spent, and the account page says so.
    hits.fail_first = 100
    client.post(f"/api/webhooks/{hook['id']}/test", headers=bob.headers)
    rows = settled(ctx, 2)
    assert rows[-1].status == "failed" and rows[-1].attempts == 3 and rows[-1].last_error == "HTTP 500"
    sign_in_page(client, "bob")
    page = client.get("/account").text
    assert 'id="delivery-log"' in page and "HTTP 500" in page and page.count('class="delivery failed"') >= 1


def test_webhooks_into_private_networks_are_refused_unless_allowed(client, ctx, receiver, settings):
    url, hits = receiver
    settings.webhook_allow_private = False
    bob = make_user(ctx, "bob")
    hook = client.post("/api/webhooks", json={"url": url}, headers=bob.headers).json()
    client.post(f"/api/webhooks/{hook['id']}/test", headers=bob.headers)
    [row] = settled(ctx, 1)
    assert row.status == "failed" and "non-public address" in row.last_error and row.attempts == 1
    assert hits.hits == []
    for bad in ("ftp://example.org/x", "https://user:pw@example.org/x", "not a url"):
        response = client.post("/api/webhooks", json={"url": bad}, headers=bob.headers)
        assert response.status_code == 422 and error_code(response) in ("invalid_webhook", "malformed")
    response = client.post("/api/webhooks", json={"url": "https://example.org/x", "events": ["nonsense"]},
                           headers=bob.headers)
    assert error_code(response) == "invalid_webhook"


def test_the_account_page_manages_webhooks(client, ctx, receiver):
    url, hits = receiver
    make_user(ctx, "bob")
    token = sign_in_page(client, "bob")
    page = client.post("/account/webhooks", data={"csrf_token": token, "url": f"{url}/p", "format": "json",
                                                  "events": ["your_move", "reminder"]})
    assert page.status_code == 200 and 'id="new-webhook-secret"' in page.text
    hook = client.get("/api/webhooks").json()[0]
    assert hook["events"] == ["reminder", "your_move"]
    client.post(f"/account/webhooks/{hook['id']}/test", data={"csrf_token": token})
    assert hits.wait(1)[0].path == "/p"
    client.post(f"/account/webhooks/{hook['id']}/delete", data={"csrf_token": token})
    assert client.get("/api/webhooks").json() == []


def test_the_notice_feed_and_what_bob_is_told(client, ctx):
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    game = client.post("/api/games", json={"side": "axis"}, headers=alice.headers).json()
    client.post(f"/api/games/{game['id']}/join", headers=bob.headers)
    kinds = [n["kind"] for n in client.get("/api/notices", headers=alice.headers).json()["notices"]]
    assert kinds == ["your_move", "game_started"]  # newest first: bob joined, and alice moves first
    move(client, game["id"], alice, bob)
    feed = client.get("/api/notices", headers=bob.headers).json()
    assert feed["unread"] == 1 and feed["notices"][0]["kind"] == "your_move"
    assert feed["notices"][0]["path"] == f"/games/{game['id']}"
    assert client.post("/api/notices/read", headers=bob.headers).status_code == 204
    assert client.get("/api/notices", headers=bob.headers).json()["unread"] == 0
    client.post(f"/api/games/{game['id']}/resign", headers=bob.headers)
    feed = client.get("/api/notices", headers=alice.headers).json()["notices"]
    assert feed[0]["kind"] == "game_over" and "resigned" in feed[0]["text"]


def test_banned_players_are_told_nothing(client, ctx, receiver):
    url, hits = receiver
    alice, bob, root = make_user(ctx, "alice"), make_user(ctx, "bob"), make_user(ctx, "root", admin=True)
    client.post("/api/webhooks", json={"url": url}, headers=bob.headers)
    game = start_game(client, alice, bob)
    client.post(f"/api/admin/users/{bob.id}/ban", json={"reason": "abuse"}, headers=root.headers)
    move(client, game["id"], alice, bob)
    with ctx.db.session() as db:
        assert db.scalar(select(User.banned_at).where(User.id == bob.id)) is not None
    assert deliveries(ctx) == [] and hits.hits == []


def test_without_a_mail_server_email_is_said_to_be_unavailable(ctx, clean_db, tmp_path, engine_module):
    settings = Settings(_env_file=None, database_url=clean_db, secret_key=TEST_SECRET, data_dir=tmp_path)
    with TestClient(create_app(settings, engine_module=engine_module)) as c:
        make_user(c.app.state.ctx, "bob")
        sign_in_page(c, "bob")
        page = c.get("/account").text
        assert 'id="no-mail"' in page and "email notices are unavailable" in page
        assert 'id="browser-notices"' in page  # the script says whether this browser can
