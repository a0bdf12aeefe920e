"""Building websocket messages (synchronous: runs in the thread pool).

Two ways to one result: `build` reads the game from the database (a NOTIFY from anywhere,
a new socket); `build_applied` uses what the action this process just committed already
holds (the game row, the new position, the log read in its transaction) and reads nothing.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.context import AppContext
from app.fastjson import dumps
from app.models import Game
from app.schemas import PlayerOut
from app.services import accounts, chat
from app.services import games as lobby
from app.services.play import Applied, SeatView, log_out, seat_view, visible_log
from app.snapshots import Retired

STATUS_RANK = {"open": 0, "active": 1, "finished": 2, "aborted": 2}


def version(game: Game, seq: int) -> tuple[int, int]:
    """Orders the states a client may be sent: never send one older than the last."""
    return (seq, STATUS_RANK.get(game.status, 0))


@dataclass
class Viewer:
    user_id: int | None
    last_log_id: int


class Message:
    """One view message without its log, shared by every viewer of a seat (spectators are one seat): its
    JSON is made once, when first sent, and each socket's own log entries are appended to that text."""

    __slots__ = ("fields", "_text")

    def __init__(self, fields: dict[str, Any]) -> None:
        assert "log" not in fields
        self.fields = fields
        self._text: str | None = None

    def text(self, log: list[dict[str, Any]]) -> str:
        """The message as JSON, with `log` as its last key."""
        if self._text is None:
            self._text = dumps(self.fields)
        return f'{self._text[:-1]},"log":{dumps(log)}}}'


@dataclass
class Update:
    version: tuple[int, int]
    message: Message
    log: list[dict[str, Any]]  # entries newer than the viewer's last, visible to it


@dataclass(frozen=True)
class _Person:
    id: int


def _players_of(game: Game) -> set[int]:
    return {i for i in (game.axis_user_id, game.soviet_user_id) if i}


def _assemble(ctx: AppContext, game: Game, people: dict[int, PlayerOut], viewers: list[Viewer],
              seat_of_viewer, view_of_seat, entries: list[dict[str, Any]]) -> list[Update]:
    """One update per viewer; views (one per seat) and the game's description are shared."""
    views: dict[str | None, SeatView] = {}
    messages: dict[tuple[str | None, bool], Message] = {}
    updates = []
    for viewer in viewers:
        seat = seat_of_viewer(viewer)
        if seat not in views:
            views[seat] = view_of_seat(seat)
        sv = views[seat]
        # What differs between viewers of one seat: only whether they may see the invitation.
        key = (seat, viewer.user_id is not None and viewer.user_id == game.created_by_id)
        if key not in messages:
            person = _Person(viewer.user_id) if seat is not None or key[1] else None
            meta = lobby.game_out(game, people, person, ctx.base_url).model_dump(mode="json")
            meta["seq"] = sv.seq
            messages[key] = Message({"type": "view", "seq": sv.seq, "seat": seat, "game": meta, "view": sv.view,
                                     "actions": sv.actions, "action_groups": sv.action_groups})
        updates.append(
            Update(
                version=version(game, sv.seq),
                message=messages[key],
                log=[e for e in entries
                     if e["id"] > viewer.last_log_id and (e["to"] is None or e["to"] == seat)],
            )
        )
    return updates


def build(ctx: AppContext, game_id: int, viewers: list[Viewer]) -> list[Update] | None:
    """One update per viewer, reading the game once; None if the game is gone."""
    with ctx.db.session() as db:
        game = db.get(Game, game_id)
        if game is None:
            return None
        people = ctx.players.get(db, _players_of(game))
        oldest = min((v.last_log_id for v in viewers), default=0)
        entries = [log_out(e) for e in visible_log(db, game_id, None, after_id=oldest, everything=True, limit=500)]
        return _assemble(
            ctx, game, people, viewers,
            lambda v: game.seat_of(v.user_id),
            lambda seat: seat_view(db, ctx.rules, ctx.snapshots, game, seat),
            entries)


def build_applied(ctx: AppContext, db, applied: Applied, viewers: list[Viewer]) -> list[Update] | None:
    """The updates for an action this process has just committed, from what the action holds; None when
    they cannot be had that way (the position has moved on already): the caller refreshes instead."""
    game, snap = applied.game, applied.snapshot
    people = ctx.players.get(db, _players_of(game))
    acting_sides = set(game.active_sides) if game.status == "active" else set()

    def view_of_seat(seat: str | None) -> SeatView:
        view = snap.view(seat)
        if seat in acting_sides:
            packed = snap.packed_actions(seat, ctx.rules.packed_legal_actions)
            return SeatView(game, snap.seq, seat, view, packed["actions"], packed["action_groups"])
        return SeatView(game, snap.seq, seat, view, [])

    try:
        return _assemble(ctx, game, people, viewers, lambda v: game.seat_of(v.user_id), view_of_seat,
                         applied.recent_log)
    except Retired:
        return None


def chat_message(ctx: AppContext, message_id: int) -> dict[str, Any] | None:
    with ctx.db.session() as db:
        msg = chat.one(db, message_id)
        return msg.model_dump(mode="json") if msg else None


def chat_history(ctx: AppContext, game_id: int) -> list[dict[str, Any]]:
    with ctx.db.session() as db:
        return [m.model_dump(mode="json") for m in chat.history(db, game_id)]


def credentials_valid(ctx: AppContext, credentials: list) -> list[bool]:
    with ctx.db.session() as db:
        return [accounts.credential_valid(db, c) for c in credentials]
