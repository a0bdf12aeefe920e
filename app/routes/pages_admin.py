"""HTML admin pages: games, one game with full information, users, the audit log."""
from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from app.deps import DB
from app.errors import ApiError
from app.services import admin
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
