"""Accounts over JSON: who am I, and personal API tokens."""
from __future__ import annotations

from fastapi import APIRouter, Request, Response

from app.deps import DB, SESSION_COOKIE, SettingsDep, UserCaller, WriterCaller, client_ip
from app.errors import responses
from app.schemas import MeOut, PasswordResetIn, SessionOut, SignInIn, SignUpIn, TokenCreatedOut, TokenIn, TokenListOut, TokenOut
from app.services import accounts, password_reset

router = APIRouter(prefix="/api", tags=["account"])


def _token_out(t) -> TokenOut:
    return TokenOut(id=t.id, name=t.name, prefix=t.prefix, created_at=t.created_at, last_used_at=t.last_used_at)


@router.get("/me", response_model=MeOut, summary="The signed-in user", responses=responses(401, 403))
def me(caller: UserCaller) -> MeOut:
    return MeOut(id=caller.user.id, username=caller.user.username, is_admin=caller.user.is_admin)


@router.get("/tokens", response_model=TokenListOut, summary="Your API tokens (secrets are never shown again)",
            responses=responses(401))
def list_tokens(db: DB, caller: UserCaller) -> TokenListOut:
    return TokenListOut(tokens=[_token_out(t) for t in accounts.list_tokens(db, caller.user)])


@router.post("/tokens", response_model=TokenCreatedOut, status_code=201,
             summary="Create an API token; the response holds its secret, shown only this once",
             responses=responses(401, 403, 422))
def create_token(body: TokenIn, db: DB, caller: WriterCaller, settings: SettingsDep) -> TokenCreatedOut:
    token, secret = accounts.create_token(db, settings, caller.user, body.name)
    db.commit()
    return TokenCreatedOut(**_token_out(token).model_dump(), token=secret)


@router.delete("/tokens/{token_id}", status_code=204, summary="Revoke an API token",
               responses=responses(401, 403, 404))
def revoke_token(token_id: int, db: DB, caller: WriterCaller) -> Response:
    accounts.revoke_token(db, caller.user, token_id)
    db.commit()
    return Response(status_code=204)


# --- sessions over JSON (scripts and single-page clients; browsers normally use the forms) ------


@router.post("/users", response_model=SessionOut, status_code=201, summary="Sign up (and sign in)",
             responses=responses(409, 422))
def sign_up(body: SignUpIn, request: Request, response: Response, db: DB, settings: SettingsDep) -> SessionOut:
    user = accounts.create_user(db, body.username, body.password, email=body.email)
    return _start(request, response, db, settings, user)


@router.post("/session", response_model=SessionOut, summary="Sign in: sets the session cookie",
             responses=responses(401, 403, 429))
def sign_in(body: SignInIn, request: Request, response: Response, db: DB, settings: SettingsDep) -> SessionOut:
    user = accounts.authenticate(db, settings, body.username, body.password, client_ip(request))
    return _start(request, response, db, settings, user)


@router.post("/password-reset", status_code=204, responses=responses(404, 422),
             summary="Set a new password with a reset link's token (from an admin); every session and token ends")
def use_reset_link(body: PasswordResetIn, db: DB, settings: SettingsDep) -> Response:
    password_reset.use(db, settings, body.token, body.password)
    return Response(status_code=204)


@router.delete("/session", status_code=204, summary="Sign out", responses=responses(401, 403))
def sign_out(caller: WriterCaller, db: DB, settings: SettingsDep) -> Response:
    if caller.session is not None:
        accounts.end_session(db, caller.session)
        db.commit()
    response = Response(status_code=204)
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax", secure=settings.secure_cookies)
    return response


def _start(request: Request, response: Response, db, settings, user) -> SessionOut:
    old = accounts.session_for_cookie(db, settings, request.cookies.get(SESSION_COOKIE))
    if old is not None:
        accounts.end_session(db, old)
    new = accounts.start_session(db, settings, user, ip=client_ip(request), user_agent=request.headers.get("user-agent"))
    db.commit()
    response.set_cookie(SESSION_COOKIE, new.cookie_value, max_age=settings.session_days * 86400, path="/",
                        httponly=True, samesite="lax", secure=settings.secure_cookies)
    return SessionOut(user=MeOut(id=user.id, username=user.username, is_admin=user.is_admin),
                      csrf_token=new.row.csrf_token)
