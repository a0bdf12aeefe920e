"""Admin tools (issue 13 #4): the inspector, rewind, reassigning a seat, stale games, password-reset links."""
from __future__ import annotations

from datetime import timedelta
from markupsafe import escape

import pytest
from sqlalchemy import select, update

from app.models import AuditEntry, Game, GameAction, Notice, PasswordReset
from app.services import accounts, admin_games, play
from tests.app.support import (
    PASSWORD,
    csrf_from,
    error_code,
    make_user,
    play_moves,
    start_game,
    stored,
    view,
)


@pytest.fixture
def people(ctx):
    return make_user(ctx, "root", admin=True), make_user(ctx, "alice"), make_user(ctx, "bob")


def audit(ctx) -> list[tuple[str, dict]]:
    with ctx.db.session() as db:
        return [(e.action, e.details) for e in db.scalars(select(AuditEntry).order_by(AuditEntry.id))]


def notices_of(ctx, player) -> list[tuple[str, str]]:
    with ctx.db.session() as db:
        return [(n.kind, n.text) for n in db.scalars(select(Notice).where(Notice.user_id == player.id)
                                                      .order_by(Notice.id))]


def replayed(ctx, game_id: int, upto: int):
    """The engine game rebuilt independently from the stored seed and the first `upto` actions in force then."""
    from sqlalchemy.orm import undefer

    with ctx.db.session() as db:
        game = db.scalar(select(Game).where(Game.id == game_id).options(undefer(Game.seed)))
        rows = list(db.scalars(select(GameAction).where(GameAction.game_id == game_id).order_by(GameAction.seq)))
        actions = [(a.side, a.action) for a in rows
                   if a.seq <= upto and a.undoes is None and (a.undone_by is None or a.undone_by > upto)]
        return ctx.rules.replay(game.scenario, game.seed, game.options, actions)


def browser_admin(client, ctx, root):
    """Sign the test client in as the admin through the form (pages post forms with CSRF)."""
    token = csrf_from(client.get("/signin").text)
    response = client.post("/signin", data={"csrf_token": token, "username": root.username, "password": PASSWORD},
                           follow_redirects=False)
    assert response.status_code == 303


# --- the inspector ------------------------------------------------------------------------------------


def test_inspector_shows_any_seq_with_full_information_and_is_audited(client, ctx, people):
    root, alice, bob = people
    game = start_game(client, alice, bob, private=True)
    play_moves(client, game["id"], [alice, bob], 4)
    for n in (0, 2, 4):
        response = client.get(f"/api/admin/games/{game['id']}/inspect", params={"seq": n}, headers=root.headers)
        assert response.status_code == 200, response.text
        body = response.json()
        expected = replayed(ctx, game["id"], n)
        assert body["seq"] == n and body["last_seq"] == 4 and body["admin_view"] is True
        assert body["full_view"] == expected.full_view()
        assert set(body["full_view"]["hands"]) == {"axis", "soviet"}
        assert body["views"] == {"axis": expected.view("axis"), "soviet": expected.view("soviet")}
    assert [s for s in body["rewind_targets"]] == [0, 1, 2, 3]
    assert [a["seq"] for a in body["actions"]] == [1, 2, 3, 4]
    assert all(a["label"] for a in body["actions"])
    assert [d["seq"] for a, d in audit(ctx) if a == "inspect_game"] == [0, 2, 4]
    # The current position by default.
    current = client.get(f"/api/admin/games/{game['id']}/inspect", headers=root.headers).json()
    assert current["seq"] == 4


def test_inspector_refusals(client, ctx, people):
    root, alice, bob = people
    game = start_game(client, alice, bob)
    url = f"/api/admin/games/{game['id']}/inspect"
    assert client.get(url, headers=alice.headers).status_code == 403
    assert client.get(url).status_code == 401
    bad = client.get(url, params={"seq": 9}, headers=root.headers)
    assert bad.status_code == 422 and error_code(bad) == "malformed"
    assert client.get("/api/admin/games/999999/inspect", headers=root.headers).status_code == 404
    assert client.get("/api/admin/games/99999999999/inspect", headers=root.headers).status_code in (404, 422)
    # An admin who plays in a game in progress does not see its hidden information.
    carol = make_user(ctx, "carol", admin=True)
    own = start_game(client, carol, bob)
    refused = client.get(f"/api/admin/games/{own['id']}/inspect", headers=carol.headers)
    assert refused.status_code == 403 and error_code(refused) == "forbidden"
    # A game nobody joined has no position.
    from tests.app.support import create_game

    waiting = create_game(client, alice)
    assert error_code(client.get(f"/api/admin/games/{waiting['id']}/inspect", headers=root.headers)) == \
        "game_not_active"
    assert not any(a == "inspect_game" for a, _ in audit(ctx))


def test_inspector_page_is_readable(client, ctx, people):
    root, alice, bob = people
    game = start_game(client, alice, bob)
    play_moves(client, game["id"], [alice, bob], 3)
    page = client.get(f"/admin/games/{game['id']}/inspect?seq=2", headers=root.headers)
    assert page.status_code == 200
    html = page.text
    assert "ADMIN VIEW" in html and 'data-inspect-seq="2"' in html and "<svg" in html
    full = replayed(ctx, game["id"], 2).full_view()
    for side in ("axis", "soviet"):
        for card in full["hands"][side]:
            assert str(escape(card["name"])) in html  # both hands, named
    assert 'href="?seq=1"' in html and 'href="?seq=3"' in html
    assert client.get(f"/admin/games/{game['id']}/inspect", headers=alice.headers).status_code == 403


# --- rewind -------------------------------------------------------------------------------------------


def test_rewind_takes_actions_back_keeps_them_in_the_record_and_tells_the_players(client, ctx, people):
    root, alice, bob = people
    game = start_game(client, alice, bob)
    gid = game["id"]
    play_moves(client, gid, [alice, bob], 5)
    at_two = replayed(ctx, gid, 2).to_json()
    history_four = client.get(f"/api/games/{gid}/history", params={"seq": 4}, headers=alice.headers).json()

    response = client.post(f"/api/admin/games/{gid}/rewind", json={"seq": 2, "reason": "a misclick on seq 3"},
                           headers=root.headers)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["seq"] == 6 and body["to"] == 2 and body["taken_back"] == [3, 4, 5]
    after = stored(ctx, gid)
    assert after["seq"] == 6 and after["state"] == at_two
    with ctx.db.session() as db:
        assert play.replay_matches(db, ctx.rules, gid)
        marks = [(a.seq, a.side, a.undoes, a.undone_by) for a in
                 db.scalars(select(GameAction).where(GameAction.game_id == gid).order_by(GameAction.seq))]
    assert marks[2:] == [(3, marks[2][1], None, 6), (4, marks[3][1], None, 6), (5, marks[4][1], None, 6),
                         (6, "admin", 2, None)]
    # The history of a seq before the rewind is what it was.
    again = client.get(f"/api/games/{gid}/history", params={"seq": 4}, headers=alice.headers).json()
    assert again["view"] == history_four["view"] and again["last_seq"] == 6
    # The record keeps the actions taken back, marked undone, and no bookkeeping row.
    record = client.get(f"/api/games/{gid}/export", headers=root.headers).json()
    assert [(a["seq"], a.get("undone", False)) for a in record["actions"]] == \
        [(1, False), (2, False), (3, True), (4, True), (5, True)]
    # Both players are told, with the reason; the log says so; the audit log has it.
    for p in (alice, bob):
        assert any(kind == "rewound" and "a misclick on seq 3" in text for kind, text in notices_of(ctx, p))
    log = client.get(f"/api/games/{gid}/log", headers=bob.headers).json()["entries"]
    assert "rewound the game" in log[-1]["text"] and all(e["undone"] for e in log if e["seq"] in (3, 4, 5))
    assert ("rewind_game", {"from_seq": 5, "to_seq": 2, "taken_back": 3, "reason": "a misclick on seq 3"}) \
        in audit(ctx)
    # Play goes on from the rewound position.
    play_moves(client, gid, [alice, bob], 1)
    with ctx.db.session() as db:
        assert play.replay_matches(db, ctx.rules, gid)


def test_rewind_refusals_change_nothing(client, ctx, people):
    root, alice, bob = people
    game = start_game(client, alice, bob)
    gid = game["id"]
    play_moves(client, gid, [alice, bob], 2)
    before = stored(ctx, gid)
    url = f"/api/admin/games/{gid}/rewind"
    cases = [
        ({"seq": 1, "reason": ""}, 422),
        ({"seq": 1, "reason": "   "}, 422),
        ({"seq": 2, "reason": "x"}, 422),  # the current seq: nothing to take back
        ({"seq": "1", "reason": "x"}, 422),
        ({"seq": -1, "reason": "x"}, 422),
        ({"seq": 1, "reason": "x\x00"}, 422),
    ]
    for body, status in cases:
        response = client.post(url, json=body, headers=root.headers)
        assert response.status_code == status, (body, response.text)
    assert client.post(url, json={"seq": 1, "reason": "x"}, headers=alice.headers).status_code == 403
    assert stored(ctx, gid) == before
    client.post(f"/api/games/{gid}/resign", headers=alice.headers)
    done = client.post(url, json={"seq": 1, "reason": "x"}, headers=root.headers)
    assert done.status_code == 409 and error_code(done) == "game_not_active"
    assert not any(a == "rewind_game" for a, _ in audit(ctx))


def test_rewind_targets_skip_positions_that_held_actions_undone_later():
    def row(seq, undoes=None, undone_by=None):
        return GameAction(game_id=1, seq=seq, side="axis", action={}, undoes=undoes, undone_by=undone_by)

    # seq 3 was taken back by the undo at seq 5: the positions after 3 and 4 held it and cannot come back.
    rows = [row(1), row(2), row(3, undone_by=5), row(4), row(5, undoes=3), row(6)]
    assert admin_games.rewind_targets(rows, 6) == [0, 1, 2, 5]


def test_rewind_form_needs_csrf_and_redirects_to_the_inspector(client, ctx, people):
    root, alice, bob = people
    game = start_game(client, alice, bob)
    play_moves(client, game["id"], [alice, bob], 3)
    browser_admin(client, ctx, root)
    forged = client.post(f"/admin/games/{game['id']}/rewind", data={"seq": "1", "reason": "x"},
                         follow_redirects=False)
    assert forged.status_code == 403 and stored(ctx, game["id"])["seq"] == 3
    page = client.get(f"/admin/games/{game['id']}/inspect?seq=1")
    assert "data-rewind-form" in page.text
    done = client.post(f"/admin/games/{game['id']}/rewind",
                       data={"csrf_token": csrf_from(page.text), "seq": "1", "reason": "lost connection"},
                       follow_redirects=False)
    assert done.status_code == 303 and done.headers["location"].endswith("/inspect?seq=4")
    assert stored(ctx, game["id"])["seq"] == 4


# --- reassign -----------------------------------------------------------------------------------------


def test_reassign_a_seat(client, ctx, people):
    root, alice, bob = people
    carol = make_user(ctx, "carol")
    game = start_game(client, alice, bob)
    gid = game["id"]
    response = client.post(f"/api/admin/games/{gid}/reassign",
                           json={"side": "soviet", "username": "Carol", "reason": "bob vanished"},
                           headers=root.headers)
    assert response.status_code == 200, response.text
    assert response.json()["players"]["soviet"]["username"] == "carol"
    assert view(client, gid, carol)["seat"] == "soviet"
    assert view(client, gid, bob)["seat"] is None
    assert any(k == "seat_reassigned" and "carol" in t for k, t in notices_of(ctx, bob))
    assert any(k == "seat_reassigned" and "bob vanished" in t for k, t in notices_of(ctx, carol))
    assert ("reassign_seat", {"side": "soviet", "from_user": "bob", "to_user": "carol", "reason": "bob vanished"}) \
        in audit(ctx)
    # Carol plays on; Bob may not.
    v = view(client, gid, carol)
    assert v["actions"], "the Soviet free pick comes first"
    refused = client.post(f"/api/games/{gid}/actions", json={"seq": v["seq"], "action": v["actions"][0]},
                          headers=bob.headers)
    assert refused.status_code == 403
    ok = client.post(f"/api/games/{gid}/actions", json={"seq": v["seq"], "action": v["actions"][0]},
                     headers=carol.headers)
    assert ok.status_code == 200


def test_reassign_refusals(client, ctx, people):
    root, alice, bob = people
    game = start_game(client, alice, bob)
    url = f"/api/admin/games/{game['id']}/reassign"
    before = stored(ctx, game["id"])
    for body, status, code in [
        ({"side": "soviet", "username": "nobody"}, 404, "not_found"),
        ({"side": "soviet", "username": "alice"}, 409, "own_game"),
        ({"side": "soviet", "username": "bob"}, 409, "same_user"),
        ({"side": "italy", "username": "bob"}, 422, None),
    ]:
        response = client.post(url, json=body, headers=root.headers)
        assert response.status_code == status, response.text
        if code:
            assert error_code(response) == code
    assert client.post(url, json={"side": "soviet", "username": "root"}, headers=alice.headers).status_code == 403
    assert stored(ctx, game["id"]) == before
    assert not any(a == "reassign_seat" for a, _ in audit(ctx))


# --- stale games --------------------------------------------------------------------------------------


def test_stale_games_list_games_without_a_move_for_n_days(client, ctx, people):
    root, alice, bob = people
    old = start_game(client, alice, bob)
    fresh = start_game(client, alice, bob)
    play_moves(client, old["id"], [alice, bob], 1)
    with ctx.db.transaction() as db:
        ten_days_ago = accounts.now() - timedelta(days=10)
        db.execute(update(Game).where(Game.id == old["id"]).values(started_at=ten_days_ago - timedelta(days=1)))
        db.execute(update(GameAction).where(GameAction.game_id == old["id"]).values(created_at=ten_days_ago))
    listed = client.get("/api/admin/stale", params={"days": 7}, headers=root.headers).json()
    assert [g["game"]["id"] for g in listed["games"]] == [old["id"]]
    assert 9.9 < listed["games"][0]["idle_days"] < 10.1
    assert client.get("/api/admin/stale", params={"days": 11}, headers=root.headers).json()["games"] == []
    both = client.get("/api/admin/stale", params={"days": 0}, headers=root.headers).json()["games"]
    assert {g["game"]["id"] for g in both} == {old["id"], fresh["id"]}
    page = client.get("/admin/stale?days=7", headers=root.headers)
    assert page.status_code == 200 and f'data-game-id="{old["id"]}"' in page.text
    assert f'data-game-id="{fresh["id"]}"' not in page.text
    assert client.get("/api/admin/stale", headers=alice.headers).status_code == 403


# --- password-reset links -----------------------------------------------------------------------------


def make_link(client, root, user) -> str:
    response = client.post(f"/api/admin/users/{user.id}/reset-link", headers=root.headers)
    assert response.status_code == 201, response.text
    return response.json()["url"].rsplit("/", 1)[1]


def test_password_reset_link_sets_a_new_password_once_and_ends_every_other_credential(client, ctx, people):
    root, alice, _ = people
    # Alice is signed in somewhere with a session, and has an API token.
    with ctx.db.transaction() as db:
        session = accounts.start_session(db, ctx.settings, db.get(accounts.User, alice.id))
        session_cookie = session.cookie_value
    assert client.get("/api/me", headers=alice.headers).status_code == 200
    token = make_link(client, root, alice)
    assert ("password_reset_link", "alice") in [(a, d.get("username")) for a, d in audit(ctx)]
    with ctx.db.session() as db:
        stored_hashes = list(db.scalars(select(PasswordReset.token_hash)))
    assert token not in stored_hashes  # only a keyed hash is kept

    page = client.get(f"/reset/{token}")
    assert page.status_code == 200 and "alice" in page.text
    csrf = csrf_from(page.text)
    differ = client.post(f"/reset/{token}", data={"csrf_token": csrf, "password": "new password one",
                                                   "password2": "new password two"})
    assert differ.status_code == 422 and "differ" in differ.text
    done = client.post(f"/reset/{token}", data={"csrf_token": csrf_from(client.get(f"/reset/{token}").text),
                                                 "password": "a brand new secret", "password2": "a brand new secret"})
    assert done.status_code == 200 and "new password is set" in done.text
    assert client.get("/api/me", headers=alice.headers).status_code == 401  # the token was revoked
    with ctx.db.session() as db:
        assert accounts.session_for_cookie(db, ctx.settings, session_cookie) is None
    signed = client.post("/api/session", json={"username": "alice", "password": "a brand new secret"})
    assert signed.status_code == 200
    again = client.get(f"/reset/{token}")
    assert again.status_code == 404 and "not valid" in again.text


def test_password_reset_links_expire_and_a_new_one_cancels_the_old(client, ctx, people):
    root, alice, bob = people
    first = make_link(client, root, alice)
    second = make_link(client, root, alice)
    gone = client.post("/api/password-reset", json={"token": first, "password": "whatever long enough"})
    assert gone.status_code == 404 and error_code(gone) == "reset_link_invalid"
    short = client.post("/api/password-reset", json={"token": second, "password": "x"})
    assert short.status_code == 422  # too short; the link still works
    with ctx.db.transaction() as db:
        db.execute(update(PasswordReset).values(expires_at=accounts.now() - timedelta(seconds=1)))
    expired = client.post("/api/password-reset", json={"token": second, "password": "whatever long enough"})
    assert expired.status_code == 404
    third = make_link(client, root, alice)
    assert client.post("/api/password-reset",
                       json={"token": third, "password": "whatever long enough"}).status_code == 204
    assert client.post("/api/session", json={"username": "alice", "password": "whatever long enough"}).status_code \
        == 200
    # Only admins make links, for users who exist.
    assert client.post(f"/api/admin/users/{alice.id}/reset-link", headers=bob.headers).status_code == 403
    assert client.post("/api/admin/users/999999/reset-link", headers=root.headers).status_code == 404
    assert client.post("/api/password-reset", json={"token": "x" * 43 + "\x00", "password": "y" * 12}).status_code \
        in (404, 422)


def test_admin_user_page_makes_a_link_through_a_form(client, ctx, people):
    root, alice, _ = people
    browser_admin(client, ctx, root)
    page = client.get(f"/admin/users/{alice.id}")
    assert page.status_code == 200 and "Make a password-reset link" in page.text
    assert client.post(f"/admin/users/{alice.id}/reset-link", data={}).status_code == 403  # no CSRF token
    made = client.post(f"/admin/users/{alice.id}/reset-link", data={"csrf_token": csrf_from(page.text)})
    assert made.status_code == 200 and "data-reset-link" in made.text
    import re

    link = re.search(r'value="(https?://[^"]+/reset/([^"]+))"', made.text)
    assert link
    assert client.get(f"/reset/{link.group(2)}").status_code == 200
