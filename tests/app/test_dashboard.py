"""The live dashboard over /ws/lobby (issue 13 #3): your move first, waiting, open invitations,
recently finished; updates without reload; the count for the tab title; notices as they are posted."""
from __future__ import annotations

import pytest

from tests.app import fake_engine
from tests.app.support import PASSWORD, acting, make_user, recv

LOBBY = "/ws/lobby"


@pytest.fixture
def engine_module():
    return fake_engine


def until(ws, predicate, limit: int = 20) -> dict:
    for _ in range(limit):
        message = recv(ws, timeout=15)
        if predicate(message):
            return message
    raise AssertionError("the expected message never came")


def test_the_dashboard_follows_a_game_live(client, ctx):
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    with client.websocket_connect(LOBBY, headers=bob.headers) as ws:
        first = recv(ws)
        assert first["type"] == "dashboard" and first["count"] == 0 and "Nothing is waiting for you" in first["html"]
        game = client.post("/api/games", json={"side": "axis"}, headers=alice.headers).json()
        listed = until(ws, lambda m: m["type"] == "dashboard" and f'data-game="{game["id"]}"' in m["html"])
        assert "Join as Soviet" in listed["html"]  # an open invitation bob may take
        client.post(f"/api/games/{game['id']}/join", headers=bob.headers)
        player, v = acting(client, game["id"], alice, bob)
        assert player is alice
        client.post(f"/api/games/{game['id']}/actions", json={"seq": v["seq"], "action": v["actions"][0]},
                    headers=alice.headers)
        notice = until(ws, lambda m: m["type"] == "notice")["notice"]
        assert notice["kind"] == "your_move" and notice["path"] == f"/games/{game['id']}"
        board = until(ws, lambda m: m["type"] == "dashboard" and m["count"] == 1)
        your_move = board["html"].split('id="dash-waiting"')[0]
        assert f'data-game="{game["id"]}"' in your_move and "your move" in your_move
        client.post(f"/api/games/{game['id']}/resign", headers=bob.headers)
        done = until(ws, lambda m: m["type"] == "dashboard" and m["count"] == 0)
        finished = done["html"].split('id="dash-finished"')[1]
        assert f'data-game="{game["id"]}"' in finished


def test_count_mode_and_anonymous_visitors(client, ctx):
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    game = client.post("/api/games", json={"side": "axis"}, headers=alice.headers).json()
    with client.websocket_connect(LOBBY) as anonymous:
        first = recv(anonymous)
        assert first["count"] == 0 and f'data-game="{game["id"]}"' in first["html"] and "Join as" not in first["html"]
    client.post(f"/api/games/{game['id']}/join", headers=bob.headers)
    with client.websocket_connect(f"{LOBBY}?mode=count", headers=alice.headers) as ws:
        assert recv(ws) == {"type": "dashboard", "count": 1, "unread": 2}
    with client.websocket_connect(LOBBY, headers={"Authorization": "Bearer swo_nonsense"}) as ws:
        assert recv(ws)["code"] == "not_signed_in"


def test_pages_put_the_count_in_the_title_and_the_header(client, ctx):
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    game = client.post("/api/games", json={"side": "axis"}, headers=alice.headers).json()
    client.post(f"/api/games/{game['id']}/join", headers=bob.headers)
    client.post("/api/session", json={"username": "alice", "password": PASSWORD})
    for path in ("/", "/account", f"/games/{game['id']}"):
        page = client.get(path).text
        assert "<title>(1) " in page, path
        assert 'data-your-move-count>1<' in page
    lobby = client.get("/").text
    assert lobby.index('id="dash-your-move"') < lobby.index('id="dash-waiting"') < lobby.index('id="dash-finished"')
    assert f'data-game="{game["id"]}"' in lobby.split('id="dash-your-move"')[1].split('id="dash-waiting"')[0]
