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


def forbidden(message: str = "You may not do that.") -> ApiError:
    return ApiError(403, "forbidden", message)


def not_found(what: str = "game") -> ApiError:
    return ApiError(404, "not_found", f"No such {what}.")


def malformed(message: str, **extra: Any) -> ApiError:
    return ApiError(400, "malformed", message, **extra)


def payload_too_large(limit: int) -> ApiError:
    return ApiError(413, "payload_too_large", f"The request body is larger than {limit} bytes.")


# --- OpenAPI documentation of the error body --------------------------------------------------


class ErrorDetail(BaseModel):
    code: str
    message: str
    rule: str | None = None


class ErrorBody(BaseModel):
    error: ErrorDetail


ERROR_CODES: dict[str, str] = {
    "not_signed_in": "401: no valid session cookie or API token",
    "banned": "403: the account is banned",
    "csrf": "403: missing or wrong CSRF token on a cookie-authenticated write",
    "forbidden": "403: not allowed (e.g. admin only)",
    "not_a_player": "403: you hold no seat in this game",
    "not_your_turn": "403: your side may not act now",
    "not_found": "404: unknown (or private) game, token or user",
    "stale_seq": "409: `seq` is not the game's current seq; re-read the view",
    "game_not_active": "409: the game is open, finished or aborted",
    "seat_taken": "409: no free seat / the game already started",
    "own_game": "409: you cannot take the second seat of your own game",
    "username_taken": "409: that username is already used",
    "payload_too_large": "413: body over the limit (64 KiB)",
    "illegal_action": "422: the engine refused the action; `message` says why, `rule` may name a rule",
    "malformed": "400/422: not JSON, or not the documented shape",
    "rate_limited": "429: too many failed sign-ins; try later",
    "engine_error": "500: the rules engine failed; nothing was changed",
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
    }
    return {s: {"model": ErrorBody, "description": described.get(s, "Error")} for s in statuses}
