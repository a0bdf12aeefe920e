"""HTML pages: lobby, sign up/in/out, game, invitation."""
from __future__ import annotations

import json
from typing import Annotated

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse, Response

from app.deps import DB, client_ip
from app.errors import ApiError
from app.models import User
from app.rules import ENGINE_OPTIONS, SCENARIOS
from app import dashboard
from app.services import accounts, clocks, computer, notices, password_reset, records, visits
from app.settings import ROOT
from app.services import games as lobby
from app.verify import verify_record
from app.web import check_csrf, redirect, render, require_page_user, sign_in, sign_out
from app.web import caller as page_caller

router = APIRouter(include_in_schema=False)
F = Annotated[str, Form()]


def _safe_next(url: str | None) -> str:
    """Only same-site paths: no open redirect through ?next=."""
    return url if url and url.startswith("/") and not url.startswith("//") and "\\" not in url else "/"


FAVICON = ROOT / "static" / "favicon.svg"


@router.get("/favicon.ico")
def favicon() -> Response:
    """Browsers ask for /favicon.ico whatever the page links; answer with our SVG icon."""
    return FileResponse(FAVICON, media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"})


@router.get("/", response_class=HTMLResponse)
def lobby_page(request: Request, db: DB) -> HTMLResponse:
    return _lobby(request, db)


def _lobby(request: Request, db, status_code: int = 200, **extra) -> HTMLResponse:
    who = page_caller(request, db)
    board = dashboard.build(db, who.user, request.app.state.ctx.base_url)
    return render(request, db, "lobby.html", status_code=status_code, board=board,
                  recent_notices=notices.recent(db, who.user, limit=8) if who.user else [],
                  scenarios=SCENARIOS, engine_options=ENGINE_OPTIONS,
                  correspondence_days=clocks.CORRESPONDENCE_DAYS, vacation_days=clocks.VACATION_DAYS,
                  live_minutes=clocks.LIVE_MINUTES, live_increments=clocks.LIVE_INCREMENTS,
                  bot_levels=[{"level": lv, "name": name, "help": computer.LEVEL_HELP.get(lv, "")}
                              for lv, name in computer.LEVELS.items()], **extra)


@router.post("/notices/read")
def read_notices(request: Request, db: DB, csrf_token: F = "") -> RedirectResponse:
    who = check_csrf(request, db, csrf_token)
    require_page_user(request, db)
    notices.mark_read(db, who.user)
    db.commit()
    return redirect(request, "/")


# --- accounts ------------------------------------------------------------------------------------


@router.get("/signup", response_class=HTMLResponse)
def signup_page(request: Request, db: DB) -> HTMLResponse:
    return render(request, db, "signup.html")


@router.post("/signup")
def signup(request: Request, db: DB, csrf_token: F = "", username: F = "", password: F = "",
           password2: F = "", email: F = "") -> Response:
    check_csrf(request, db, csrf_token)
    try:
        if password != password2:
            raise ApiError(422, "invalid_password", "The two passwords differ.")
        user = accounts.create_user(db, username, password, email=email.strip() or None)
        db.commit()
    except ApiError as exc:
        db.rollback()
        return render(request, db, "signup.html", status_code=exc.status, error=exc.message, username=username, email=email)
    sign_in(request, db, user)
    return redirect(request, "/")


@router.get("/signin", response_class=HTMLResponse)
def signin_page(request: Request, db: DB, next: str = "/") -> HTMLResponse:
    return render(request, db, "signin.html", next=_safe_next(next))


@router.post("/signin")
def signin(request: Request, db: DB, csrf_token: F = "", username: F = "", password: F = "",
           next: F = "/") -> Response:
    check_csrf(request, db, csrf_token)
    try:
        user = accounts.authenticate(db, request.app.state.settings, username, password, client_ip(request))
        db.commit()
    except ApiError as exc:
        db.rollback()
        return render(request, db, "signin.html", status_code=exc.status, error=exc.message, username=username,
                      next=_safe_next(next))
    sign_in(request, db, user)
    return redirect(request, _safe_next(next))


@router.get("/reset/{token}", response_class=HTMLResponse)
def reset_page(request: Request, db: DB, token: str) -> HTMLResponse:
    try:
        row = password_reset.find(db, request.app.state.settings, token)
    except ApiError as exc:
        return render(request, db, "reset_password.html", status_code=exc.status, error=exc.message, valid=False)
    user = db.get(User, row.user_id)
    return render(request, db, "reset_password.html", valid=True, token=token, username=user.username)


@router.post("/reset/{token}", response_class=HTMLResponse)
def reset_password(request: Request, db: DB, token: str, csrf_token: F = "", password: F = "",
                   password2: F = "") -> HTMLResponse:
    check_csrf(request, db, csrf_token)
    settings = request.app.state.settings
    try:
        user = password_reset.use(db, settings, token, password, password2)
    except ApiError as exc:
        valid, username = True, ""
        try:
            username = db.get(User, password_reset.find(db, settings, token).user_id).username
        except ApiError:
            valid = False
        return render(request, db, "reset_password.html", status_code=exc.status, error=exc.message, valid=valid,
                      token=token, username=username)
    sign_out(request, db)  # whoever this browser was signed in as, the reset ended that session
    return render(request, db, "signin.html", username=user.username, next="/",
                  message="Your new password is set. Sign in with it.")


@router.post("/signout")
def signout(request: Request, db: DB, csrf_token: F = "") -> RedirectResponse:
    check_csrf(request, db, csrf_token)
    sign_out(request, db)
    return redirect(request, "/")


# --- games ---------------------------------------------------------------------------------------


@router.post("/games")
def create_game(request: Request, db: DB, csrf_token: F = "", scenario: F = "campaign", side: F = "random",
                visibility: F = "public", options: F = "{}", clock: F = "correspondence", days: F = "3",
                vacation_days: F = "14", minutes: F = "90", increment: F = "0", rated: F = "",
                bidding: F = "", bid: F = "0") -> RedirectResponse:
    who = check_csrf(request, db, csrf_token)
    require_page_user(request, db)
    form = _options_from_form(options, request)
    game = lobby.create_game(db, request.app.state.ctx.rules, who.user, scenario=scenario, side=side,
                             options=form, private=visibility == "private",
                             time_control=_time_control_from_form(clock, days, vacation_days, minutes, increment),
                             rated=bool(rated), bid=_bid_from_form(bid) if bidding else None)
    db.commit()
    return redirect(request, f"/games/{game.id}")


@router.post("/games/computer")
def create_computer_game(request: Request, db: DB, csrf_token: F = "", scenario: F = "campaign", side: F = "random",
                         level: F = "fast", visibility: F = "public", options: F = "{}") -> Response:
    """Play against the computer: a refusal shows the lobby again, the error by the form, the choices kept."""
    who = check_csrf(request, db, csrf_token)
    require_page_user(request, db)
    ctx = request.app.state.ctx
    try:
        game, snap = computer.create_game(db, ctx.rules, who.user, scenario=scenario, side=side, level=level,
                                          options=_options_from_form(options, request),
                                          private=visibility == "private")
        db.commit()
    except ApiError as exc:
        db.rollback()
        return _lobby(request, db, status_code=exc.status, computer_error=exc,
                      computer_form={"scenario": scenario, "side": side, "level": level, "visibility": visibility})
    ctx.snapshots.put(snap)
    return redirect(request, f"/games/{game.id}")


def _bid_from_form(text: str) -> int:
    text = (text or "").strip()
    if not text.isdigit():
        raise ApiError(422, "malformed", "A bid is a whole number of automatic RPs (0 or more).")
    return int(text[:4])


def _time_control_from_form(clock: str, days: str, vacation_days: str, minutes: str, increment: str) -> dict:
    def number(text: str, what: str) -> int:
        try:
            return int(text)
        except ValueError:
            raise ApiError(422, "malformed", f"{what} must be a whole number.") from None

    if clock == "live":
        return {"kind": "live", "minutes": number(minutes, "Minutes"), "increment": number(increment, "Increment")}
    return {"kind": "correspondence", "days": number(days, "Days"), "vacation_days": number(vacation_days, "Vacation")}


def _options_from_form(raw: str, request: Request) -> dict:
    """Options arrive as a JSON object built by the lobby's script (checkboxes, selects)."""
    try:
        value = json.loads(raw or "{}")
    except ValueError:
        raise ApiError(422, "bad_options", "The options are not valid JSON.") from None
    if not isinstance(value, dict):
        raise ApiError(422, "bad_options", "The options must be a JSON object.")
    return value


@router.get("/games/{game_id}", response_class=HTMLResponse)
def game_page(request: Request, db: DB, game_id: int) -> HTMLResponse:
    who = page_caller(request, db)
    game = lobby.get_visible(db, game_id, who.user)
    meta = lobby.describe(db, game, who.user, request.app.state.ctx.base_url)
    can_join = (who.user is not None and game.status == "open" and not game.is_private
                and game.seat_of(who.user_id) is None)
    since_visit = visits.since_last_visit(db, game, who.user)
    return render(request, db, "game.html", game=meta, can_join=can_join, since_visit=since_visit)


def _join_choice(side: str, bid: str) -> dict:
    """A bidding game's join form sends the side wanted and the sealed bid; an ordinary one neither."""
    if not side and not bid:
        return {}
    return {"side": side or None, "bid": _bid_from_form(bid)}


@router.post("/games/{game_id}/join")
def join_game(request: Request, db: DB, game_id: int, csrf_token: F = "", side: F = "",
              bid: F = "") -> RedirectResponse:
    who = check_csrf(request, db, csrf_token)
    require_page_user(request, db)
    game = lobby.get_visible(db, game_id, who.user, lock=True)
    if game.is_private and game.seat_of(who.user_id) is None:
        raise ApiError(404, "not_found", "No such game.")
    snap = lobby.join(db, request.app.state.ctx.rules, who.user, game, **_join_choice(side, bid))
    db.commit()
    _started(request, db, game, snap, who.user_id)
    return redirect(request, f"/games/{game.id}")


def _started(request: Request, db, game, snap, joiner_id: int) -> None:
    ctx = request.app.state.ctx
    ctx.snapshots.put(snap)


@router.post("/games/{game_id}/resign")
def resign(request: Request, db: DB, game_id: int, csrf_token: F = "") -> RedirectResponse:
    who = check_csrf(request, db, csrf_token)
    require_page_user(request, db)
    game = lobby.get_visible(db, game_id, who.user, lock=True)
    lobby.resign(db, who.user, game)
    db.commit()
    return redirect(request, f"/games/{game.id}")


@router.post("/games/{game_id}/cancel")
def cancel(request: Request, db: DB, game_id: int, csrf_token: F = "") -> RedirectResponse:
    who = check_csrf(request, db, csrf_token)
    require_page_user(request, db)
    game = lobby.get_visible(db, game_id, who.user, lock=True)
    lobby.cancel(db, who.user, game)
    db.commit()
    return redirect(request, "/")


@router.get("/join/{token}", response_class=HTMLResponse)
def invitation(request: Request, db: DB, token: str) -> HTMLResponse:
    who = page_caller(request, db)
    game = lobby.by_invite(db, token)
    return render(request, db, "join.html", game=lobby.describe(db, game, who.user), token=token,
                  seated=game.seat_of(who.user_id) is not None)


@router.post("/join/{token}")
def join_by_invite(request: Request, db: DB, token: str, csrf_token: F = "", side: F = "",
                   bid: F = "") -> RedirectResponse:
    who = check_csrf(request, db, csrf_token)
    require_page_user(request, db)
    game = lobby.by_invite(db, token, lock=True)
    snap = lobby.join(db, request.app.state.ctx.rules, who.user, game, **_join_choice(side, bid))
    db.commit()
    _started(request, db, game, snap, who.user_id)
    return redirect(request, f"/games/{game.id}")


# --- game records: import for analysis, verify the dice ----------------------------------------------

_VERIFIED: dict[tuple[int, str], object] = {}  # finished games never change: verify each once per process


def _uploaded_record(file: UploadFile | None, text: str) -> dict:
    raw = file.file.read() if file is not None and file.filename else text.encode()
    if not raw.strip():
        raise ApiError(422, "bad_record", "Choose a record file (JSON) or paste one.")
    try:
        record = json.loads(raw)
    except (ValueError, RecursionError):
        raise ApiError(422, "bad_record", "That is not a JSON game record.") from None
    if not isinstance(record, dict):
        raise ApiError(422, "bad_record", "A game record is a JSON object.")
    return record


@router.post("/import")
def import_record(request: Request, db: DB, csrf_token: F = "", record_file: UploadFile | None = File(None),
                  record_text: F = "") -> Response:
    who = check_csrf(request, db, csrf_token)
    require_page_user(request, db)
    ctx = request.app.state.ctx
    ctx.replay_throttle.check(who.user_id)
    game, snap = records.import_record(db, ctx.rules, who.user, _uploaded_record(record_file, record_text))
    db.commit()
    ctx.snapshots.put(snap)
    return redirect(request, f"/games/{game.id}")


@router.get("/verify", response_class=HTMLResponse)
def verify_page(request: Request, db: DB) -> HTMLResponse:
    return render(request, db, "verify.html", report=None)


@router.post("/verify", response_class=HTMLResponse)
def verify_upload(request: Request, db: DB, csrf_token: F = "", record_file: UploadFile | None = File(None),
                  record_text: F = "") -> HTMLResponse:
    who = check_csrf(request, db, csrf_token)
    ctx = request.app.state.ctx
    ctx.replay_throttle.check(who.user_id or f"ip:{client_ip(request)}")
    try:
        record = _uploaded_record(record_file, record_text)
    except ApiError as exc:
        return render(request, db, "verify.html", status_code=exc.status, report=None, error=exc.message)
    report = verify_record(record, ctx.rules.engine)
    return render(request, db, "verify.html", report=report, record=_summary(record))


@router.get("/games/{game_id}/verify", response_class=HTMLResponse)
def verify_stored(request: Request, db: DB, game_id: int) -> HTMLResponse:
    who = page_caller(request, db)
    game = lobby.get_visible(db, game_id, who.user)
    if not (records.ended(game) and game.seed_reveal):
        raise ApiError(409, "game_not_finished", "The seed is revealed, and the dice can be checked, once the game "
                                                 "has ended.")
    ctx = request.app.state.ctx
    key = (game.id, game.seed_reveal)
    record = records.export(db, game, who.user, ctx.base_url)
    if key not in _VERIFIED:
        ctx.replay_throttle.check(who.user_id or f"ip:{client_ip(request)}")
        if len(_VERIFIED) > 500:
            _VERIFIED.clear()
        _VERIFIED[key] = verify_record(record, ctx.rules.engine)
    return render(request, db, "verify.html", report=_VERIFIED[key], record=_summary(record), game_id=game.id)


def _summary(record: dict) -> dict:
    players = record.get("players") if isinstance(record.get("players"), dict) else {}
    return {"id": record.get("id"), "scenario": record.get("scenario"), "result": record.get("result"),
            "players": {s: (players.get(s) or {}).get("username", "?") if isinstance(players.get(s), dict) else "?"
                        for s in ("axis", "soviet")},
            "commitment": record.get("seed_commitment"), "reveal": record.get("seed_reveal")}
