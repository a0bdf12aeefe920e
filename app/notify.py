"""Cross-process events over PostgreSQL NOTIFY: ids and counters only, never game content.

Payloads (JSON):
  {"kind": "game", "game": 12, "seq": 34}   the game changed (move, join, resign, abort)
  {"kind": "game", "game": 12, "seq": 34, "move": true}   an action or undo made seq 34 (and nothing else
                                            did: a process that pushed seq 34 itself need not re-read it)
  {"kind": "chat", "game": 12, "id": 567}   a chat message was posted
  {"kind": "user", "user": 8}               a user was banned: drop their connections
  {"kind": "revoked", "user": 8}            a session or token of the user ended: close the sockets it opened
  {"kind": "notice", "user": 8, "id": 91}   the user was sent a notice (dashboards; the delivery worker wakes)
A NOTIFY sent inside a transaction is delivered only if and when it commits.
"""
from __future__ import annotations

import json
from typing import Any

from sqlalchemy import bindparam, func, text
from sqlalchemy.orm import Session

CHANNEL = "sw_events"


_NOTIFY = text("SELECT pg_notify(:channel, :payload)")
# The same NOTIFY as an expression, to be sent within another statement (e.g. RETURNING of an UPDATE).
SEND = func.pg_notify(bindparam("notify_channel"), bindparam("notify_payload"))


def _send(db: Session, payload: dict[str, Any]) -> None:
    db.execute(_NOTIFY, {"channel": CHANNEL, "payload": json.dumps(payload)})


def game_changed(db: Session, game_id: int, seq: int, *, move: bool = False) -> None:
    _send(db, _game(game_id, seq, move))


def game_changed_params(game_id: int, seq: int, *, move: bool = False) -> dict[str, str]:
    """The parameters of SEND for `game_changed`."""
    return {"notify_channel": CHANNEL, "notify_payload": json.dumps(_game(game_id, seq, move))}


def _game(game_id: int, seq: int, move: bool) -> dict[str, Any]:
    return {"kind": "game", "game": game_id, "seq": seq, **({"move": True} if move else {})}


def parse(payload: str) -> dict[str, Any] | None:
    """The event a NOTIFY payload carries (parsed once for every listener); None if it is not one of ours."""
    try:
        event = json.loads(payload)
    except ValueError:
        return None
    return event if isinstance(event, dict) else None


def game_event(event: dict[str, Any]) -> tuple[int, bool] | None:
    """(game id, whether it was a move) of a game event; None for any other event."""
    if event.get("kind") != "game" or not isinstance(event.get("game"), int):
        return None
    return event["game"], bool(event.get("move"))


def chat_posted(db: Session, game_id: int, message_id: int) -> None:
    _send(db, {"kind": "chat", "game": game_id, "id": message_id})


def user_banned(db: Session, user_id: int) -> None:
    _send(db, {"kind": "user", "user": user_id})


def credentials_revoked(db: Session, user_id: int) -> None:
    _send(db, {"kind": "revoked", "user": user_id})


def notice_posted(db: Session, user_id: int, notice_id: int) -> None:
    _send(db, {"kind": "notice", "user": user_id, "id": notice_id})
