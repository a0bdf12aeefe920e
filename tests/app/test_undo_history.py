"""Undo (take back one's own actions until something new comes to light) and history (past positions)."""
from __future__ import annotations

import json

import pytest
from sqlalchemy import select

import engine
from app.models import Game, GameAction, GameLogEntry
from app.services import play, undo
from tests.app.support import make_user, recv_until, start_game, stored, view


@pytest.fixture
def table(client, ctx):
    """A started game: (game id, axis player, soviet player, outsider)."""
    alice, bob, carol = make_user(ctx, "alice"), make_user(ctx, "bob"), make_user(ctx, "carol")
    game = start_game(client, alice, bob)
    return game["id"], alice, bob, carol


def act(client, game_id, player, action) -> dict:
    v = view(client, game_id, player)
    action = next(a for a in v["actions"] if all(a.get(k) == val for k, val in action.items()))
    response = client.post(f"/api/games/{game_id}/actions", json={"seq": v["seq"], "action": action},
                           headers=player.headers)
    assert response.status_code == 200, response.text
    return response.json()


def take_back(client, game_id, player, seq=None):
    if seq is None:
        seq = view(client, game_id, player)["seq"]
    return client.post(f"/api/games/{game_id}/undo", json={"seq": seq}, headers=player.headers if player else {})


def first_ops_card(client, game_id, player) -> str:
    return next(a["card"] for a in view(client, game_id, player)["actions"]
                if a["type"] == "play_card" and a["as"] == "ops")


def barbarossa_ops(client, game_id, alice, bob) -> str:
    """The Soviet declines the free pick; the Axis plays a card for OPS. Returns the card."""
    act(client, game_id, bob, {"type": "decline_pick"})
    card = first_ops_card(client, game_id, alice)
    act(client, game_id, alice, {"type": "play_card", "card": card, "as": "ops"})
    return card


def hand_ids(client, game_id, player) -> list[str]:
    return [c["id"] for c in view(client, game_id, player)["view"]["hand"]]


def rows(ctx, game_id):
    with ctx.db.session() as db:
        return [(a.seq, a.side, a.action["type"], a.undoes, a.undone_by)
                for a in db.scalars(select(GameAction).where(GameAction.game_id == game_id).order_by(GameAction.seq))]


def replays(ctx, game_id) -> bool:
    with ctx.db.session() as db:
        return play.replay_matches(db, ctx.rules, game_id)


# ---- undo ----------------------------------------------------------------------------------------

def test_a_card_played_for_ops_is_taken_back_and_played_again(client, ctx, table):
    game_id, alice, bob, _ = table
    before_hand = None
    act(client, game_id, bob, {"type": "decline_pick"})
    before_hand = hand_ids(client, game_id, alice)
    before_state = stored(ctx, game_id)["state"]
    card = first_ops_card(client, game_id, alice)
    played = act(client, game_id, alice, {"type": "play_card", "card": card, "as": "ops"})
    assert played["game"]["undo"] == {"side": "axis", "count": 1, "blocked": None}
    assert card not in hand_ids(client, game_id, alice)

    response = take_back(client, game_id, alice, played["seq"])
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["seq"] == played["seq"] + 1, "an undo is a new seq"
    assert hand_ids(client, game_id, alice) == before_hand
    assert stored(ctx, game_id)["state"] == before_state
    assert body["game"]["undo"]["count"] == 0
    assert [e["entry"]["kind"] for e in body["log"]] == ["undo"]
    assert body["log"][0]["text"].startswith("Axis takes back:") and card in body["log"][0]["text"]
    assert any(a["type"] == "play_card" and a["card"] == card for a in body["actions"])

    again = act(client, game_id, alice, {"type": "play_card", "card": card, "as": "ops"})
    assert again["seq"] == body["seq"] + 1
    assert rows(ctx, game_id)[-3:] == [
        (played["seq"], "axis", "play_card", None, body["seq"]),
        (body["seq"], "axis", "undo", played["seq"], None),
        (again["seq"], "axis", "play_card", None, None),
    ]
    assert replays(ctx, game_id), "replaying the log without undone actions gives the stored state"
    log = client.get(f"/api/games/{game_id}/log", headers=bob.headers).json()["entries"]
    assert all(e["undone"] == (e["seq"] == played["seq"]) for e in log)
    assert any(e["entry"].get("kind") == "undo" and e["entry"]["undoes"] == played["seq"] for e in log)


def test_undo_goes_back_one_action_at_a_time_to_the_last_new_information(client, ctx, table):
    game_id, alice, bob, _ = table
    act(client, game_id, bob, {"type": "decline_pick"})
    start = stored(ctx, game_id)["state"]
    card = first_ops_card(client, game_id, alice)
    act(client, game_id, alice, {"type": "play_card", "card": card, "as": "ops"})
    after_play = stored(ctx, game_id)["state"]
    moved = act(client, game_id, alice, {"type": "end_movement"})
    assert moved["game"]["undo"]["count"] == 2

    assert take_back(client, game_id, alice).status_code == 200
    assert stored(ctx, game_id)["state"] == after_play
    assert take_back(client, game_id, alice).status_code == 200
    assert stored(ctx, game_id)["state"] == start
    before = stored(ctx, game_id)
    refused = take_back(client, game_id, alice)
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "undo_unavailable"
    assert "taken back already" in refused.json()["error"]["message"]
    assert stored(ctx, game_id) == before
    assert replays(ctx, game_id)


def test_nothing_to_take_back_after_new_information_says_why(client, ctx, table):
    game_id, alice, bob, _ = table
    act(client, game_id, bob, {"type": "decline_pick"})  # the deal: cards drawn
    refused = take_back(client, game_id, alice)
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "undo_unavailable"
    assert "a card was drawn" in refused.json()["error"]["message"]
    assert view(client, game_id, alice)["game"]["undo"]["blocked"]


def test_the_other_side_may_not_undo(client, ctx, table):
    game_id, alice, bob, carol = table
    barbarossa_ops(client, game_id, alice, bob)
    before = stored(ctx, game_id)
    seq = before["seq"]
    cases = [
        (take_back(client, game_id, bob, seq), 403, "not_your_turn"),
        (take_back(client, game_id, carol, seq), 403, "not_a_player"),
        (take_back(client, game_id, None, seq), 401, "not_signed_in"),
        (take_back(client, game_id, alice, seq - 1), 409, "stale_seq"),
        (client.post(f"/api/games/{game_id}/undo", json={"seq": "x"}, headers=alice.headers), 422, "malformed"),
        (client.post(f"/api/games/{game_id}/undo", json={}, headers=alice.headers), 422, "malformed"),
        (take_back(client, 999_999, alice, seq), 404, "not_found"),
    ]
    for response, status, code in cases:
        assert response.status_code == status, (code, response.text)
        assert response.json()["error"]["code"] == code
    assert stored(ctx, game_id) == before


def test_no_undo_once_the_game_is_over(client, ctx, table):
    game_id, alice, bob, _ = table
    barbarossa_ops(client, game_id, alice, bob)
    assert client.post(f"/api/games/{game_id}/resign", headers=bob.headers).status_code == 200
    response = take_back(client, game_id, alice)
    assert response.status_code == 409 and response.json()["error"]["code"] == "game_not_active"


def position_game(ctx, game_id: int, **position) -> None:
    """Put a started game at an engine position (for situations the opening cannot reach quickly)."""
    g = engine.new_game("stalins_war", seed=1, position=position)
    with ctx.db.transaction() as db:
        game = db.get(Game, game_id)
        game.state = g.to_json()
        game.active_sides = g.active_sides()
    ctx.snapshots.drop(game_id)


def test_undo_is_refused_after_a_die_roll(client, ctx, table):
    game_id, alice, bob, _ = table
    position_game(ctx, game_id, turn=5, active="soviet", ops=3, units={"3427": ["SU-WestF"], "3428": ["GE-4A"]},
                  flags={"peoples_militia": True}, dice=[3])
    act(client, game_id, bob, {"type": "entrench", "hex": "3427", "bonus": False})
    act(client, game_id, bob, {"type": "end_movement"})  # the entrenchment die is rolled now (10.3.1)
    assert "soviet" in view(client, game_id, bob)["game"]["active_sides"]
    refused = take_back(client, game_id, bob)
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "undo_unavailable"
    assert "die" in refused.json()["error"]["message"]


def test_undo_over_the_websocket_reaches_the_opponent(client, ctx, table):
    game_id, alice, bob, carol = table
    barbarossa_ops(client, game_id, alice, bob)
    seq = stored(ctx, game_id)["seq"]
    with client.websocket_connect(f"/ws/games/{game_id}", headers=alice.headers) as wa, \
            client.websocket_connect(f"/ws/games/{game_id}", headers=bob.headers) as wb, \
            client.websocket_connect(f"/ws/games/{game_id}", headers=carol.headers) as wc:
        for ws in (wa, wb, wc):
            recv_until(ws, "chat_history")
        wb.send_json({"type": "undo", "seq": seq, "ref": 1})
        assert recv_until(wb, "error")["code"] == "not_your_turn"
        wa.send_json({"type": "undo", "seq": "nope", "ref": 2})
        assert recv_until(wa, "error")["code"] == "malformed"
        wa.send_json({"type": "undo", "seq": seq, "ref": 3})
        assert recv_until(wa, "ok") == {"type": "ok", "seq": seq + 1, "ref": 3}
        engine_game = ctx.rules.load(stored(ctx, game_id)["state"])
        for ws, seat in ((wa, "axis"), (wb, "soviet"), (wc, None)):
            update = recv_until(ws, "view", seq=seq + 1)
            assert update["view"] == engine_game.view(seat)
            assert any(e["entry"].get("kind") == "undo" for e in update["log"])
            assert update["game"]["undo"]["count"] == 0


# ---- history --------------------------------------------------------------------------------------

def history(client, game_id, player, seq):
    return client.get(f"/api/games/{game_id}/history?seq={seq}", headers=player.headers if player else {})


def test_history_shows_each_seat_what_it_was_entitled_to_then(client, ctx, table):
    game_id, alice, bob, carol = table
    card = barbarossa_ops(client, game_id, alice, bob)   # seq 1: the deal, seq 2: the play
    take_back(client, game_id, alice)                      # seq 3: taken back
    assert stored(ctx, game_id)["seq"] == 3
    g = engine.new_game("stalins_war", scenario="campaign", seed=20_100_101, options={})
    at = {0: g.to_json()}
    g.apply("soviet", {"type": "decline_pick"})
    at[1] = g.to_json()
    g.apply("axis", {"type": "play_card", "card": card, "as": "ops"})
    at[2] = g.to_json()
    at[3] = at[1]
    for seq, state in at.items():
        reference = engine.load(state)
        for player, seat in ((alice, "axis"), (bob, "soviet"), (carol, None), (None, None)):
            response = history(client, game_id, player, seq)
            assert response.status_code == 200, response.text
            body = response.json()
            assert body["seq"] == seq and body["last_seq"] == 3
            assert body["view"] == reference.view(seat), (seq, seat)
            assert all(e["to"] in (None, seat) for e in body["log"])
    assert history(client, game_id, alice, 2).json()["action"] == {
        "seq": 2, "side": "axis", "type": "play_card", "undoes": None, "undone_by": 3}
    assert history(client, game_id, alice, 3).json()["action"]["undoes"] == 2
    private = history(client, game_id, bob, 1).json()["log"]
    assert any(e["to"] == "soviet" for e in private), "the Soviet reads what it drew"
    assert not any(e["to"] for e in history(client, game_id, carol, 1).json()["log"])


def test_history_never_shows_a_hand_to_anyone_else_while_the_game_runs(client, ctx, table):
    game_id, alice, bob, carol = table
    barbarossa_ops(client, game_id, alice, bob)
    final = ctx.rules.load(stored(ctx, game_id)["state"])
    secret = {side: {c["id"] for c in final.view(side)["hand"]} for side in ("axis", "soviet")}
    assert secret["axis"] and secret["soviet"]
    for seq in range(0, 3):
        for player, forbidden in ((alice, secret["soviet"]), (bob, secret["axis"]),
                                  (carol, secret["axis"] | secret["soviet"]), (None, secret["axis"] | secret["soviet"])):
            response = history(client, game_id, player, seq)
            assert "hands" not in response.json()["view"]
            for body in (response.text, client.get(f"/api/games/{game_id}/history.svg?seq={seq}",
                                                   headers=player.headers if player else {}).text):
                assert not any(json.dumps(card) in body or f">{card}<" in body for card in forbidden), (seq, player)
        assert history(client, game_id, carol, seq).json()["view"]["hand"] is None


def test_after_the_end_everyone_sees_every_position_with_both_hands(client, ctx, table):
    game_id, alice, bob, carol = table
    barbarossa_ops(client, game_id, alice, bob)
    client.post(f"/api/games/{game_id}/resign", headers=bob.headers)
    g = engine.new_game("stalins_war", scenario="campaign", seed=20_100_101, options={})
    g.apply("soviet", {"type": "decline_pick"})
    for player in (alice, bob, carol, None):
        body = history(client, game_id, player, 1).json()
        assert body["view"] == g.full_view()
        assert {s: [c["id"] for c in body["view"]["hands"][s]] for s in ("axis", "soviet")} == {
            s: g.to_json()["cards"][s]["hand"] for s in ("axis", "soviet")}
        assert {e["to"] for e in body["log"]} >= {None, "soviet"}


def test_history_refusals(client, ctx):
    alice, bob, carol = make_user(ctx, "alice"), make_user(ctx, "bob"), make_user(ctx, "carol")
    private = start_game(client, alice, bob, private=True)["id"]
    assert history(client, private, carol, 0).status_code == 404
    assert history(client, private, alice, 5).json()["error"]["code"] == "malformed"
    assert history(client, private, alice, -1).status_code == 422
    assert client.get(f"/api/games/{private}/history", headers=alice.headers).status_code == 422
    open_game = client.post("/api/games", json={"side": "axis"}, headers=alice.headers).json()["id"]
    response = history(client, open_game, alice, 0)
    assert response.status_code == 409 and response.json()["error"]["code"] == "game_not_active"


def test_history_board_is_drawn_from_the_entitled_view(client, ctx, table):
    game_id, alice, bob, _ = table
    barbarossa_ops(client, game_id, alice, bob)
    response = client.get(f"/api/games/{game_id}/history.svg?seq=1", headers=bob.headers)
    assert response.status_code == 200 and response.headers["content-type"].startswith("image/svg+xml")
    assert response.text == ctx.rules.render_svg(history(client, game_id, bob, 1).json()["view"])


def test_stepping_through_history_uses_the_positions_already_built(client, ctx, table, monkeypatch):
    game_id, alice, bob, _ = table
    barbarossa_ops(client, game_id, alice, bob)
    assert history(client, game_id, alice, 2).status_code == 200
    calls = []
    real = ctx.rules.new_game
    monkeypatch.setattr(ctx.rules, "new_game", lambda *a, **k: calls.append(a) or real(*a, **k))
    assert history(client, game_id, bob, 2).status_code == 200
    assert calls == [], "a cached position was used instead of replaying from the seed"
    take_back(client, game_id, alice)  # seq 3: the position of seq 1 again
    assert history(client, game_id, alice, 3).status_code == 200
    assert len(calls) == 1, "the position at seq 2 holds an undone action: seq 3 is rebuilt from the seed"


def test_a_chain_keeps_the_state_stored_before_its_first_action_as_its_base(client, ctx, table):
    """The base is copied by the action's UPDATE from the row's previous state (not sent again): it must
    be exactly the state stored at the chain's start, and stay so while the chain grows."""
    game_id, alice, bob, _ = table
    act(client, game_id, bob, {"type": "decline_pick"})
    before = stored(ctx, game_id)["state"]
    card = first_ops_card(client, game_id, alice)
    act(client, game_id, alice, {"type": "play_card", "card": card, "as": "ops"})
    with ctx.db.session() as db:
        assert undo.base_state(db, game_id) == before
    assert stored(ctx, game_id)["state"] != before
    assert act(client, game_id, alice, {"type": "end_movement"})["game"]["undo"]["count"] == 2
    with ctx.db.session() as db:
        assert undo.base_state(db, game_id) == before
    assert replays(ctx, game_id)


def test_undo_bookkeeping_survives_an_illegal_action(client, ctx, table):
    game_id, alice, bob, _ = table
    barbarossa_ops(client, game_id, alice, bob)
    v = view(client, game_id, alice)
    bad = client.post(f"/api/games/{game_id}/actions", json={"seq": v["seq"], "action": {"type": "nonsense"}},
                      headers=alice.headers)
    assert bad.status_code == 422
    assert view(client, game_id, alice)["game"]["undo"]["count"] == 1
    with ctx.db.session() as db:
        assert undo.base_state(db, game_id) is not None
        assert db.scalar(select(GameLogEntry.undone).where(GameLogEntry.game_id == game_id).limit(1)) is False
