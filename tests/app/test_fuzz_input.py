"""Arbitrary input never crashes the server (no 500) and never changes a game."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tests.app.support import make_user, recv, recv_until, start_game, stored

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
action_like = st.fixed_dictionaries({"type": st.text(max_size=12)}, optional={"card": json_values, "unit": json_values,
                                                                               "hex": json_values, "path": json_values})
bodies = st.one_of(
    json_values,
    st.fixed_dictionaries({"seq": json_values, "action": json_values}),
    st.fixed_dictionaries({"seq": st.integers(-2, 3), "action": action_like}),
)
FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture
def fuzz_table(client, ctx):
    """One started game; every example must leave it exactly as it was."""
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    game_id = start_game(client, alice, bob)["id"]
    return game_id, alice, bob, stored(ctx, game_id)


@FUZZ
@given(body=bodies)
def test_rest_actions_never_500_and_never_change_state(client, ctx, fuzz_table, body):
    game_id, alice, bob, before = fuzz_table
    for player in (alice, bob):
        response = client.post(f"/api/games/{game_id}/actions", content=json.dumps(body),
                               headers={**player.headers, "Content-Type": "application/json"})
        assert response.status_code in (400, 403, 409, 422), response.text
        assert response.json()["error"]["code"]
    assert stored(ctx, game_id) == before


@FUZZ
@given(message=st.one_of(json_values, st.fixed_dictionaries({"type": st.sampled_from(["action", "chat", "auth", "ping",
                                                                                       "x"])}, optional={
    "seq": json_values, "action": json_values, "token": json_values, "text": json_values, "ref": json_values})))
def test_socket_messages_never_break_the_connection(client, ctx, fuzz_table, message):
    game_id, alice, _, before = fuzz_table
    with client.websocket_connect(f"/ws/games/{game_id}", headers=alice.headers) as ws:
        recv_until(ws, "chat_history")
        ws.send_text(json.dumps(message))
        ws.send_json({"type": "ping", "ref": "alive"})
        while True:
            reply = recv(ws)
            if reply["type"] == "pong" and reply.get("ref") == "alive":
                break
            if reply["type"] == "error":
                assert reply["code"] != "internal_error", reply
    current = stored(ctx, game_id)
    if current["seq"] == before["seq"]:
        assert current == before
