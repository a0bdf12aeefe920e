"""No endpoint or socket shows a player what only the other side (or nobody) may see.

The reference is the engine's own redaction: each seat must receive exactly
`game.view(seat)`, and nothing that only the opponent's view contains.
"""
from __future__ import annotations

import json

from tests.app.support import make_user, play_moves, recv, recv_until, start_game, stored


def leaves(value) -> set[str]:
    """Every string in a JSON value (keys excluded)."""
    if isinstance(value, dict):
        return set().union(*(leaves(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(leaves(v) for v in value)) if value else set()
    return {value} if isinstance(value, str) else set()


def secrets_of(engine_game, side: str) -> set[str]:
    """The ids and names of the cards in the side's hand that the other side's view does not show."""
    other = "soviet" if side == "axis" else "axis"
    hand = engine_game.view(side)["hand"]
    named = {c[k] for c in hand for k in ("id", "name") if isinstance(c.get(k), str)}
    return named - leaves(engine_game.view(other)) - leaves(engine_game.view(None))


def everything_a_caller_gets(client, game_id, player) -> list[str]:
    headers = player.headers if player else {}
    paths = ["", "/view", "/log", "/chat", "/board.svg"]
    bodies = [client.get(f"/api/games/{game_id}{p}", headers=headers).text for p in paths]
    bodies += [client.get(p, headers=headers).text for p in ("/api/games", "/api/games?status=active", "/")]
    bodies.append(client.get(f"/games/{game_id}", headers=headers).text)
    with client.websocket_connect(f"/ws/games/{game_id}", headers=headers) as ws:
        bodies.append(json.dumps(recv(ws)))
        bodies.append(json.dumps(recv_until(ws, "chat_history")))
    return bodies


def test_each_seat_sees_exactly_its_engine_view_and_no_secret_of_the_other(client, ctx):
    alice, bob, carol = make_user(ctx, "alice"), make_user(ctx, "bob"), make_user(ctx, "carol")
    game_id = start_game(client, alice, bob)["id"]
    play_moves(client, game_id, [alice, bob], 4)
    engine_game = ctx.rules.load(stored(ctx, game_id)["state"])

    for player, seat in ((alice, "axis"), (bob, "soviet"), (carol, None), (None, None)):
        view = client.get(f"/api/games/{game_id}/view", headers=player.headers if player else {}).json()
        assert view["seat"] == seat and view["view"] == engine_game.view(seat)
        svg = client.get(f"/api/games/{game_id}/board.svg", headers=player.headers if player else {}).text
        assert svg == ctx.rules.render_svg(engine_game.view(seat))

    axis_secrets, soviet_secrets = secrets_of(engine_game, "axis"), secrets_of(engine_game, "soviet")
    assert axis_secrets or soviet_secrets, "the test needs a hand to hide"
    for player, forbidden in ((alice, soviet_secrets), (bob, axis_secrets), (carol, axis_secrets | soviet_secrets),
                              (None, axis_secrets | soviet_secrets)):
        for body in everything_a_caller_gets(client, game_id, player):
            for secret in forbidden:
                assert json.dumps(secret) not in body and f">{secret}<" not in body, (player, secret)


def test_private_log_entries_reach_only_their_side(client, ctx):
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    game_id = start_game(client, alice, bob)["id"]
    play_moves(client, game_id, [alice, bob], 6)
    from sqlalchemy import select

    from app.models import GameLogEntry

    with ctx.db.session() as db:
        private = {(e.to_side, e.text) for e in db.scalars(select(GameLogEntry).where(
            GameLogEntry.game_id == game_id, GameLogEntry.to_side.is_not(None)))}
    for player, seat in ((alice, "axis"), (bob, "soviet"), (None, None)):
        entries = client.get(f"/api/games/{game_id}/log", headers=player.headers if player else {}).json()["entries"]
        assert all(e["to"] in (None, seat) for e in entries)
        assert {(e["to"], e["text"]) for e in entries if e["to"]} == {p for p in private if p[0] == seat}


def test_full_state_is_never_sent(client, ctx):
    """The stored state (hidden information included) appears in no response."""
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    game_id = start_game(client, alice, bob)["id"]
    state = stored(ctx, game_id)["state"]
    for player in (alice, bob, None):
        for body in everything_a_caller_gets(client, game_id, player):
            assert json.dumps(state) not in body
            assert '"rng"' not in body and '"seed"' not in body
