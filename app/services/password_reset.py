"""Password-reset links: an admin makes one for a user (shown once), the user sets a new password with it.

The link carries a random secret; only its keyed hash is stored. It works once and for a
limited time; making a new link for the same user cancels the older ones. Setting the
password through it ends every session and revokes every API token of the user.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from app import security
from app.errors import ApiError, not_found
from app.inputs import valid_id
from app.models import PasswordReset, User
from app.services import accounts
from app.services.admin import audit
from app.settings import Settings

LIFETIME = timedelta(hours=24)
TOKEN_BYTES = 32


@dataclass
class NewLink:
    user: User
    url: str
    expires_at: datetime


def _hash(settings: Settings, token: str) -> str:
    return security.keyed_hash(settings.resolved_secret_key(), token)


def make_link(db: Session, settings: Settings, admin: User, user_id: int, base_url: str = "") -> NewLink:
    user = db.get(User, user_id) if valid_id(user_id) else None
    if user is None:
        raise not_found("user")
    if user.is_bot:
        raise ApiError(409, "bot_account", "A computer opponent has no password and never signs in.")
    t = accounts.now()
    db.execute(update(PasswordReset).where(PasswordReset.user_id == user.id, PasswordReset.used_at.is_(None),
                                           PasswordReset.expires_at > t).values(expires_at=t))
    token = security.new_secret(TOKEN_BYTES)
    row = PasswordReset(user_id=user.id, token_hash=_hash(settings, token), created_by_id=admin.id,
                        expires_at=t + LIFETIME)
    db.add(row)
    audit(db, admin, "password_reset_link", "user", user.id, username=user.username,
          expires_at=row.expires_at.isoformat())
    db.commit()
    return NewLink(user, f"{base_url}/reset/{token}", row.expires_at)


def find(db: Session, settings: Settings, token: str, *, lock: bool = False) -> PasswordReset:
    """The live reset row for a link's token, or a 404 that does not say whether it ever existed."""
    row = None
    if isinstance(token, str) and 20 <= len(token) <= 100:
        stmt = select(PasswordReset).where(PasswordReset.token_hash == _hash(settings, token))
        row = db.scalar(stmt.with_for_update() if lock else stmt)
    if row is None or row.used_at is not None or row.expires_at <= accounts.now():
        raise ApiError(404, "reset_link_invalid", "This password-reset link is not valid: it was used, it expired, "
                                                  "or a newer one was made. Ask an admin for a new link.")
    return row


def use(db: Session, settings: Settings, token: str, password: str, password2: str | None = None) -> User:
    """Set the new password, spend the link, and end every other credential; committed here."""
    try:
        row = find(db, settings, token, lock=True)
        if password2 is not None and password != password2:
            raise ApiError(422, "passwords_differ", "The two passwords differ.")
        accounts.validate_password(password)
        user = db.get(User, row.user_id)
        user.password_hash = security.hash_password(password)
        row.used_at = accounts.now()
        accounts.end_credentials(db, user.id)
        db.commit()
        return user
    except BaseException:
        db.rollback()
        raise
