"""Whether this server can send email (SW_SMTP_HOST set). The delivery worker (app/delivery.py) sends it.

Pages use `enabled` to offer email notices only when they can arrive.
"""
from __future__ import annotations

from app.settings import Settings


class Mailer:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.enabled = bool(settings.smtp_host)

    def close(self) -> None:
        """Nothing to release: sending happens in the delivery worker."""
