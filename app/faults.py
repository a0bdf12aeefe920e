"""Database failures as honest, retryable answers.

A database that is down, restarting, out of connections or too slow is not a bug: such
requests answer 503 with `Retry-After` (`database_unavailable`, or `busy` when only this
game or the pool is congested), logged as one line, never as a 500 "nothing was changed".
"""
from __future__ import annotations

import psycopg
from sqlalchemy import exc as sa_exc

from app.errors import ApiError

RETRY_AFTER_BUSY = 1  # seconds
RETRY_AFTER_UNAVAILABLE = 5

# SQLSTATEs meaning "wait and retry": lock/statement timeouts, serialization conflicts.
_BUSY_STATES = {"55P03", "57014", "40001", "40P01"}
# The server is going away, starting, or out of resources (class 08 is every connection failure).
_UNAVAILABLE_STATES = {"57P01", "57P02", "57P03", "53000", "53100", "53200", "53300", "53400", "58000", "58030"}


def busy(message: str = "The game is busy (another move is being applied); try again in a moment.") -> ApiError:
    return ApiError(503, "busy", message)


def unavailable() -> ApiError:
    return ApiError(503, "database_unavailable",
                    "The database is unavailable right now; try again in a few seconds.")


def classify(exc: BaseException) -> ApiError | None:
    """The retryable answer for a database failure, or None when it is not one (a bug)."""
    if isinstance(exc, sa_exc.TimeoutError):  # no pooled connection came free in time
        return busy("The server is too busy right now; try again in a moment.")
    orig = exc.orig if isinstance(exc, sa_exc.DBAPIError) else exc
    if isinstance(exc, sa_exc.DBAPIError) and exc.connection_invalidated:
        return unavailable()
    if not isinstance(orig, psycopg.Error):
        return None
    state = orig.sqlstate or ""
    if state in _BUSY_STATES:
        if state == "55P03":
            return busy()
        return busy("The database is too busy right now; try again in a moment.")
    if state.startswith("08") or state in _UNAVAILABLE_STATES:
        return unavailable()
    if isinstance(orig, psycopg.OperationalError) and not state:  # refused, reset, closed: no server answer
        return unavailable()
    return None


def retry_after(error: ApiError) -> int:
    return RETRY_AFTER_UNAVAILABLE if error.code == "database_unavailable" else RETRY_AFTER_BUSY


def describe(exc: BaseException) -> str:
    """One line for the log: the error class and its first line."""
    orig = getattr(exc, "orig", None) or exc
    first = (str(orig).strip().splitlines() or [""])[0]
    return f"{type(orig).__name__}: {first}"[:300]


def log_failure(logger, what: str, exc: BaseException) -> None:
    """Background work that failed: one line when the database is at fault, a traceback for a bug."""
    if classify(exc) is not None:
        logger.warning("%s: %s", what, describe(exc))
    else:
        logger.error("%s", what, exc_info=exc)
