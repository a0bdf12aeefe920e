"""Passwords, random secrets and their stored hashes."""
from __future__ import annotations

import hashlib
import hmac
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_hasher = PasswordHasher()

# Verifying against this keeps "no such user" as slow as "wrong password" (no username probing by timing).
_DUMMY_HASH = _hasher.hash("not a real password")

API_TOKEN_PREFIX = "swo_"


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password_hash: str | None, password: str) -> bool:
    try:
        return _hasher.verify(password_hash or _DUMMY_HASH, password) and password_hash is not None
    except (VerificationError, InvalidHashError):
        return False


def password_needs_rehash(password_hash: str) -> bool:
    return _hasher.check_needs_rehash(password_hash)


def new_secret(nbytes: int = 32) -> str:
    return secrets.token_urlsafe(nbytes)


def new_api_token() -> str:
    return API_TOKEN_PREFIX + secrets.token_urlsafe(32)


def keyed_hash(secret_key: str, value: str) -> str:
    """What we store instead of a session id or API token: a leaked table grants nothing."""
    return hmac.new(secret_key.encode(), value.encode(), hashlib.sha256).hexdigest()


def same(a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and hmac.compare_digest(a.encode(), b.encode())
