"""The lobby and a game's life: create, list, join (which starts it), resign, cancel, abort."""
from __future__ import annotations

import json
import secrets
import threading
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Select, bindparam, or_, select
from sqlalchemy.orm import Session

from app import notify, verify
from app.db import WITH_GAME_LOCK_TIMEOUT, game_lock_timeout, lock_game_row
from app.services import accounts, bidding, clocks, notices, ratings
from app.errors import ApiError, not_found
from app.inputs import valid_id
from app.models import Game, GameLogEntry, User
from app.rules import SCENARIOS, SIDES, Rules
from app.schemas import GameOut, PlayerOut, ResultOut, UndoOut
from app.snapshots import Snapshot

SUMMARY_KEYS = ("turn", "turn_name", "round", "phase", "active", "vp")
MAX_OPTIONS_BYTES = 4096


def now() -> datetime:
    return datetime.now(UTC)


def other(side: str) -> str:
    return "soviet" if side == "axis" else "axis"


def summarize(view: dict[str, Any] | None) -> dict[str, Any]:
    """The public facts lobby lists show, copied from the spectator's view."""
    if not view:
        return {}
    return {k: view[k] for k in SUMMARY_KEYS if k in view and isinstance(view[k], (str, int, float, type(None)))}


# --- reading -------------------------------------------------------------------------------------


def may_see(game: Game, user: User | None) -> bool:
    """Public games are open to everyone; private ones to their players and admins."""
    if not game.is_private:
        return True
    return user is not None and (user.is_admin or game.seat_of(user.id) is not None)


# Built once: a statement's construction costs more than its compiled form's reuse (the action's hot path).
_GAME = select(Game).where(Game.id == bindparam("game_id"))
_GAME_LOCKED = _GAME.with_for_update()
_GAME_LOCKED_BRIEFLY = _GAME.where(WITH_GAME_LOCK_TIMEOUT).with_for_update()


def get_visible(db: Session, game_id: int, user: User | None, *, lock: bool = False) -> Game:
    if not valid_id(game_id):
        raise not_found()
    if not lock:
        game = db.scalar(_GAME, {"game_id": game_id})
    elif (timeout := game_lock_timeout(db)) is not None:
        game = db.scalar(_GAME_LOCKED_BRIEFLY, {"game_id": game_id, **timeout})  # one round trip, as lock_game_row
    else:
        game = db.scalar(_GAME_LOCKED, {"game_id": game_id})
    if game is None or not may_see(game, user):
        raise not_found()  # a private game's existence is not confirmed to outsiders
    return game


def _game_and_caller(briefly: bool) -> dict:
    """SELECT game, user, credential live ... FOR UPDATE OF games, per kind of credential (built once)."""
    stmts = {}
    for kind, live in accounts.CREDENTIAL_LIVE.items():
        stmt = (select(Game, User, live).join(User, User.id == bindparam("user_id"))
                .where(Game.id == bindparam("game_id")))
        if briefly:
            stmt = stmt.where(WITH_GAME_LOCK_TIMEOUT)
        stmts[kind] = stmt.with_for_update(of=Game)
    return stmts


_GAME_AND_CALLER = {False: _game_and_caller(False), True: _game_and_caller(True)}


def lock_for_caller(db: Session, game_id: int, user_id: int, credential: tuple[str, str | int] | None) -> tuple[Game, User]:
    """A socket's action: its user checked (`accounts.check_active`) and the game row locked, in one statement;
    the same errors as checking the user first, then `get_visible(..., lock=True)`."""
    if not valid_id(game_id):
        accounts.check_active(*accounts.user_and_credential(db, user_id, credential))
        raise not_found()
    kind, params = accounts.credential_params(user_id, credential)
    timeout = game_lock_timeout(db)
    row = db.execute(_GAME_AND_CALLER[timeout is not None][kind], {**params, "game_id": game_id, **(timeout or {})}).first()
    if row is None:  # no such user or no such game: say which, as the separate reads would
        accounts.check_active(*accounts.user_and_credential(db, user_id, credential))
        raise not_found()
    game, user, live = row
    accounts.check_active(user, bool(live))
    if not may_see(game, user):
        raise not_found()
    return game, user


def by_invite(db: Session, token: str, *, lock: bool = False) -> Game:
    stmt = select(Game).where(Game.invite_token == token)
    if lock:
        lock_game_row(db)
        stmt = stmt.with_for_update()
    game = db.scalar(stmt) if 10 <= len(token) <= 64 else None
    if game is None:
        raise not_found("invitation")
    return game


def players(db: Session, games: list[Game]) -> dict[int, PlayerOut]:
    ids = {i for g in games for i in (g.axis_user_id, g.soviet_user_id) if i is not None}
    if not ids:
        return {}
    rows = db.execute(select(User.id, User.username, User.is_bot).where(User.id.in_(ids)))
    return {uid: PlayerOut(id=uid, username=name, is_bot=bot) for uid, name, bot in rows}


class PlayerCache:
    """Players as game messages name them. A username and whether the account is a bot never change,
    so once read they are kept (bounded)."""

    LIMIT = 20_000

    def __init__(self) -> None:
        self._known: dict[int, PlayerOut] = {}
        self._lock = threading.Lock()

    def get(self, db: Session, ids: set[int]) -> dict[int, PlayerOut]:
        with self._lock:
            found = {i: self._known[i] for i in ids if i in self._known}
        missing = ids - found.keys()
        if missing:
            rows = db.execute(select(User.id, User.username, User.is_bot).where(User.id.in_(missing)))
            fresh = {uid: PlayerOut(id=uid, username=name, is_bot=bot) for uid, name, bot in rows}
            with self._lock:
                if len(self._known) > self.LIMIT:
                    self._known.clear()
                self._known.update(fresh)
            found.update(fresh)
        return found


def game_out(game: Game, people: dict[int, PlayerOut], user: User | None, base_url: str = "") -> GameOut:
    seat = game.seat_of(user.id) if user else None
    result = None
    if game.status == "finished":
        result = ResultOut(winner=game.winner, reason=game.result_reason or "")
    elif game.status == "aborted":
        result = ResultOut(winner=None, reason=game.result_reason or "aborted")
    show_invite = game.is_private and user is not None and (seat is not None or user.id == game.created_by_id)
    return GameOut(
        id=game.id,
        scenario=game.scenario,
        options=game.options,
        status=game.status,
        private=game.is_private,
        players={
            "axis": people.get(game.axis_user_id) if game.axis_user_id else None,
            "soviet": people.get(game.soviet_user_id) if game.soviet_user_id else None,
        },
        seq=game.seq,
        active_sides=list(game.active_sides),
        result=result,
        summary=game.summary,
        your_side=seat,
        invite_url=f"{base_url}/join/{game.invite_token}" if show_invite else None,
        created_at=game.created_at,
        started_at=game.started_at,
        finished_at=game.finished_at,
        seed_commitment=game.seed_commitment,
        seed_reveal=game.seed_reveal if game.status in ("finished", "aborted") else None,
        rated=game.rated and not game.is_analysis,
        analysis=game.is_analysis,
        imported_from=game.imported_from,
        updated_at=game.updated_at,
        undo=UndoOut(side=game.undo_side, count=game.undo_count or 0, blocked=game.undo_blocked)
        if game.status == "active" else None,
        time_control=game.time_control or clocks.NONE,
        clock=_timing().out(game),
        bidding=game.bid_result,
    )


def _timing():
    from app.services import timing  # timing uses this module: imported when first needed

    return timing


def describe(db: Session, game: Game, user: User | None, base_url: str = "") -> GameOut:
    return game_out(game, players(db, [game]), user, base_url)


def list_games(
    db: Session, *, status: str | None = None, mine: User | None = None, include_private: bool = False,
    limit: int = 50, offset: int = 0,
) -> list[Game]:
    stmt: Select = select(Game)
    if status == "finished":
        stmt = stmt.where(Game.status.in_(("finished", "aborted")))
    elif status is not None:
        stmt = stmt.where(Game.status == status)
    if mine is not None:
        stmt = stmt.where(or_(Game.axis_user_id == mine.id, Game.soviet_user_id == mine.id))
    elif not include_private:
        stmt = stmt.where(Game.is_private.is_(False))
    stmt = stmt.order_by(Game.updated_at.desc(), Game.id.desc()).limit(limit).offset(offset)
    return list(db.scalars(stmt))


# --- changing ------------------------------------------------------------------------------------


def _validate_options(rules: Rules, scenario: str, options: dict[str, Any]) -> None:
    """Let the engine judge the options now, not when the second player arrives."""
    if len(json.dumps(options)) > MAX_OPTIONS_BYTES:
        raise ApiError(422, "bad_options", "The options are too large.")
    try:
        rules.new_game(scenario, 0, options)
    except Exception as exc:  # the engine's complaint, whatever its type, is the user's answer
        raise ApiError(422, "bad_options", f"The engine refused these options: {exc}") from None


def create_game(
    db: Session, rules: Rules, user: User, *, scenario: str, side: str, options: dict[str, Any], private: bool,
    time_control: dict[str, Any] | None = None, rated: bool = True, bid: int | None = None,
) -> Game:
    try:
        tc = clocks.validate(time_control)
    except clocks.TimeControlError as exc:
        raise ApiError(422, "malformed", str(exc)) from None
    if scenario not in SCENARIOS:
        raise ApiError(422, "malformed", f"scenario must be one of {', '.join(SCENARIOS)}.")
    if bid is not None:
        bidding.check_bid(side, bid)  # a bid is for a named side, never a random one
        if "bid" in options:
            raise ApiError(422, "bad_options", "Bid in the lobby or set the `bid` option, not both.")
    if side == "random":
        side = secrets.choice(SIDES)
    if side not in SIDES:
        raise ApiError(422, "malformed", "side must be axis, soviet or random.")
    _validate_options(rules, scenario, options)
    game = Game(
        scenario=scenario,
        options=options,
        status="open",
        is_private=private,
        invite_token=secrets.token_urlsafe(24),
        created_by_id=user.id,
        axis_user_id=user.id if side == "axis" else None,
        soviet_user_id=user.id if side == "soviet" else None,
        time_control=tc,
        rated=rated,
    )
    if bid is not None:
        bidding.open_bidding(game, side, bid)
    db.add(game)
    db.flush()
    notify.game_changed(db, game.id, 0)  # the lobby's lists of open games are live
    return game


def join(db: Session, rules: Rules, user: User, game: Game, *, side: str | None = None,
         bid: int | None = None) -> Snapshot:
    """Take the free seat of a locked open game and start it; the caller commits, then caches the snapshot.
    A game with sides by bidding (21.0) needs the joiner's side and sealed bid."""
    if game.status != "open":
        raise ApiError(409, "seat_taken", "This game has already started or ended.")
    if game.seat_of(user.id) is not None:
        raise ApiError(409, "own_game", "You already sit in this game; wait for an opponent.")
    settled = None
    if bidding.is_open(game):
        if side is None or bid is None:
            raise ApiError(422, "bid_required", "Sides in this game are decided by sealed bids (21.0): say which "
                                                "side you want and your bid.")
        settled = bidding.settle(db, game, user, side, bid)
    elif bid is not None or (side is not None and side != _free_seat(game)):
        raise ApiError(422, "malformed", f"This game has no bidding: you join as {_free_seat(game)}.")
    elif game.axis_user_id is None:
        game.axis_user_id = user.id
    else:
        game.soviet_user_id = user.id
    snap = start(db, rules, game)
    if settled is not None:
        db.add(GameLogEntry(game_id=game.id, seq=0, to_side=None, text=settled["text"],
                            entry={"text": settled["text"], "to": None, "server": True, "kind": "bid",
                                   "rule": bidding.RULE}))
        notices.to_players(db, game, "bid_result", f"Game {game.id}: {settled['text']}")
    notices.game_started(db, game, user.id)
    notices.your_move(db, game, [], user.id)
    return snap


def _free_seat(game: Game) -> str:
    return "axis" if game.axis_user_id is None else "soviet"


def new_seed() -> int:
    """Stored, never shown: it decides every die roll and every draw."""
    return secrets.randbelow(2**62)


def start(db: Session, rules: Rules, game: Game) -> Snapshot:
    """Deal the game out and make it active (both seats taken); the caller commits, then caches the snapshot."""
    seed = new_seed()
    engine_game = rules.new_game(game.scenario, seed, game.options)
    snap = Snapshot(game.id, 0, engine_game)
    game.seed = seed
    reveal = verify.new_reveal(seed)
    game.seed_salt = reveal.rsplit(":", 1)[1]
    game.seed_commitment = verify.commitment(reveal)
    game.state = engine_game.to_json()
    game.seq = 0
    game.status = "active"
    game.started_at = game.updated_at = now()
    game.active_sides = list(engine_game.active_sides())
    game.summary = summarize(snap.view(None))
    _timing().on_start(game, game.started_at)
    names = {p.id: p.username for p in players(db, [game]).values()}
    db.add(
        GameLogEntry(
            game_id=game.id, seq=0, to_side=None,
            text=f"The game begins: {names.get(game.axis_user_id)} (Axis) against {names.get(game.soviet_user_id)} (Soviet).",
            entry={"text": "The game begins.", "to": None, "server": True},
        )
    )
    notify.game_changed(db, game.id, game.seq)
    return snap


def finish(db: Session, game: Game, *, winner: str | None, reason: str, status: str = "finished") -> None:
    running = list(game.active_sides)
    game.status = status
    game.winner = winner
    game.result_reason = reason
    game.active_sides = []
    game.finished_at = game.updated_at = now()
    game.clock_alarm_at = None
    if game.clock:
        game.clock = clocks.stop(game.time_control or clocks.NONE, game.clock, running, game.finished_at)
    if game.seed_commitment and game.seed_reveal is None:
        # The game is over: publish what the commitment was made to, so anyone can check the dice.
        game.seed_reveal = verify.reveal_for(game.seed, game.seed_salt)
    ratings.on_game_end(db, game)  # rated games only, once


def resign(db: Session, user: User, game: Game) -> None:
    seat = game.seat_of(user.id)
    if seat is None:
        raise ApiError(403, "not_a_player", "You hold no seat in this game.")
    if game.status != "active":
        raise ApiError(409, "game_not_active", "Only a game in progress can be resigned.")
    finish(db, game, winner=other(seat), reason=f"{seat.capitalize()} resigned")
    db.add(GameLogEntry(game_id=game.id, seq=game.seq, to_side=None, text=f"{user.username} ({seat}) resigned.",
                        entry={"text": "resigned", "to": None, "server": True}))
    notify.game_changed(db, game.id, game.seq)
    notices.to_players(db, game, "game_over", f"Game {game.id}: {user.username} ({seat.capitalize()}) resigned.",
                       except_user=user.id)


def cancel(db: Session, user: User, game: Game) -> None:
    """The creator withdraws an open game nobody has joined."""
    if game.created_by_id != user.id:
        raise ApiError(403, "not_a_player", "Only the game's creator may cancel it.")
    if game.status != "open":
        raise ApiError(409, "game_not_active", "Only a game still waiting for an opponent can be cancelled.")
    finish(db, game, winner=None, reason="Cancelled by its creator", status="aborted")
    notify.game_changed(db, game.id, game.seq)


def abort(db: Session, admin: User, game: Game, reason: str) -> None:
    if game.status not in ("open", "active"):
        raise ApiError(409, "game_not_active", "The game has already ended.")
    finish(db, game, winner=None, reason=f"Aborted by an admin{': ' + reason if reason else ''}", status="aborted")
    db.add(GameLogEntry(game_id=game.id, seq=game.seq, to_side=None, text=game.result_reason or "Aborted.",
                        entry={"text": "aborted", "to": None, "server": True}))
    notify.game_changed(db, game.id, game.seq)
    notices.to_players(db, game, "game_over", f"Game {game.id}: {game.result_reason}.")
