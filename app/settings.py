"""Configuration, read once from the environment (and an optional `.env` file).

Every variable is prefixed `SW_` except `DATABASE_URL`, which keeps the name every
hosting platform already uses.
"""
from __future__ import annotations

import os
import secrets
from functools import lru_cache
from pathlib import Path

from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parent.parent


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="SW_", env_file=".env", extra="ignore")

    database_url: str | None = Field(
        default=None,
        validation_alias=AliasChoices("DATABASE_URL", "SW_DATABASE_URL"),
        description="PostgreSQL URL; unset = start an embedded PostgreSQL under data_dir/pgdata",
    )
    data_dir: Path = Field(default=ROOT / "var", description="where the embedded database and generated secret live")
    secret_key: SecretStr | None = Field(
        default=None,
        description="pepper for stored session-id and API-token hashes; unset = generated once into data_dir",
    )
    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    public_base_url: str | None = Field(default=None, description="e.g. https://play.example.org, used in links and emails")
    https: bool = Field(default=False, description="served over HTTPS: cookies get the Secure flag")
    trusted_proxies: str = Field(default="127.0.0.1", description="comma-separated IPs whose X-Forwarded-* headers count")

    auto_migrate: bool = Field(default=True, description="apply pending migrations at start-up; false = refuse to start")
    engine_module: str = Field(default="engine", description="the rules engine's import name (tests use a stand-in)")
    db_pool_size: int = 10
    db_max_overflow: int = 20
    # Bounded waits (docs/server.md, "When the database fails"): nothing waits on PostgreSQL for long.
    db_pool_timeout_seconds: float = Field(default=2.0, description="wait at most this for a free pooled connection")
    db_connect_timeout_seconds: int = Field(default=3, description="libpq connect_timeout for new connections")
    db_statement_timeout_ms: int = Field(default=10_000, description="PostgreSQL statement_timeout of every statement")
    db_lock_timeout_ms: int = Field(default=3_000, description="PostgreSQL lock_timeout of every statement")
    db_game_lock_timeout_ms: int = Field(default=1_000,
                                         description="lock_timeout while waiting for one game's row (one writer at a time)")
    action_deadline_seconds: float = Field(default=10.0,
                                           description="an action not committed this long after it arrived is refused")
    action_threads: int = Field(default=8, ge=1, description=(
        "threads applying websocket actions and undos at once; the rules engine holds the GIL, and more "
        "threads contending for it cost CPU and lengthen the slowest waits (docs/performance.md)"))

    admin_username: str | None = None
    admin_password: SecretStr | None = None

    smtp_host: str | None = None
    smtp_port: int = 587
    smtp_username: str | None = None
    smtp_password: SecretStr | None = None
    smtp_from: str = "Stalin's War Online <noreply@localhost>"
    smtp_starttls: bool = True

    delivery_poll_seconds: float = Field(default=5.0, description="how often the outbox is checked without a wake-up")
    delivery_backoff_seconds: list[float] = Field(
        default=[30, 120, 600, 3600, 6 * 3600, 24 * 3600],
        description="pauses before each retry of a failed email or webhook delivery; then it is given up")
    webhook_timeout_seconds: float = 10.0
    webhook_allow_private: bool = Field(default=False, description="allow webhooks into private/loopback networks")
    clock_watch_seconds: float = Field(default=30.0, description="how often due reminders and timeouts are looked for")

    bot_worker: bool = Field(default=True, description="this process makes the computer opponents' moves")
    bot_delay_seconds: float = Field(default=0.6, description="a bot acts at least this long after the game's last "
                                     "change, so a human can follow its moves")
    bot_poll_seconds: float = Field(default=5.0, description="how often games waiting on a bot are looked for "
                                    "without a wake-up")
    bot_processes: int = Field(default=1, description="processes thinking for the bots (0 = a thread of this one)")

    session_days: int = 30
    max_body_bytes: int = 64 * 1024
    max_ws_message_bytes: int = 64 * 1024
    max_record_bytes: int = Field(default=16 * 1024 * 1024, description="uploads of game records (import, verify)")
    login_failures_per_user: int = 5
    login_failures_per_ip: int = 20
    login_window_seconds: int = 15 * 60

    @property
    def secure_cookies(self) -> bool:
        return self.https or (self.public_base_url or "").startswith("https://")

    def resolved_secret_key(self) -> str:
        """The configured key, else one generated on first use and kept in data_dir so restarts keep sessions."""
        if self.secret_key is not None:
            return self.secret_key.get_secret_value()
        path = self.data_dir / "secret_key"
        if not path.exists():
            self.data_dir.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(f"secret_key.{secrets.token_hex(4)}")
            tmp.write_text(secrets.token_urlsafe(48))
            tmp.chmod(0o600)
            try:
                os.link(tmp, path)  # atomic: of processes starting together, exactly one key wins
            except FileExistsError:
                pass
            finally:
                tmp.unlink()
        return path.read_text().strip()


@lru_cache
def get_settings() -> Settings:
    return Settings()
