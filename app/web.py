"""Helpers for the HTML pages: templates, the session cookie, CSRF on forms, redirects."""
from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.templating import Jinja2Templates
from sqlalchemy.orm import Session

from app import security
from app.board_assets import board_asset_urls
from app.deps import SESSION_COOKIE, Caller, client_ip, get_caller
from app.errors import ApiError
from app.models import WebSession
from app.services import accounts, clocks
from app.settings import ROOT, Settings

templates = Jinja2Templates(directory=str(ROOT / "templates"))
templates.env.filters["time_control"] = clocks.describe
templates.env.globals["clock_summary"] = clocks.summary_text
templates.env.globals["board_asset_urls"] = board_asset_urls


def caller(request: Request, db: Session) -> Caller:
    return get_caller(request, db, request.app.state.settings)


def ensure_session(request: Request, db: Session) -> WebSession:
    """The visitor's session, starting an anonymous one if needed (forms need a CSRF token)."""
    who = caller(request, db)
    if who.session is not None:
        return who.session
    settings: Settings = request.app.state.settings
    new = accounts.start_session(db, settings, None, ip=client_ip(request),
                                 user_agent=request.headers.get("user-agent"))
    db.commit()
    request.state.caller = Caller(user=None, session=new.row)
    request.state.new_cookie = (new.cookie_value, int(accounts.ANONYMOUS_SESSION.total_seconds()))
    return new.row


def sign_in(request: Request, db: Session, user) -> None:
    """A fresh session id and CSRF token at sign-in (no session fixation)."""
    settings: Settings = request.app.state.settings
    old = caller(request, db).session
    if old is not None:
        accounts.end_session(db, old)
    new = accounts.start_session(db, settings, user, ip=client_ip(request),
                                 user_agent=request.headers.get("user-agent"))
    db.commit()
    request.state.caller = Caller(user=user, session=new.row)
    request.state.new_cookie = (new.cookie_value, settings.session_days * 86400)


def sign_out(request: Request, db: Session) -> None:
    session = caller(request, db).session
    if session is not None:
        accounts.end_session(db, session)
        db.commit()
    request.state.caller = Caller(user=None, session=None)
    request.state.new_cookie = ("", 0)


def _apply_cookie(request: Request, response) -> None:
    pending = getattr(request.state, "new_cookie", None)
    if pending is None:
        return
    value, max_age = pending
    settings: Settings = request.app.state.settings
    if not value:
        response.delete_cookie(SESSION_COOKIE, path="/", secure=settings.secure_cookies, httponly=True, samesite="lax")
        return
    response.set_cookie(SESSION_COOKIE, value, max_age=max_age, path="/", httponly=True, samesite="lax",
                        secure=settings.secure_cookies)


def render(request: Request, db: Session, template: str, status_code: int = 200, **context: Any) -> HTMLResponse:
    who = caller(request, db)
    # API-token callers (scripts) have no browser session and post no forms.
    csrf = "" if who.by_token else ensure_session(request, db).csrf_token
    who = caller(request, db)
    moves = _your_move_count(db, who.user) if who.user else 0
    response = templates.TemplateResponse(
        request, template, {"me": who.user, "csrf_token": csrf, "your_move_count": moves, **context},
        status_code=status_code
    )
    _apply_cookie(request, response)
    return response


def _your_move_count(db: Session, user) -> int:
    from app.dashboard import your_move_count  # the dashboard imports the services, which import this module

    return your_move_count(db, user)


def redirect(request: Request, url: str) -> RedirectResponse:
    response = RedirectResponse(url, status_code=303)
    _apply_cookie(request, response)
    return response


def check_csrf(request: Request, db: Session, token: str) -> Caller:
    """Every form post carries the session's CSRF token (synchroniser token pattern)."""
    who = caller(request, db)
    if who.session is None or not security.same(token, who.session.csrf_token):
        raise ApiError(403, "csrf", "This form has expired or did not come from this site. Reload the page and try again.")
    return who


def require_page_user(request: Request, db: Session) -> Caller:
    who = caller(request, db)
    if who.user is None:
        raise ApiError(401, "not_signed_in", "Sign in first.")
    return who
