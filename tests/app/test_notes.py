"""Private notes: per player per game, seen by their author only."""
from __future__ import annotations

from tests.app.support import error_code, make_user, start_game


def test_notes_are_private_to_their_author(client, ctx):
    alice, bob, carol = make_user(ctx, "alice"), make_user(ctx, "bob"), make_user(ctx, "carol")
    game_id = start_game(client, alice, bob)["id"]
    url = f"/api/games/{game_id}/notes"
    assert client.get(url, headers=alice.headers).json() == {"text": "", "updated_at": None}
    saved = client.put(url, json={"text": "Push on Moscow by turn 3."}, headers=alice.headers)
    assert saved.status_code == 200 and saved.json()["updated_at"]
    assert client.get(url, headers=alice.headers).json()["text"] == "Push on Moscow by turn 3."
    assert client.get(url, headers=bob.headers).json()["text"] == ""  # bob has his own, empty
    client.put(url, json={"text": "Hold Leningrad."}, headers=bob.headers)
    assert client.get(url, headers=alice.headers).json()["text"] == "Push on Moscow by turn 3."
    for who in (carol,):
        response = client.get(url, headers=who.headers)
        assert response.status_code == 403 and error_code(response) == "not_a_player"
        assert client.put(url, json={"text": "x"}, headers=who.headers).status_code == 403
    assert client.get(url).status_code == 401
    too_long = client.put(url, json={"text": "x" * 20001}, headers=alice.headers)
    assert too_long.status_code == 422
    # Notes appear in no other response.
    for path in ("", "/view", "/log", "/chat"):
        for who in (bob, carol):
            assert "Moscow by turn 3" not in client.get(f"/api/games/{game_id}{path}", headers=who.headers).text
