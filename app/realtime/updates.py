"""Building websocket messages (synchronous: runs in the thread pool, reads the database)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from app.context import AppContext
from app.models import Game, GameLogEntry, User
from app.schemas import PlayerOut
from app.services import accounts, chat
from app.services import games as lobby
from app.services.play import SeatView, seat_view, visible_log

STATUS_RANK = {"open": 0, "active": 1, "finished": 2, "aborted": 2}


def version(game: Game, seq: int) -> tuple[int, int]:
    """Orders the states a client may be sent: never send one older than the last."""
    return (seq, STATUS_RANK.get(game.status, 0))


@dataclass
class Viewer:
    user_id: int | None
    last_log_id: int


@dataclass
class Update:
    version: tuple[int, int]
    message: dict[str, Any]
    log: list[dict[str, Any]]  # entries newer than the viewer's last, visible to it


def log_out(entry: GameLogEntry) -> dict[str, Any]:
    return {"id": entry.id, "seq": entry.seq, "to": entry.to_side, "text": entry.text, "entry": entry.entry,
            "undone": bool(entry.undone)}


def build(ctx: AppContext, game_id: int, viewers: list[Viewer]) -> list[Update] | None:
    """One update per viewer, reading the game once; None if the game is gone."""
    with ctx.db.session() as db:
        game = db.get(Game, game_id)
        if game is None:
            return None
        # One query for the seated players and the viewers.
        ids = {v.user_id for v in viewers if v.user_id} | {i for i in (game.axis_user_id, game.soviet_user_id) if i}
        users = {u.id: u for u in db.scalars(select(User).where(User.id.in_(ids)))} if ids else {}
        people = {u.id: PlayerOut(id=u.id, username=u.username, is_bot=u.is_bot) for u in users.values()}
        views: dict[str | None, SeatView] = {}
        oldest = min((v.last_log_id for v in viewers), default=0)
        entries = visible_log(db, game_id, None, after_id=oldest, everything=True, limit=500)
        updates = []
        for viewer in viewers:
            user = users.get(viewer.user_id) if viewer.user_id else None
            seat = game.seat_of(user.id) if user else None
            if seat not in views:
                views[seat] = seat_view(db, ctx.rules, ctx.snapshots, game, seat)
            sv = views[seat]
            meta = lobby.game_out(game, people, user, ctx.base_url).model_dump(mode="json")
            meta["seq"] = sv.seq
            updates.append(
                Update(
                    version=version(game, sv.seq),
                    message={"type": "view", "seq": sv.seq, "seat": seat, "game": meta, "view": sv.view,
                             "actions": sv.actions, "action_groups": sv.action_groups},
                    log=[log_out(e) for e in entries
                         if e.id > viewer.last_log_id and (e.to_side is None or e.to_side == seat)],
                )
            )
        return updates


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
