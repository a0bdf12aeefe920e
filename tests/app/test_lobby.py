"""Creating, listing, joining, resigning and cancelling games."""
from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import undefer

from app.models import Game
from tests.app.support import create_game, error_code, make_user, start_game


def test_create_list_and_join_a_public_game(client, ctx):
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    game = create_game(client, alice, scenario="tournament", side="soviet")
    assert game["status"] == "open" and game["players"]["soviet"]["username"] == "alice"
    assert game["players"]["axis"] is None and game["your_side"] == "soviet" and game["invite_url"] is None

    open_ids = [g["id"] for g in client.get("/api/games?status=open").json()["games"]]
    assert game["id"] in open_ids

    joined = client.post(f"/api/games/{game['id']}/join", headers=bob.headers)
    assert joined.status_code == 200
    body = joined.json()
    assert body["status"] == "active" and body["your_side"] == "axis" and body["seq"] == 0
    assert body["active_sides"], "the engine says who acts first"
    assert game["id"] in [g["id"] for g in client.get("/api/games?status=active").json()["games"]]
    assert game["id"] not in [g["id"] for g in client.get("/api/games?status=open").json()["games"]]
    mine = client.get("/api/games?mine=true", headers=bob.headers).json()["games"]
    assert [g["id"] for g in mine] == [game["id"]]


def test_the_seed_is_generated_stored_and_never_shown(client, ctx):
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    game = start_game(client, alice, bob)
    with ctx.db.session() as db:
        row = db.scalar(select(Game).where(Game.id == game["id"]).options(undefer(Game.seed)))
    assert row.seed is not None and row.seed > 0
    for path in (f"/api/games/{game['id']}", f"/api/games/{game['id']}/view", "/api/games", f"/games/{game['id']}",
                 f"/api/games/{game['id']}/log"):
        for who in (alice, bob, None):
            text = client.get(path, headers=who.headers if who else {}).text
            assert str(row.seed) not in text, path
            assert '"seed"' not in text, path


def test_random_side(client, ctx):
    alice = make_user(ctx, "alice")
    sides = {create_game(client, alice, side="random")["your_side"] for _ in range(16)}
    assert sides <= {"axis", "soviet"} and sides  # (both, with overwhelming probability)


def test_options_are_passed_to_the_engine_and_bad_ones_refused(client, ctx):
    alice = make_user(ctx, "alice")
    good = create_game(client, alice, options={"phasing_supply_recheck": True, "bid": {"side": "axis", "rp": 2}})
    assert good["options"] == {"phasing_supply_recheck": True, "bid": {"side": "axis", "rp": 2}}
    bad = client.post("/api/games", json={"options": {"no_such_option": True}}, headers=alice.headers)
    assert bad.status_code == 422 and error_code(bad) == "bad_options"
    assert "no_such_option" in bad.json()["error"]["message"]


def test_you_cannot_join_your_own_game_or_a_full_one(client, ctx):
    alice, bob, carol = make_user(ctx, "alice"), make_user(ctx, "bob"), make_user(ctx, "carol")
    game = create_game(client, alice)
    own = client.post(f"/api/games/{game['id']}/join", headers=alice.headers)
    assert own.status_code == 409 and error_code(own) == "own_game"
    client.post(f"/api/games/{game['id']}/join", headers=bob.headers)
    full = client.post(f"/api/games/{game['id']}/join", headers=carol.headers)
    assert full.status_code == 409 and error_code(full) == "seat_taken"


def test_private_games_are_hidden_and_joined_by_invitation(client, ctx):
    alice, bob, eve = make_user(ctx, "alice"), make_user(ctx, "bob"), make_user(ctx, "eve")
    game = create_game(client, alice, private=True)
    invite = game["invite_url"]
    assert invite and invite.startswith("/join/")
    token = invite.rsplit("/", 1)[1]
    assert len(token) >= 32

    assert game["id"] not in [g["id"] for g in client.get("/api/games?status=open").json()["games"]]
    for path in ("", "/view", "/log", "/chat"):
        response = client.get(f"/api/games/{game['id']}{path}", headers=eve.headers)
        assert response.status_code == 404 and error_code(response) == "not_found"
    assert client.post(f"/api/games/{game['id']}/join", headers=eve.headers).status_code == 404
    assert client.get(f"/games/{game['id']}", headers=eve.headers).status_code == 404

    assert client.post("/api/games/invites/wrong-token-123/join", headers=bob.headers).status_code == 404
    page = client.get(invite, headers=bob.headers)
    assert page.status_code == 200 and "Join as" in page.text
    joined = client.post(f"/api/games/invites/{token}/join", headers=bob.headers)
    assert joined.status_code == 200 and joined.json()["status"] == "active"
    assert joined.json()["invite_url"] == invite  # players may still see it
    assert client.get(f"/api/games/{game['id']}", headers=bob.headers).status_code == 200
    assert client.get(f"/api/games/{game['id']}", headers=eve.headers).status_code == 404


def test_resign(client, ctx):
    alice, bob, carol = make_user(ctx, "alice"), make_user(ctx, "bob"), make_user(ctx, "carol")
    game = start_game(client, alice, bob)
    outsider = client.post(f"/api/games/{game['id']}/resign", headers=carol.headers)
    assert outsider.status_code == 403 and error_code(outsider) == "not_a_player"
    response = client.post(f"/api/games/{game['id']}/resign", headers=bob.headers)
    assert response.status_code == 200
    result = response.json()
    assert result["status"] == "finished" and result["result"]["winner"] == "axis"
    assert "resigned" in result["result"]["reason"] and result["active_sides"] == []
    again = client.post(f"/api/games/{game['id']}/resign", headers=alice.headers)
    assert again.status_code == 409 and error_code(again) == "game_not_active"
    finished = client.get("/api/games?status=finished").json()["games"]
    assert game["id"] in [g["id"] for g in finished]
    log = client.get(f"/api/games/{game['id']}/log").json()["entries"]
    assert "resigned" in log[-1]["text"]


def test_cancel_an_open_game(client, ctx):
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    game = create_game(client, alice)
    assert client.post(f"/api/games/{game['id']}/cancel", headers=bob.headers).status_code == 403
    response = client.post(f"/api/games/{game['id']}/cancel", headers=alice.headers)
    assert response.status_code == 200 and response.json()["status"] == "aborted"
    assert client.post(f"/api/games/{game['id']}/join", headers=bob.headers).status_code == 409


def test_lobby_pages(client, ctx):
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    waiting = create_game(client, alice)
    playing = start_game(client, alice, bob)
    page = client.get("/")
    assert page.status_code == 200
    assert f'href="/games/{waiting["id"]}"' in page.text and f'href="/games/{playing["id"]}"' in page.text
    assert client.get(f"/games/{playing['id']}").status_code == 200
    missing = client.get("/games/999999")
    assert missing.status_code == 404 and "No such game" in missing.text
    assert client.get("/games/not-a-number").status_code == 404


def test_malformed_create_requests(client, ctx):
    alice = make_user(ctx, "alice")
    headers = {**alice.headers, "Content-Type": "application/json"}
    broken = client.post("/api/games", content=b"{not json", headers=headers)
    assert broken.status_code == 400 and error_code(broken) == "malformed"
    for body in ({"scenario": "barbarossa"}, {"side": "finland"}, {"unknown_field": 1}, {"options": []}):
        response = client.post("/api/games", json=body, headers=alice.headers)
        assert response.status_code == 422 and error_code(response) == "malformed", body
    anonymous = client.post("/api/games", json={})
    assert anonymous.status_code == 401 and error_code(anonymous) == "not_signed_in"
