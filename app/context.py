"""Everything a process shares between requests, kept on `app.state.ctx`."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from app.db import Database
from app.gamegate import GameGate
from app.mailer import Mailer
from app.rules import Rules
from app.services.chat import ChatThrottle
from app.services.games import PlayerCache
from app.services.history import HistoryCache
from app.settings import Settings
from app.snapshots import SnapshotCache

if TYPE_CHECKING:
    from app.bot_worker import BotWorker
    from app.delivery import DeliveryWorker
    from app.realtime.hub import Hub
    from app.routes.ws_lobby import LobbyHub


@dataclass
class AppContext:
    settings: Settings
    db: Database
    rules: Rules
    snapshots: SnapshotCache = field(default_factory=SnapshotCache)
    history: HistoryCache = field(default_factory=HistoryCache)
    chat_throttle: ChatThrottle = field(default_factory=ChatThrottle)
    # Replaying a whole game costs seconds of CPU: imports and verifications per user (or IP).
    replay_throttle: ChatThrottle = field(default_factory=lambda: ChatThrottle(burst=6, period=60.0))
    game_gate: GameGate = field(default_factory=GameGate)
    players: PlayerCache = field(default_factory=PlayerCache)  # names in game messages (app/realtime/updates.py)  # writers waiting per game (app/gamegate.py)
    hub: Hub | None = None
    mailer: Mailer | None = None
    lobby: LobbyHub | None = None
    deliveries: DeliveryWorker | None = None
    bots: BotWorker | None = None
    action_threads: Any = None  # anyio.CapacityLimiter for websocket actions (made in the event loop at start-up)

    @property
    def base_url(self) -> str:
        return (self.settings.public_base_url or "").rstrip("/")
