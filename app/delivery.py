"""The delivery worker: sends the outbox (`deliveries`) — emails and signed webhooks — with retries.

Each process runs one worker. It wakes when a notice is posted (any process: the NOTIFY
reaches all) or every few seconds, claims one due delivery at a time with
`FOR UPDATE SKIP LOCKED` (so processes never send the same one twice), sends it and
records the outcome: `sent`, or another attempt after a growing pause, or `failed`
when the attempts are spent. Nothing here can affect play: failures are only logged.

Webhooks: `POST` of a JSON body, `Content-Type: application/json`, with
`X-SW-Event`, `X-SW-Delivery` and `X-SW-Signature-256: sha256=<hex HMAC-SHA256 of the
body with the hook's secret>`. Formats: `json` (ours), `discord` (`{"content"}`),
`slack` (`{"text"}`). Addresses that resolve to private, loopback or link-local
networks are refused unless SW_WEBHOOK_ALLOW_PRIVATE is set (no requests into the
server's own network).
"""
from __future__ import annotations

import asyncio
import hashlib
import hmac
import ipaddress
import json
import logging
import smtplib
import socket
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from typing import Any
from urllib.parse import urlsplit

import httpx
from sqlalchemy import select
from starlette.concurrency import run_in_threadpool

from app import background, faults
from app.models import Delivery, Webhook

log = logging.getLogger(__name__)

USER_AGENT = "StalinsWarOnline-Webhook/1"


class Permanent(Exception):
    """A delivery that no retry can fix (a refused address, a removed hook)."""


def now() -> datetime:
    return datetime.now(UTC)


def sign(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def address_allowed(url: str, allow_private: bool) -> None:
    """Refuse (Permanent) URLs that are not http(s) or that point into private networks."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.username or parts.password:
        raise Permanent("only http(s) URLs without credentials")
    if allow_private:
        return
    try:
        infos = socket.getaddrinfo(parts.hostname, parts.port or (443 if parts.scheme == "https" else 80),
                                   proto=socket.IPPROTO_TCP)
    except OSError as exc:
        raise RetryLater(f"cannot resolve {parts.hostname}: {exc}") from None
    for info in infos:
        ip = ipaddress.ip_address(info[4][0])
        if not ip.is_global or ip.is_multicast:
            raise Permanent(f"{parts.hostname} resolves to a non-public address ({ip})")


class RetryLater(Exception):
    pass


def body_for(payload: dict[str, Any], base_url: str) -> bytes:
    """The bytes to POST, by the hook's format (links completed with the server's address)."""
    fmt, body = payload.get("format", "json"), dict(payload.get("body") or {})
    path = (body.get("game") or {}).get("path")
    link = f"{base_url}{path}" if path else base_url or None
    if body.get("game") is not None:
        body["game"] = {**body["game"], "url": link}
    if fmt == "discord":
        out: dict[str, Any] = {"content": body["text"] + (f"\n{link}" if link else ""),
                               "username": "Stalin's War Online", "allowed_mentions": {"parse": []}}
    elif fmt == "slack":
        out = {"text": body["text"] + (f" <{link}|Open the game>" if link else "")}
    else:
        out = body
    return json.dumps(out, separators=(",", ":"), ensure_ascii=False).encode()


class DeliveryWorker:
    def __init__(self, ctx) -> None:
        self.ctx = ctx
        self.wake = asyncio.Event()
        self._task: asyncio.Task | None = None
        self._stopping = False
        self._http = httpx.Client(timeout=ctx.settings.webhook_timeout_seconds, follow_redirects=False,
                                  headers={"User-Agent": USER_AGENT})

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="deliveries")

    def kick(self) -> None:
        self.wake.set()

    async def stop(self) -> None:
        self._stopping = True
        self.wake.set()
        await background.stop_tasks([self._task], "delivery worker")
        self._http.close()

    async def _run(self) -> None:
        poll = self.ctx.settings.delivery_poll_seconds
        while not self._stopping:
            await background.wait_for_wake(self.wake, poll)
            if self._stopping:
                return
            self.wake.clear()
            try:
                while await run_in_threadpool(self.deliver_one):
                    pass
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                faults.log_failure(log, "delivery worker", exc)

    # --- one delivery (synchronous: runs in the thread pool) ---------------------------------------------

    def deliver_one(self) -> bool:
        """Claim, send and record one due delivery; False when none is due."""
        with self.ctx.db.transaction() as db:
            row = db.scalar(select(Delivery).where(Delivery.status == "pending", Delivery.next_attempt_at <= now())
                            .order_by(Delivery.next_attempt_at, Delivery.id).limit(1).with_for_update(skip_locked=True))
            if row is None:
                return False
            row.attempts += 1
            try:
                if row.channel == "email":
                    self._email(row)
                else:
                    self._webhook(db, row)
            except Permanent as exc:
                row.status, row.last_error = "failed", str(exc)[:500]
            except Exception as exc:  # noqa: BLE001 - any failure is retried
                row.last_error = (str(exc) or type(exc).__name__)[:500]
                backoff = self.ctx.settings.delivery_backoff_seconds
                if row.attempts > len(backoff):
                    row.status = "failed"
                else:
                    row.next_attempt_at = now() + timedelta(seconds=backoff[row.attempts - 1])
            else:
                row.status, row.sent_at, row.last_error = "sent", now(), None
            return True

    def _email(self, row: Delivery) -> None:
        s = self.ctx.settings
        if not s.smtp_host:
            raise Permanent("this server has no mail server configured")
        payload = row.payload
        link = f"{self.ctx.base_url}{payload['path']}" if payload.get("path") else ""
        message = EmailMessage()
        message["From"] = s.smtp_from
        message["To"] = row.target
        message["Subject"] = payload["subject"]
        message.set_content(f"{payload['text']}\n\n{link}\n\n"
                            "(You get these because you asked for them on your account page.)\n")
        with smtplib.SMTP(s.smtp_host, s.smtp_port, timeout=20) as smtp:
            if s.smtp_starttls:
                smtp.starttls()
            if s.smtp_username:
                smtp.login(s.smtp_username, s.smtp_password.get_secret_value() if s.smtp_password else "")
            smtp.send_message(message)

    def _webhook(self, db, row: Delivery) -> None:
        hook = db.get(Webhook, row.webhook_id) if row.webhook_id else None
        if hook is None:
            raise Permanent("the webhook was removed")
        address_allowed(hook.url, self.ctx.settings.webhook_allow_private)
        body = body_for(row.payload, self.ctx.base_url)
        response = self._http.post(hook.url, content=body, headers={
            "Content-Type": "application/json", "X-SW-Event": row.payload.get("body", {}).get("event", ""),
            "X-SW-Delivery": str(row.id), "X-SW-Signature-256": sign(hook.secret, body)})
        row.last_status = response.status_code
        if not 200 <= response.status_code < 300:
            raise RetryLater(f"HTTP {response.status_code}")
