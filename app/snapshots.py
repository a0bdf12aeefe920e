"""Loaded games kept in memory, keyed by (game id, seq), so a move costs no reload.

A stored state is a pure function of (game id, seq), so a cached game is valid for
as long as that seq is current. Views and legal actions are computed once per seat
and kept. The action path *takes* a snapshot out of the cache before mutating its
game; a snapshot taken is retired and answers no more questions (callers reload).
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any


class Retired(Exception):
    """This snapshot's game has moved on; reload."""


class Snapshot:
    def __init__(self, game_id: int, seq: int, game: Any) -> None:
        self.game_id = game_id
        self.seq = seq
        self._game = game
        self._lock = threading.Lock()
        self._retired = False
        self._views: dict[str | None, dict] = {}
        self._packed: dict[str, dict[str, list[dict]]] = {}
        self._svgs: dict[str | None, str] = {}

    def _read(self, cache: dict, key: Any, compute: Callable[[Any], Any]) -> Any:
        with self._lock:
            if key not in cache:
                if self._retired:
                    raise Retired
                cache[key] = compute(self._game)
            return cache[key]

    def view(self, seat: str | None) -> dict:
        return self._read(self._views, seat, lambda g: g.view(seat))

    def packed_actions(self, side: str, packed: Callable[[Any, str], dict]) -> dict[str, list[dict]]:
        """The legal actions in their wire form (`Rules.packed_legal_actions`), computed once."""
        return self._read(self._packed, side, lambda g: packed(g, side))

    def svg(self, seat: str | None, render: Callable[[dict], str]) -> str:
        view = self.view(seat)
        return self._read(self._svgs, seat, lambda _g: render(view))

    def retire(self) -> Any:
        """Hand the game over for mutation; answers already computed stay readable."""
        with self._lock:
            self._retired = True
            return self._game


class SnapshotCache:
    def __init__(self, capacity: int = 256) -> None:
        self.capacity = capacity
        self._items: OrderedDict[int, Snapshot] = OrderedDict()  # one snapshot per game: the newest seen
        self._lock = threading.Lock()

    def get(self, game_id: int, seq: int) -> Snapshot | None:
        with self._lock:
            snap = self._items.get(game_id)
            if snap is None or snap.seq != seq:
                return None
            self._items.move_to_end(game_id)
            return snap

    def put(self, snap: Snapshot) -> None:
        with self._lock:
            old = self._items.get(snap.game_id)
            if old is not None and old.seq > snap.seq:
                return  # never replace a newer position with an older one
            self._items[snap.game_id] = snap
            self._items.move_to_end(snap.game_id)
            while len(self._items) > self.capacity:
                self._items.popitem(last=False)

    def take(self, game_id: int, seq: int) -> Any | None:
        """The cached game at seq for exclusive mutation (removed from the cache), or None."""
        with self._lock:
            snap = self._items.get(game_id)
            if snap is None or snap.seq != seq:
                return None
            del self._items[game_id]
        return snap.retire()

    def drop(self, game_id: int) -> None:
        with self._lock:
            self._items.pop(game_id, None)
