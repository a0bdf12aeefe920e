"""FastAPI dependencies: the database session and who is calling (cookie session or API token)."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.orm import Session

from app import security
from app.db import Database, set_deadline
from app.errors import ApiError, not_signed_in
from app.models import User, WebSession
from app.services import accounts
from app.settings import Settings

SESSION_COOKIE = "sw_session"
CSRF_HEADER = "X-CSRF-Token"


def get_settings(request: Request) -> Settings:
    return request.app.state.settings


def get_database(request: Request) -> Database:
    return request.app.state.db


def get_db(request: Request) -> Iterator[Session]:
    with request.app.state.db.session() as session:  # closed quietly: after a commit, a lost connection is no error
        received = getattr(request.state, "received_at", None)  # stamped by ErrorBoundaryMiddleware
        if received is not None:
            set_deadline(session, received + request.app.state.settings.action_deadline_seconds)
        yield session


DB = Annotated[Session, Depends(get_db)]
SettingsDep = Annotated[Settings, Depends(get_settings)]


@dataclass
class Caller:
    user: User | None
    session: WebSession | None  # the browser session, when authenticated (or anonymous) by cookie
    by_token: bool = False
    token_id: int | None = None

    @property
    def credential(self) -> tuple[str, str | int] | None:
        """What authenticated this caller, to re-check later (long-lived sockets): None if anonymous."""
        if self.user is None:
            return None
        if self.by_token:
            return ("token", self.token_id)
        return ("session", self.session.id_hash) if self.session else None

    @property
    def user_id(self) -> int | None:
        return self.user.id if self.user else None

    @property
    def is_admin(self) -> bool:
        return bool(self.user and self.user.is_admin and not self.user.is_banned)


def client_ip(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def resolve_caller(db: Session, settings: Settings, authorization: str | None, cookie: str | None) -> Caller:
    """Shared by HTTP and websocket: a bearer token wins over the cookie; bad tokens are errors."""
    if authorization:
        scheme, _, secret = authorization.partition(" ")
        if scheme.lower() != "bearer" or not secret.strip():
            raise ApiError(401, "not_signed_in", "Use `Authorization: Bearer <token>`.")
        token = accounts.token_for_secret(db, settings, secret.strip())
        user = db.get(User, token.user_id) if token else None
        db.commit()  # keeps last_used_at
        if user is None:
            raise ApiError(401, "not_signed_in", "Unknown or revoked API token.")
        if user.is_banned:
            raise ApiError(403, "banned", "This account is banned.")
        return Caller(user=user, session=None, by_token=True, token_id=token.id)
    session = accounts.session_for_cookie(db, settings, cookie)
    if session is None:
        return Caller(user=None, session=None)
    user = db.get(User, session.user_id) if session.user_id else None
    if user is not None and user.is_banned:
        return Caller(user=None, session=None)  # a banned user's leftover session counts for nothing
    return Caller(user=user, session=session)


def get_caller(request: Request, db: DB, settings: SettingsDep) -> Caller:
    cached = getattr(request.state, "caller", None)
    if cached is None:
        cached = resolve_caller(
            db, settings, request.headers.get("authorization"), request.cookies.get(SESSION_COOKIE)
        )
        request.state.caller = cached
    return cached


CallerDep = Annotated[Caller, Depends(get_caller)]


def require_user(caller: CallerDep) -> Caller:
    if caller.user is None:
        raise not_signed_in()
    return caller


def require_csrf_for_cookie_writes(request: Request, caller: CallerDep) -> None:
    """Cookie-authenticated API writes must echo the session's CSRF token in a header."""
    if caller.by_token or caller.session is None:
        return
    if not security.same(request.headers.get(CSRF_HEADER), caller.session.csrf_token):
        raise ApiError(403, "csrf", f"Missing or wrong {CSRF_HEADER} header.")


def require_writer(
    caller: Annotated[Caller, Depends(require_user)], _: Annotated[None, Depends(require_csrf_for_cookie_writes)]
) -> Caller:
    """A signed-in caller allowed to change things (CSRF-checked when using the cookie)."""
    return caller


def require_admin(caller: Annotated[Caller, Depends(require_user)]) -> Caller:
    if not caller.is_admin:
        raise ApiError(403, "forbidden", "Admins only.")
    return caller


UserCaller = Annotated[Caller, Depends(require_user)]
WriterCaller = Annotated[Caller, Depends(require_writer)]
AdminCaller = Annotated[Caller, Depends(require_admin)]
