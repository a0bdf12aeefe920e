"""Live updates survive a lost LISTEN connection; the snapshot cache never serves a stale game."""
from __future__ import annotations

import time

import psycopg
import pytest

from app.db import libpq_url
from app.snapshots import Retired, Snapshot, SnapshotCache
from tests.app.support import acting, make_user, recv, recv_until, start_game


def test_views_resume_after_the_listen_connection_is_killed(client, ctx, settings):
    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    game_id = start_game(client, alice, bob)["id"]
    listener = client.app.state.listener
    with client.websocket_connect(f"/ws/games/{game_id}", headers=alice.headers) as ws:
        first = recv(ws)
        with psycopg.connect(libpq_url(settings.database_url), autocommit=True) as conn:
            killed = conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND query LIKE 'LISTEN%'").fetchall()
        assert killed, "the listener's connection was found"
        # A move made while the process may not be listening: its NOTIFY can be lost...
        player, v = acting(client, game_id, alice, bob)
        client.post(f"/api/games/{game_id}/actions", json={"seq": v["seq"], "action": v["actions"][0]},
                    headers=player.headers)
        # ...but after reconnecting the process resends every current view.
        update = recv_until(ws, "view", seq=first["seq"] + 1, timeout=20)
        assert update["seq"] == first["seq"] + 1
    deadline = time.monotonic() + 10
    while not listener.connected.is_set() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert listener.connected.is_set()


class FakeGame:
    def __init__(self, n):
        self.n = n

    def view(self, seat):
        return {"n": self.n, "seat": seat}

    def legal_actions(self, side):
        return [{"type": "x", "n": self.n}]


def test_the_snapshot_cache_keeps_only_the_newest_position_of_a_game():
    cache = SnapshotCache(capacity=2)
    cache.put(Snapshot(1, 5, FakeGame(5)))
    assert cache.get(1, 5).view("axis") == {"n": 5, "seat": "axis"}
    assert cache.get(1, 4) is None
    cache.put(Snapshot(1, 4, FakeGame(4)))  # an older position never replaces a newer one
    assert cache.get(1, 5) is not None and cache.get(1, 4) is None
    cache.put(Snapshot(2, 0, FakeGame(0)))
    cache.put(Snapshot(3, 0, FakeGame(0)))  # capacity 2: the least recently used game goes
    assert cache.get(1, 5) is None and cache.get(3, 0) is not None


def test_a_taken_snapshot_answers_what_it_knew_and_nothing_new():
    cache = SnapshotCache()
    snap = Snapshot(1, 0, FakeGame(0))
    cache.put(snap)
    assert snap.view("axis")["n"] == 0
    game = cache.take(1, 0)
    assert game is not None and cache.get(1, 0) is None and cache.take(1, 0) is None
    assert snap.view("axis")["n"] == 0  # computed before: still readable
    with pytest.raises(Retired):
        snap.view("soviet")  # the game object may be changing now
