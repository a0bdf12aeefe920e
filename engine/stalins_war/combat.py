"""Combat (11.0) — placeholder until the combat rules land: no combat can be declared yet."""
from __future__ import annotations

from .context import Ctx


def could_attack_from(c: Ctx, side: str, hid: str) -> bool:
    return False


def declare_actions(c: Ctx, side: str) -> list[dict]:
    return []


def handles(action: dict) -> bool:
    return False


def apply(c: Ctx, side: str, action: dict) -> None:  # pragma: no cover
    raise NotImplementedError
