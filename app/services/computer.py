"""Playing against the computer: the bot accounts, games against them, and the bot's turn.

Bot accounts: one per level of `bots.choose`, created at start-up (`ensure_accounts`, safe
when several processes start at once). Their usernames hold a space and parentheses, which
sign-up never allows (`accounts.USERNAME_RE`): nobody can register or imitate them, and
sign-in never even looks them up. Their password hash is no argon2 hash, so no password
matches it either. A bot is never sent a notice, and games against it are never rated.

The bot's turn (app/bot_worker.py drives it): `due_turns` lists the games where a bot must
act; the worker `claim`s one with a transaction-level advisory lock (so of several app
processes exactly one thinks about a given game at a time), asks `bots.choose` for an
action and submits it with `play.submit_action` — the very function the REST and websocket
endpoints call — as the bot's user: same row lock, seq check, action log, clocks and NOTIFY.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, or_, select, text
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session, undefer

from app.errors import ApiError
from app.models import Game, User
from app.rules import Rules
from app.services import clocks
from app.services import games as lobby
from app.snapshots import Snapshot

log = logging.getLogger(__name__)

# The levels offered, in the order the lobby lists them: `bots.choose(level=...)` and the account's name.
LEVELS: dict[str, str] = {"fast": "Computer (fast)", "search": "Computer (strong)"}
LEVEL_HELP: dict[str, str] = {
    "fast": "Answers at once: heuristics that know the game.",
    "search": "Thinks a few seconds a decision: looks ahead by simulating the game.",
}
NO_PASSWORD = "!bot"  # not an argon2 hash: security.verify_password is False for every password
# pg_try_advisory_xact_lock(namespace, game id): any constant, the same in every process.
CLAIM_NAMESPACE = 0x5357_0B07


def ensure_accounts(db: Session) -> dict[int, str]:
    """Create the missing bot accounts; returns {user id: level}."""
    for level, name in LEVELS.items():
        db.execute(insert(User).values(username=name, password_hash=NO_PASSWORD, is_bot=True, bot_level=level)
                   .on_conflict_do_nothing())
    return bot_accounts(db)


def bot_accounts(db: Session) -> dict[int, str]:
    return {uid: level for uid, level in db.execute(select(User.id, User.bot_level).where(User.is_bot))}


def account(db: Session, level: str) -> User:
    if level not in LEVELS:
        raise ApiError(422, "unknown_level", f"level must be one of {', '.join(LEVELS)}.")
    bot = db.scalar(select(User).where(User.is_bot, User.bot_level == level))
    if bot is None:  # start-up creates them; only a database changed behind our back lacks one
        ensure_accounts(db)
        bot = db.scalar(select(User).where(User.is_bot, User.bot_level == level))
    return bot


def create_game(db: Session, rules: Rules, user: User, *, scenario: str, side: str, options: dict[str, Any],
                level: str, private: bool = False) -> tuple[Game, Snapshot]:
    """A started, unrated game without a clock: `user` at `side`, the bot of `level` in the other seat.
    The caller commits, then caches the snapshot; the bot worker hears of the game by its NOTIFY."""
    if level not in LEVELS:
        raise ApiError(422, "unknown_level", f"level must be one of {', '.join(LEVELS)}.")
    if user.is_bot:
        raise ApiError(403, "forbidden", "A bot does not start games.")
    game = lobby.create_game(db, rules, user, scenario=scenario, side=side, options=options, private=private,
                             rated=False)
    game.time_control = dict(clocks.NONE)  # the computer needs no clock, and the human may take their time
    bot = account(db, level)
    if game.axis_user_id is None:
        game.axis_user_id = bot.id
    else:
        game.soviet_user_id = bot.id
    return game, lobby.start(db, rules, game)


# --- the bot's turn (synchronous: the worker runs these in the thread pool) ---------------------------


@dataclass(frozen=True)
class Turn:
    game_id: int
    seq: int
    side: str
    bot_id: int
    level: str
    changed_at: datetime  # the game's last change: the bot answers `delay` seconds after it at the earliest


def due_turns(db: Session, bots: dict[int, str]) -> tuple[list[Turn], set[int]]:
    """Every active game where a bot must act now, the longest waiting first; and every active game
    with a bot in a seat (whoever is to act), so the worker can ignore moves in games without one."""
    if not bots:
        return [], set()
    ids = list(bots)
    rows = db.execute(select(Game.id, Game.seq, Game.active_sides, Game.axis_user_id, Game.soviet_user_id,
                             Game.updated_at)
                      .where(Game.status == "active", or_(Game.axis_user_id.in_(ids), Game.soviet_user_id.in_(ids)))
                      .order_by(Game.updated_at))
    turns, games = [], set()
    for game_id, seq, active, axis, soviet, changed in rows:
        games.add(game_id)
        for side in active or []:
            uid = axis if side == "axis" else soviet
            if uid in bots:
                turns.append(Turn(game_id, seq, side, uid, bots[uid], changed))
    return turns, games


def claim(conn: Connection, turn: Turn) -> bool:
    """Take the game for this process until `conn`'s transaction ends (False: another process has it)."""
    return bool(conn.execute(text("SELECT pg_try_advisory_xact_lock(:ns, :game)"),
                             {"ns": CLAIM_NAMESPACE, "game": turn.game_id}).scalar())


def current_state(db: Session, turn: Turn) -> dict[str, Any] | None:
    """The full stored state if the bot still must act at `turn.seq` (read after claiming), else None."""
    game = db.scalar(select(Game).where(Game.id == turn.game_id).options(undefer(Game.state)))
    if (game is None or game.status != "active" or game.seq != turn.seq or turn.side not in game.active_sides
            or game.player_id(turn.side) != turn.bot_id):
        return None
    return game.state


def decision_seed(turn: Turn) -> int:
    """bots.choose's seed: repeatable for a position, and independent of the game's secret seed."""
    return (turn.game_id * 1_000_003 + turn.seq * 7_919) % 2**31
