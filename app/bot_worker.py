"""The computer opponent's worker: one per app process, it makes the bots' moves.

It wakes when a game changes (the NOTIFY every action sends reaches every process) unless the
change is a move in a game it knows has no bot in a seat (moves are most of the traffic and
a look costs a query), when the listener reconnects, and every `SW_BOT_POLL_SECONDS` anyway; at start-up it looks at
once, so a game left waiting on a bot by a stopped server gets its move after a restart.
For each game where a bot must act (`computer.due_turns`) it starts one task that

1. claims the game with a transaction-level advisory lock (`computer.claim`): of several
   processes exactly one thinks about a game at a time, so a bot never moves twice;
2. re-reads the game under that claim and hands its state to `bots.choose` in a separate
   process (`SW_BOT_PROCESSES`; 0 = a thread), off the event loop and off the GIL;
3. waits out the rest of `SW_BOT_DELAY_SECONDS` since the game's last change, so a human
   can follow the moves, and submits the action through `play.submit_action` — the path
   every human action takes (same transaction, seq check, action log, clocks, NOTIFY).

The claim ends with its transaction, also when a process dies. An action the engine refuses
(a bug in a bot) is logged and not retried at that position in this process.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
import time
from datetime import UTC, datetime
from typing import Any

from starlette.concurrency import run_in_threadpool

from app import background, bot_choice, faults
from app.errors import ApiError
from app.models import User
from app.services import computer, play

log = logging.getLogger(__name__)

MAX_IN_FLIGHT = 4  # games thought about at once by one process (each holds a database connection)


class BotWorker:
    def __init__(self, ctx) -> None:
        self.ctx = ctx
        self.wake = asyncio.Event()
        self.bots: dict[int, str] = {}
        # Active games with a bot in a seat, as of the last look (None: not looked yet). A game gets a
        # bot by events that are not moves (creation, joining, an admin's reassignment), which always wake.
        self.bot_games: set[int] | None = None
        self.moves = 0  # actions this process submitted for bots
        self.lost = 0  # submissions refused because the game had moved on (none expected: see claim)
        self._task: asyncio.Task | None = None
        self._in_flight: dict[int, asyncio.Task] = {}
        self._refused: set[tuple[int, int]] = set()
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._stopping = False

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="bot-worker")

    def kick(self) -> None:
        self.wake.set()

    def game_changed(self, game_id: int, move: bool) -> None:
        """A game's NOTIFY: look for bot turns, unless it was a move in a game without a bot."""
        if move and self.bot_games is not None and game_id not in self.bot_games:
            return
        self.wake.set()

    def stats(self) -> dict[str, int]:
        return {"moves": self.moves, "lost": self.lost, "thinking": len(self._in_flight)}

    async def stop(self) -> None:
        self._stopping = True
        self.wake.set()
        await background.stop_tasks([self._task, *self._in_flight.values()], "bot worker")
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)

    # --- the loop -----------------------------------------------------------------------------------

    async def _run(self) -> None:
        poll = self.ctx.settings.bot_poll_seconds
        while not self.bots and not self._stopping:
            try:
                self.bots = await run_in_threadpool(self._ensure_accounts)
            except Exception as exc:
                faults.log_failure(log, "could not set up the bot accounts; retrying", exc)
                await asyncio.sleep(poll)
        while not self._stopping:
            try:
                await self._start_due()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                faults.log_failure(log, "bot worker", exc)
            await background.wait_for_wake(self.wake, poll)
            self.wake.clear()

    def _ensure_accounts(self) -> dict[int, str]:
        with self.ctx.db.transaction() as db:
            return computer.ensure_accounts(db)

    def _due(self) -> list[computer.Turn]:
        with self.ctx.db.session() as db:
            turns, self.bot_games = computer.due_turns(db, self.bots)
            return turns

    async def _start_due(self) -> None:
        for turn in await run_in_threadpool(self._due):
            if self._stopping or len(self._in_flight) >= MAX_IN_FLIGHT:
                break
            if turn.game_id in self._in_flight or (turn.game_id, turn.seq) in self._refused:
                continue
            task = asyncio.create_task(self._play(turn), name=f"bot-game-{turn.game_id}")
            self._in_flight[turn.game_id] = task
            task.add_done_callback(lambda _t, gid=turn.game_id: self._in_flight.pop(gid, None))

    # --- one move -------------------------------------------------------------------------------------

    async def _play(self, turn: computer.Turn) -> None:
        conn = self.ctx.db.engine.connect()
        moved = False
        try:
            state = await run_in_threadpool(self._claim, conn, turn)
            if state is None:
                return  # another process has the game, or it moved on (its NOTIFY wakes us again)
            action = await self._choose(state, turn)
            delay = self.ctx.settings.bot_delay_seconds
            left = delay - (datetime.now(UTC) - turn.changed_at).total_seconds()
            if left > 0:
                await asyncio.sleep(min(left, delay))
            moved = await run_in_threadpool(self._submit, turn, action)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            faults.log_failure(log, f"the bot failed in game {turn.game_id} at seq {turn.seq}", exc)
            if faults.classify(exc) is None:  # a bug: do not try this position again; an outage: do
                self._refused.add((turn.game_id, turn.seq))
        finally:
            try:
                await run_in_threadpool(conn.close)  # ends the transaction, and with it the claim
            except Exception as exc:
                faults.log_failure(log, f"closing the bot's connection for game {turn.game_id}", exc)
            if moved:
                self.kick()  # the bot may have to act again at once

    def _claim(self, conn, turn: computer.Turn) -> dict[str, Any] | None:
        conn.begin()
        if not computer.claim(conn, turn):
            return None
        with self.ctx.db.session() as db:
            return computer.current_state(db, turn)

    async def _choose(self, state: dict[str, Any], turn: computer.Turn) -> dict[str, Any]:
        args = (self.ctx.rules.engine.__name__, state, turn.side, turn.level, computer.decision_seed(turn))
        started = time.perf_counter()
        if self.ctx.settings.bot_processes <= 0:
            action = await run_in_threadpool(bot_choice.choose, *args)
        else:
            try:
                action = await asyncio.get_running_loop().run_in_executor(self._executor(), bot_choice.choose, *args)
            except concurrent.futures.process.BrokenProcessPool:
                self._pool = None  # the worker process died (killed, out of memory): a new one next time
                raise
        log.info("bot %s (%s) chose %s in game %s at seq %s in %.2fs", turn.level, turn.side, action.get("type"),
                 turn.game_id, turn.seq, time.perf_counter() - started)
        return action

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            # spawn, not fork: this process runs threads and an event loop a fork would copy half-way.
            self._pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.ctx.settings.bot_processes, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    def _submit(self, turn: computer.Turn, action: dict[str, Any]) -> bool:
        with self.ctx.db.session() as db:
            bot = db.get(User, turn.bot_id)
            try:
                play.submit_action(db, self.ctx.rules, self.ctx.snapshots, bot, turn.game_id, turn.seq, action)
            except ApiError as exc:
                if exc.code in ("stale_seq", "game_not_active", "not_your_turn", "not_a_player"):
                    self.lost += 1  # the game changed under us (a resignation, an admin): nothing to do
                    return False
                log.error("the engine refused bot %s's action %r in game %s at seq %s: %s %s", turn.level, action,
                          turn.game_id, turn.seq, exc.code, exc.message)
                self._refused.add((turn.game_id, turn.seq))
                return False
        self.moves += 1
        return True
