"""Background loops that wake on an event or a poll interval, and that shutdown can always stop.

Python 3.11's `asyncio.wait_for` can swallow a cancellation that arrives just as the awaited
event is set, and anyio's shielded thread calls (run_in_threadpool) can defer one: a loop
stopped by `task.cancel()` alone then runs on, and a shutdown that awaits it never ends (seen
as a test run hanging in the app's lifespan). So loops also check a stop flag, waits use
`asyncio.timeout` (which keeps cancellations), and stopping waits a bounded time.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable

log = logging.getLogger(__name__)

STOP_SECONDS = 5.0


async def wait_for_wake(event: asyncio.Event, seconds: float) -> None:
    """Until the event is set or `seconds` have passed, whichever comes first."""
    try:
        async with asyncio.timeout(seconds):
            await event.wait()
    except TimeoutError:
        pass


async def stop_tasks(tasks: Iterable[asyncio.Task | None], what: str, seconds: float = STOP_SECONDS) -> None:
    """Cancel the tasks and wait for them at most `seconds`; one that will not stop is left behind, logged."""
    running = [t for t in tasks if t is not None and not t.done()]
    for task in running:
        task.cancel()
    if not running:
        return
    done, pending = await asyncio.wait(running, timeout=seconds)
    for task in done:
        if not task.cancelled():
            task.exception()  # retrieved: a loop that ended with an error has logged it already
    if pending:
        log.warning("%s: %d task(s) did not stop within %.0f s; shutting down without them",
                    what, len(pending), seconds)
