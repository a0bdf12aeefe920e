"""HTML account page: API tokens and password."""
from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from app.deps import DB
from app.errors import ApiError
from app.services import accounts, clocks, notices, timing, webhooks
from app.web import check_csrf, redirect, render, require_page_user

router = APIRouter(include_in_schema=False)
F = Annotated[str, Form()]


def _mail_enabled(request: Request) -> bool:
    mailer = getattr(request.app.state.ctx, "mailer", None)
    return bool(mailer and mailer.enabled)


def _page(request: Request, db, status_code: int = 200, **extra) -> HTMLResponse:
    who = require_page_user(request, db)
    hooks = webhooks.listed(db, who.user)
    log = webhooks.delivery_log(db, who.user, limit=30)
    by_hook: dict[int, list] = {}
    for d in log:
        if d.webhook_id is not None:
            by_hook.setdefault(d.webhook_id, []).append(d)
    backoff = request.app.state.settings.delivery_backoff_seconds
    return render(request, db, "account.html", status_code=status_code, tokens=accounts.list_tokens(db, who.user),
                  mail_enabled=_mail_enabled(request), webhooks=hooks, deliveries=by_hook, delivery_log=log,
                  notice_kinds=notices.KINDS, default_kinds=webhooks.DEFAULT_EVENTS,
                  backoff=", ".join(clocks.duration(b) for b in backoff) if backoff else "",
                  vacation_until=timing.vacation_until(db, who.user), **extra)


@router.post("/account/webhooks", response_class=HTMLResponse)
async def add_webhook(request: Request, db: DB) -> HTMLResponse:
    form = await request.form()
    check_csrf(request, db, str(form.get("csrf_token", "")))
    who = require_page_user(request, db)
    try:
        hook = webhooks.create(db, who.user, str(form.get("url", "")), str(form.get("format", "json")),
                               [str(e) for e in form.getlist("events")])
        db.commit()
    except ApiError as exc:
        db.rollback()
        return _page(request, db, status_code=exc.status, webhook_error=exc.message)
    return _page(request, db, new_webhook_secret=hook.secret)


@router.post("/account/webhooks/{webhook_id}/delete")
def delete_webhook(request: Request, db: DB, webhook_id: int, csrf_token: F = "") -> RedirectResponse:
    check_csrf(request, db, csrf_token)
    who = require_page_user(request, db)
    webhooks.delete(db, who.user, webhook_id)
    db.commit()
    return redirect(request, "/account#notices-card")


@router.post("/account/webhooks/{webhook_id}/test")
def test_webhook(request: Request, db: DB, webhook_id: int, csrf_token: F = "") -> RedirectResponse:
    check_csrf(request, db, csrf_token)
    who = require_page_user(request, db)
    webhooks.send_test(db, who.user, webhook_id)
    db.commit()
    return redirect(request, "/account#delivery-log")


@router.post("/account/vacation", response_class=HTMLResponse)
def take_vacation(request: Request, db: DB, csrf_token: F = "", days: F = "") -> HTMLResponse:
    check_csrf(request, db, csrf_token)
    who = require_page_user(request, db)
    try:
        if not days.strip().isdigit():
            raise ApiError(422, "malformed", "Give a whole number of days.")
        taken = timing.take_vacation(db, who.user, int(days))
        db.commit()
    except ApiError as exc:
        db.rollback()
        return _page(request, db, status_code=exc.status, vacation_error=exc.message)
    note = (f"Vacation taken in {len(taken)} correspondence game{'s' if len(taken) != 1 else ''}."
            if taken else "None of your games in progress has a vacation allowance left to use.")
    return _page(request, db, vacation_note=note)


@router.post("/account/vacation/end", response_class=HTMLResponse)
def end_vacation(request: Request, db: DB, csrf_token: F = "") -> HTMLResponse:
    check_csrf(request, db, csrf_token)
    who = require_page_user(request, db)
    ended = timing.end_vacation(db, who.user)
    db.commit()
    return _page(request, db, vacation_note=f"Welcome back: vacation ended in {ended} game{'s' if ended != 1 else ''}.")


@router.get("/account", response_class=HTMLResponse)
def account(request: Request, db: DB) -> HTMLResponse:
    return _page(request, db)


@router.post("/account/tokens", response_class=HTMLResponse)
def create_token(request: Request, db: DB, csrf_token: F = "", name: F = "") -> HTMLResponse:
    check_csrf(request, db, csrf_token)
    who = require_page_user(request, db)
    try:
        token, secret = accounts.create_token(db, request.app.state.settings, who.user, name)
        db.commit()
    except ApiError as exc:
        db.rollback()
        return _page(request, db, status_code=exc.status, token_error=exc.message)
    # The secret is shown on this response only; a reload shows the list without it.
    return _page(request, db, new_token=secret, new_token_name=token.name)


@router.post("/account/tokens/{token_id}/revoke")
def revoke_token(request: Request, db: DB, token_id: int, csrf_token: F = "") -> RedirectResponse:
    check_csrf(request, db, csrf_token)
    who = require_page_user(request, db)
    accounts.revoke_token(db, who.user, token_id)
    db.commit()
    return redirect(request, "/account")


@router.post("/account/email", response_class=HTMLResponse)
def change_email(request: Request, db: DB, csrf_token: F = "", email: F = "", email_on_turn: F = "") -> HTMLResponse:
    check_csrf(request, db, csrf_token)
    who = require_page_user(request, db)
    try:
        # Without a mail server nothing would be sent: do not pretend otherwise.
        accounts.set_email(db, who.user, email, notify=bool(email_on_turn) and _mail_enabled(request))
        db.commit()
    except ApiError as exc:
        db.rollback()
        return _page(request, db, status_code=exc.status, email_error=exc.message)
    return _page(request, db, email_ok=True)


@router.post("/account/password", response_class=HTMLResponse)
def change_password(request: Request, db: DB, csrf_token: F = "", current: F = "", new: F = "",
                    new2: F = "") -> HTMLResponse:
    check_csrf(request, db, csrf_token)
    who = require_page_user(request, db)
    try:
        if new != new2:
            raise ApiError(422, "invalid_password", "The two new passwords differ.")
        revoked = accounts.change_password(db, who.user, current, new, keep=who.session)
        db.commit()
    except ApiError as exc:
        db.rollback()
        return _page(request, db, status_code=exc.status, password_error=exc.message)
    return _page(request, db, password_ok=True, tokens_revoked=revoked)
