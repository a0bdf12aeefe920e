"""Outgoing email (SMTP), sent from a small thread pool so no request waits on a mail server.

Without SW_SMTP_HOST nothing is sent. Used for "your move" notices in correspondence games.
"""
from __future__ import annotations

import logging
import smtplib
from concurrent.futures import ThreadPoolExecutor
from email.message import EmailMessage

from app.settings import Settings

log = logging.getLogger(__name__)


class Mailer:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.enabled = bool(settings.smtp_host)
        self._pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="mail") if self.enabled else None
        self.sent: list[EmailMessage] = []  # the last few messages, for operators and tests

    def send(self, to: str, subject: str, body: str) -> None:
        if not self.enabled or self._pool is None:
            return
        message = EmailMessage()
        message["From"] = self.settings.smtp_from
        message["To"] = to
        message["Subject"] = subject
        message.set_content(body)
        self._pool.submit(self._deliver, message)

    def _deliver(self, message: EmailMessage) -> None:
        s = self.settings
        try:
            with smtplib.SMTP(s.smtp_host, s.smtp_port, timeout=20) as smtp:
                if s.smtp_starttls:
                    smtp.starttls()
                if s.smtp_username:
                    smtp.login(s.smtp_username, s.smtp_password.get_secret_value() if s.smtp_password else "")
                smtp.send_message(message)
            self.sent = (self.sent + [message])[-20:]
        except Exception:  # a mail failure must never affect play
            log.exception("sending mail to %s failed", message["To"])

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
