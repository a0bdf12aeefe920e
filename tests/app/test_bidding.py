"""Bidding for sides in the lobby (rule 21.0, issue 13 #8): sealed bids of automatic RPs decide the side both
players want; equal bids go to a coin flip that both are shown; the engine applies the winning bid."""
from __future__ import annotations

import pytest
from sqlalchemy import select

from app.models import Game, GameLogEntry, Notice
from app.services import bidding
from tests.app.support import error_code, make_user, stored


@pytest.fixture
def pair(ctx):
    return make_user(ctx, "alice"), make_user(ctx, "bob")


def bid_game(client, creator, side="axis", bid=2, **body) -> dict:
    response = client.post("/api/games", json={"side": side, "bid": bid, **body}, headers=creator.headers)
    assert response.status_code == 201, response.text
    return response.json()


def join(client, game_id, player, **body):
    return client.post(f"/api/games/{game_id}/join", json=body or None, headers=player.headers)


def auto_rp(ctx, game_id) -> dict:
    return stored(ctx, game_id)["state"]["auto_rp"]


def notices_of(ctx, player) -> list[tuple[str, str]]:
    with ctx.db.session() as db:
        return [(n.kind, n.text) for n in db.scalars(select(Notice).where(Notice.user_id == player.id))]


def test_21_0_the_higher_sealed_bid_takes_the_side_and_the_engine_gives_the_rps(client, ctx, pair):
    alice, bob = pair
    game = bid_game(client, alice, "axis", 2)
    assert game["bidding"] == {"open": True, "rule": "21.0"}
    assert game["players"]["axis"]["username"] == "alice" and game["players"]["soviet"] is None
    joined = join(client, game["id"], bob, side="axis", bid=3)
    assert joined.status_code == 200, joined.text
    out = joined.json()
    assert out["players"]["axis"]["username"] == "bob" and out["players"]["soviet"]["username"] == "alice"
    result = out["bidding"]
    assert result["contested"] is True and result["tie"] is False and result["coin"] is None
    assert result["winner"] == "bob" and result["side"] == "axis" and result["rp"] == 3
    assert result["bids"] == [{"user": "alice", "side": "axis", "rp": 2}, {"user": "bob", "side": "axis", "rp": 3}]
    assert out["options"]["bid"] == {"side": "axis", "rp": 3}
    # 21.0: the Soviets' usual 3 RPs on turns 2 and 3, then the 3 bid on turn 4.
    assert auto_rp(ctx, game["id"]) == {"axis": {}, "soviet": {"2": 3, "3": 3, "4": 3}}
    log = client.get(f"/api/games/{game['id']}/log", headers=alice.headers).json()["entries"]
    assert any("Bidding (21.0)" in e["text"] and "bob bid more" in e["text"] for e in log)
    for p in (alice, bob):
        assert any(kind == "bid_result" and "bob plays the Axis" in text for kind, text in notices_of(ctx, p))


def test_21_0_a_high_bid_for_the_soviets_gives_the_axis_automatic_rps(client, ctx, pair):
    alice, bob = pair
    game = bid_game(client, alice, "soviet", 8)
    out = join(client, game["id"], bob, side="soviet", bid=5).json()
    assert out["players"]["soviet"]["username"] == "alice" and out["bidding"]["rp"] == 8
    assert auto_rp(ctx, game["id"]) == {"axis": {"2": 2}, "soviet": {}}


@pytest.mark.parametrize("flip, winner", [(0, "alice"), (1, "bob")])
def test_21_0_equal_bids_are_settled_by_a_coin_flip_shown_to_both(client, ctx, pair, monkeypatch, flip, winner):
    alice, bob = pair
    monkeypatch.setattr(bidding.secrets, "randbelow", lambda n: flip)
    game = bid_game(client, alice, "axis", 1)
    out = join(client, game["id"], bob, side="axis", bid=1).json()
    result = out["bidding"]
    assert result["tie"] is True and result["coin"] == winner and result["winner"] == winner and result["rp"] == 1
    assert out["players"]["axis"]["username"] == winner
    assert "coin gave it to " + winner in result["text"]
    for p in (alice, bob):
        assert any(kind == "bid_result" and f"coin gave it to {winner}" in text for kind, text in notices_of(ctx, p))
        view = client.get(f"/api/games/{game['id']}", headers=p.headers).json()
        assert view["bidding"]["coin"] == winner
    assert auto_rp(ctx, game["id"])["soviet"] == {"2": 3, "3": 3, "4": 1}


def test_21_0_different_sides_need_no_bid_and_the_amounts_stay_sealed(client, ctx, pair):
    alice, bob = pair
    game = bid_game(client, alice, "axis", 7)
    out = join(client, game["id"], bob, side="soviet", bid=4).json()
    assert out["players"]["axis"]["username"] == "alice" and out["players"]["soviet"]["username"] == "bob"
    assert out["bidding"]["contested"] is False and out["bidding"]["rp"] == 0
    assert all("rp" not in b for b in out["bidding"]["bids"])
    assert "bid" not in out["options"]
    assert auto_rp(ctx, game["id"]) == {"axis": {}, "soviet": {"2": 3, "3": 3}}
    record = client.get(f"/api/games/{game['id']}/export", headers=alice.headers).text
    assert '"rp": 7' not in record and '"rp":7' not in record
    with ctx.db.session() as db:
        assert db.scalar(select(Game.sealed_bid).where(Game.id == game["id"])) is None


def test_the_creators_bid_is_never_shown_before_the_bids_are_opened(client, ctx, pair):
    alice, bob = pair
    game = bid_game(client, alice, "axis", 13)
    for headers in (bob.headers, alice.headers, {}):
        for path in (f"/api/games/{game['id']}", "/api/games?status=open"):
            text = client.get(path, headers=headers).text
            assert '"rp"' not in text
    page = client.get(f"/games/{game['id']}", headers=bob.headers).text
    assert "data-bid-join" in page and 'value="13"' not in page
    with client.websocket_connect("/ws/lobby", headers=bob.headers) as ws:
        from tests.app.support import recv

        assert '"rp"' not in str(recv(ws))


def test_bidding_refusals_change_nothing(client, ctx, pair):
    alice, bob = pair
    carol = make_user(ctx, "carol")
    for body, code in [({"side": "random", "bid": 1}, "malformed"),
                       ({"side": "axis", "bid": -1}, None), ({"side": "axis", "bid": 31}, None),
                       ({"side": "axis", "bid": "2"}, None),
                       ({"side": "axis", "bid": 1, "options": {"bid": {"side": "axis", "rp": 1}}}, "bad_options")]:
        response = client.post("/api/games", json=body, headers=alice.headers)
        assert response.status_code == 422, body
        if code:
            assert error_code(response) == code
    game = bid_game(client, alice, "axis", 2)
    before = stored(ctx, game["id"])
    for body, code in [({}, "bid_required"), ({"side": "axis"}, "bid_required"),
                       ({"side": "axis", "bid": 99}, None), ({"side": "italy", "bid": 1}, None),
                       ({"side": "axis", "bid": True}, None)]:
        response = join(client, game["id"], bob, **body)
        assert response.status_code == 422, (body, response.text)
        if code:
            assert error_code(response) == code
    assert stored(ctx, game["id"]) == before
    assert client.get(f"/api/games/{game['id']}").json()["bidding"] == {"open": True, "rule": "21.0"}
    # An ordinary game takes no bid.
    plain = client.post("/api/games", json={"side": "axis"}, headers=alice.headers).json()
    refused = join(client, plain["id"], carol, side="soviet", bid=1)
    assert refused.status_code == 422
    assert join(client, plain["id"], carol).status_code == 200


def test_bidding_through_the_html_forms(client, ctx, pair):
    from tests.app.support import csrf_from

    alice, bob = pair
    client.post("/api/session", json={"username": "alice", "password": "correct horse battery"})
    lobby = client.get("/")
    assert 'name="bidding"' in lobby.text
    created = client.post("/games", data={"csrf_token": csrf_from(lobby.text), "side": "soviet", "bidding": "1",
                                          "bid": "4", "rated": "1"}, follow_redirects=False)
    assert created.status_code == 303
    game_id = int(created.headers["location"].rsplit("/", 1)[1])
    client.cookies.clear()
    client.post("/api/session", json={"username": "bob", "password": "correct horse battery"})
    page = client.get(f"/games/{game_id}")
    assert "data-bid-join" in page.text
    joined = client.post(f"/games/{game_id}/join", data={"csrf_token": csrf_from(page.text), "side": "soviet",
                                                         "bid": "4"}, follow_redirects=False)
    assert joined.status_code == 303
    with ctx.db.session() as db:
        game = db.get(Game, game_id)
        assert game.bid_result["tie"] is True and game.status == "active"
        assert db.scalar(select(GameLogEntry.text).where(GameLogEntry.game_id == game_id,
                                                         GameLogEntry.text.like("Bidding (21.0)%")))
    shown = client.get(f"/games/{game_id}").text
    assert 'data-bidding="settled"' in shown and "coin gave it to" in shown
