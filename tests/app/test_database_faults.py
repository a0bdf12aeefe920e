"""Database faults, in process (issue 15): honest answers after a commit, bounded waits on a
game's row, request deadlines, 503s that say "retry", and one log record per failure.

The tests that stop and start a real PostgreSQL under a running server are in test_outage.py.
"""
from __future__ import annotations

import contextlib
import http.client
import json
import logging
import threading
import time

import psycopg
import pytest
import uvicorn
from fastapi.testclient import TestClient
from psycopg import errors as pg_errors
from sqlalchemy import exc as sa_exc

from app import faults
from app.db import libpq_url
from app.main import create_app
from app.services import games as lobby
from tests.app.servers import free_port
from tests.app.support import acting, make_user, recv, recv_until, start_game, stored, view


@contextlib.contextmanager
def row_locked(database_url: str, game_id: int, *, hold: float | None = None):
    """Another connection holds the game's row (SELECT ... FOR UPDATE) until the block ends,
    or, with `hold`, for that many seconds from a thread (the block does not wait for it)."""
    locked, release = threading.Event(), threading.Event()

    def holder() -> None:
        with psycopg.connect(libpq_url(database_url)) as conn:
            conn.execute("SELECT id FROM games WHERE id = %s FOR UPDATE", (game_id,))
            locked.set()
            release.wait(hold if hold is not None else 60)
            conn.rollback()

    thread = threading.Thread(target=holder, daemon=True)
    thread.start()
    assert locked.wait(10), "the second connection took the row lock"
    try:
        yield
    finally:
        if hold is None:
            release.set()
        thread.join(30)


def disconnected() -> sa_exc.OperationalError:
    """What SQLAlchemy raises when the server went away under a query."""
    return sa_exc.OperationalError("SELECT 1", {}, psycopg.OperationalError("server closed the connection unexpectedly"))


# --- classifying failures --------------------------------------------------------------------------------------


@pytest.mark.parametrize("error, code", [
    (pg_errors.LockNotAvailable("canceling statement due to lock timeout"), "busy"),
    (pg_errors.QueryCanceled("canceling statement due to statement timeout"), "busy"),
    (pg_errors.DeadlockDetected("deadlock detected"), "busy"),
    (pg_errors.AdminShutdown("terminating connection due to administrator command"), "database_unavailable"),
    (pg_errors.CannotConnectNow("the database system is starting up"), "database_unavailable"),
    (pg_errors.TooManyConnections("too many connections for role"), "database_unavailable"),
    (psycopg.OperationalError("connection refused"), "database_unavailable"),
    (pg_errors.UniqueViolation("duplicate key"), None),
    (pg_errors.UndefinedColumn("column does not exist"), None),
])
def test_database_failures_are_classified_as_retryable_or_as_bugs(error, code):
    wrapped = sa_exc.DBAPIError.instance("SELECT 1", {}, error, psycopg.Error)
    for exc in (error, wrapped):
        answer = faults.classify(exc)
        assert (answer.code if answer else None) == code
        if answer:
            assert answer.status == 503


def test_a_pool_that_stays_full_answers_busy():
    answer = faults.classify(sa_exc.TimeoutError("QueuePool limit of size 10 overflow 20 reached"))
    assert (answer.status, answer.code) == (503, "busy")
    assert faults.retry_after(answer) == faults.RETRY_AFTER_BUSY


# --- after the commit, the truth -----------------------------------------------------------------------------


def test_an_action_committed_before_the_database_failed_is_answered_as_applied(client, ctx, monkeypatch):
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    game_id = start_game(client, alice, bob)["id"]
    player, v = acting(client, game_id, alice, bob)

    def database_gone(*args, **kwargs):
        raise disconnected()

    monkeypatch.setattr(lobby, "describe", database_gone)  # building the answer needs the database again
    response = client.post(f"/api/games/{game_id}/actions", json={"seq": v["seq"], "action": v["actions"][0]},
                           headers=player.headers)
    monkeypatch.undo()
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["applied"] is True and body["seq"] == v["seq"] + 1 and body["view"] is None
    assert "nothing was changed" not in response.text
    assert stored(ctx, game_id)["seq"] == v["seq"] + 1
    assert view(client, game_id, player)["seq"] == v["seq"] + 1
    # A retry with the old seq is refused, never applied twice.
    again = client.post(f"/api/games/{game_id}/actions", json={"seq": v["seq"], "action": v["actions"][0]},
                        headers=player.headers)
    assert again.status_code == 409 and again.json()["error"]["seq"] == v["seq"] + 1


def test_a_database_failure_before_the_commit_is_a_503_with_retry_after(client, ctx, monkeypatch):
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    game_id = start_game(client, alice, bob)["id"]
    player, v = acting(client, game_id, alice, bob)
    before = stored(ctx, game_id)

    def database_gone(*args, **kwargs):
        raise disconnected()

    monkeypatch.setattr(lobby, "summarize", database_gone)  # inside the action's transaction
    response = client.post(f"/api/games/{game_id}/actions", json={"seq": v["seq"], "action": v["actions"][0]},
                           headers=player.headers)
    monkeypatch.undo()
    assert response.status_code == 503, response.text
    assert response.json()["error"]["code"] == "database_unavailable"
    assert response.headers["Retry-After"] == str(faults.RETRY_AFTER_UNAVAILABLE)
    assert stored(ctx, game_id) == before


def test_pages_and_api_reads_answer_503_while_the_database_is_unreachable(client, ctx, monkeypatch):
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    game_id = start_game(client, alice, bob)["id"]

    def database_gone(*args, **kwargs):
        raise disconnected()

    monkeypatch.setattr(lobby, "get_visible", database_gone)
    api = client.get(f"/api/games/{game_id}", headers=alice.headers)
    assert (api.status_code, api.json()["error"]["code"]) == (503, "database_unavailable")
    page = client.get(f"/games/{game_id}", headers={"Accept": "text/html"})
    assert page.status_code == 503 and page.headers["Retry-After"] == str(faults.RETRY_AFTER_UNAVAILABLE)
    assert 'data-code="database_unavailable"' in page.text


# --- bounded waits -------------------------------------------------------------------------------------------


@pytest.fixture
def quick_lock_client(settings, engine_module):
    settings.db_game_lock_timeout_ms = 200
    with TestClient(create_app(settings, engine_module=engine_module)) as c:
        yield c


def test_a_game_locked_elsewhere_answers_busy_and_other_games_play_on(quick_lock_client, settings):
    client = quick_lock_client
    ctx = client.app.state.ctx
    alice, bob, carol, dave = (make_user(ctx, n) for n in ("alice", "bob", "carol", "dave"))
    stuck = start_game(client, alice, bob)["id"]
    other = start_game(client, carol, dave)["id"]
    player, v = acting(client, stuck, alice, bob)
    before = stored(ctx, stuck)
    with row_locked(settings.database_url, stuck), \
            client.websocket_connect(f"/ws/games/{stuck}", headers=player.headers) as ws:
        recv_until(ws, "view")
        response = client.post(f"/api/games/{stuck}/actions", json={"seq": v["seq"], "action": v["actions"][0]},
                               headers=player.headers)
        assert response.status_code == 503, response.text
        assert response.json()["error"]["code"] == "busy"
        assert response.headers["Retry-After"] == str(faults.RETRY_AFTER_BUSY)
        ws.send_text(json.dumps({"type": "action", "seq": v["seq"], "action": v["actions"][0], "ref": 7}))
        answer = recv_until(ws, "error")
        assert (answer["code"], answer["ref"], answer["retry_after"]) == ("busy", 7, faults.RETRY_AFTER_BUSY)
        ws.send_text(json.dumps({"type": "ping", "ref": 8}))
        assert recv_until(ws, "pong")["ref"] == 8  # the socket stays usable
        for _ in range(3):  # the other game is not held up
            mover, w = acting(client, other, carol, dave)
            moved = client.post(f"/api/games/{other}/actions", json={"seq": w["seq"], "action": w["actions"][0]},
                                headers=mover.headers)
            assert moved.status_code == 200, moved.text
        assert stored(ctx, stuck) == before
    # Once the row is free, the same move goes through.
    response = client.post(f"/api/games/{stuck}/actions", json={"seq": v["seq"], "action": v["actions"][0]},
                           headers=player.headers)
    assert response.status_code == 200, response.text


def test_an_action_that_waited_past_its_deadline_is_not_applied_later(settings, engine_module):
    settings.db_game_lock_timeout_ms = 10_000  # it would wait for the row; the deadline comes first
    settings.action_deadline_seconds = 0.5
    with TestClient(create_app(settings, engine_module=engine_module)) as client:
        ctx = client.app.state.ctx
        alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
        game_id = start_game(client, alice, bob)["id"]
        player, v = acting(client, game_id, alice, bob)
        before = stored(ctx, game_id)
        with row_locked(settings.database_url, game_id, hold=1.5):
            response = client.post(f"/api/games/{game_id}/actions",
                                   json={"seq": v["seq"], "action": v["actions"][0]}, headers=player.headers)
        assert response.status_code == 503, response.text
        assert response.json()["error"]["code"] == "busy"
        assert "not applied" in response.json()["error"]["message"]
        assert stored(ctx, game_id) == before
        with client.websocket_connect(f"/ws/games/{game_id}", headers=player.headers) as ws:
            recv_until(ws, "view")
            with row_locked(settings.database_url, game_id, hold=1.5):
                ws.send_text(json.dumps({"type": "action", "seq": v["seq"], "action": v["actions"][0], "ref": 1}))
                answer = recv_until(ws, "error", timeout=20)
            assert answer["code"] == "busy" and answer["ref"] == 1
        assert stored(ctx, game_id) == before
        # Not stuck for good: a fresh request is applied (with a deadline a loaded machine can meet).
        settings.action_deadline_seconds = 10.0
        response = client.post(f"/api/games/{game_id}/actions", json={"seq": v["seq"], "action": v["actions"][0]},
                               headers=player.headers)
        assert response.status_code == 200, response.text


# --- unexpected errors: one record, the connection kept --------------------------------------------------


@contextlib.contextmanager
def served(app):
    """The app under a real uvicorn in this process (keep-alive behaviour is the server's)."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="info"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(30)


def test_an_unexpected_error_is_logged_once_and_the_connection_stays_usable(settings, engine_module, caplog):
    app = create_app(settings, engine_module=engine_module)

    def boom() -> None:
        raise RuntimeError("a bug")

    app.add_api_route("/api/boom", boom)
    with served(app) as port:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        caplog.clear()
        with caplog.at_level(logging.INFO):
            conn.request("GET", "/api/boom")
            response = conn.getresponse()
            body = json.loads(response.read())
            sock = conn.sock
            assert response.status == 500
            assert body["error"]["code"] == "internal_error"
            assert response.getheader("X-Content-Type-Options") == "nosniff"  # the usual headers still apply
            conn.request("GET", "/healthz")  # the same keep-alive connection
            again = conn.getresponse()
            assert again.status == 200 and json.loads(again.read())["database"] is True
            assert conn.sock is sock
        conn.close()
    tracebacks = [r for r in caplog.records if r.exc_info]
    assert len(tracebacks) == 1 and "a bug" in str(tracebacks[0].exc_info[1])


def test_writers_beyond_the_gates_limit_wait_their_turn_then_give_up_busy():
    from app.gamegate import GameGate

    gate = GameGate(limit=2, queue=1, wait=0.2)
    with gate.enter(1), gate.enter(1):
        with pytest.raises(Exception) as refused, gate.enter(1):
            pass
        assert (refused.value.status, refused.value.code) == (503, "busy")
        with gate.enter(2):  # other games are not counted against this one
            pass
    gate.wait = 30
    entered, release = threading.Event(), threading.Event()
    with gate.enter(1), gate.enter(1):
        def third() -> None:
            with gate.enter(1):
                entered.set()
                release.wait(10)

        waiter = threading.Thread(target=third)
        waiter.start()
        assert not entered.wait(0.05)  # waits while both places are taken...
        deadline = time.monotonic() + 10
        while not gate._queued.get(1) and time.monotonic() < deadline:
            time.sleep(0.01)
        refusals: list[str] = []

        def fourth() -> None:  # one more than the queue holds is refused without waiting for a place
            try:
                with gate.enter(1):
                    refusals.append("entered")
            except Exception as exc:  # noqa: BLE001
                refusals.append(exc.code)

        extra = threading.Thread(target=fourth)
        extra.start()
        extra.join(10)  # well inside the 30 s it would wait for a place
        assert refusals == ["busy"]
    assert entered.wait(10)  # ...goes in once a place is given back
    release.set()
    waiter.join(10)
    with pytest.raises(RuntimeError), gate.enter(1):
        raise RuntimeError("failed inside")
    with gate.enter(1), gate.enter(1):  # places are given back after a failure too
        pass
