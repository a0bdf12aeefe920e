"""The game websocket: views on connect and after every move, chat, errors, close codes."""
from __future__ import annotations

import json

import pytest
from starlette.websockets import WebSocketDisconnect

from tests.app.support import PASSWORD, acting, create_game, make_user, recv, recv_until, start_game, stored


@pytest.fixture
def table(client, ctx):
    alice, bob, carol = make_user(ctx, "alice"), make_user(ctx, "bob"), make_user(ctx, "carol")
    game = start_game(client, alice, bob)
    return game["id"], alice, bob, carol


def ws_url(game_id: int) -> str:
    return f"/ws/games/{game_id}"


def test_on_connect_the_view_comes_first_then_chat_history(client, table):
    game_id, alice, bob, _ = table
    rest = client.get(f"/api/games/{game_id}/view", headers=alice.headers).json()
    with client.websocket_connect(ws_url(game_id), headers=alice.headers) as ws:
        first = recv(ws)
        assert first["type"] == "view" and first["seq"] == rest["seq"] and first["seat"] == "axis"
        assert first["view"] == rest["view"] and first["actions"] == rest["actions"]
        assert first["action_groups"] == rest["action_groups"]
        assert first["game"]["id"] == game_id and first["log"], "the log so far comes with the first view"
        assert recv(ws) == {"type": "chat_history", "messages": []}


def test_a_move_reaches_every_player_and_spectator_with_their_own_view(client, ctx, table):
    game_id, alice, bob, carol = table
    with client.websocket_connect(ws_url(game_id), headers=alice.headers) as wa, \
            client.websocket_connect(ws_url(game_id), headers=bob.headers) as wb, \
            client.websocket_connect(ws_url(game_id), headers=carol.headers) as wc, \
            client.websocket_connect(ws_url(game_id)) as wanon:
        sockets = {"axis": wa, "soviet": wb, "carol": wc, "anonymous": wanon}
        for ws in sockets.values():
            recv_until(ws, "chat_history")
        player, v = acting(client, game_id, alice, bob)
        mover = wa if player is alice else wb
        mover.send_json({"type": "action", "seq": v["seq"], "action": v["actions"][0], "ref": 7})
        assert recv_until(mover, "ok")["ref"] == 7
        engine_game = ctx.rules.load(stored(ctx, game_id)["state"])  # the engine's own views, to compare
        for name, ws in sockets.items():
            update = recv_until(ws, "view", seq=v["seq"] + 1)
            seat = name if name in ("axis", "soviet") else None
            assert update["seat"] == seat
            assert update["view"] == engine_game.view(seat), name
            expected_actions = engine_game.legal_actions(seat) if seat in engine_game.active_sides() else []
            assert update | ctx.rules.pack_actions(expected_actions) == update  # the wire form of exactly these
            assert all(e["to"] in (None, seat) for e in update["log"])


def test_chat_is_stored_and_broadcast(client, table):
    game_id, alice, bob, carol = table
    with client.websocket_connect(ws_url(game_id), headers=alice.headers) as wa, \
            client.websocket_connect(ws_url(game_id)) as wanon:
        recv_until(wa, "chat_history")
        recv_until(wanon, "chat_history")
        wa.send_json({"type": "chat", "text": "  Good luck!  "})
        for ws in (wa, wanon):
            message = recv_until(ws, "chat")["message"]
            assert message["user"] == "alice" and message["text"] == "Good luck!"
        wanon.send_json({"type": "chat", "text": "hi"})
        assert recv_until(wanon, "error")["code"] == "not_signed_in"
    # Spectators (signed in) may chat too, over REST as well.
    response = client.post(f"/api/games/{game_id}/chat", json={"text": "Watching!"}, headers=carol.headers)
    assert response.status_code == 201
    messages = client.get(f"/api/games/{game_id}/chat").json()["messages"]
    assert [(m["user"], m["text"]) for m in messages] == [("alice", "Good luck!"), ("carol", "Watching!")]
    with client.websocket_connect(ws_url(game_id), headers=bob.headers) as wb:
        history = recv_until(wb, "chat_history")["messages"]
        assert [m["text"] for m in history] == ["Good luck!", "Watching!"]


def test_malformed_messages_get_errors_and_the_connection_stays_usable(client, ctx, table):
    game_id, alice, bob, _ = table
    before = stored(ctx, game_id)
    with client.websocket_connect(ws_url(game_id), headers=alice.headers) as ws:
        recv_until(ws, "chat_history")
        for raw in ("not json", "[]", '{"type": 5}', '{"no": "type"}', '{"type": "dance"}',
                    '{"type": "action", "seq": "0", "action": {"type": "x"}}',
                    '{"type": "action", "seq": 0, "action": "attack"}',
                    '{"type": "action", "seq": 0}', '{"type": "chat", "text": 12}', '{"type": "chat", "text": ""}',
                    '{"type": "auth", "token": 5}'):
            ws.send_text(raw)
            error = recv_until(ws, "error")
            assert error["code"] == "malformed", raw
            assert error["message"]
        ws.send_bytes(b"\x00\x01")
        assert recv_until(ws, "error")["code"] == "malformed"
        ws.send_json({"type": "ping", "ref": "still there?"})
        assert recv_until(ws, "pong")["ref"] == "still there?"
    assert stored(ctx, game_id) == before


def test_oversized_messages_get_an_error_and_close_1009(client, table):
    game_id, alice, _, _ = table
    with client.websocket_connect(ws_url(game_id), headers=alice.headers) as ws:
        recv_until(ws, "chat_history")
        ws.send_text(json.dumps({"type": "chat", "text": "x" * (64 * 1024)}))
        assert recv_until(ws, "error")["code"] == "payload_too_large"
        with pytest.raises(WebSocketDisconnect) as closed:
            recv(ws)
        assert closed.value.code == 1009


def test_wrong_seat_turn_and_seq_over_the_socket(client, ctx, table):
    game_id, alice, bob, carol = table
    player, v = acting(client, game_id, alice, bob)
    waiter = bob if player is alice else alice
    before = stored(ctx, game_id)
    for who, seq, code in ((player, v["seq"] + 3, "stale_seq"), (waiter, v["seq"], "not_your_turn"),
                           (carol, v["seq"], "not_a_player")):
        with client.websocket_connect(ws_url(game_id), headers=who.headers) as ws:
            recv_until(ws, "chat_history")
            ws.send_json({"type": "action", "seq": seq, "action": v["actions"][0], "ref": "r1"})
            error = recv_until(ws, "error")
            assert error["code"] == code and error["ref"] == "r1"
    with client.websocket_connect(ws_url(game_id), headers=player.headers) as ws:
        recv_until(ws, "chat_history")
        ws.send_json({"type": "action", "seq": v["seq"], "action": {"type": "no_such_action"}})
        assert recv_until(ws, "error")["code"] == "illegal_action"
    assert stored(ctx, game_id) == before


def test_a_reconnecting_client_gets_the_current_view_at_once(client, table):
    game_id, alice, bob, _ = table
    with client.websocket_connect(ws_url(game_id), headers=bob.headers) as ws:
        assert recv(ws)["seq"] == 0
    player, v = acting(client, game_id, alice, bob)
    client.post(f"/api/games/{game_id}/actions", json={"seq": v["seq"], "action": v["actions"][0]},
                headers=player.headers)
    with client.websocket_connect(ws_url(game_id), headers=bob.headers) as ws:
        first = recv(ws)
        assert first["type"] == "view" and first["seq"] == v["seq"] + 1


def test_close_codes_for_unknown_games_private_games_and_bad_tokens(client, ctx):
    alice, eve = make_user(ctx, "alice"), make_user(ctx, "eve")
    private = create_game(client, alice, private=True)
    for url, headers, code in (
        (ws_url(999999), alice.headers, 4404),
        (ws_url(private["id"]), eve.headers, 4404),
        (ws_url(private["id"]), {}, 4404),
        (ws_url(private["id"]), {"Authorization": "Bearer swo_not_a_token"}, 4401),
    ):
        with client.websocket_connect(url, headers=headers) as ws:
            error = recv(ws)
            assert error["type"] == "error"
            with pytest.raises(WebSocketDisconnect) as closed:
                recv(ws)
            assert closed.value.code == code
    with client.websocket_connect(ws_url(private["id"]), headers=alice.headers) as ws:
        assert recv(ws)["type"] == "view"


def test_an_auth_message_turns_a_spectator_into_the_player(client, table):
    game_id, alice, bob, _ = table
    with client.websocket_connect(ws_url(game_id)) as ws:
        first = recv(ws)
        assert first["seat"] is None and first["actions"] == []
        ws.send_json({"type": "auth", "token": "swo_wrong"})
        assert recv_until(ws, "error")["code"] == "not_signed_in"
        ws.send_json({"type": "auth", "token": alice.token})
        upgraded = recv_until(ws, "view")
        assert upgraded["seat"] == "axis" and upgraded["seq"] == first["seq"]


def test_session_cookies_count_only_from_our_own_pages(client, ctx, table):
    game_id, alice, _, _ = table
    client.post("/api/session", json={"username": "alice", "password": PASSWORD})
    with client.websocket_connect(ws_url(game_id), headers={"Origin": "http://testserver"}) as ws:
        assert recv(ws)["seat"] == "axis"
    with client.websocket_connect(ws_url(game_id), headers={"Origin": "http://evil.example"}) as ws:
        assert recv(ws)["seat"] is None  # the cookie was ignored: a spectator


def test_a_join_turns_the_waiting_creator_into_a_player_live(client, ctx):
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    game = create_game(client, alice)
    with client.websocket_connect(ws_url(game["id"]), headers=alice.headers) as ws:
        first = recv(ws)
        assert first["game"]["status"] == "open" and first["view"] is None
        client.post(f"/api/games/{game['id']}/join", headers=bob.headers)
        started = recv_until(ws, "view")
        assert started["game"]["status"] == "active" and started["view"] is not None
        assert started["game"]["players"]["soviet"]["username"] == "bob"
