"""JSON text for the wire, made by orjson (several times faster than the standard library on views).

orjson refuses integers beyond 64 bits; anything it refuses goes to the standard library,
so the output is always what `json.dumps(..., separators=(",", ":"))` would accept back.
"""
from __future__ import annotations

import json
from typing import Any

import orjson


def dumps(value: Any) -> str:
    try:
        return orjson.dumps(value).decode()
    except TypeError:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def dumps_bytes(value: Any) -> bytes:
    try:
        return orjson.dumps(value)
    except TypeError:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()
