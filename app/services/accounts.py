"""Users, browser sessions and personal API tokens."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import bindparam, delete, exists, func, select, true, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app import notify, security
from app.errors import ApiError
from app.inputs import check_text
from app.models import ApiToken, User, WebSession
from app.services import ratelimit
from app.settings import Settings

USERNAME_RE = re.compile(r"^[A-Za-z0-9_-]{3,32}$")
MIN_PASSWORD = 8
MAX_PASSWORD = 256
ANONYMOUS_SESSION = timedelta(days=1)


def now() -> datetime:
    return datetime.now(UTC)


# --- users ---------------------------------------------------------------------------------------


def canonical_username(username: str) -> str:
    """The one key a typed username is known by (lookup and the per-name sign-in limit alike):
    padding such as " name", "name\t" or U+3000 must not make a second key for the same account."""
    return unicodedata.normalize("NFKC", username).strip().lower()


def validate_username(username: str) -> str:
    username = check_text(username, "The username").strip()
    if not USERNAME_RE.match(username):
        raise ApiError(422, "invalid_username", "Usernames are 3–32 letters, digits, '_' or '-'.")
    return username


def validate_password(password: str) -> None:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise ApiError(422, "invalid_password", f"Passwords are {MIN_PASSWORD}–{MAX_PASSWORD} characters long.")


def find_user(db: Session, username: str) -> User | None:
    key = canonical_username(username)
    if not key or not USERNAME_RE.match(key):
        return None  # no account has such a name (and NUL bytes never reach the database)
    return db.scalar(select(User).where(func.lower(User.username) == key))


def create_user(db: Session, username: str, password: str, *, email: str | None = None, is_admin: bool = False) -> User:
    username = validate_username(username)
    validate_password(password)
    if find_user(db, username) is not None:
        raise _taken(username)
    user = User(username=username, password_hash=security.hash_password(password), is_admin=is_admin)
    if email:
        set_email(db, user, email, notify=False)
    db.add(user)
    try:
        with db.begin_nested():
            db.flush()
    except IntegrityError:  # lost a race with a simultaneous sign-up of the same name
        raise _taken(username) from None
    return user


def _taken(username: str) -> ApiError:
    return ApiError(409, "username_taken", f"The username “{username}” is already taken. Choose another.")


def authenticate(db: Session, settings: Settings, username: str, password: str, ip: str) -> User:
    """The user, or an ApiError. Failures are committed even though the caller's work is not.

    Unknown names cost one password verification too, so timing does not tell which names exist.
    """
    key = canonical_username(check_text(username, "The username"))
    ratelimit.check_sign_in_allowed(db, settings, key, ip)
    user = find_user(db, username)
    if user is not None and user.is_bot:
        user = None  # a computer opponent never signs in (its name cannot even be typed: USERNAME_RE)
    password_ok = security.verify_password(user.password_hash if user else None, password)
    if user is None or not password_ok:
        ratelimit.record_failure(db, key, ip)
        db.commit()
        raise ApiError(401, "bad_credentials", "Wrong username or password.")
    if user.is_banned:
        raise ApiError(403, "banned", "This account is banned.")
    ratelimit.forget_failures(db, key)
    if security.password_needs_rehash(user.password_hash):
        user.password_hash = security.hash_password(password)
    return user


def change_password(db: Session, user: User, old: str, new: str, *, keep: WebSession | None = None) -> int:
    """Set a new password; every other session ends and every API token is revoked (a leaked
    credential must not outlive the password change). Returns how many tokens were revoked."""
    if not security.verify_password(user.password_hash, old):
        raise ApiError(422, "bad_credentials", "The current password is wrong.")
    validate_password(new)
    user.password_hash = security.hash_password(new)
    return end_credentials(db, user.id, keep=keep)


def end_credentials(db: Session, user_id: int, *, keep: WebSession | None = None) -> int:
    """End the user's sessions (but `keep`) and revoke their API tokens; open sockets that used them close."""
    stmt = delete(WebSession).where(WebSession.user_id == user_id)
    if keep is not None:
        stmt = stmt.where(WebSession.id_hash != keep.id_hash)
    db.execute(stmt)
    revoked = db.execute(
        update(ApiToken).where(ApiToken.user_id == user_id, ApiToken.revoked_at.is_(None)).values(revoked_at=now())
    ).rowcount
    notify.credentials_revoked(db, user_id)
    return revoked or 0


def set_email(db: Session, user: User, email: str, *, notify: bool) -> None:
    email = check_text(email, "The email address").strip()
    if email and (len(email) > 254 or not re.match(r"^[^@\s]+@[^@\s]+\.[^@\s]+$", email)):
        raise ApiError(422, "invalid_email", "That does not look like an email address.")
    user.email = email or None
    user.email_on_turn = bool(notify and email)


def ensure_admin(db: Session, username: str, password: str) -> User:
    """Start-up bootstrap: create the admin if missing, else make sure the account is an admin."""
    user = find_user(db, username)
    if user is None:
        return create_user(db, username, password, is_admin=True)
    user.is_admin = True
    return user


# --- browser sessions ----------------------------------------------------------------------------


@dataclass
class NewSession:
    row: WebSession
    cookie_value: str  # the secret; only its hash is in row


def start_session(
    db: Session, settings: Settings, user: User | None, *, ip: str | None = None, user_agent: str | None = None
) -> NewSession:
    secret = security.new_secret()
    lifetime = timedelta(days=settings.session_days) if user else ANONYMOUS_SESSION
    row = WebSession(
        id_hash=security.keyed_hash(settings.resolved_secret_key(), secret),
        user_id=user.id if user else None,
        csrf_token=security.new_secret(),
        expires_at=now() + lifetime,
        ip=(ip or "")[:64] or None,
        user_agent=(user_agent or "")[:300] or None,
    )
    db.add(row)
    db.flush()
    return NewSession(row, secret)


def session_for_cookie(db: Session, settings: Settings, cookie_value: str | None) -> WebSession | None:
    if not cookie_value or len(cookie_value) > 200:
        return None
    row = db.get(WebSession, security.keyed_hash(settings.resolved_secret_key(), cookie_value))
    if row is None or row.expires_at <= now():
        return None
    return row


def end_session(db: Session, row: WebSession) -> None:
    db.delete(row)
    if row.user_id is not None:
        notify.credentials_revoked(db, row.user_id)


def end_all_sessions(db: Session, user_id: int) -> None:
    db.execute(delete(WebSession).where(WebSession.user_id == user_id))


def prune_sessions(db: Session) -> None:
    db.execute(delete(WebSession).where(WebSession.expires_at < func.now()))


# --- API tokens ----------------------------------------------------------------------------------


def create_token(db: Session, settings: Settings, user: User, name: str) -> tuple[ApiToken, str]:
    name = check_text(name, "The token name").strip()
    if not 1 <= len(name) <= 100:
        raise ApiError(422, "malformed", "Give the token a name of 1–100 characters.")
    secret = security.new_api_token()
    token = ApiToken(
        user_id=user.id,
        name=name,
        token_hash=security.keyed_hash(settings.resolved_secret_key(), secret),
        prefix=secret[: len(security.API_TOKEN_PREFIX) + 6],
    )
    db.add(token)
    db.flush()
    return token, secret


def list_tokens(db: Session, user: User) -> list[ApiToken]:
    return list(
        db.scalars(
            select(ApiToken).where(ApiToken.user_id == user.id, ApiToken.revoked_at.is_(None)).order_by(ApiToken.id)
        )
    )


def revoke_token(db: Session, user: User, token_id: int) -> None:
    token = db.get(ApiToken, token_id)
    if token is None or token.user_id != user.id or token.revoked_at is not None:
        raise ApiError(404, "not_found", "No such token.")
    token.revoked_at = now()
    notify.credentials_revoked(db, user.id)


def user_for_token(db: Session, settings: Settings, secret: str) -> User | None:
    token = token_for_secret(db, settings, secret)
    return db.get(User, token.user_id) if token else None


def token_for_secret(db: Session, settings: Settings, secret: str) -> ApiToken | None:
    """The live token with this secret (its last use recorded), or None."""
    if not secret.startswith(security.API_TOKEN_PREFIX) or len(secret) > 200:
        return None
    token = db.scalar(
        select(ApiToken).where(
            ApiToken.token_hash == security.keyed_hash(settings.resolved_secret_key(), secret),
            ApiToken.revoked_at.is_(None),
        )
    )
    if token is None:
        return None
    # Record use at most once a minute: no write per request for busy bots.
    if token.last_used_at is None or token.last_used_at < now() - timedelta(minutes=1):
        db.execute(update(ApiToken).where(ApiToken.id == token.id).values(last_used_at=func.now()))
    return token


# Whether the credential that opened a socket is still live, per kind of credential (None: anonymous);
# a column to select beside the user (`credential_params` gives its parameters).
CREDENTIAL_LIVE = {
    None: true(),
    "session": exists().where(WebSession.id_hash == bindparam("credential"), WebSession.expires_at > bindparam("now"),
                              WebSession.user_id.is_not(None)),
    "token": exists().where(ApiToken.id == bindparam("credential"), ApiToken.revoked_at.is_(None)),
}
# The user and that, in one statement per kind (built once: the websocket checks this on every action).
_USER_AND_LIVE = {kind: select(User, live).where(User.id == bindparam("user_id")) for kind, live in CREDENTIAL_LIVE.items()}


def credential_params(user_id: int, credential: tuple[str, str | int] | None) -> tuple[str | None, dict]:
    """The CREDENTIAL_LIVE kind for a socket's credential, and the parameters of a statement using it."""
    if credential is None:
        return None, {"user_id": user_id}
    kind, key = credential
    if kind == "session":
        return "session", {"user_id": user_id, "credential": key, "now": now()}
    return "token", {"user_id": user_id, "credential": key}


def user_and_credential(db: Session, user_id: int, credential: tuple[str, str | int] | None) -> tuple[User | None, bool]:
    """The user, and whether the session or token is still live (`credential_valid`), in one read."""
    kind, params = credential_params(user_id, credential)
    row = db.execute(_USER_AND_LIVE[kind], params).first()
    return (None, False) if row is None else (row[0], bool(row[1]))


def check_active(user: User | None, live: bool) -> User:
    """A socket's user may act: it exists, is not banned, and its session or token is still live (D2)."""
    if user is None or user.is_banned:
        raise ApiError(403, "banned", "This account is banned.")
    if not live:
        raise ApiError(401, "not_signed_in", "Your session has ended or the token was revoked; sign in again.")
    return user


def credential_valid(db: Session, credential: tuple[str, str | int] | None) -> bool:
    """Is the session or token a connection authenticated with still live? (None: anonymous, always.)"""
    if credential is None:
        return True
    kind, key = credential
    if kind == "session":
        row = db.get(WebSession, key)
        return row is not None and row.expires_at > now() and row.user_id is not None
    token = db.get(ApiToken, key)
    return token is not None and token.revoked_at is None
