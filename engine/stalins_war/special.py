"""Partisan and festung placement during movement (16.1, 16.3) — placeholder until the special-unit rules land."""
from __future__ import annotations

from .context import Ctx


def actions(c: Ctx, side: str) -> list[dict]:
    return []


def handles(action: dict) -> bool:
    return False


def apply(c: Ctx, side: str, action: dict) -> None:  # pragma: no cover
    raise NotImplementedError
