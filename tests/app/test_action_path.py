"""The action's hot path (issue 12): one transaction with one write of the game row, and the push
of a socket's own move straight from the action, with what each seat may see and nothing lost."""
from __future__ import annotations

import contextlib

from sqlalchemy import event

from app.realtime import updates
from app.services import play
from tests.app.support import acting, make_user, recv_until, start_game, stored


def ws_url(game_id: int) -> str:
    return f"/ws/games/{game_id}"


class Statements:
    """Statements, transaction starts and commits on the app's engine while recording, per connection."""

    def __init__(self, engine) -> None:
        self.engine = engine
        self.seen: list[tuple[int, str]] = []

    def __enter__(self) -> Statements:
        event.listen(self.engine, "begin", self._begin)
        event.listen(self.engine, "before_cursor_execute", self._statement)
        event.listen(self.engine, "commit", self._commit)
        return self

    def __exit__(self, *exc) -> None:
        event.remove(self.engine, "begin", self._begin)
        event.remove(self.engine, "before_cursor_execute", self._statement)
        event.remove(self.engine, "commit", self._commit)

    def _begin(self, conn) -> None:
        self.seen.append((id(conn), "BEGIN"))

    def _statement(self, conn, cursor, statement, params, context, executemany) -> None:
        notice = '"kind": "notice"' in str(params)  # a "your move" notice: the user is told of it
        self.seen.append((id(conn), ("NOTICE " if notice else "") + " ".join(statement.split())))

    def _commit(self, conn) -> None:
        self.seen.append((id(conn), "COMMIT"))

    def transaction_of(self, marker: str) -> list[str]:
        """The statements of the one transaction that ran `marker`, from its start to its commit."""
        at = next(i for i, (_, s) in enumerate(self.seen) if marker in s)
        conn = self.seen[at][0]
        mine = [(i, s) for i, (c, s) in enumerate(self.seen) if c == conn]
        start = max(i for i, s in mine if s == "BEGIN" and i < at)
        end = min(i for i, s in mine if s == "COMMIT" and i > at)
        return [s for i, s in mine if start <= i <= end]


def test_an_action_is_one_transaction_writing_the_game_row_once(client, ctx):
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    game_id = start_game(client, alice, bob)["id"]
    with client.websocket_connect(ws_url(game_id), headers=alice.headers) as wa, \
            client.websocket_connect(ws_url(game_id), headers=bob.headers) as wb:
        for ws in (wa, wb):
            recv_until(ws, "chat_history")
        for _ in range(4):
            player, v = acting(client, game_id, alice, bob)
            mover = wa if player is alice else wb
            with Statements(ctx.db.engine) as recorded:
                mover.send_json({"type": "action", "seq": v["seq"], "action": v["actions"][0]})
                assert recv_until(mover, "ok")["seq"] == v["seq"] + 1
            for ws in (wa, wb):
                recv_until(ws, "view", seq=v["seq"] + 1)
            transaction = recorded.transaction_of("INSERT INTO game_actions")
            assert sum("INSERT INTO game_actions" in s for s in transaction) == 1
            game_writes = [s for s in transaction if "UPDATE games SET" in s]
            assert len(game_writes) == 1, transaction
            assert "pg_notify" in game_writes[0], "the change is announced with its write, at commit"
            lock = transaction[1]
            assert lock.startswith("SELECT games") and lock.endswith("FOR UPDATE OF games")
            assert "FROM games JOIN users" in lock and "api_tokens" in lock, \
                "the user and its token are checked by the statement that locks the game row"
            assert transaction.count("COMMIT") == 1
            assert not any(s.startswith("INSERT INTO game_log") for s in transaction), \
                "the log entries (if any) are written by the statement that writes the game row"
            # game row with the user; action + log entries + game row + NOTIFY + log for the fan-out; COMMIT;
            # a "your move" notice adds its own statements
            own = [s for s in transaction if not any(w in s.lower() for w in ("notice", "webhooks", "deliveries"))]
            assert len(own) == 1 + 3, own
    with ctx.db.session() as db:
        assert play.replay_matches(db, ctx.rules, game_id)
    assert stored(ctx, game_id)["seq"] == v["seq"] + 1


def test_a_move_over_a_socket_is_pushed_from_the_action_and_one_over_rest_is_read_back(client, ctx, monkeypatch):
    alice, bob, carol = make_user(ctx, "alice"), make_user(ctx, "bob"), make_user(ctx, "carol")
    game_id = start_game(client, alice, bob)["id"]
    reads = []
    real_build = updates.build
    monkeypatch.setattr(updates, "build", lambda *a, **k: reads.append(a[1]) or real_build(*a, **k))
    with client.websocket_connect(ws_url(game_id), headers=alice.headers) as wa, \
            client.websocket_connect(ws_url(game_id), headers=bob.headers) as wb, \
            client.websocket_connect(ws_url(game_id), headers=carol.headers) as wc:
        sockets = {"axis": wa, "soviet": wb, None: wc}
        for ws in sockets.values():
            recv_until(ws, "chat_history")
        connects = len(reads)
        player, v = acting(client, game_id, alice, bob)
        mover = wa if player is alice else wb
        mover.send_json({"type": "action", "seq": v["seq"], "action": v["actions"][0]})
        recv_until(mover, "ok")
        engine_game = ctx.rules.load(stored(ctx, game_id)["state"])
        for seat, ws in sockets.items():
            update = recv_until(ws, "view", seq=v["seq"] + 1)
            assert update["seat"] == seat and update["view"] == engine_game.view(seat)
            assert update["game"]["your_side"] == seat
        # A ping answered after the NOTIFY of that move could have been handled: no re-read of the game.
        wa.send_json({"type": "ping", "ref": 1})
        recv_until(wa, "pong")
        assert len(reads) == connects, "the socket's own move was read back from the database"

        player, v = acting(client, game_id, alice, bob)
        response = client.post(f"/api/games/{game_id}/actions", json={"seq": v["seq"], "action": v["actions"][0]},
                               headers=player.headers)
        assert response.status_code == 200, response.text
        for seat, ws in sockets.items():
            assert recv_until(ws, "view", seq=v["seq"] + 1)["seat"] == seat
        assert len(reads) > connects, "a change made elsewhere is read from the database"


def test_each_socket_gets_every_log_entry_its_seat_may_see_once_and_no_other(client, ctx):
    alice, bob, carol = make_user(ctx, "alice"), make_user(ctx, "bob"), make_user(ctx, "carol")
    game_id = start_game(client, alice, bob)["id"]
    with client.websocket_connect(ws_url(game_id), headers=alice.headers) as wa, \
            client.websocket_connect(ws_url(game_id), headers=bob.headers) as wb, \
            client.websocket_connect(ws_url(game_id), headers=carol.headers) as wc:
        sockets = {"axis": (wa, alice), "soviet": (wb, bob), None: (wc, carol)}
        received: dict = {seat: [] for seat in sockets}
        for seat, (ws, _) in sockets.items():
            received[seat] += recv_until(ws, "view")["log"]
            recv_until(ws, "chat_history")
        for n in range(12):
            player, v = acting(client, game_id, alice, bob)
            if n % 4 == 3:  # now and then over REST, so the sockets also get changes read back
                response = client.post(f"/api/games/{game_id}/actions",
                                       json={"seq": v["seq"], "action": v["actions"][0]}, headers=player.headers)
                assert response.status_code == 200, response.text
            else:
                mover = wa if player is alice else wb
                mover.send_json({"type": "action", "seq": v["seq"], "action": v["actions"][0]})
                recv_until(mover, "ok")
            for seat, (ws, _) in sockets.items():
                received[seat] += recv_until(ws, "view", seq=v["seq"] + 1)["log"]
    for seat, (_, who) in sockets.items():
        expected = client.get(f"/api/games/{game_id}/log", headers=who.headers).json()["entries"]
        assert [e["id"] for e in received[seat]] == [e["id"] for e in expected], seat
        assert all(e["to"] in (None, seat) for e in received[seat]), seat


def test_a_refresh_that_fails_on_the_database_is_tried_again(client, ctx, monkeypatch):
    """No pooled connection in time (or the database away) when a change is read back: the sockets
    still get it, without waiting for the game's next change."""
    import psycopg
    from sqlalchemy import exc as sa_exc

    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    game_id = start_game(client, alice, bob)["id"]
    failed = []
    real_build = updates.build

    def flaky(*args, **kwargs):
        if not failed:
            failed.append(True)
            raise sa_exc.OperationalError("SELECT 1", {}, psycopg.OperationalError("server closed the connection"))
        return real_build(*args, **kwargs)

    with client.websocket_connect(ws_url(game_id), headers=bob.headers) as wb:
        recv_until(wb, "chat_history")
        monkeypatch.setattr(updates, "build", flaky)
        player, v = acting(client, game_id, alice, bob)
        response = client.post(f"/api/games/{game_id}/actions", json={"seq": v["seq"], "action": v["actions"][0]},
                               headers=player.headers)
        assert response.status_code == 200, response.text
        assert recv_until(wb, "view", seq=v["seq"] + 1)["seat"] == "soviet"
        assert failed, "the first read-back failed"


def test_websocket_actions_run_in_at_most_action_threads_threads_at_once(settings, engine_module, monkeypatch):
    """SW_ACTION_THREADS bounds the actions applied at once (the engine holds the GIL; more threads only
    contend for it): the others wait their turn and are applied, none refused."""
    import threading
    import time

    from fastapi.testclient import TestClient

    from app.main import create_app
    from app.realtime import socket

    inside, most, lock = [0], [0], threading.Lock()
    real = socket._act

    def counting(*args, **kwargs):
        with lock:
            inside[0] += 1
            most[0] = max(most[0], inside[0])
        try:
            time.sleep(0.05)  # long enough for the other games' actions to arrive meanwhile
            return real(*args, **kwargs)
        finally:
            with lock:
                inside[0] -= 1

    monkeypatch.setattr(socket, "_act", counting)
    with TestClient(create_app(settings.model_copy(update={"action_threads": 2}), engine_module=engine_module)) as client:
        ctx = client.app.state.ctx
        pairs = [(make_user(ctx, f"axis{i}"), make_user(ctx, f"sov{i}")) for i in range(4)]
        games = [start_game(client, a, b)["id"] for a, b in pairs]
        sockets, seqs = [], []
        for game_id, (a, b) in zip(games, pairs):
            player, v = acting(client, game_id, a, b)
            ws = client.websocket_connect(ws_url(game_id), headers=player.headers).__enter__()
            recv_until(ws, "chat_history")
            sockets.append((ws, v))
        for ws, v in sockets:
            ws.send_json({"type": "action", "seq": v["seq"], "action": v["actions"][0]})
        for ws, v in sockets:
            assert recv_until(ws, "ok")["seq"] == v["seq"] + 1
            ws.__exit__(None, None, None)
    assert most[0] == 2, most[0]


def test_the_statement_locking_the_game_refuses_a_revoked_token_or_a_banned_user_and_changes_nothing(client, ctx):
    """A socket's user is checked by the statement that locks the game row: a token revoked or an account
    banned while the socket is open (here behind the hub's back, so the socket stays open) acts no more."""
    from sqlalchemy import func, update

    from app.models import ApiToken, User

    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    game_id = start_game(client, alice, bob)["id"]
    player, v = acting(client, game_id, alice, bob)
    with client.websocket_connect(ws_url(game_id), headers=player.headers) as ws:
        recv_until(ws, "chat_history")
        before = stored(ctx, game_id)
        for change, code in ((update(ApiToken).where(ApiToken.user_id == player.id).values(revoked_at=func.now()),
                              "not_signed_in"),
                             (update(User).where(User.id == player.id).values(banned_at=func.now()), "banned")):
            with ctx.db.transaction() as db:
                db.execute(change)
            ws.send_json({"type": "action", "seq": v["seq"], "action": v["actions"][0]})
            assert recv_until(ws, "error")["code"] == code
            assert stored(ctx, game_id) == before


def test_a_move_is_encoded_once_per_seat_however_many_watch(client, ctx, monkeypatch):
    """Spectators share one seat's view: its JSON is made once per move, not once per socket, and each
    socket still gets exactly its own log entries."""
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    watchers = [make_user(ctx, f"watcher{i}") for i in range(3)]
    game_id = start_game(client, alice, bob)["id"]
    encoded = []
    real_dumps = updates.dumps
    monkeypatch.setattr(updates, "dumps", lambda value: (encoded.append(value.get("seat", "log"))
                                                         if isinstance(value, dict) else None) or real_dumps(value))
    with contextlib.ExitStack() as stack:
        sockets = {p.username: stack.enter_context(client.websocket_connect(ws_url(game_id), headers=p.headers))
                   for p in (alice, bob, *watchers)}
        for ws in sockets.values():
            recv_until(ws, "chat_history")
        player, v = acting(client, game_id, alice, bob)
        encoded.clear()
        mover = sockets[player.username]
        mover.send_json({"type": "action", "seq": v["seq"], "action": v["actions"][0]})
        recv_until(mover, "ok")
        got = {name: recv_until(ws, "view", seq=v["seq"] + 1) for name, ws in sockets.items()}
    assert sorted(encoded, key=str) == sorted(["axis", "soviet", None], key=str), encoded
    engine_game = ctx.rules.load(stored(ctx, game_id)["state"])
    assert got["alice"]["view"] == engine_game.view("axis") and got["bob"]["view"] == engine_game.view("soviet")
    for watcher in watchers:
        message = got[watcher.username]
        assert message["seat"] is None and message["view"] == engine_game.view(None)
        assert all(e["to"] is None for e in message["log"])
        assert [e["id"] for e in message["log"]] == [e["id"] for e in got["watcher0"]["log"]]
