"""Users' webhooks: register (a URL, a format, the kinds of notice), remove, test, read the delivery log."""
from __future__ import annotations

import secrets
from urllib.parse import urlsplit

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.errors import ApiError, not_found
from app.inputs import check_text, valid_id
from app.models import Delivery, User, Webhook
from app.services import notices

MAX_PER_USER = 5
FORMATS = ("json", "discord", "slack")
DEFAULT_EVENTS = sorted(set(notices.KINDS) - {"test"})


def create(db: Session, user: User, url: str, fmt: str = "json", events: list[str] | None = None) -> Webhook:
    url = check_text(url, "The URL").strip()
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.username or parts.password \
            or len(url) > 2000:
        raise ApiError(422, "invalid_webhook", "A webhook URL is an http:// or https:// address without a password.")
    if fmt not in FORMATS:
        raise ApiError(422, "invalid_webhook", f"format must be one of {', '.join(FORMATS)}.")
    chosen = DEFAULT_EVENTS if events is None else sorted(set(events))
    unknown = [e for e in chosen if e not in notices.KINDS]
    if unknown:
        raise ApiError(422, "invalid_webhook", f"Unknown kinds of notice: {', '.join(map(str, unknown))[:200]}.")
    if not chosen:
        raise ApiError(422, "invalid_webhook", "Choose at least one kind of notice to send.")
    count = db.scalar(select(func.count()).select_from(Webhook).where(Webhook.user_id == user.id)) or 0
    if count >= MAX_PER_USER:
        raise ApiError(409, "too_many_webhooks", f"At most {MAX_PER_USER} webhooks per account; remove one first.")
    hook = Webhook(user_id=user.id, url=url, secret=secrets.token_hex(32), format=fmt, events=chosen)
    db.add(hook)
    db.flush()
    return hook


def owned(db: Session, user: User, hook_id: int) -> Webhook:
    hook = db.get(Webhook, hook_id) if valid_id(hook_id) else None
    if hook is None or hook.user_id != user.id:
        raise not_found("webhook")
    return hook


def delete(db: Session, user: User, hook_id: int) -> None:
    db.delete(owned(db, user, hook_id))


def send_test(db: Session, user: User, hook_id: int) -> None:
    """A test notice, delivered to this hook only (and shown on the dashboard)."""
    hook = owned(db, user, hook_id)
    notices.emit(db, user.id, "test", f"A test from Stalin's War Online to {hook.url}.", only_webhook=hook.id)


def listed(db: Session, user: User) -> list[Webhook]:
    return list(db.scalars(select(Webhook).where(Webhook.user_id == user.id).order_by(Webhook.id)))


def delivery_log(db: Session, user: User, *, webhook_id: int | None = None, limit: int = 50) -> list[Delivery]:
    stmt = select(Delivery).where(Delivery.user_id == user.id)
    if webhook_id is not None:
        stmt = stmt.where(Delivery.webhook_id == webhook_id)
    return list(db.scalars(stmt.order_by(Delivery.id.desc()).limit(limit)))
