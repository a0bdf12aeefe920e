"""A real PostgreSQL stopped and started under a running server, and a game's row held from a
second connection (issue 15).

The database is a throwaway cluster of this module's own (tests/app/pgcluster.py), never the
shared one; the server is `python -m app serve` in a subprocess, as in production.
"""
from __future__ import annotations

import http.client
import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from types import SimpleNamespace
from urllib.parse import urlsplit

import httpx
import psycopg
import pytest
from sqlalchemy import select
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from app.db import Database
from app.models import GameAction
from app.rules import Rules
from app.services import play
from app.settings import Settings
from tests.app.conftest import TEST_SECRET
from tests.app.pgcluster import Cluster
from tests.app.servers import running_server
from tests.app.support import Player, make_user

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def outage(tmp_path_factory):
    """The cluster, the server on it, and a context to make users with."""
    cluster = Cluster()
    try:
        cluster.start()
        url = cluster.migrated_database()
        data_dir = tmp_path_factory.mktemp("outage")
        ctx = SimpleNamespace(db=Database(url), settings=Settings(_env_file=None, database_url=url,
                                                                   secret_key=TEST_SECRET, data_dir=data_dir))
        with running_server(url, data_dir, secret_key=TEST_SECRET) as base:
            yield SimpleNamespace(cluster=cluster, url=url, base=base, ctx=ctx, data_dir=data_dir)
        ctx.db.dispose()
    finally:
        cluster.destroy()


def server_log(outage) -> str:
    return "\n".join(p.read_text() for p in outage.data_dir.glob("server-*.log"))


def new_game(api: httpx.Client, axis: Player, soviet: Player) -> int:
    game = api.post("/api/games", json={"side": "axis"}, headers=axis.headers)
    assert game.status_code == 201, game.text
    joined = api.post(f"/api/games/{game.json()['id']}/join", headers=soviet.headers)
    assert joined.status_code == 200, joined.text
    return game.json()["id"]


def to_act(api: httpx.Client, game_id: int, *players: Player) -> tuple[Player, dict]:
    for p in players:
        v = api.get(f"/api/games/{game_id}/view", headers=p.headers)
        assert v.status_code == 200, v.text
        if v.json()["actions"]:
            return p, v.json()
    raise AssertionError("nobody can act")


def move(api: httpx.Client, game_id: int, *players: Player) -> httpx.Response:
    player, v = to_act(api, game_id, *players)
    return api.post(f"/api/games/{game_id}/actions", json={"seq": v["seq"], "action": v["actions"][0]},
                    headers=player.headers)


def receive(ws, kind: str, timeout: float = 30, **match) -> dict:
    while True:
        message = json.loads(ws.recv(timeout=timeout))
        if message["type"] == kind and all(message.get(k) == v for k, v in match.items()):
            return message


@dataclass
class Mover:
    """Plays one game as fast as it can from a thread, through whatever happens to the database,
    and records every answer."""

    base: str
    game_id: int
    players: tuple[Player, Player]
    acknowledged: dict[int, dict] = field(default_factory=dict)  # seq -> action, for every 200
    answers: list[str] = field(default_factory=list)
    retry_after: set[str | None] = field(default_factory=set)
    stop: threading.Event = field(default_factory=threading.Event)

    def run(self) -> None:
        with httpx.Client(base_url=self.base, timeout=15) as api:
            while not self.stop.is_set():
                turn = None
                for player in self.players:
                    response = api.get(f"/api/games/{self.game_id}/view", headers=player.headers)
                    if response.status_code != 200 or response.json()["actions"]:
                        break
                if response.status_code == 200:
                    v = response.json()
                    action = v["actions"][0]
                    response = api.post(f"/api/games/{self.game_id}/actions",
                                        json={"seq": v["seq"], "action": action}, headers=player.headers)
                    turn = "action"
                else:
                    turn = "view"
                if response.status_code == 200:
                    self.acknowledged[response.json()["seq"]] = action
                    self.answers.append("200")
                    continue
                self.answers.append(f"{turn} {response.status_code} {response.json()['error']['code']}")
                if response.status_code == 503:
                    self.retry_after.add(response.headers.get("Retry-After"))
                    time.sleep(0.2)

    def acks(self) -> int:
        return len(self.acknowledged)


def wait_for(condition, what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.1)


def ready(base: str) -> bool:
    try:
        return httpx.get(f"{base}/readyz", timeout=5).status_code == 200
    except httpx.HTTPError:
        return False


def get_json(conn: http.client.HTTPConnection, method: str, path: str, body: dict | None = None,
             headers: dict | None = None) -> tuple[int, http.client.HTTPMessage, dict]:
    conn.request(method, path, body=json.dumps(body) if body is not None else None,
                 headers={"Content-Type": "application/json", **(headers or {})})
    response = conn.getresponse()
    return response.status, response.msg, json.loads(response.read())  # msg: case-insensitive headers


def stored_actions(outage, game_id: int) -> dict[int, dict]:
    with outage.ctx.db.session() as db:
        return {a.seq: a.action for a in db.scalars(select(GameAction).where(GameAction.game_id == game_id))}


def replay_matches(outage, game_id: int) -> bool:
    with outage.ctx.db.session() as db:
        return play.replay_matches(db, Rules(), game_id)


@pytest.mark.parametrize("mode", ["fast", "immediate"])  # a clean shutdown; the postmaster crashing
def test_a_database_outage_answers_503_and_loses_no_acknowledged_action(outage, mode):
    names = [f"{mode}{n}" for n in ("ann", "ben", "cat", "dan")]
    ann, ben, cat, dan = (make_user(outage.ctx, n) for n in names)
    host = urlsplit(outage.base)
    ws_base = outage.base.replace("http", "ws")
    with httpx.Client(base_url=outage.base, timeout=15) as api:
        busy_game = new_game(api, ann, ben)
        quiet_game = new_game(api, cat, dan)
        watcher, v = to_act(api, quiet_game, cat, dan)
    mover = Mover(outage.base, busy_game, (ann, ben))
    thread = threading.Thread(target=mover.run, daemon=True)
    thread.start()
    try:
        wait_for(lambda: mover.acks() >= 3, "moves are made before the outage")
        with connect(f"{ws_base}/ws/games/{quiet_game}", additional_headers=watcher.headers) as ws:
            assert receive(ws, "view")["seq"] == v["seq"]
            conn = http.client.HTTPConnection(host.hostname, host.port, timeout=15)
            status, _, _ = get_json(conn, "GET", "/readyz")
            assert status == 200
            sock = conn.sock

            outage.cluster.stop(mode)
            acked_before = mover.acks()
            status, headers, body = get_json(conn, "POST", f"/api/games/{quiet_game}/actions",
                                             {"seq": v["seq"], "action": v["actions"][0]}, watcher.headers)
            assert (status, body["error"]["code"]) == (503, "database_unavailable")
            assert headers["Retry-After"] == "5"
            status, headers, body = get_json(conn, "GET", f"/api/games/{quiet_game}/view", headers=watcher.headers)
            assert (status, body["error"]["code"]) == (503, "database_unavailable")
            status, _, body = get_json(conn, "GET", "/healthz")
            assert status == 200 and body["database"] is False and body["ok"] is False
            status, headers, body = get_json(conn, "GET", "/readyz")
            assert status == 503 and body["database"] is False and headers["Retry-After"]
            assert conn.sock is sock  # every answer kept the keep-alive connection

            # An open socket stays open and says what is wrong...
            ws.send(json.dumps({"type": "action", "seq": v["seq"], "action": v["actions"][0], "ref": "a"}))
            error = receive(ws, "error")
            assert (error["code"], error["ref"], error["retry_after"]) == ("database_unavailable", "a", 5)
            ws.send(json.dumps({"type": "ping", "ref": "p"}))
            assert receive(ws, "pong")["ref"] == "p"
            # ...a new one is told, then closed with 1013 (try again later).
            with connect(f"{ws_base}/ws/games/{quiet_game}", additional_headers=watcher.headers) as late:
                assert receive(late, "error")["code"] == "database_unavailable"
                with pytest.raises(ConnectionClosed) as closed:
                    late.recv(timeout=15)
                assert closed.value.rcvd.code == 1013
            wait_for(lambda: any(" 503 " in a for a in mover.answers), "the mover met the outage")

            outage.cluster.start()
            wait_for(lambda: ready(outage.base), "the server is ready again once PostgreSQL is back")
            # The socket that lived through the outage plays on, and live updates resume.
            ws.send(json.dumps({"type": "action", "seq": v["seq"], "action": v["actions"][0], "ref": "b"}))
            assert receive(ws, "ok", ref="b")["seq"] == v["seq"] + 1
            assert receive(ws, "view", seq=v["seq"] + 1)["seat"] == v["seat"]
            conn.close()
        wait_for(lambda: mover.acks() >= acked_before + 3, "moves are made again after the outage")
    finally:
        mover.stop.set()
        thread.join(30)

    unexpected = [a for a in mover.answers if a != "200" and a.split(" ", 1)[1] not in
                  ("503 database_unavailable", "503 busy", "409 stale_seq")]
    assert not unexpected, unexpected
    assert mover.retry_after <= {"1", "5"}, "every 503 says when to retry"
    stored = stored_actions(outage, busy_game)
    lost = {seq: action for seq, action in mover.acknowledged.items() if stored.get(seq) != action}
    assert not lost, f"acknowledged actions lost: {lost}"
    assert sorted(stored) == list(range(1, len(stored) + 1))
    assert replay_matches(outage, busy_game) and replay_matches(outage, quiet_game)
    log = server_log(outage)
    assert "Traceback" not in log, log[-4000:]
    assert "database_unavailable on POST" in log


def test_a_flood_on_a_locked_game_answers_busy_while_other_games_carry_on(outage):
    ann, ben, cat, dan = (make_user(outage.ctx, n) for n in ("lockann", "lockben", "lockcat", "lockdan"))
    with httpx.Client(base_url=outage.base, timeout=30) as api:
        stuck = new_game(api, ann, ben)
        other = new_game(api, cat, dan)
        player, v = to_act(api, stuck, ann, ben)
        before = stored_actions(outage, stuck)
        with psycopg.connect(outage.cluster.url("sw")) as holder:
            holder.execute("SELECT id FROM games WHERE id = %s FOR UPDATE", (stuck,))

            def post(_: int) -> httpx.Response:
                with httpx.Client(base_url=outage.base, timeout=30) as own:
                    return own.post(f"/api/games/{stuck}/actions", json={"seq": v["seq"], "action": v["actions"][0]},
                                    headers=player.headers)

            with ThreadPoolExecutor(40) as pool:
                flood = [pool.submit(post, i) for i in range(40)]
                moved = 0  # the other game, meanwhile, retrying only when told to
                while moved < 3:
                    response = move(api, other, cat, dan)
                    if response.status_code == 503 and response.json()["error"]["code"] == "busy":
                        time.sleep(float(response.headers["Retry-After"]))
                        continue
                    assert response.status_code == 200, response.text
                    moved += 1
                health = api.get("/healthz")
                assert health.status_code == 200 and health.json()["database"] is True
                answers = [f.result() for f in flood]
            assert {(r.status_code, r.json()["error"]["code"]) for r in answers} == {(503, "busy")}
            assert all(r.headers["Retry-After"] == "1" for r in answers)
            holder.rollback()
        assert stored_actions(outage, stuck) == before  # none of the 40 is applied later
        response = api.post(f"/api/games/{stuck}/actions", json={"seq": v["seq"], "action": v["actions"][0]},
                            headers=player.headers)
        assert response.status_code == 200, response.text
    assert len(stored_actions(outage, stuck)) == len(before) + 1
    assert replay_matches(outage, stuck) and replay_matches(outage, other)
    assert "Traceback" not in server_log(outage)
