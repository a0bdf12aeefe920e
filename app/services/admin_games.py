"""Admin tools on one game: inspect any past position with full information, rewind, reassign a seat,
and the list of stale games. Every change writes an audit row in its own transaction.

A rewind to seq N is a new seq, like an undo (app/services/undo.py): the action log keeps
every action it took back, each marked `undone_by` = the rewind's seq, and gains one row of
its own (side `admin`, action `{"type": "rewind", "to": N, "reason"}`, `undoes` = N). The game
log marks the taken-back actions' entries `undone` and says what happened. Replaying the
actions in force (no undo or rewind rows, nothing undone) from the seed gives exactly the
stored state, and the history of every seq stays what it was (app/services/history.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from app import notify
from app.db import lock_game_row
from app.errors import ApiError, not_found
from app.inputs import check_text, valid_id
from app.models import Game, GameAction, GameLogEntry, User
from app.rules import SIDES, Rules
from app.services import games as lobby
from app.services import history, notices, timing
from app.services.admin import audit
from app.services.history import HistoryCache
from app.snapshots import Snapshot, SnapshotCache

REWIND_NOTE = "an admin rewound the game"


def _game(db: Session, game_id: int, *, lock: bool = False) -> Game:
    if not valid_id(game_id):
        raise not_found()
    stmt = select(Game).where(Game.id == game_id)
    if lock:
        lock_game_row(db)
    game = db.scalar(stmt.with_for_update() if lock else stmt)
    if game is None:
        raise not_found()
    return game


def _actions(db: Session, game_id: int) -> list[GameAction]:
    return list(db.scalars(select(GameAction).where(GameAction.game_id == game_id).order_by(GameAction.seq)))


# --- the inspector ---------------------------------------------------------------------------------


@dataclass
class Inspection:
    game: Game
    seq: int
    full: dict[str, Any]  # the spectators' view plus both hands
    views: dict[str, dict[str, Any]]  # each side's own view at that seq
    log: list[GameLogEntry]  # every entry of that seq, private ones included
    actions: list[GameAction]  # the whole action log, undone and bookkeeping rows included
    engine_game: Any


def inspect(db: Session, rules: Rules, cache: HistoryCache, admin: User, game_id: int, seq: int | None) -> Inspection:
    """The position after `seq` (default: the current one) with full information; audited."""
    game = _game(db, game_id)
    if game.status == "open" or game.started_at is None:
        raise ApiError(409, "game_not_active", "The game has not started: there is no position to inspect.")
    if game.status == "active" and game.seat_of(admin.id) is not None:
        raise ApiError(403, "forbidden", "You play in this game: its hidden information stays hidden until it ends.")
    n = game.seq if seq is None else seq
    if not isinstance(n, int) or not 0 <= n <= game.seq:
        raise ApiError(422, "malformed", f"seq must be between 0 and {game.seq}.")
    engine_game = history.engine_at(db, rules, cache, game, n)
    full_view = getattr(engine_game, "full_view", None)
    full = full_view() if callable(full_view) else engine_game.view(None)
    views = {side: engine_game.view(side) for side in SIDES}
    log = list(db.scalars(select(GameLogEntry).where(GameLogEntry.game_id == game.id, GameLogEntry.seq == n)
                          .order_by(GameLogEntry.id)))
    audit(db, admin, "inspect_game", "game", game.id, seq=n)
    db.commit()
    return Inspection(game, n, full, views, log, _actions(db, game.id), engine_game)


def action_label(row: GameAction) -> str:
    action = row.action if isinstance(row.action, dict) else {}
    if action.get("type") == "rewind":
        return f"rewind to seq {action.get('to')}" + (f" ({action['reason']})" if action.get("reason") else "")
    if row.undoes is not None:
        return f"undo of seq {row.undoes}"
    label = action.get("label")
    if label:
        return str(label)
    details = ", ".join(f"{k}={v}" for k, v in action.items() if k not in ("type", "label"))
    return f"{action.get('type', '?')}{' ' + details if details else ''}"


# --- rewind ----------------------------------------------------------------------------------------


@dataclass
class Rewound:
    game: Game
    seq: int
    to: int
    taken_back: list[int]
    snapshot: Snapshot


def rewind_targets(rows: list[GameAction], current: int) -> list[int]:
    """The seqs a game may be rewound to: those whose actions in force are all still in force now
    (a position that included an action later undone cannot be returned to without re-doing it)."""
    undone_since = {}
    for a in rows:
        if a.undone_by is not None:
            undone_since[a.seq] = a.undone_by
    targets = []
    for n in range(current):
        if not any(seq <= n < by for seq, by in undone_since.items()):
            targets.append(n)
    return targets


def rewind(db: Session, rules: Rules, snapshots: SnapshotCache, cache: HistoryCache, admin: User, game_id: int,
           to: Any, reason: str) -> Rewound:
    if not isinstance(to, int) or isinstance(to, bool):
        raise ApiError(422, "malformed", '"seq" must be an integer: the seq to go back to.')
    reason = check_text(reason or "", "The reason").strip()
    if not reason:
        raise ApiError(422, "reason_required", "Say why the game is rewound: both players are told.")
    try:
        return _rewind_locked(db, rules, snapshots, cache, admin, game_id, to, reason)
    except BaseException:
        db.rollback()
        raise


def _rewind_locked(db: Session, rules: Rules, snapshots: SnapshotCache, cache: HistoryCache, admin: User,
                   game_id: int, to: int, reason: str) -> Rewound:
    game = _game(db, game_id, lock=True)
    if game.status != "active":
        # A finished game's seed is public: replaying on from an earlier position would be playing with known dice.
        raise ApiError(409, "game_not_active", f"The game is {game.status}: only a game in progress can be rewound.")
    if not 0 <= to < game.seq:
        raise ApiError(422, "malformed", f"seq must be between 0 and {game.seq - 1} (the game is at seq {game.seq}).")
    rows = _actions(db, game.id)
    if to not in rewind_targets(rows, game.seq):
        raise ApiError(409, "rewind_unavailable", f"The position after seq {to} included actions that were taken "
                                                  "back later; pick a seq after those undos.")
    rebuilt = history.engine_at(db, rules, cache, game, to)
    taken_back = [a for a in rows if a.seq > to and a.undoes is None and a.undone_by is None]
    new_seq = game.seq + 1
    for a in taken_back:
        a.undone_by = new_seq
    db.add(GameAction(game_id=game.id, seq=new_seq, side="admin", user_id=admin.id, undoes=to, revealed=[],
                      action={"type": "rewind", "to": to, "reason": reason}))
    seqs = [a.seq for a in taken_back]
    if seqs:
        db.execute(update(GameLogEntry).where(GameLogEntry.game_id == game.id, GameLogEntry.seq.in_(seqs))
                   .values(undone=True))
    snap = Snapshot(game.id, new_seq, rebuilt)
    view = snap.view(None)
    text = (f"An admin rewound the game to the position after seq {to}: {len(seqs)} action"
            f"{'' if len(seqs) == 1 else 's'} taken back. Reason: {reason}")
    db.add(GameLogEntry(game_id=game.id, seq=new_seq, to_side=None, text=text,
                        entry={"text": text, "to": None, "kind": "rewind", "server": True, "to_seq": to,
                               "taken_back": seqs, "turn": view.get("turn"), "round": view.get("round")}))
    before = list(game.active_sides)
    from_seq = game.seq
    game.state = rebuilt.to_json()
    game.seq = new_seq
    game.active_sides = [s for s in rebuilt.active_sides() if s in SIDES]
    game.summary = lobby.summarize(view)
    game.updated_at = lobby.now()
    game.undo_side, game.undo_base_seq, game.undo_base_state, game.undo_count = None, None, None, 0
    game.undo_blocked = REWIND_NOTE
    timing.on_action(game, before)
    audit(db, admin, "rewind_game", "game", game.id, from_seq=from_seq, to_seq=to, taken_back=len(seqs),
          reason=reason)
    notices.to_players(db, game, "rewound", f"Game {game.id}: an admin rewound the game to seq {to} "
                                            f"({len(seqs)} actions taken back). Reason: {reason}")
    notify.game_changed(db, game.id, new_seq)
    db.commit()
    snapshots.put(snap)
    return Rewound(game, new_seq, to, seqs, snap)


# --- reassign a seat -------------------------------------------------------------------------------


def reassign(db: Session, admin: User, game_id: int, side: Any, username: Any, reason: str) -> Game:
    if side not in SIDES:
        raise ApiError(422, "malformed", "side must be axis or soviet.")
    if not isinstance(username, str) or not username.strip():
        raise ApiError(422, "malformed", "Name the user who takes the seat.")
    reason = check_text(reason or "", "The reason").strip()
    check_text(username, "The username")
    try:
        game = _game(db, game_id, lock=True)
        if game.status not in ("open", "active"):
            raise ApiError(409, "game_not_active", f"The game is {game.status}: its seats are final.")
        if game.is_analysis:
            raise ApiError(409, "analysis_game", "An analysis game belongs to the user who imported it.")
        new = db.scalar(select(User).where(func.lower(User.username) == username.strip().lower()))
        if new is None:
            raise not_found("user")
        if new.is_banned:
            raise ApiError(409, "user_banned", f"{new.username} is banned.")
        old_id = game.player_id(side)
        if old_id == new.id:
            raise ApiError(409, "same_user", f"{new.username} already holds the {side} seat.")
        if game.player_id(lobby.other(side)) == new.id:
            raise ApiError(409, "own_game", f"{new.username} holds the other seat of this game.")
        if side == "axis":
            game.axis_user_id = new.id
        else:
            game.soviet_user_id = new.id
        old = db.get(User, old_id) if old_id else None
        game.updated_at = lobby.now()
        text = (f"An admin gave the {side.capitalize()} seat to {new.username}"
                f"{' (it was ' + old.username + ')' if old else ''}.{' Reason: ' + reason if reason else ''}")
        db.add(GameLogEntry(game_id=game.id, seq=game.seq, to_side=None, text=text,
                            entry={"text": text, "to": None, "kind": "reassign", "server": True, "side": side}))
        audit(db, admin, "reassign_seat", "game", game.id, side=side, from_user=old.username if old else None,
              to_user=new.username, reason=reason)
        tail = f" Reason: {reason}" if reason else ""
        if old is not None:
            notices.emit(db, old.id, "seat_reassigned",
                         f"Game {game.id}: an admin gave your {side.capitalize()} seat to {new.username}.{tail}",
                         game=game)
        notices.emit(db, new.id, "seat_reassigned",
                     f"Game {game.id}: an admin gave you the {side.capitalize()} seat.{tail}", game=game)
        notify.game_changed(db, game.id, game.seq)
        db.commit()
        return game
    except BaseException:
        db.rollback()
        raise


# --- stale games -----------------------------------------------------------------------------------


@dataclass
class Stale:
    game: Game
    last_move_at: datetime
    idle_days: float


def stale_games(db: Session, days: int, *, limit: int = 200) -> list[Stale]:
    """Games in progress with no action for at least `days` days (since the start if none), idlest first."""
    last = (select(GameAction.game_id, func.max(GameAction.created_at).label("at"))
            .group_by(GameAction.game_id).subquery())
    moved = func.coalesce(last.c.at, Game.started_at)
    cutoff = lobby.now() - timedelta(days=days)
    rows = db.execute(select(Game, moved.label("moved")).outerjoin(last, last.c.game_id == Game.id)
                      .where(Game.status == "active", Game.is_analysis.is_(False), moved <= cutoff)
                      .order_by(moved, Game.id).limit(limit)).all()
    t = lobby.now()
    return [Stale(g, at, (t - at).total_seconds() / 86400) for g, at in rows]
