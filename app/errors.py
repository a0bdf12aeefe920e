"""One error type for the whole service, rendered as `{"error": {"code", "message"}}`.

Codes are stable (clients switch on them); messages are for humans and may change.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message, **self.extra}}


def not_signed_in() -> ApiError:
    return ApiError(401, "not_signed_in", "Sign in, or send an API token as `Authorization: Bearer ...`.")


def not_found(what: str = "game") -> ApiError:
    return ApiError(404, "not_found", f"No such {what}.")


# --- OpenAPI documentation of the error body --------------------------------------------------


class ErrorDetail(BaseModel):
    code: str
    message: str
    rule: str | None = None
    seq: int | None = None


class ErrorBody(BaseModel):
    error: ErrorDetail


ERROR_CODES: dict[str, str] = {
    "malformed": "400: the body is not JSON; 422: it has the wrong shape",
    "not_signed_in": "401: no valid session cookie or API token",
    "bad_credentials": "401: wrong username or password",
    "banned": "403: the account is banned",
    "csrf": "403: a cookie-authenticated write without the session's X-CSRF-Token",
    "forbidden": "403: admins only",
    "not_a_player": "403: you hold no seat in this game",
    "not_your_turn": "403: your side may not act now",
    "not_found": "404: unknown (or private) game, token or user",
    "method_not_allowed": "405",
    "stale_seq": "409: `seq` is not the game's current seq (`error.seq` says which is); re-read the view",
    "game_not_active": "409: the game is open, finished or aborted",
    "undo_unavailable": "409: nothing can be taken back now; `message` says why",
    "seat_taken": "409: no free seat: the game already started",
    "own_game": "409: you already sit in this game",
    "username_taken": "409: that username is already used",
    "payload_too_large": "413: body over 64 KiB",
    "illegal_action": "422: the engine refused the action; `message` says why, `rule` may name the rule",
    "bad_options": "422: the engine refused the game options",
    "unknown_level": "422: no computer opponent of that level",
    "bot_account": "409: a computer opponent's account has no password (no reset link)",
    "out_of_time": "409: your live clock ran out; your opponent may claim the win or give you more time",
    "not_timed_out": "409: a claim or extension while the opponent still has time",
    "clock_state": "409: pausing paused clocks, or resuming running ones",
    "invalid_webhook": "422: a webhook URL, format or kind of notice that cannot be used",
    "too_many_webhooks": "409: at most 5 webhooks per account",
    "bad_record": "422: an imported or verified game record is not usable (the message says why)",
    "game_not_finished": "409: only an ended game's seed and dice can be checked",
    "invalid_username, invalid_password, invalid_email": "422",
    "rate_limited": "429: too many failed sign-ins (or chat messages); try later",
    "engine_error": "500: a bug in the rules engine; nothing was changed",
    "internal_error": "500: a bug",
    "board_unavailable": "503: the board could not be drawn",
    "busy": "503: the game (or the server) is busy, or the request waited too long and was not applied; "
            "retry after `Retry-After` seconds",
    "database_unavailable": "503: the database cannot be reached; retry after `Retry-After` seconds "
                            "(an action with the same `seq` is never applied twice)",
}


def responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI `responses=` entries for the given statuses, all with the error body."""
    described = {
        400: "Malformed request",
        401: "Not signed in",
        403: "Forbidden (see `error.code`)",
        404: "Not found",
        409: "Conflict (see `error.code`)",
        413: "Payload too large",
        422: "Illegal action or invalid body (see `error.code`)",
        429: "Rate limited",
        503: "Busy or database unavailable: retry after `Retry-After` seconds",
    }
    return {s: {"model": ErrorBody, "description": described.get(s, "Error")} for s in statuses}
