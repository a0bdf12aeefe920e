"""Since your last visit (issue 9, item 4): the server keeps the last seq each user saw of a
game; the game page lists what the other side did after it."""
from __future__ import annotations

import html

from sqlalchemy import select

from app.models import GameVisit
from tests.app.support import PASSWORD, error_code, make_user, start_game, view
from tests.app.test_undo_history import act


def seen(client, game_id, player, seq):
    return client.put(f"/api/games/{game_id}/seen", json={"seq": seq}, headers=player.headers if player else {})


def page_of(client, username, game_id) -> str:
    client.cookies.clear()
    assert client.post("/api/session", json={"username": username, "password": PASSWORD}).status_code in (200, 201)
    page = html.unescape(client.get(f"/games/{game_id}").text)
    client.cookies.clear()
    return page


def test_since_your_last_visit_lists_what_the_opponent_did_and_not_your_own_moves(client, ctx):
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    game_id = start_game(client, alice, bob)["id"]
    assert 'id="since-visit"' not in page_of(client, "alice", game_id)  # a first visit: nothing to tell
    assert seen(client, game_id, alice, 0).json() == {"seq": 0}
    act(client, game_id, bob, {"type": "decline_pick"})
    card = next(a for a in view(client, game_id, alice)["actions"] if a["type"] == "play_card" and a["as"] == "ops")
    act(client, game_id, alice, {"type": "play_card", "card": card["card"], "as": "ops"})
    page = page_of(client, "alice", game_id)
    assert 'id="since-visit"' in page and "Since your last visit (#0 → #2)" in page
    box = page.split('id="since-visit"', 1)[1].split("</section>", 1)[0]
    assert "Soviet" in box and 'data-seq="1"' in box
    assert 'data-seq="2"' not in box  # alice's own card play is not news to her
    # bob sees alice's move, not his own
    seen(client, game_id, bob, 1)
    box = page_of(client, "bob", game_id).split('id="since-visit"', 1)[1].split("</section>", 1)[0]
    assert 'data-seq="2"' in box and 'data-seq="1"' not in box


def test_the_seen_seq_never_moves_back_and_is_checked(client, ctx):
    alice, bob, carol = make_user(ctx, "alice"), make_user(ctx, "bob"), make_user(ctx, "carol")
    game_id = start_game(client, alice, bob)["id"]
    act(client, game_id, bob, {"type": "decline_pick"})
    assert seen(client, game_id, alice, 1).json() == {"seq": 1}
    assert seen(client, game_id, alice, 0).json() == {"seq": 1}  # an old tab does not undo a newer visit
    response = seen(client, game_id, alice, 99)
    assert response.status_code == 422 and error_code(response) == "malformed"
    response = client.put(f"/api/games/{game_id}/seen", json={"seq": "1"}, headers=alice.headers)
    assert response.status_code == 422
    assert seen(client, game_id, None, 1).status_code == 401
    assert seen(client, 999999, alice, 0).status_code == 404
    assert seen(client, game_id, carol, 1).json() == {"seq": 1}  # a spectator keeps their place too
    with ctx.db.session() as db:
        stored = {(v.user_id, v.seen_seq) for v in db.scalars(select(GameVisit).where(GameVisit.game_id == game_id))}
    assert stored == {(alice.id, 1), (carol.id, 1)}
