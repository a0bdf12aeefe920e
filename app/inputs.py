"""Checks on untrusted input that the database or the parser would otherwise turn into a 500.

PostgreSQL stores no NUL character in `text` or `jsonb`, and UTF-8 has no lone surrogates
(which JSON's `\\ud800` escapes can produce); ids are 32-bit and offsets 63-bit integers.
"""
from __future__ import annotations

import re
from typing import Any

from app.errors import ApiError

INT32_MAX = 2**31 - 1
INT64_MAX = 2**63 - 1
MAX_JSON_DEPTH = 32

_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def valid_id(value: Any) -> bool:
    """Could this be the id of a row (a positive 32-bit integer)?"""
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value <= INT32_MAX


def storable(text: str) -> bool:
    return _UNSTORABLE.search(text) is None


def check_text(text: str, what: str) -> str:
    """`text` unchanged, or a 422 `malformed` naming the field."""
    if not storable(text):
        raise ApiError(422, "malformed", f"{what} contains a character that cannot be stored (NUL or a lone surrogate).")
    return text


def check_json(value: Any, what: str = "The message", max_depth: int = MAX_JSON_DEPTH) -> Any:
    """A parsed JSON value, refused (422 `malformed`) when nested too deep or holding unstorable text."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            check_text(item, what)
        elif isinstance(item, (dict, list)):
            if depth > max_depth:
                raise ApiError(422, "malformed", f"{what} is nested more than {max_depth} levels deep.")
            if isinstance(item, dict):
                for key, child in item.items():
                    check_text(str(key), what)
                    stack.append((child, depth + 1))
            else:
                stack.extend((child, depth + 1) for child in item)
        elif isinstance(item, int) and not isinstance(item, bool) and abs(item) > INT64_MAX:
            raise ApiError(422, "malformed", f"{what} holds an integer out of range.")
    return value
