"""Undo: a side takes back its own latest actions, back to where something new came to light.

The engine says what each action revealed (`game.revealed()`: a die, a card drawn, a
hidden unit, the decision passing to the other side). The game row keeps the current
*undo chain*: the side whose latest actions revealed nothing, how many of them are live,
and the state just before the first of them. An undo rebuilds the state from that base
by replaying the chain without its last action, and is itself a new seq: the action log
keeps the undone action (marked `undone_by`) and gains an undo row (`undoes`), and the
game log marks the undone action's entries and says what was taken back. Replaying the
log without undo rows and undone actions gives exactly the stored state.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session, undefer

from app import notify
from app.db import check_deadline
from app.errors import ApiError
from app.models import Game, GameAction, GameLogEntry, User
from app.rules import SIDES, Rules
from app.services import games as lobby
from app.snapshots import Snapshot, SnapshotCache

log = logging.getLogger(__name__)

UNKNOWN = [{"kind": "unknown", "text": "the rules engine does not say what this action revealed"}]


# ---- bookkeeping on every action ---------------------------------------------------------------

def continues_chain(game: Game, seat: str) -> bool:
    return game.undo_side == seat and game.undo_base_seq is not None


def revealed_by(engine_game: Any) -> list[dict]:
    reveal = getattr(engine_game, "revealed", None)
    got = reveal() if callable(reveal) else None
    return UNKNOWN if got is None else got


# A new chain's base is the state the game row holds until this action's UPDATE replaces it: the
# UPDATE copies that column's old value (`SET undo_base_state = state`) instead of sending it again.
STORED_STATE = Game.__table__.c.state


def after_action(game: Game, seat: str, seq_before: int, revealed: list[dict]) -> None:
    """Update the game's undo chain after `seat` applied an action at `seq_before` (+1), before the row
    is written (its `state` column still holds the state at `seq_before`)."""
    if revealed:
        game.undo_side, game.undo_base_seq, game.undo_base_state, game.undo_count = None, None, None, 0
        game.undo_blocked = "; ".join(r.get("text", r.get("kind", "")) for r in revealed)
        return
    if not continues_chain(game, seat):
        game.undo_side, game.undo_base_seq, game.undo_base_state, game.undo_count = seat, seq_before, STORED_STATE, 0
    game.undo_count = (game.undo_count or 0) + 1
    game.undo_blocked = None


def effective(rows: list[GameAction]) -> list[GameAction]:
    """The actions that make the current state: no undo rows, nothing undone."""
    return [a for a in rows if a.undoes is None and a.undone_by is None]


# ---- the undo itself ------------------------------------------------------------------------------

@dataclass
class Undone:
    game: Game
    seq: int
    seat: str
    log: list[GameLogEntry]
    snapshot: Snapshot


def unavailable_reason(game: Game, seat: str | None) -> str | None:
    """Why `seat` cannot take anything back now (None: it can)."""
    if game.status != "active":
        return f"the game is {game.status}"
    if seat is None:
        return "you hold no seat in this game"
    if game.undo_side == seat and game.undo_count > 0:
        return None
    if game.undo_side == seat:
        return "everything since the last new information has been taken back already"
    if game.undo_blocked:
        return f"the last action cannot be taken back: {game.undo_blocked}"
    return "you have taken no action since the last new information"


def undo(db: Session, rules: Rules, cache: SnapshotCache, user: User, game_id: int, seq: Any) -> Undone:
    """Take back the caller's latest action if `seq` is current: one transaction, committed here."""
    if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
        raise ApiError(422, "malformed", '"seq" must be the game\'s current seq (an integer).')
    try:
        return _undo_locked(db, rules, cache, user, game_id, seq)
    except BaseException:
        db.rollback()
        raise


def _undo_locked(db: Session, rules: Rules, cache: SnapshotCache, user: User, game_id: int, seq: int) -> Undone:
    game = lobby.get_visible(db, game_id, user, lock=True)
    seat = game.seat_of(user.id)
    if seat is None:
        raise ApiError(403, "not_a_player", "You hold no seat in this game.")
    if game.status != "active":
        raise ApiError(409, "game_not_active", f"The game is {game.status}; nothing can be taken back.")
    if seq != game.seq:
        raise ApiError(409, "stale_seq", f"The game is at seq {game.seq}, not {seq}: reload the view.", seq=game.seq)
    if seat not in game.active_sides:
        raise ApiError(403, "not_your_turn", f"It is not {seat}'s turn: only the side to act may take back its moves.")
    reason = unavailable_reason(game, seat)
    if reason:
        raise ApiError(409, "undo_unavailable", f"Nothing to take back: {reason}.")

    chain = list(db.scalars(
        select(GameAction).where(GameAction.game_id == game.id, GameAction.seq > game.undo_base_seq,
                                 GameAction.undoes.is_(None), GameAction.undone_by.is_(None))
        .order_by(GameAction.seq)))
    if len(chain) != game.undo_count or any(a.side != seat for a in chain):
        log.error("game %s: undo chain of %s rows, expected %s of %s", game.id, len(chain), game.undo_count, seat)
        raise ApiError(500, "internal_error", "The undo history of this game is inconsistent; nothing was changed.")
    db.refresh(game, attribute_names=["undo_base_state"])
    try:
        rebuilt = rules.load(game.undo_base_state)
        for action in chain[:-1]:
            rebuilt.apply(action.side, action.action)
            if revealed_by(rebuilt):
                raise RuntimeError(f"replaying seq {action.seq} revealed something")
    except Exception:
        log.exception("game %s: rebuilding for undo failed", game.id)
        raise ApiError(500, "engine_error", "The rules engine failed taking the action back; nothing was changed.") \
            from None

    last = chain[-1]
    new_seq = seq + 1
    last.undone_by = new_seq
    db.add(GameAction(game_id=game.id, seq=new_seq, side=seat, action={"type": "undo"}, user_id=user.id,
                      undoes=last.seq, revealed=[]))
    db.execute(update(GameLogEntry).where(GameLogEntry.game_id == game.id, GameLogEntry.seq == last.seq)
               .values(undone=True))
    what = _describe(db, game.id, last)
    snap = Snapshot(game.id, new_seq, rebuilt)
    view = snap.view(seat)
    entry = {"text": f"{seat.capitalize()} takes back: {what}", "to": None, "kind": "undo", "undoes": last.seq,
             "side": seat, "turn": view.get("turn") if isinstance(view, dict) else None,
             "round": view.get("round") if isinstance(view, dict) else None}
    row = GameLogEntry(game_id=game.id, seq=new_seq, to_side=None, text=entry["text"], entry=entry)
    db.add(row)
    game.state = rebuilt.to_json()
    game.seq = new_seq
    game.active_sides = [s for s in rebuilt.active_sides() if s in SIDES]
    game.summary = lobby.summarize(view)
    game.updated_at = lobby.now()
    game.undo_count -= 1
    game.undo_blocked = None
    notify.game_changed(db, game.id, new_seq)
    check_deadline(db)
    db.commit()
    cache.put(snap)
    return Undone(game, new_seq, seat, [row], snap)


def _describe(db: Session, game_id: int, action: GameAction) -> str:
    """What was taken back, in the words everyone already read: its public log entry, else its label."""
    text = db.scalar(select(GameLogEntry.text).where(GameLogEntry.game_id == game_id, GameLogEntry.seq == action.seq,
                                                     GameLogEntry.to_side.is_(None)).order_by(GameLogEntry.id))
    if text:
        return text
    label = action.action.get("label") if isinstance(action.action, dict) else None
    kind = action.action.get("type", "action") if isinstance(action.action, dict) else "action"
    return str(label or kind.replace("_", " "))


def replayable(db: Session, game_id: int) -> list[tuple[str, dict]]:
    """The (side, action) pairs whose replay from the seed gives the stored state."""
    rows = list(db.scalars(select(GameAction).where(GameAction.game_id == game_id).order_by(GameAction.seq)))
    return [(a.side, a.action) for a in effective(rows)]


def base_state(db: Session, game_id: int) -> dict | None:
    """The stored undo base (tests and audits)."""
    game = db.scalar(select(Game).where(Game.id == game_id).options(undefer(Game.undo_base_state)))
    return game.undo_base_state if game else None
