"""Two app processes on one database: a move made through one reaches sockets on the other
(PostgreSQL LISTEN/NOTIFY fan-out)."""
from __future__ import annotations

import json

import httpx
import pytest
from websockets.sync.client import connect

from tests.app.conftest import TEST_SECRET
from tests.app.servers import running_server
from tests.app.support import make_user

pytestmark = pytest.mark.slow


def receive(ws, kind: str, **match) -> dict:
    while True:
        message = json.loads(ws.recv(timeout=15))
        if message["type"] == kind and all(message.get(k) == v for k, v in match.items()):
            return message


def test_a_move_through_one_process_reaches_a_player_connected_to_the_other(ctx, settings, tmp_path,
                                                                             engine_module_name):
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    url = settings.database_url
    with running_server(url, tmp_path, secret_key=TEST_SECRET, engine_module=engine_module_name) as first, \
            running_server(url, tmp_path, secret_key=TEST_SECRET, engine_module=engine_module_name) as second:
        with httpx.Client(base_url=second) as api:
            game = api.post("/api/games", json={"side": "axis"}, headers=alice.headers).json()
            assert api.post(f"/api/games/{game['id']}/join", headers=bob.headers).status_code == 200
        ws_first = first.replace("http", "ws") + f"/ws/games/{game['id']}"
        ws_second = second.replace("http", "ws") + f"/ws/games/{game['id']}"
        with connect(ws_first, additional_headers=alice.headers) as wa, \
                connect(ws_first, additional_headers=bob.headers) as wb, \
                connect(ws_second) as spectator:
            views = {p: receive(ws, "view") for p, ws in (("axis", wa), ("soviet", wb), ("spectator", spectator))}
            seq = views["axis"]["seq"]
            mover, headers = next((views[s], p.headers) for s, p in (("axis", alice), ("soviet", bob))
                                  if views[s]["actions"])
            with httpx.Client(base_url=second) as api:  # the move goes through the *second* process
                response = api.post(f"/api/games/{game['id']}/actions",
                                    json={"seq": seq, "action": mover["actions"][0]}, headers=headers)
                assert response.status_code == 200, response.text
            for ws, seat in ((wa, "axis"), (wb, "soviet"), (spectator, None)):
                update = receive(ws, "view", seq=seq + 1)
                assert update["seat"] == seat
            # And the other way round: a chat line sent to the first reaches the second.
            wa.send(json.dumps({"type": "chat", "text": "across processes"}))
            assert receive(spectator, "chat")["message"]["text"] == "across processes"
