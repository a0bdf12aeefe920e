"""HTML admin pages: games, one game with full information, the inspector, rewind and seats, stale games,
users (with password-reset links), the audit log."""
from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from app.deps import DB
from app.errors import ApiError
from app.services import admin, admin_games, password_reset
from app.services import games as lobby
from app.services.play import visible_log
from app.web import caller, check_csrf, redirect, render

router = APIRouter(prefix="/admin", include_in_schema=False)
F = Annotated[str, Form()]


def _admin(request: Request, db):
    who = caller(request, db)
    if who.user is None:
        raise ApiError(401, "not_signed_in", "Sign in first.")
    if not who.is_admin:
        raise ApiError(403, "forbidden", "Admins only.")
    return who


@router.get("", response_class=HTMLResponse)
def games(request: Request, db: DB, status: str | None = None) -> HTMLResponse:
    who = _admin(request, db)
    status = status if status in ("open", "active", "finished") else None
    rows = lobby.list_games(db, status=status, include_private=True, limit=200)
    people = lobby.players(db, rows)
    return render(request, db, "admin_games.html", games=[lobby.game_out(g, people, who.user) for g in rows],
                  status=status)


@router.get("/games/{game_id}", response_class=HTMLResponse)
def game(request: Request, db: DB, game_id: int) -> HTMLResponse:
    who = _admin(request, db)
    row = admin.open_with_full_information(db, who.user, game_id)
    ctx = request.app.state.ctx
    seq, views, actions = admin.full_views(db, ctx.rules, ctx.snapshots, row)
    return render(request, db, "admin_game.html", game=lobby.describe(db, row, who.user), seq=seq, views=views,
                  actions=actions, log=visible_log(db, row.id, None, everything=True))


@router.post("/games/{game_id}/abort")
def abort(request: Request, db: DB, game_id: int, csrf_token: F = "", reason: F = "") -> RedirectResponse:
    check_csrf(request, db, csrf_token)
    who = _admin(request, db)
    admin.abort_game(db, who.user, game_id, reason.strip()[:500])
    return redirect(request, f"/admin/games/{game_id}")


@router.post("/games/{game_id}/pause")
def pause(request: Request, db: DB, game_id: int, csrf_token: F = "", reason: F = "") -> RedirectResponse:
    check_csrf(request, db, csrf_token)
    who = _admin(request, db)
    admin.pause_clocks(db, who.user, game_id, reason.strip()[:500])
    return redirect(request, f"/admin/games/{game_id}")


@router.post("/games/{game_id}/resume")
def resume(request: Request, db: DB, game_id: int, csrf_token: F = "") -> RedirectResponse:
    check_csrf(request, db, csrf_token)
    who = _admin(request, db)
    admin.resume_clocks(db, who.user, game_id)
    return redirect(request, f"/admin/games/{game_id}")


@router.get("/games/{game_id}/inspect", response_class=HTMLResponse)
def inspect(request: Request, db: DB, game_id: int, seq: int | None = Query(None, ge=0, le=2**31 - 1)) -> HTMLResponse:
    who = _admin(request, db)
    ctx = request.app.state.ctx
    found = admin_games.inspect(db, ctx.rules, ctx.history, who.user, game_id, seq)
    game = found.game
    try:
        svg = ctx.rules.render_svg(found.full)
    except Exception:  # noqa: BLE001 - the inspector still shows everything else
        svg = None
    targets = admin_games.rewind_targets(found.actions, game.seq) if game.status == "active" else []
    return render(request, db, "admin_inspect.html", game=lobby.describe(db, game, who.user), seq=found.seq,
                  last_seq=game.seq, full=found.full, views=found.views, log=found.log, actions=found.actions,
                  label=admin_games.action_label, svg=svg, targets=targets)


@router.post("/games/{game_id}/rewind", response_model=None)
def rewind(request: Request, db: DB, game_id: int, csrf_token: F = "", seq: F = "", reason: F = ""):
    check_csrf(request, db, csrf_token)
    who = _admin(request, db)
    ctx = request.app.state.ctx
    if not seq.strip().isdigit():
        raise ApiError(422, "malformed", "Give the seq to go back to (a whole number).")
    done = admin_games.rewind(db, ctx.rules, ctx.snapshots, ctx.history, who.user, game_id, int(seq),
                              reason.strip()[:500])
    return redirect(request, f"/admin/games/{game_id}/inspect?seq={done.seq}")


@router.post("/games/{game_id}/reassign", response_model=None)
def reassign(request: Request, db: DB, game_id: int, csrf_token: F = "", side: F = "", username: F = "",
             reason: F = ""):
    check_csrf(request, db, csrf_token)
    who = _admin(request, db)
    admin_games.reassign(db, who.user, game_id, side, username.strip()[:64], reason.strip()[:500])
    return redirect(request, f"/admin/games/{game_id}/inspect")


@router.get("/stale", response_class=HTMLResponse)
def stale(request: Request, db: DB, days: int = Query(7, ge=0, le=3650)) -> HTMLResponse:
    who = _admin(request, db)
    rows = admin_games.stale_games(db, days)
    people = lobby.players(db, [r.game for r in rows])
    return render(request, db, "admin_stale.html", days=days,
                  rows=[(lobby.game_out(r.game, people, who.user), r) for r in rows])


@router.get("/users/{user_id}", response_class=HTMLResponse)
def user_page(request: Request, db: DB, user_id: int) -> HTMLResponse:
    _admin(request, db)
    return _user_page(request, db, user_id)


def _user_page(request: Request, db, user_id: int, **extra) -> HTMLResponse:
    who = _admin(request, db)
    user = admin.get_user(db, user_id)
    rows = lobby.list_games(db, mine=user, limit=100)
    people = lobby.players(db, rows)
    return render(request, db, "admin_user.html", user=user, games=[lobby.game_out(g, people, who.user) for g in rows],
                  **extra)


@router.post("/users/{user_id}/reset-link", response_class=HTMLResponse)
def reset_link(request: Request, db: DB, user_id: int, csrf_token: F = "") -> HTMLResponse:
    check_csrf(request, db, csrf_token)
    who = _admin(request, db)
    ctx = request.app.state.ctx
    base = ctx.base_url or str(request.base_url).rstrip("/")
    link = password_reset.make_link(db, ctx.settings, who.user, user_id, base)
    return _user_page(request, db, user_id, reset_link=link)


@router.get("/users", response_class=HTMLResponse)
def users(request: Request, db: DB, q: str = "") -> HTMLResponse:
    _admin(request, db)
    return render(request, db, "admin_users.html", users=admin.list_users(db, query=q[:32], limit=200), q=q)


@router.post("/users/{user_id}/ban")
def ban(request: Request, db: DB, user_id: int, csrf_token: F = "", reason: F = "") -> RedirectResponse:
    check_csrf(request, db, csrf_token)
    who = _admin(request, db)
    admin.ban_user(db, who.user, user_id, reason.strip()[:500])
    return redirect(request, "/admin/users")


@router.post("/users/{user_id}/unban")
def unban(request: Request, db: DB, user_id: int, csrf_token: F = "") -> RedirectResponse:
    check_csrf(request, db, csrf_token)
    who = _admin(request, db)
    admin.unban_user(db, who.user, user_id)
    return redirect(request, "/admin/users")


@router.get("/audit", response_class=HTMLResponse)
def audit(request: Request, db: DB) -> HTMLResponse:
    _admin(request, db)
    return render(request, db, "admin_audit.html", entries=admin.audit_entries(db, limit=500))
