"""The only door to the rules engine (`engine/`): the app never imports it anywhere else.

Tests may hand `Rules` a stand-in module with the same public API.
"""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

GAME = "stalins_war"
SCENARIOS = ("campaign", "tournament")
SIDES = ("axis", "soviet")

# The engine's game options offered as checkboxes in the lobby (see engine/README.md).
ENGINE_OPTIONS: list[dict[str, str]] = []


class Rules:
    def __init__(self, module: ModuleType | None = None) -> None:
        self._module = module

    @property
    def engine(self) -> ModuleType:
        if self._module is None:
            self._module = importlib.import_module("engine")
        return self._module

    def new_game(self, scenario: str, seed: int, options: dict[str, Any]) -> Any:
        return self.engine.new_game(GAME, scenario=scenario, seed=seed, options=options)

    def load(self, state: dict[str, Any]) -> Any:
        return self.engine.load(state)

    def replay(self, scenario: str, seed: int, options: dict[str, Any], actions: list[tuple[str, dict]]) -> Any:
        return self.engine.replay(GAME, scenario, seed, options, actions)

    def render_svg(self, view: dict[str, Any]) -> str:
        return self.engine.render_svg(view)

    def is_illegal(self, exc: BaseException) -> bool:
        return isinstance(exc, self.engine.IllegalAction)
