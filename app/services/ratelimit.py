"""Failed sign-ins, counted in PostgreSQL so every app process sees the same numbers."""
from __future__ import annotations

from datetime import timedelta

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from app.errors import ApiError
from app.models import LoginFailure
from app.settings import Settings


def _recent(db: Session, column, value: str, window: timedelta) -> int:
    return db.scalar(
        select(func.count())
        .select_from(LoginFailure)
        .where(column == value, LoginFailure.created_at > func.now() - window)
    ) or 0


def check_sign_in_allowed(db: Session, settings: Settings, username: str, ip: str) -> None:
    window = timedelta(seconds=settings.login_window_seconds)
    if (
        _recent(db, LoginFailure.username, username.lower(), window) >= settings.login_failures_per_user
        or _recent(db, LoginFailure.ip, ip, window) >= settings.login_failures_per_ip
    ):
        minutes = max(1, settings.login_window_seconds // 60)
        raise ApiError(429, "rate_limited", f"Too many failed sign-ins. Try again in {minutes} minutes.")


def record_failure(db: Session, username: str, ip: str) -> None:
    db.add(LoginFailure(username=username.lower()[:64], ip=ip[:64]))


def forget_failures(db: Session, username: str) -> None:
    """A successful sign-in clears the username's count (the IP's count stays: it guards other accounts)."""
    db.execute(delete(LoginFailure).where(LoginFailure.username == username.lower()))


def prune(db: Session, settings: Settings) -> None:
    db.execute(
        delete(LoginFailure).where(
            LoginFailure.created_at < func.now() - timedelta(seconds=settings.login_window_seconds)
        )
    )
