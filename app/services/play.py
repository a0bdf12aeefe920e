"""Playing: the caller's view, and one action applied as one transaction."""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import JSON, Integer, String, Text, bindparam, column, func, or_, select
from sqlalchemy.dialects.postgresql import JSONB, aggregate_order_by
from sqlalchemy.orm import Session, undefer

from app import notify
from app.db import check_deadline, write_changes
from app.errors import ApiError
from app.inputs import check_json
from app.models import Game, GameAction, GameLogEntry, User
from app.rules import SIDES, Rules
from app.services import games as lobby
from app.services import turns
from app.services import undo
from app.snapshots import Retired, Snapshot, SnapshotCache

log = logging.getLogger(__name__)

# The engine's IllegalAction.code → our status and code.
_ENGINE_CODES = {
    "not_your_turn": (403, "not_your_turn"),
    "malformed": (422, "malformed"),
    "game_over": (409, "game_not_active"),
}  # unknown_action, unknown_id, illegal: 422 illegal_action


@dataclass
class SeatView:
    """What one seat sees of one game at one seq."""

    game: Game
    seq: int
    seat: str | None
    view: dict[str, Any] | None
    actions: list[dict[str, Any]]  # the legal actions that are not grouped
    action_groups: list[dict[str, Any]] = field(default_factory=list)  # unit moves by destination (wire form)


def snapshot(db: Session, rules: Rules, cache: SnapshotCache, game: Game) -> Snapshot | None:
    """The loaded game at the row's seq (from the cache, else from the row), or None before it starts
    (an open game, or one cancelled or aborted before it started: no state at all)."""
    if game.status == "open" or game.started_at is None:
        return None
    snap = cache.get(game.id, game.seq)
    if snap is None:
        # Re-read seq and state together: the row in hand may be older than the state now stored.
        db.refresh(game, attribute_names=["seq", "state", "status", "active_sides", "winner", "result_reason",
                                          "summary", "finished_at", "updated_at"])
        snap = Snapshot(game.id, game.seq, rules.load(game.state))
        cache.put(snap)
    return snap


def seat_view(db: Session, rules: Rules, cache: SnapshotCache, game: Game, seat: str | None) -> SeatView:
    for _ in range(5):
        snap = snapshot(db, rules, cache, game)
        if snap is None:
            return SeatView(game, game.seq, seat, None, [])
        try:
            view = snap.view(seat)
            acting = seat is not None and game.status == "active" and seat in game.active_sides
            packed = snap.packed_actions(seat, rules.packed_legal_actions) if acting else {"actions": [], "action_groups": []}
            return SeatView(game, snap.seq, seat, view, packed["actions"], packed["action_groups"])
        except Retired:  # a move is being applied to this very object: read the newer one
            db.expire(game)
            cache.drop(game.id)
    raise ApiError(503, "busy", "The game is changing too fast; try again.")


def board_svg(db: Session, rules: Rules, cache: SnapshotCache, game: Game, seat: str | None) -> str | None:
    """The board drawn from the seat's redacted view (never from the full state)."""
    for _ in range(5):
        snap = snapshot(db, rules, cache, game)
        if snap is None:
            return None
        try:
            return snap.svg(seat, rules.render_svg)
        except Retired:
            db.expire(game)
            cache.drop(game.id)
        except Exception:
            log.exception("the engine failed drawing game %s at seq %s", game.id, snap.seq)
            raise ApiError(503, "board_unavailable", "The board could not be drawn; the game itself is fine.") from None
    raise ApiError(503, "busy", "The game is changing too fast; try again.")


def caller_view(db: Session, rules: Rules, cache: SnapshotCache, game_id: int, user: User | None) -> SeatView:
    game = lobby.get_visible(db, game_id, user)
    return seat_view(db, rules, cache, game, game.seat_of(user.id) if user else None)


def log_message(id: int, seq: int, to: str | None, text: str, entry: Any, undone: bool) -> dict[str, Any]:
    """A log entry as websocket messages carry it."""
    return {"id": id, "seq": seq, "to": to, "text": text, "entry": entry, "undone": bool(undone)}


def log_out(entry: GameLogEntry) -> dict[str, Any]:
    return log_message(entry.id, entry.seq, entry.to_side, entry.text, entry.entry, entry.undone)


def visible_log(db: Session, game_id: int, seat: str | None, *, after_id: int = 0, limit: int = 500,
                everything: bool = False) -> list[GameLogEntry]:
    """Log entries the seat may read (everything: admins), oldest first; the newest `limit` when capped."""
    stmt = select(GameLogEntry).where(GameLogEntry.game_id == game_id, GameLogEntry.id > after_id)
    if not everything:
        stmt = stmt.where(or_(GameLogEntry.to_side.is_(None), GameLogEntry.to_side == seat) if seat
                          else GameLogEntry.to_side.is_(None))
    rows = list(db.scalars(stmt.order_by(GameLogEntry.id.desc()).limit(limit)))
    rows.reverse()
    return rows


@dataclass(frozen=True)
class SocketCaller:
    """A websocket's user, not yet read: checked by the same statement that locks the game row."""

    user_id: int
    credential: tuple[str, str | int] | None


@dataclass
class Applied:
    game: Game
    seq: int
    seat: str
    log: list[GameLogEntry]
    snapshot: Snapshot
    before: list[str]  # the sides that had to act before this action
    # Every side's log entries after `log_since` (as websocket messages carry them), read in the action's
    # transaction for this process's sockets (see app/realtime/updates.py); empty if not asked for.
    recent_log: list[dict[str, Any]] = field(default_factory=list)


def submit_action(
    db: Session, rules: Rules, cache: SnapshotCache, user: User | SocketCaller, game_id: int, seq: int, action: Any,
    *, log_since: int | None = None,
) -> Applied:
    """Apply `action` for the caller's seat if `seq` is current: one transaction, committed here.

    Any refusal raises ApiError and leaves the database exactly as it was. `log_since`: also read the
    game's log entries after that id (all sides) into `Applied.recent_log`, for the fan-out.
    """
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise ApiError(422, "malformed", 'An action is a JSON object with a string "type".')
    check_json(action, "The action")
    try:
        return _apply_locked(db, rules, cache, user, game_id, seq, action, log_since)
    except BaseException:
        db.rollback()  # releases the row lock at once
        raise


def _apply_locked(
    db: Session, rules: Rules, cache: SnapshotCache, user: User | SocketCaller, game_id: int, seq: int, action: dict,
    log_since: int | None,
) -> Applied:
    # SELECT ... FOR UPDATE: one writer per game
    if isinstance(user, SocketCaller):
        game, user = lobby.lock_for_caller(db, game_id, user.user_id, user.credential)
    else:
        game = lobby.get_visible(db, game_id, user, lock=True)
    seat = game.seat_of(user.id)
    if seat is None:
        raise ApiError(403, "not_a_player", "You hold no seat in this game.")
    if game.status != "active":
        raise ApiError(409, "game_not_active", f"The game is {game.status}; no actions are taken.")
    if seq != game.seq:
        raise ApiError(409, "stale_seq", f"The game is at seq {game.seq}, not {seq}: reload the view.",
                       seq=game.seq)
    if seat not in game.active_sides:
        raise ApiError(403, "not_your_turn", f"It is not {seat}'s turn to act.")
    turns.before_action(game, seat)

    engine_game = cache.take(game.id, game.seq)
    if engine_game is None:
        engine_game = rules.load(game.state)  # consistent: the row is locked
    try:
        entries = engine_game.apply(seat, action)
    except Exception as exc:
        if rules.is_illegal(exc):
            cache.put(Snapshot(game.id, seq, engine_game))  # an illegal action changes nothing
            status, code = _ENGINE_CODES.get(getattr(exc, "code", ""), (422, "illegal_action"))
            rule = getattr(exc, "rule", None)
            raise ApiError(status, code, str(exc), **({"rule": rule} if rule else {})) from None
        log.exception("engine failed applying %r to game %s at seq %s", action, game_id, seq)
        raise ApiError(500, "engine_error", "The rules engine failed on this action; nothing was changed.") from None
    with db.no_autoflush:  # the game row is written once, below, not by every statement on the way
        return _record(db, game, seat, seq, user, action, engine_game, entries, cache, log_since)


def _record(db: Session, game: Game, seat: str, seq: int, user: User, action: dict, engine_game: Any,
            entries: Any, cache: SnapshotCache, log_since: int | None) -> Applied:
    """Store an applied action: its row, its log, the new state, clocks, notices, the end; then commit."""

    new_seq = seq + 1
    before = list(game.active_sides)
    snap = Snapshot(game.id, new_seq, engine_game)
    revealed = undo.revealed_by(engine_game)
    undo.after_action(game, seat, seq, revealed)
    values = [_log_row(game.id, new_seq, entry) for entry in entries or []]
    game.state = engine_game.to_json()
    game.seq = new_seq
    game.active_sides = [s for s in engine_game.active_sides() if s in SIDES]
    # Public facts (turn, phase, VP) are the same in every view: take them from the actor's,
    # which the answer and the fan-out need anyway, instead of computing a spectator view.
    game.summary = lobby.summarize(snap.view(seat))
    game.updated_at = lobby.now()
    turns.after_action(db, game, before, user.id)  # clocks and "your move" notices, in this transaction
    result = engine_game.result()
    if result:
        lobby.finish(db, game, winner=result.get("winner"), reason=str(result.get("reason", "")))
        turns.after_result(db, game)
    # One round trip: the action's row, its log entries, the game row, the NOTIFY and (for the fan-out) the
    # log since `log_since`, read under the row lock, so no other change of this game falls between it and
    # this action. (That read sees the table as it was before the statement: the new entries come back from
    # their INSERT.)
    params = {**notify.game_changed_params(game.id, new_seq, move=True),
              "act_game": game.id, "act_seq": new_seq, "act_side": seat, "act_action": action,
              "act_user": user.id, "act_revealed": revealed}
    returning, with_ = (notify.SEND,), (_INSERT_ACTION,)
    if values:
        returning, with_ = returning + (_NEW_LOG_IDS,), with_ + (_INSERT_LOG,)
        params.update(log_rows=[{"n": n, "to_side": v["to_side"], "text": v["text"], "entry": v["entry"]}
                                for n, v in enumerate(values)], log_game_id=game.id, log_seq=new_seq)
    if log_since is not None:
        returning += (_RECENT_LOG,)
        params.update(log_game=game.id, log_after=log_since)
    row = write_changes(db, game, returning, params, with_=with_)
    rows = [GameLogEntry(id=i, undone=False, **v) for i, v in zip(row[1], values)] if values else []
    recent = []
    if log_since is not None:
        recent = [log_message(*entry) for entry in row[-1] or []]  # [id, seq, to, text, entry, undone] each
        recent = (recent + [log_out(r) for r in rows])[-_RECENT_LIMIT:]
    check_deadline(db)  # not applied late: the client may have given up on it
    db.commit()
    cache.put(snap)
    return Applied(game, new_seq, seat, [r for r in rows if r.to_side in (None, seat)], snap, before, recent)


_ACTIONS = GameAction.__table__
_LOG = GameLogEntry.__table__
# Statements built once (building one costs more than running its cached compiled form).
_INSERT_ACTION = _ACTIONS.insert().values(
    game_id=bindparam("act_game"), seq=bindparam("act_seq"), side=bindparam("act_side"),
    action=bindparam("act_action", type_=_ACTIONS.c.action.type), user_id=bindparam("act_user"),
    revealed=bindparam("act_revealed", type_=_ACTIONS.c.revealed.type)).cte("new_action")
_RECENT_LIMIT = 500


def _insert_log() -> tuple[Any, Any]:
    """The action's log entries as a CTE inserting a JSON array of rows in its order (`n`), and the ids it
    gave them as a JSON array in the same order (ids are drawn in the order the sorted rows are inserted)."""
    rows = func.json_to_recordset(bindparam("log_rows", type_=JSON)).table_valued(
        column("n", Integer), column("to_side", String), column("text", Text), column("entry", JSONB),
    ).render_derived(name="log_rows", with_types=True)
    inserted = _LOG.insert().from_select(
        ["game_id", "seq", "to_side", "text", "entry"],
        select(bindparam("log_game_id", type_=Integer), bindparam("log_seq", type_=Integer), rows.c.to_side,
               rows.c.text, rows.c.entry).order_by(rows.c.n),
    ).returning(_LOG.c.id).cte("new_log")
    ids = select(func.json_agg(aggregate_order_by(inserted.c.id, inserted.c.id), type_=JSON)).scalar_subquery()
    return inserted, ids


_INSERT_LOG, _NEW_LOG_IDS = _insert_log()


def _recent_log() -> Any:
    """The newest 500 log entries after an id, oldest first, as [[id, seq, to, text, entry, undone], ...]."""
    newest = (select(_LOG.c.id, _LOG.c.seq, _LOG.c.to_side, _LOG.c.text, _LOG.c.entry, _LOG.c.undone)
              .where(_LOG.c.game_id == bindparam("log_game"), _LOG.c.id > bindparam("log_after"))
              .order_by(_LOG.c.id.desc()).limit(_RECENT_LIMIT).subquery())
    rows = func.json_agg(aggregate_order_by(func.json_build_array(*newest.c), newest.c.id), type_=JSON)
    return select(rows).scalar_subquery()


_RECENT_LOG = _recent_log()


def _log_row(game_id: int, seq: int, entry: Any) -> dict[str, Any]:
    if not isinstance(entry, dict):
        entry = {"text": str(entry)}
    to = entry.get("to")
    # Anything but public or a known side is kept from everyone but admins.
    to_side = None if to is None else (to if to in SIDES else "hidden")
    return {"game_id": game_id, "seq": seq, "to_side": to_side, "text": str(entry.get("text", "")), "entry": entry}


def replay_matches(db: Session, rules: Rules, game_id: int) -> bool:
    """Does the action log replayed from the seed give exactly the stored state? (Audit and tests.)"""
    game = db.scalar(select(Game).where(Game.id == game_id).options(undefer(Game.state), undefer(Game.seed)))
    if game is None or game.seed is None:
        return False
    rebuilt = rules.replay(game.scenario, game.seed, game.options, undo.replayable(db, game_id))
    return rebuilt.to_json() == game.state
