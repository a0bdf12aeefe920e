"""At most a couple of this process's requests wait on one game's row at a time.

Writes to one game are serialized by its row lock anyway. When that row is stuck (a long
transaction elsewhere, a flood of retries), a couple more writers wait their turn here (no
lock wait in PostgreSQL) and give up with `busy` after the same bounded time; any beyond
those are told `busy` at once. So one game never ties up more than a few of the pool's
connections or the thread pool's threads while other games need them.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from app import faults

WRITERS_PER_GAME = 2  # inside at once (waiting for or holding the row): both sides may act in simultaneous phases
QUEUED_PER_GAME = 2  # waiting for a place; a double click, a retry


class GameGate:
    def __init__(self, limit: int = WRITERS_PER_GAME, queue: int = QUEUED_PER_GAME, wait: float = 1.0) -> None:
        self.limit = limit
        self.queue = queue
        self.wait = wait  # seconds: the game-row lock timeout
        self._changed = threading.Condition()
        self._inside: dict[int, int] = {}
        self._queued: dict[int, int] = {}

    @contextmanager
    def enter(self, game_id: int) -> Iterator[None]:
        give_up = time.monotonic() + self.wait
        with self._changed:
            if self._inside.get(game_id, 0) >= self.limit:
                if self._queued.get(game_id, 0) >= self.queue:
                    raise faults.busy()
                self._queued[game_id] = self._queued.get(game_id, 0) + 1
                try:
                    while self._inside.get(game_id, 0) >= self.limit:
                        left = give_up - time.monotonic()
                        if left <= 0:
                            raise faults.busy()
                        self._changed.wait(left)
                finally:
                    self._queued[game_id] -= 1
                    if not self._queued[game_id]:
                        del self._queued[game_id]
            self._inside[game_id] = self._inside.get(game_id, 0) + 1
        try:
            yield
        finally:
            with self._changed:
                left = self._inside[game_id] - 1
                if left:
                    self._inside[game_id] = left
                else:
                    del self._inside[game_id]
                self._changed.notify_all()
