"""Time control in the database: clocks start with the game, move with every action, can be paused,
extended, taken on vacation; a side out of time may be claimed against; the watcher reminds.

The arithmetic lives in `clocks` (pure); this module reads and writes `games.time_control`,
`games.clock` and `games.clock_alarm_at` (the next moment the watcher must look at a game).
"""
from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from app import notify
from app.db import lock_game_row
from app.errors import ApiError
from app.models import Game, GameLogEntry, User
from app.services import clocks, notices
from app.services import games as lobby

log = logging.getLogger(__name__)

MAX_EXTENSION_MINUTES = 14 * 24 * 60
WATCH_BATCH = 200


def now() -> datetime:
    return datetime.now(UTC)


def tc_of(game: Game) -> dict[str, Any]:
    return game.time_control or clocks.NONE


def _store(game: Game, clock: dict[str, Any], t: datetime) -> None:
    game.clock = clock
    game.clock_alarm_at = clocks.next_alarm(tc_of(game), clock, list(game.active_sides), t)


def on_start(game: Game, t: datetime | None = None) -> None:
    t = t or now()
    tc = tc_of(game)
    if tc.get("kind") == "none":
        game.clock, game.clock_alarm_at = None, None
        return
    _store(game, clocks.start(tc, list(game.active_sides), t), t)


def check_may_act(game: Game, seat: str, t: datetime | None = None) -> None:
    """A live side whose flag has fallen waits for its opponent to claim the win or give more time.
    (In correspondence play a late move is still welcome until the opponent claims.)"""
    tc = tc_of(game)
    if tc.get("kind") == "live" and game.clock and seat in clocks.timed_out(tc, game.clock, list(game.active_sides),
                                                                            t or now()):
        raise ApiError(409, "out_of_time", "Your clock has run out: your opponent may claim the win or give you "
                                           "more time.")


def on_action(game: Game, before: list[str], t: datetime | None = None) -> None:
    """After an action: the clocks of the sides that acted stop, those of the sides to act start."""
    if not game.clock or game.status != "active":
        game.clock_alarm_at = None
        return
    t = t or now()
    _store(game, clocks.handover(tc_of(game), game.clock, before, list(game.active_sides), t), t)


def out(game: Game, t: datetime | None = None) -> dict[str, Any] | None:
    """The clock as GameOut shows it."""
    if game.clock is None or game.status not in ("active", "finished", "aborted"):
        return None
    return clocks.snapshot(tc_of(game), game.clock, list(game.active_sides), t or now(), game.status == "active")


# --- claiming and extending ----------------------------------------------------------------------


def _lock(db: Session, game_id: int) -> Game:
    lock_game_row(db)
    game = db.scalar(select(Game).where(Game.id == game_id).with_for_update())
    if game is None:
        raise ApiError(404, "not_found", "No such game.")
    return game


def _late_opponent(game: Game, user: User, t: datetime) -> tuple[str, str]:
    """(the caller's side, the opponent's side) when the opponent is out of time; else an ApiError."""
    seat = game.seat_of(user.id)
    if seat is None or game.is_analysis:
        raise ApiError(403, "not_a_player", "Only the opponent of the side out of time may do this.")
    if game.status != "active":
        raise ApiError(409, "game_not_active", "The game is not in progress.")
    opponent = lobby.other(seat)
    late = clocks.timed_out(tc_of(game), game.clock or {}, list(game.active_sides), t) if game.clock else []
    if opponent not in late:
        raise ApiError(409, "not_timed_out", f"The {opponent.capitalize()} side still has time.")
    if seat in late:
        raise ApiError(409, "not_timed_out", "Both sides are out of time: give your opponent more time, or wait "
                                             "for an admin.")
    return seat, opponent


def claim_win(db: Session, user: User, game_id: int) -> Game:
    game = _lock(db, game_id)
    t = now()
    seat, opponent = _late_opponent(game, user, t)
    lobby.finish(db, game, winner=seat, reason=f"{opponent.capitalize()} ran out of time")
    game.clock_alarm_at = None
    text = f"{opponent.capitalize()} ran out of time; {user.username} ({seat}) claimed the win."
    db.add(GameLogEntry(game_id=game.id, seq=game.seq, to_side=None, text=text,
                        entry={"text": text, "to": None, "server": True, "kind": "timeout_claimed"}))
    notify.game_changed(db, game.id, game.seq)
    notices.game_over(db, game, text)
    return game


def extend(db: Session, user: User, game_id: int, minutes: int) -> Game:
    """The opponent of a side out of time gives it `minutes` more (instead of claiming the win)."""
    if not 1 <= minutes <= MAX_EXTENSION_MINUTES:
        raise ApiError(422, "malformed", f"Give between 1 minute and {MAX_EXTENSION_MINUTES // 1440} days.")
    game = _lock(db, game_id)
    t = now()
    seat, opponent = _late_opponent(game, user, t)
    _store(game, clocks.extend(game.clock, tc_of(game), opponent, list(game.active_sides), minutes * 60, t), t)
    text = f"{user.username} ({seat}) gave {opponent.capitalize()} {_amount(minutes)} more."
    db.add(GameLogEntry(game_id=game.id, seq=game.seq, to_side=None, text=text,
                        entry={"text": text, "to": None, "server": True, "kind": "time_extended"}))
    game.updated_at = t
    notify.game_changed(db, game.id, game.seq)
    notices.to_side(db, game, opponent, "time_extended", text)
    return game


def _amount(minutes: int) -> str:
    if minutes % 1440 == 0:
        days = minutes // 1440
        return f"{days} day{'s' if days != 1 else ''}"
    if minutes % 60 == 0:
        return f"{minutes // 60} hour{'s' if minutes != 60 else ''}"
    return f"{minutes} minutes"


# --- admins: pause and resume ------------------------------------------------------------------------


def pause(db: Session, admin: User, game: Game, reason: str) -> None:
    if game.status != "active" or not game.clock:
        raise ApiError(409, "game_not_active", "Only the clocks of a timed game in progress can be paused.")
    t = now()
    try:
        clock = clocks.pause(game.clock, list(game.active_sides), tc_of(game), t, by=admin.username, reason=reason)
    except clocks.TimeControlError as exc:
        raise ApiError(409, "clock_state", str(exc)) from None
    _store(game, clock, t)
    _announce(db, game, f"An admin paused the clocks{': ' + reason if reason else ''}.", "clock_paused")


def resume(db: Session, admin: User, game: Game) -> None:
    if game.status != "active" or not game.clock:
        raise ApiError(409, "game_not_active", "Only the clocks of a timed game in progress can be resumed.")
    t = now()
    try:
        clock = clocks.resume(game.clock, tc_of(game), t)
    except clocks.TimeControlError as exc:
        raise ApiError(409, "clock_state", str(exc)) from None
    _store(game, clock, t)
    _announce(db, game, "An admin resumed the clocks.", "clock_resumed")


def _announce(db: Session, game: Game, text: str, kind: str) -> None:
    db.add(GameLogEntry(game_id=game.id, seq=game.seq, to_side=None, text=text,
                        entry={"text": text, "to": None, "server": True, "kind": kind}))
    game.updated_at = now()
    notify.game_changed(db, game.id, game.seq)
    notices.to_players(db, game, kind, text)


# --- vacation ------------------------------------------------------------------------------------------


def _correspondence_games(db: Session, user: User) -> list[Game]:
    return list(db.scalars(
        select(Game).where(Game.status == "active", Game.is_analysis.is_(False),
                           or_(Game.axis_user_id == user.id, Game.soviet_user_id == user.id))
        .order_by(Game.id).with_for_update()))


def take_vacation(db: Session, user: User, days: int) -> list[tuple[Game, float]]:
    """Vacation in every correspondence game of the user, each as far as its allowance lasts."""
    if not 1 <= days <= 60:
        raise ApiError(422, "malformed", "Take between 1 and 60 days of vacation.")
    t, taken = now(), []
    for game in _correspondence_games(db, user):
        if tc_of(game).get("kind") != "correspondence" or not game.clock:
            continue
        side = game.seat_of(user.id)
        clock, seconds = clocks.take_vacation(game.clock, tc_of(game), side, days, t)
        if seconds > 0:
            _store(game, clock, t)
            game.updated_at = t
            notify.game_changed(db, game.id, game.seq)
            taken.append((game, seconds))
    return taken


def end_vacation(db: Session, user: User) -> int:
    t, ended = now(), 0
    for game in _correspondence_games(db, user):
        if tc_of(game).get("kind") != "correspondence" or not game.clock:
            continue
        side = game.seat_of(user.id)
        if clocks.on_vacation(game.clock, side, t):
            _store(game, clocks.end_vacation(game.clock, tc_of(game), side, t), t)
            game.updated_at = t
            notify.game_changed(db, game.id, game.seq)
            ended += 1
    return ended


def vacation_until(db: Session, user: User) -> datetime | None:
    """The end of the user's vacation, if they are on one in any game now."""
    t, latest = now(), None
    for game in db.scalars(select(Game).where(Game.status == "active", Game.clock.is_not(None),
                                              or_(Game.axis_user_id == user.id, Game.soviet_user_id == user.id))):
        side = game.seat_of(user.id)
        if clocks.on_vacation(game.clock, side, t):
            until = datetime.fromisoformat(game.clock["vacation_until"][side])
            latest = max(latest, until) if latest else until
    return latest


# --- the watcher ------------------------------------------------------------------------------------


def watch_once(db: Session, t: datetime | None = None, limit: int = WATCH_BATCH) -> int:
    """Send the reminders and timeout notices that are due; returns how many games were looked at.
    Safe in many processes at once: rows are claimed with SKIP LOCKED."""
    t = t or now()
    games = list(db.scalars(
        select(Game).where(Game.status == "active", Game.clock_alarm_at.is_not(None), Game.clock_alarm_at <= t)
        .order_by(Game.clock_alarm_at).limit(limit).with_for_update(skip_locked=True)))
    for game in games:
        tc, clock, active = tc_of(game), dict(game.clock or {}), list(game.active_sides)
        notified = dict(clock.get("notified") or {})
        lead = clocks.reminder_lead(tc)
        changed = False
        for side in active:
            due = clocks.deadline(tc, clock, side, active, t)
            if due is None:
                continue
            if due <= t and not notified.get(f"timeout:{side}"):
                notified[f"timeout:{side}"] = notified[f"reminder:{side}"] = t.isoformat()
                _timed_out(db, game, side)
                changed = True
            elif lead is not None and due - lead <= t < due and not notified.get(f"reminder:{side}"):
                notified[f"reminder:{side}"] = t.isoformat()
                notices.to_side(db, game, side, "reminder",
                                f"Game {game.id}: {_left(due - t)} left for your move (due {due:%Y-%m-%d %H:%M} UTC).")
                changed = True
        clock["notified"] = notified
        _store(game, clock, t)
        if changed:
            notify.game_changed(db, game.id, game.seq)
    return len(games)


def _timed_out(db: Session, game: Game, side: str) -> None:
    opponent = lobby.other(side)
    text = f"{side.capitalize()} is out of time in game {game.id}."
    db.add(GameLogEntry(game_id=game.id, seq=game.seq, to_side=None, text=text,
                        entry={"text": text, "to": None, "server": True, "kind": "timeout"}))
    notices.to_side(db, game, side, "timeout",
                    f"Game {game.id}: your time ran out. Your opponent may claim the win or give you more time"
                    + (" — a late move is still accepted until then." if tc_of(game).get("kind") == "correspondence"
                       else "."))
    notices.to_side(db, game, opponent, "opponent_timeout",
                    f"Game {game.id}: {side.capitalize()} ran out of time. Claim the win, or give more time.")


def _left(delta: timedelta) -> str:
    hours = max(0, int(delta.total_seconds() // 3600))
    return f"{hours // 24} days {hours % 24} hours" if hours >= 48 else f"{hours} hours" if hours else "under an hour"
