"""Admin API: every game with full information, the inspector, rewind, seats, stale games, aborts, bans,
password-reset links, the audit log."""
from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Query

from app.deps import DB, AdminCaller, require_csrf_for_cookie_writes
from app.errors import responses
from app.inputs import INT64_MAX
from app.routes.api_games import Ctx, _log_out
from app.schemas import (
    AbortIn,
    AdminViewOut,
    AuditListOut,
    AuditOut,
    BanIn,
    GameListOut,
    GameOut,
    InspectOut,
    ReassignIn,
    RecordedActionOut,
    ResetLinkOut,
    RewindIn,
    RewindOut,
    StaleListOut,
    StaleOut,
    UserAdminOut,
)
from app.services import admin, admin_games, password_reset
from app.services import games as lobby
from app.services.play import visible_log

router = APIRouter(prefix="/api/admin", tags=["admin"], responses=responses(401, 403))
Csrf = Annotated[None, Depends(require_csrf_for_cookie_writes)]


def user_out(u) -> UserAdminOut:
    return UserAdminOut(id=u.id, username=u.username, is_admin=u.is_admin, is_bot=u.is_bot, banned=u.is_banned,
                        ban_reason=u.ban_reason, created_at=u.created_at)


@router.get("/games", response_model=GameListOut, summary="Every game, private ones included")
def all_games(db: DB, caller: AdminCaller, ctx: Ctx,
              status: Literal["open", "active", "finished"] | None = None,
              limit: int = Query(100, ge=1, le=500), offset: int = Query(0, ge=0, le=INT64_MAX)) -> GameListOut:
    rows = lobby.list_games(db, status=status, include_private=True, limit=limit, offset=offset)
    people = lobby.players(db, rows)
    return GameListOut(games=[lobby.game_out(g, people, caller.user, ctx.base_url) for g in rows])


@router.get("/games/{game_id}", response_model=AdminViewOut, responses=responses(404),
            summary="A game with full information: both sides' views (audited; never shown to players)")
def full_information(game_id: int, db: DB, caller: AdminCaller, ctx: Ctx) -> AdminViewOut:
    game = admin.open_with_full_information(db, caller.user, game_id)
    seq, views, actions = admin.full_views(db, ctx.rules, ctx.snapshots, game)
    return AdminViewOut(game=lobby.describe(db, game, caller.user, ctx.base_url), seq=seq, views=views,
                        actions=actions, log=_log_out(visible_log(db, game.id, None, everything=True)))


@router.post("/games/{game_id}/abort", response_model=GameOut, responses=responses(404, 409),
             summary="Abort a game (no winner)")
def abort_game(game_id: int, body: AbortIn, db: DB, caller: AdminCaller, _: Csrf, ctx: Ctx) -> GameOut:
    game = admin.abort_game(db, caller.user, game_id, body.reason)
    return lobby.describe(db, game, caller.user, ctx.base_url)


@router.post("/games/{game_id}/pause", response_model=GameOut, responses=responses(404, 409),
             summary="Pause a game's clocks (deadlines and live clocks stop; players are told)")
def pause(game_id: int, body: AbortIn, db: DB, caller: AdminCaller, _: Csrf, ctx: Ctx) -> GameOut:
    game = admin.pause_clocks(db, caller.user, game_id, body.reason)
    return lobby.describe(db, game, caller.user, ctx.base_url)


@router.post("/games/{game_id}/resume", response_model=GameOut, responses=responses(404, 409),
             summary="Resume a game's clocks (nobody lost time while they were paused)")
def resume(game_id: int, db: DB, caller: AdminCaller, _: Csrf, ctx: Ctx) -> GameOut:
    game = admin.resume_clocks(db, caller.user, game_id)
    return lobby.describe(db, game, caller.user, ctx.base_url)


@router.get("/users", response_model=list[UserAdminOut], summary="Users, newest first")
def users(db: DB, caller: AdminCaller, q: str = "", limit: int = Query(100, ge=1, le=500),
          offset: int = Query(0, ge=0, le=INT64_MAX)) -> list[UserAdminOut]:
    return [user_out(u) for u in admin.list_users(db, query=q, limit=limit, offset=offset)]


@router.post("/users/{user_id}/ban", response_model=UserAdminOut, responses=responses(404, 409),
             summary="Ban a user: sessions end, tokens stop working, open sockets close")
def ban(user_id: int, body: BanIn, db: DB, caller: AdminCaller, _: Csrf) -> UserAdminOut:
    return user_out(admin.ban_user(db, caller.user, user_id, body.reason))


@router.post("/users/{user_id}/unban", response_model=UserAdminOut, responses=responses(404, 409),
             summary="Lift a ban")
def unban(user_id: int, db: DB, caller: AdminCaller, _: Csrf) -> UserAdminOut:
    return user_out(admin.unban_user(db, caller.user, user_id))


@router.get("/audit", response_model=AuditListOut, summary="The audit log, newest first")
def audit_log(db: DB, caller: AdminCaller, limit: int = Query(200, ge=1, le=1000),
              offset: int = Query(0, ge=0, le=INT64_MAX)) -> AuditListOut:
    return AuditListOut(entries=[
        AuditOut(id=e.id, admin=e.admin_username, action=e.action, target_type=e.target_type,
                 target_id=e.target_id, details=e.details, created_at=e.created_at)
        for e in admin.audit_entries(db, limit=limit, offset=offset)
    ])


@router.get("/games/{game_id}/inspect", response_model=InspectOut, responses=responses(404, 409, 422),
            summary="The game inspector: the position after any seq with full information (audited)")
def inspect(game_id: int, db: DB, caller: AdminCaller, ctx: Ctx,
            seq: int | None = Query(None, ge=0, le=2**31 - 1, description="default: the current seq")) -> InspectOut:
    found = admin_games.inspect(db, ctx.rules, ctx.history, caller.user, game_id, seq)
    game = found.game
    targets = admin_games.rewind_targets(found.actions, game.seq) if game.status == "active" else []
    return InspectOut(game=lobby.describe(db, game, caller.user, ctx.base_url), seq=found.seq, last_seq=game.seq,
                      full_view=found.full, views=found.views, log=_log_out(found.log),
                      actions=[recorded(a) for a in found.actions], rewind_targets=targets)


def recorded(a) -> RecordedActionOut:
    return RecordedActionOut(seq=a.seq, side=a.side, action=a.action, label=admin_games.action_label(a),
                             undoes=a.undoes, undone_by=a.undone_by, created_at=a.created_at)


@router.post("/games/{game_id}/rewind", response_model=RewindOut, responses=responses(404, 409, 422),
             summary="Rewind a game to the position after seq N (players are told; the actions taken back stay "
                     "in the record, marked undone)")
def rewind(game_id: int, body: RewindIn, db: DB, caller: AdminCaller, _: Csrf, ctx: Ctx) -> RewindOut:
    done = admin_games.rewind(db, ctx.rules, ctx.snapshots, ctx.history, caller.user, game_id, body.seq, body.reason)
    return RewindOut(game=lobby.describe(db, done.game, caller.user, ctx.base_url), seq=done.seq, to=done.to,
                     taken_back=done.taken_back)


@router.post("/games/{game_id}/reassign", response_model=GameOut, responses=responses(404, 409, 422),
             summary="Give a seat to another user (both are told)")
def reassign(game_id: int, body: ReassignIn, db: DB, caller: AdminCaller, _: Csrf, ctx: Ctx) -> GameOut:
    game = admin_games.reassign(db, caller.user, game_id, body.side, body.username, body.reason)
    return lobby.describe(db, game, caller.user, ctx.base_url)


@router.get("/stale", response_model=StaleListOut, summary="Games in progress with no move for `days` days")
def stale(db: DB, caller: AdminCaller, ctx: Ctx, days: int = Query(7, ge=0, le=3650)) -> StaleListOut:
    rows = admin_games.stale_games(db, days)
    people = lobby.players(db, [r.game for r in rows])
    return StaleListOut(days=days, games=[
        StaleOut(game=lobby.game_out(r.game, people, caller.user, ctx.base_url), last_move_at=r.last_move_at,
                 idle_days=round(r.idle_days, 2)) for r in rows])


@router.post("/users/{user_id}/reset-link", response_model=ResetLinkOut, status_code=201,
             responses=responses(404), summary="Make a one-time password-reset link for a user (shown only now; "
                                               "older links stop working)")
def reset_link(user_id: int, db: DB, caller: AdminCaller, _: Csrf, ctx: Ctx) -> ResetLinkOut:
    link = password_reset.make_link(db, ctx.settings, caller.user, user_id, ctx.base_url)
    return ResetLinkOut(user=user_out(link.user), url=link.url, expires_at=link.expires_at)
