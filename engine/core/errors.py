"""Errors the engine raises."""
from __future__ import annotations


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the game is left unchanged.

    ``str(exc)`` is a sentence a player can read. ``rule`` names the rule that
    forbids the action when there is one (e.g. ``"10.1.6"``), and ``code`` is a
    stable machine-readable reason (``"not_your_turn"``, ``"unknown_action"``,
    ``"malformed"``, ``"illegal"``).
    """

    def __init__(self, message: str, *, rule: str | None = None, code: str = "illegal") -> None:
        if rule and not message.startswith(rule):
            message = f"{message} ({rule})"
        super().__init__(message)
        self.rule = rule
        self.code = code


class PositionError(ValueError):
    """A position dict handed to ``new_game`` that cannot describe a legal game state."""
