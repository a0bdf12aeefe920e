"""Background loops can always be stopped (app/background.py): shutdown never hangs on one."""
from __future__ import annotations

import asyncio
import logging

from app import background


def test_a_task_that_will_not_stop_is_left_behind_after_the_bound(caplog):
    async def stubborn(release: asyncio.Event) -> None:
        while not release.is_set():
            try:
                await asyncio.sleep(0.01)
            except asyncio.CancelledError:
                continue  # swallows every cancellation, as a lost cancel would

    async def main() -> bool:
        release = asyncio.Event()
        task = asyncio.create_task(stubborn(release))
        await asyncio.sleep(0)
        await background.stop_tasks([task, None], "stubborn loop", seconds=0.2)
        still_running = not task.done()
        release.set()
        await task
        return still_running

    with caplog.at_level(logging.WARNING, logger="app.background"):
        assert asyncio.run(main()) is True
    assert "stubborn loop: 1 task(s) did not stop" in caplog.text


def test_cancelled_loops_stop_and_their_errors_are_not_left_unretrieved(caplog):
    async def waiting(event: asyncio.Event) -> None:
        while True:
            await background.wait_for_wake(event, 10)
            event.clear()

    async def failed() -> None:
        raise RuntimeError("already logged by the loop")

    async def main() -> tuple[bool, bool]:
        event = asyncio.Event()
        loop_task = asyncio.create_task(waiting(event))
        broken = asyncio.create_task(failed())
        await asyncio.sleep(0.01)
        event.set()  # a wake-up and the cancel in the same turn of the loop: the cancel must not be lost
        await background.stop_tasks([loop_task, broken], "loops", seconds=2)
        return loop_task.cancelled(), broken.done()

    with caplog.at_level(logging.WARNING, logger="app.background"):
        assert asyncio.run(main()) == (True, True)
    assert "did not stop" not in caplog.text


def test_wait_for_wake_returns_on_the_event_or_the_timeout():
    async def main() -> tuple[float, float]:
        loop = asyncio.get_running_loop()
        event = asyncio.Event()
        started = loop.time()
        await background.wait_for_wake(event, 0.05)  # nobody sets it
        timed_out = loop.time() - started
        loop.call_later(0.01, event.set)
        started = loop.time()
        await background.wait_for_wake(event, 30)
        return timed_out, loop.time() - started

    timed_out, woken = asyncio.run(main())
    assert timed_out >= 0.05 and woken < 30
