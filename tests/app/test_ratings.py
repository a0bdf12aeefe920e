"""Ratings (issue 13 #7): Glicko-2 checked against Glickman's worked example, per player overall and per
side, rated and unrated games, the leaderboard and player pages."""
from __future__ import annotations

import math
from types import SimpleNamespace

import pytest
from sqlalchemy import select

from app import glicko2
from app.models import Game, Rating, RatingChange
from app.services import ratings
from tests.app.support import create_game, make_user, start_game


# --- the algorithm ------------------------------------------------------------------------------------


def test_glicko2_reproduces_glickmans_worked_example():
    """Glickman, "Example of the Glicko-2 system": 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300."""
    player = glicko2.Rating(1500, 200, 0.06)
    results = [glicko2.Result(glicko2.Rating(1400, 30), 1), glicko2.Result(glicko2.Rating(1550, 100), 0),
               glicko2.Result(glicko2.Rating(1700, 300), 0)]
    after = glicko2.update(player, results, tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)  # the paper prints 0.05999


def test_glicko2_a_period_without_games_only_widens_the_deviation():
    after = glicko2.update(glicko2.Rating(1600, 100, 0.06), [])
    assert after.rating == 1600 and after.volatility == 0.06
    assert after.rd == pytest.approx(math.sqrt((100 / 173.7178) ** 2 + 0.06 ** 2) * 173.7178)
    assert glicko2.update(glicko2.Rating(1500, 350, 0.06), []).rd == 350  # never wider than a newcomer's


def test_glicko2_between_newcomers_the_winner_gains_what_the_loser_drops():
    new = glicko2.Rating()
    assert glicko2.expected_score(new, new) == 0.5
    won = glicko2.update(new, [glicko2.Result(new, 1)])
    lost = glicko2.update(new, [glicko2.Result(new, 0)])
    assert won.rating > 1500 > lost.rating
    assert won.rating - 1500 == pytest.approx(1500 - lost.rating)
    assert won.rd == pytest.approx(lost.rd) and won.rd < 350
    # An upset moves ratings more than the expected result does.
    strong, weak = glicko2.Rating(1800, 60), glicko2.Rating(1400, 60)
    upset = glicko2.update(weak, [glicko2.Result(strong, 1)]).rating - 1400
    expected = glicko2.update(strong, [glicko2.Result(weak, 1)]).rating - 1800
    assert upset > expected > 0


# --- rated games ----------------------------------------------------------------------------------------


def rating_rows(ctx, user_id) -> dict[str, tuple[float, float, int, int, int]]:
    with ctx.db.session() as db:
        return {r.pool: (r.rating, r.rd, r.games, r.wins, r.losses)
                for r in db.scalars(select(Rating).where(Rating.user_id == user_id))}


def test_a_finished_game_rates_both_players_overall_and_per_side(client, ctx):
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    game = start_game(client, alice, bob)
    assert client.post(f"/api/games/{game['id']}/resign", headers=bob.headers).status_code == 200  # Axis wins

    win = glicko2.update(glicko2.Rating(), [glicko2.Result(glicko2.Rating(), 1)])
    loss = glicko2.update(glicko2.Rating(), [glicko2.Result(glicko2.Rating(), 0)])
    a, b = rating_rows(ctx, alice.id), rating_rows(ctx, bob.id)
    assert set(a) == set(b) == {"overall", "axis", "soviet"}
    for pool in ("overall", "axis"):
        assert a[pool] == pytest.approx((win.rating, win.rd, 1, 1, 0))
    for pool in ("overall", "soviet"):
        assert b[pool] == pytest.approx((loss.rating, loss.rd, 1, 0, 1))
    assert a["soviet"][2] == 0 and b["axis"][2] == 0  # nobody played those sides

    # A second game, sides swapped: the Axis ratings meet the Soviet ones, each from where it stood.
    game2 = start_game(client, bob, alice)  # bob Axis, alice Soviet
    client.post(f"/api/games/{game2['id']}/resign", headers=bob.headers)  # Soviet (alice) wins
    a2, b2 = rating_rows(ctx, alice.id), rating_rows(ctx, bob.id)
    expected_alice_soviet = glicko2.update(glicko2.Rating(), [glicko2.Result(glicko2.Rating(), 1)])
    assert a2["soviet"][:2] == pytest.approx((expected_alice_soviet.rating, expected_alice_soviet.rd))
    with ctx.db.session() as db:
        alice_overall = db.scalar(select(RatingChange).where(RatingChange.user_id == alice.id,
                                                             RatingChange.pool == "overall",
                                                             RatingChange.game_id == game2["id"]))
    expected = glicko2.update(glicko2.Rating(a["overall"][0], a["overall"][1], alice_overall.volatility_after),
                              [glicko2.Result(glicko2.Rating(b["overall"][0], b["overall"][1]), 1)])
    assert alice_overall.rating_before == pytest.approx(a["overall"][0])
    assert a2["overall"][0] == pytest.approx(alice_overall.rating_after)
    assert a2["overall"][0] > a["overall"][0] and a2["overall"][2] == 2
    assert abs(a2["overall"][0] - expected.rating) < 1  # volatility barely moves in one game
    assert b2["axis"][2] == 1 and b2["soviet"][2] == 1

    board = client.get("/api/ratings").json()
    assert [p["username"] for p in board["players"]] == ["alice", "bob"]
    assert board["players"][0]["rank"] == 1 and board["players"][0]["games"] == 2
    soviet_board = client.get("/api/ratings", params={"pool": "soviet"}).json()["players"]
    assert [p["username"] for p in soviet_board] == ["alice", "bob"]
    me = client.get("/api/players/ALICE").json()
    assert me["rank"] == 1 and me["ratings"]["overall"]["games"] == 2 and me["ratings"]["axis"]["wins"] == 1
    assert [(h["game_id"], h["pool"]) for h in me["history"]] == [
        (game2["id"], "soviet"), (game2["id"], "overall"), (game["id"], "axis"), (game["id"], "overall")]
    assert client.get("/api/players/nobody").status_code == 404
    assert client.get("/api/ratings", params={"pool": "italy"}).status_code == 422


def test_unrated_games_leave_ratings_alone(client, ctx):
    alice, bob, root = make_user(ctx, "alice"), make_user(ctx, "bob"), make_user(ctx, "root", admin=True)
    unrated = start_game(client, alice, bob, rated=False)
    assert unrated["rated"] is False
    client.post(f"/api/games/{unrated['id']}/resign", headers=bob.headers)
    aborted = start_game(client, alice, bob)
    client.post(f"/api/admin/games/{aborted['id']}/abort", json={"reason": "test"}, headers=root.headers)
    waiting = create_game(client, alice)
    client.post(f"/api/games/{waiting['id']}/cancel", headers=alice.headers)
    assert rating_rows(ctx, alice.id) == {} and rating_rows(ctx, bob.id) == {}
    with ctx.db.session() as db:
        assert db.scalar(select(RatingChange.id)) is None
        assert all(g.rated_at is None for g in db.scalars(select(Game)))
    assert client.get("/api/ratings").json()["players"] == []


def test_bot_analysis_and_imported_games_are_never_rated():
    human, other = SimpleNamespace(id=1, is_bot=False), SimpleNamespace(id=2, is_bot=False)
    bot = SimpleNamespace(id=3, is_bot=True)
    legacy = SimpleNamespace(id=4)  # a users table without the is_bot column: a person

    def game(**kw):
        base = dict(status="finished", winner="axis", is_analysis=False, imported_from=None, rated=True)
        return SimpleNamespace(**{**base, **kw})

    assert ratings.unrated_reason(game(), human, other) is None
    assert ratings.unrated_reason(game(), human, legacy) is None
    assert "bot" in ratings.unrated_reason(game(), human, bot)
    assert "bot" in ratings.unrated_reason(game(), bot, human)
    assert "analysis" in ratings.unrated_reason(game(is_analysis=True), human, other)
    assert "analysis" in ratings.unrated_reason(game(imported_from={"id": 9}), human, other)
    assert ratings.unrated_reason(game(rated=False), human, other)
    assert ratings.unrated_reason(game(status="aborted", winner=None), human, other)
    assert ratings.unrated_reason(game(), human, human)  # one user in both seats


def test_an_imported_analysis_game_that_ends_is_not_rated(client, ctx):
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    game = start_game(client, alice, bob, rated=False)
    client.post(f"/api/games/{game['id']}/resign", headers=bob.headers)
    record = client.get(f"/api/games/{game['id']}/export").json()
    imported = client.post("/api/games/import", json=record, headers=alice.headers)
    assert imported.status_code == 201
    assert client.post(f"/api/games/{imported.json()['id']}/resign", headers=alice.headers).status_code == 200
    assert rating_rows(ctx, alice.id) == {}


def test_rating_is_applied_once_per_game(client, ctx):
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    game = start_game(client, alice, bob)
    client.post(f"/api/games/{game['id']}/resign", headers=alice.headers)
    before = rating_rows(ctx, alice.id)
    with ctx.db.transaction() as db:
        assert ratings.on_game_end(db, db.get(Game, game["id"])) is False
    assert rating_rows(ctx, alice.id) == before


def test_leaderboard_and_player_pages(client, ctx):
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    for _ in range(2):
        game = start_game(client, alice, bob)
        client.post(f"/api/games/{game['id']}/resign", headers=bob.headers)
    page = client.get("/players")
    assert page.status_code == 200
    assert page.text.index('data-player="alice"') < page.text.index('data-player="bob"')
    axis_page = client.get("/players?pool=axis").text
    assert 'data-player="alice"' in axis_page and 'data-player="bob"' not in axis_page
    me = client.get("/players/alice")
    assert me.status_code == 200 and "rating-chart" in me.text and "#1 overall" in me.text
    rating = round(rating_rows(ctx, alice.id)["overall"][0])
    assert f"<b data-rating>{rating}</b>" in me.text
    assert client.get("/players/nobody").status_code == 404


def test_a_private_rated_game_stays_anonymous_to_outsiders_in_the_rating_history(client, ctx):
    alice, bob, carol = make_user(ctx, "alice"), make_user(ctx, "bob"), make_user(ctx, "carol")
    root = make_user(ctx, "root", admin=True)
    game = start_game(client, alice, bob, private=True)
    client.post(f"/api/games/{game['id']}/resign", headers=bob.headers)
    for viewer in (carol.headers, {}):
        history = client.get("/api/players/alice", headers=viewer).json()["history"]
        assert history and all(h["game_id"] is None and h["opponent"] is None for h in history)
        page = client.get("/players/alice", headers=viewer).text
        assert f'href="/games/{game["id"]}"' not in page and "/players/bob" not in page
    assert client.get("/api/players/alice", headers=carol.headers).json()["ratings"]["overall"]["games"] == 1
    for viewer in (alice, bob, root):
        history = client.get("/api/players/alice", headers=viewer.headers).json()["history"]
        assert {(h["game_id"], h["opponent"]) for h in history} == {(game["id"], "bob")}
    assert f'href="/games/{game["id"]}"' in client.get("/players/alice", headers=bob.headers).text
