"""The games API: lobby, lifecycle, views, actions, log, chat, notes, board."""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Depends, Query, Request, Response
from fastapi.responses import JSONResponse

from app import faults
from app.context import AppContext
from app.deps import DB, CallerDep, UserCaller, WriterCaller
from app.errors import ApiError, responses
from app.inputs import INT64_MAX
from app.models import User
from app.schemas import (
    ActionIn,
    ActionOut,
    ChatIn,
    ChatListOut,
    ChatOut,
    ComputerGameIn,
    CreateGameIn,
    ExtendIn,
    GameListOut,
    GameOut,
    HistoryOut,
    JoinIn,
    LogEntryOut,
    LogOut,
    NotesIn,
    NotesOut,
    SeenIn,
    SeenOut,
    UndoIn,
    ViewOut,
)
from app.services import chat, computer, history, records, timing, undo, visits
from app.services import games as lobby
from app.services import play

log = logging.getLogger(__name__)
router = APIRouter(prefix="/api/games", tags=["games"])


def get_ctx(request: Request) -> AppContext:
    return request.app.state.ctx


Ctx = Annotated[AppContext, Depends(get_ctx)]


def _log_out(rows) -> list[LogEntryOut]:
    return [LogEntryOut(id=r.id, seq=r.seq, to=r.to_side, text=r.text, entry=r.entry, undone=bool(r.undone))
            for r in rows]


def _view_out(db, ctx: AppContext, sv: play.SeatView, user: User | None) -> ViewOut:
    meta = lobby.describe(db, sv.game, user, ctx.base_url)
    meta.seq = sv.seq
    return ViewOut(game=meta, seq=sv.seq, seat=sv.seat, view=sv.view, actions=sv.actions,
                   action_groups=sv.action_groups)


@router.get("", response_model=GameListOut, summary="List games")
def list_games(
    db: DB,
    caller: CallerDep,
    ctx: Ctx,
    status: Literal["open", "active", "finished"] | None = None,
    mine: bool = Query(False, description="only games the caller plays in (private ones included)"),
    limit: int = Query(50, ge=1, le=100),
    offset: int = Query(0, ge=0, le=INT64_MAX),
) -> GameListOut:
    if mine and caller.user is None:
        raise ApiError(401, "not_signed_in", "Sign in to list your games.")
    rows = lobby.list_games(db, status=status, mine=caller.user if mine else None, limit=limit, offset=offset)
    people = lobby.players(db, rows)
    return GameListOut(games=[lobby.game_out(g, people, caller.user, ctx.base_url) for g in rows])


@router.post("", response_model=GameOut, status_code=201, summary="Create a game (you take one seat)",
             responses=responses(401, 403, 422))
def create_game(body: CreateGameIn, db: DB, caller: WriterCaller, ctx: Ctx) -> GameOut:
    game = lobby.create_game(db, ctx.rules, caller.user, scenario=body.scenario, side=body.side,
                             options=body.options, private=body.private, time_control=body.time_control,
                             rated=body.rated, bid=body.bid)
    db.commit()
    return lobby.describe(db, game, caller.user, ctx.base_url)


@router.post("/computer", response_model=GameOut, status_code=201, responses=responses(401, 403, 422),
             summary="Play against the computer: a started, unrated game with a bot in the other seat",
             description="`level` is one of the bot levels (`fast`, `search`); the bot answers through the "
             "same path as any player, a short pause after each change (docs/server.md).")
def create_computer_game(body: ComputerGameIn, db: DB, caller: WriterCaller, ctx: Ctx) -> GameOut:
    game, snap = computer.create_game(db, ctx.rules, caller.user, scenario=body.scenario, side=body.side,
                                      options=body.options, level=body.level, private=body.private)
    db.commit()
    ctx.snapshots.put(snap)
    return lobby.describe(db, game, caller.user, ctx.base_url)


@router.post("/{game_id}/timeout/claim", response_model=GameOut, responses=responses(401, 403, 404, 409),
             summary="Your opponent is out of time: claim the win")
def claim_timeout(game_id: int, db: DB, caller: WriterCaller, ctx: Ctx) -> GameOut:
    lobby.get_visible(db, game_id, caller.user)
    game = timing.claim_win(db, caller.user, game_id)
    db.commit()
    return lobby.describe(db, game, caller.user, ctx.base_url)


@router.post("/{game_id}/timeout/extend", response_model=GameOut, responses=responses(401, 403, 404, 409, 422),
             summary="Your opponent is out of time: give them more (instead of claiming the win)")
def extend_timeout(game_id: int, body: ExtendIn, db: DB, caller: WriterCaller, ctx: Ctx) -> GameOut:
    lobby.get_visible(db, game_id, caller.user)
    game = timing.extend(db, caller.user, game_id, body.minutes)
    db.commit()
    return lobby.describe(db, game, caller.user, ctx.base_url)


@router.post("/import", response_model=GameOut, status_code=201, responses=responses(401, 403, 413, 422, 429),
             summary="Import a game record as a new, private, unrated analysis game (you hold both seats)",
             description="The body is a record as `GET /api/games/{id}/export` returns it once a game has ended "
             "(it must hold the seed). Every action is replayed from the seed; the new game continues from the "
             "record's last position.")
def import_record(record: Annotated[dict[str, Any], Body()], db: DB, caller: WriterCaller, ctx: Ctx) -> GameOut:
    ctx.replay_throttle.check(caller.user_id)
    game, snap = records.import_record(db, ctx.rules, caller.user, record)
    db.commit()
    ctx.snapshots.put(snap)
    return lobby.describe(db, game, caller.user, ctx.base_url)


@router.get("/{game_id}/export", summary="The game's record (JSON)", responses=responses(403, 404),
            description="Scenario, options, players, result, `actions` (seq, side, action), the log and the seed "
            "commitment; once the game has ended also `seed_reveal` and `seed`. Anyone who may see the game may "
            "download it after the end; during play its players get their own side's record only.")
def export(game_id: int, db: DB, caller: CallerDep, ctx: Ctx) -> JSONResponse:
    game = lobby.get_visible(db, game_id, caller.user)
    record = records.export(db, game, caller.user, ctx.base_url)
    return JSONResponse(record, headers={
        "Content-Disposition": f'attachment; filename="stalins-war-game-{game.id}.json"',
        "Cache-Control": "private, no-store"})


@router.get("/{game_id}", response_model=GameOut, summary="A game's metadata", responses=responses(404))
def get_game(game_id: int, db: DB, caller: CallerDep, ctx: Ctx) -> GameOut:
    return lobby.describe(db, lobby.get_visible(db, game_id, caller.user), caller.user, ctx.base_url)


def _join(db, ctx: AppContext, caller, game, body: JoinIn | None) -> GameOut:
    snap = lobby.join(db, ctx.rules, caller.user, game, side=body.side if body else None,
                      bid=body.bid if body else None)
    db.commit()
    ctx.snapshots.put(snap)
    return lobby.describe(db, game, caller.user, ctx.base_url)


JOIN_BODY = ("No body for an ordinary game. A game with sides by bidding (21.0, `bidding.open`) needs "
             '`{"side", "bid"}`: the side you want and your sealed bid in automatic RPs.')


@router.post("/{game_id}/join", response_model=GameOut, summary="Take the free seat of a public game (starts it)",
             description=JOIN_BODY, responses=responses(401, 403, 404, 409, 422))
def join_game(game_id: int, db: DB, caller: WriterCaller, ctx: Ctx,
              body: Annotated[JoinIn | None, Body()] = None) -> GameOut:
    game = lobby.get_visible(db, game_id, caller.user, lock=True)
    if game.is_private and game.seat_of(caller.user_id) is None:
        raise ApiError(404, "not_found", "No such game.")
    return _join(db, ctx, caller, game, body)


@router.post("/invites/{token}/join", response_model=GameOut, summary="Take the free seat of a private game",
             description=JOIN_BODY, responses=responses(401, 403, 404, 409, 422))
def join_by_invite(token: str, db: DB, caller: WriterCaller, ctx: Ctx,
                   body: Annotated[JoinIn | None, Body()] = None) -> GameOut:
    game = lobby.by_invite(db, token, lock=True)
    return _join(db, ctx, caller, game, body)


@router.post("/{game_id}/resign", response_model=GameOut, summary="Resign (the opponent wins)",
             responses=responses(401, 403, 404, 409))
def resign(game_id: int, db: DB, caller: WriterCaller, ctx: Ctx) -> GameOut:
    game = lobby.get_visible(db, game_id, caller.user, lock=True)
    lobby.resign(db, caller.user, game)
    db.commit()
    return lobby.describe(db, game, caller.user, ctx.base_url)


@router.post("/{game_id}/cancel", response_model=GameOut, summary="Withdraw your open game before anyone joins",
             responses=responses(401, 403, 404, 409))
def cancel(game_id: int, db: DB, caller: WriterCaller, ctx: Ctx) -> GameOut:
    game = lobby.get_visible(db, game_id, caller.user, lock=True)
    lobby.cancel(db, caller.user, game)
    db.commit()
    return lobby.describe(db, game, caller.user, ctx.base_url)


@router.get("/{game_id}/view", response_model=ViewOut,
            summary="Your redacted view (spectators: the public one) and your legal actions",
            responses=responses(404))
def get_view(game_id: int, db: DB, caller: CallerDep, ctx: Ctx) -> ViewOut:
    sv = play.caller_view(db, ctx.rules, ctx.snapshots, game_id, caller.user)
    return _view_out(db, ctx, sv, caller.user)


@router.post(
    "/{game_id}/actions",
    response_model=ActionOut,
    summary="Submit one action",
    description="`seq` must equal the game's current seq (409 `stale_seq` otherwise). The action is applied "
    "in one transaction; the response is your new view plus the log entries you may see. If the database "
    "fails after the commit, the answer is still 200, as `{\"applied\": true, \"seq\": n, \"view\": null}`: "
    "fetch the view. 503 `busy` / `database_unavailable` (with `Retry-After`): retry with the same `seq`; "
    "an action is never applied twice.",
    responses=responses(400, 401, 403, 404, 409, 413, 422, 503),
)
def submit_action(game_id: int, body: ActionIn, db: DB, caller: WriterCaller, ctx: Ctx) -> ActionOut | JSONResponse:
    with ctx.game_gate.enter(game_id):
        applied = play.submit_action(db, ctx.rules, ctx.snapshots, caller.user, game_id, body.seq, body.action)
    return _answer_committed(game_id, applied.seq, lambda: ActionOut(
        **_view_out(db, ctx, play.seat_view(db, ctx.rules, ctx.snapshots, applied.game, applied.seat),
                    caller.user).model_dump(), log=_log_out(applied.log)))


def _answer_committed(game_id: int, seq: int, build: Callable[[], ActionOut]) -> ActionOut | JSONResponse:
    """The answer to a committed change: its view, or when that cannot be built now (the database
    went away after the commit), still the truth: applied at `seq`, fetch the view later."""
    try:
        return build()
    except Exception as exc:
        error = faults.classify(exc)
        if error is None and not isinstance(exc, ApiError):
            log.exception("game %s: building the answer after seq %s was committed", game_id, seq)
        else:
            log.warning("game %s: seq %s committed, its view not built: %s", game_id, seq, faults.describe(exc))
        return JSONResponse({"applied": True, "seq": seq, "view": None, "log": [],
                             "message": f"Applied at seq {seq}; the new view could not be built just now: "
                                        f"fetch GET /api/games/{game_id}/view."})


@router.post(
    "/{game_id}/undo",
    response_model=ActionOut,
    summary="Take back your latest action",
    description="Takes back the caller's latest action, as long as nothing new has come to light since it "
    "(a die roll, a card drawn, a hidden unit revealed, the opponent acting). `seq` must be the game's current "
    "seq; the undo is itself a new seq. 409 `undo_unavailable` (the message says why) when nothing can be "
    "taken back; 403 `not_your_turn` for the side not to act. Database failures are answered as for actions.",
    responses=responses(400, 401, 403, 404, 409, 413, 422, 503),
)
def undo_action(game_id: int, body: UndoIn, db: DB, caller: WriterCaller, ctx: Ctx) -> ActionOut | JSONResponse:
    with ctx.game_gate.enter(game_id):
        done = undo.undo(db, ctx.rules, ctx.snapshots, caller.user, game_id, body.seq)
    return _answer_committed(game_id, done.seq, lambda: ActionOut(
        **_view_out(db, ctx, play.seat_view(db, ctx.rules, ctx.snapshots, done.game, done.seat),
                    caller.user).model_dump(), log=_log_out(done.log)))


@router.get(
    "/{game_id}/history",
    response_model=HistoryOut,
    summary="A past position, as you were entitled to see it",
    description="The position after seq N (0: the start): a player gets their own side's view then, anyone else "
    "the spectators' view; once the game has ended, everyone gets the full view with both hands. `log` holds "
    "that seq's entries the caller may read.",
    responses=responses(404, 409, 422),
)
def get_history(game_id: int, db: DB, caller: CallerDep, ctx: Ctx, seq: int = Query(ge=0)) -> HistoryOut:
    pos = history.position(db, ctx.rules, ctx.history, game_id, caller.user, seq)
    return HistoryOut(seq=pos.seq, last_seq=pos.last_seq, view=pos.view, log=_log_out(pos.log), action=pos.action)


@router.get("/{game_id}/history.svg", summary="The board of a past position, as you were entitled to see it",
            response_class=Response, responses={200: {"content": {"image/svg+xml": {}}}, **responses(404, 409, 422)})
def get_history_svg(game_id: int, db: DB, caller: CallerDep, ctx: Ctx, seq: int = Query(ge=0)) -> Response:
    pos = history.position(db, ctx.rules, ctx.history, game_id, caller.user, seq)
    try:
        svg = ctx.rules.render_svg(pos.view)
    except Exception:
        raise ApiError(503, "board_unavailable", "The board could not be drawn; the game itself is fine.") from None
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "private, max-age=60"})


@router.get("/{game_id}/log", response_model=LogOut, summary="Log entries you may see (newest 500 after `after`)",
            responses=responses(404))
def get_log(game_id: int, db: DB, caller: CallerDep, after: int = Query(0, ge=0, le=INT64_MAX)) -> LogOut:
    game = lobby.get_visible(db, game_id, caller.user)
    seat = game.seat_of(caller.user_id)
    return LogOut(entries=_log_out(play.visible_log(db, game.id, seat, after_id=after)))


@router.get("/{game_id}/board.svg", summary="The board as SVG, from your view", response_class=Response,
            responses={200: {"content": {"image/svg+xml": {}}}, **responses(404)})
def board_svg(game_id: int, db: DB, caller: CallerDep, ctx: Ctx) -> Response:
    game = lobby.get_visible(db, game_id, caller.user)
    seat = game.seat_of(caller.user_id)
    svg = play.board_svg(db, ctx.rules, ctx.snapshots, game, seat)
    if svg is None:
        raise ApiError(409, "game_not_active", "The game has not started yet.")
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "private, no-store"})


@router.get("/{game_id}/chat", response_model=ChatListOut, summary="Chat messages", responses=responses(404))
def get_chat(game_id: int, db: DB, caller: CallerDep, after: int = Query(0, ge=0, le=INT64_MAX)) -> ChatListOut:
    game = lobby.get_visible(db, game_id, caller.user)
    return ChatListOut(messages=chat.history(db, game.id, after_id=after))


@router.post("/{game_id}/chat", response_model=ChatOut, status_code=201, summary="Post a chat message",
             responses=responses(401, 404, 422, 429))
def post_chat(game_id: int, body: ChatIn, db: DB, caller: WriterCaller, ctx: Ctx) -> ChatOut:
    game = lobby.get_visible(db, game_id, caller.user)
    msg = chat.post(db, ctx.chat_throttle, caller.user, game, body.text)
    return ChatOut(id=msg.id, user=caller.user.username, text=msg.text, created_at=msg.created_at)


@router.put("/{game_id}/seen", response_model=SeenOut, summary="Remember how far you have seen this game",
            description="The game page reports the seq it has shown; the next time it opens it lists what the "
                        "other side did since (\"since your last visit\"). The stored seq never moves back. "
                        "422 `malformed` for a seq past the game's current one.",
            responses=responses(401, 404, 422))
def put_seen(game_id: int, body: SeenIn, db: DB, caller: WriterCaller) -> SeenOut:
    game = lobby.get_visible(db, game_id, caller.user)
    stored = visits.mark_seen(db, game, caller.user, body.seq)
    db.commit()
    return SeenOut(seq=stored)


@router.get("/{game_id}/notes", response_model=NotesOut, summary="Your private notes on this game",
            responses=responses(401, 403, 404))
def get_notes(game_id: int, db: DB, caller: UserCaller) -> NotesOut:
    game = lobby.get_visible(db, game_id, caller.user)
    if game.seat_of(caller.user_id) is None:
        raise ApiError(403, "not_a_player", "Only the game's players keep notes on it.")
    note = chat.get_notes(db, caller.user, game)
    return NotesOut(text=note.text if note else "", updated_at=note.updated_at if note else None)


@router.put("/{game_id}/notes", response_model=NotesOut, summary="Replace your private notes",
            responses=responses(401, 403, 404, 422))
def put_notes(game_id: int, body: NotesIn, db: DB, caller: WriterCaller) -> NotesOut:
    game = lobby.get_visible(db, game_id, caller.user)
    note = chat.save_notes(db, caller.user, game, body.text)
    return NotesOut(text=note.text, updated_at=note.updated_at)
