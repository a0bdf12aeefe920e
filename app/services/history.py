"""History: any past position of a game, as the caller was entitled to see it then.

The state after seq N is the replay from the seed of the actions that were in force at N:
no undo rows, and no action taken back by an undo at or before N (an action undone later
was still on the board at N). Entitlement: a player sees their own side's view at N, anyone
else the spectators' view; once the game has ended everyone sees every position in full,
both hands included (`engine full_view`).

Stepping through a replay must not cost a replay from the seed at every step, so each
process keeps positions it has built (`HistoryCache`): a checkpoint every few actions and
the last one asked for. A position at seq M is a valid starting point for N > M when no
action in force at M was taken back by an undo in (M, N].
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from app.errors import ApiError
from app.models import Game, GameAction, GameLogEntry, User
from app.rules import Rules
from app.services import games as lobby

ENDED = ("finished", "aborted")


class HistoryCache:
    """Game states (as `to_json()` dicts) at past seqs, a bounded number per game, few games."""

    def __init__(self, games: int = 16, per_game: int = 160, every: int = 25) -> None:
        self.games, self.per_game, self.every = games, per_game, every
        self._items: OrderedDict[int, OrderedDict[int, dict]] = OrderedDict()
        self._lock = threading.Lock()

    def seqs(self, game_id: int) -> list[int]:
        with self._lock:
            states = self._items.get(game_id)
            if states is None:
                return []
            self._items.move_to_end(game_id)
            return sorted(states)

    def get(self, game_id: int, seq: int) -> dict | None:
        with self._lock:
            return self._items.get(game_id, {}).get(seq)

    def put(self, game_id: int, seq: int, state: dict) -> None:
        with self._lock:
            states = self._items.setdefault(game_id, OrderedDict())
            states[seq] = state
            states.move_to_end(seq)
            while len(states) > self.per_game:
                states.popitem(last=False)
            self._items.move_to_end(game_id)
            while len(self._items) > self.games:
                self._items.popitem(last=False)


@dataclass
class Position:
    seq: int
    last_seq: int
    view: dict[str, Any]
    log: list[GameLogEntry]
    action: dict[str, Any] | None


def in_force(rows: list[GameAction], n: int) -> list[GameAction]:
    """The actions that make the position after seq n, in order."""
    return [a for a in rows if a.seq <= n and a.undoes is None and (a.undone_by is None or a.undone_by > n)]


def _valid_start(rows: list[GameAction], m: int, n: int) -> bool:
    return not any(a.seq <= m and a.undone_by is not None and m < a.undone_by <= n for a in rows)


def engine_at(db: Session, rules: Rules, cache: HistoryCache, game: Game, n: int) -> Any:
    """The engine game after seq n, built from the nearest usable cached position."""
    rows = list(db.scalars(select(GameAction).where(GameAction.game_id == game.id, GameAction.seq <= n)
                           .order_by(GameAction.seq)))
    start = next((m for m in reversed(cache.seqs(game.id)) if m <= n and _valid_start(rows, m, n)), None)
    state = cache.get(game.id, start) if start is not None else None
    if state is None:
        seed = db.scalar(select(Game.seed).where(Game.id == game.id))
        engine_game, start = rules.new_game(game.scenario, seed, game.options), 0
    else:
        engine_game = rules.load(state)
    todo = [a for a in in_force(rows, n) if a.seq > start]
    for i, action in enumerate(todo, 1):
        engine_game.apply(action.side, action.action)
        if i % cache.every == 0 and i < len(todo):
            cache.put(game.id, action.seq, engine_game.to_json())
    cache.put(game.id, n, engine_game.to_json())
    return engine_game


def position(db: Session, rules: Rules, cache: HistoryCache, game_id: int, user: User | None, n: int) -> Position:
    game = lobby.get_visible(db, game_id, user)
    if game.status == "open":
        raise ApiError(409, "game_not_active", "The game has not started: it has no history yet.")
    if n > game.seq:
        raise ApiError(422, "malformed", f"seq must be between 0 and {game.seq}.")
    seat = game.seat_of(user.id) if user else None
    ended = game.status in ENDED
    engine_game = engine_at(db, rules, cache, game, n)
    if ended:
        full = getattr(engine_game, "full_view", None)
        view = full() if callable(full) else engine_game.view(None)
    else:
        view = engine_game.view(seat)
    stmt = select(GameLogEntry).where(GameLogEntry.game_id == game.id, GameLogEntry.seq == n)
    if ended:
        stmt = stmt.where(or_(GameLogEntry.to_side.is_(None), GameLogEntry.to_side.in_(("axis", "soviet"))))
    elif seat:
        stmt = stmt.where(or_(GameLogEntry.to_side.is_(None), GameLogEntry.to_side == seat))
    else:
        stmt = stmt.where(GameLogEntry.to_side.is_(None))
    log = list(db.scalars(stmt.order_by(GameLogEntry.id)))
    row = db.get(GameAction, (game.id, n)) if n else None
    action = None
    if row is not None:
        action = {"seq": row.seq, "side": row.side, "type": (row.action or {}).get("type"),
                  "undoes": row.undoes, "undone_by": row.undone_by}
    return Position(n, game.seq, view, log, action)

