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
ENGINE_OPTIONS: list[dict[str, str]] = [
    {"name": "buy_first_card", "label": "Buy first card (23.1.1)",
     "help": "Each side may give up 1 VP to choose one card of its first hand."},
    {"name": "shuffle_soviet_reinforcements", "label": "Shuffle Soviet reinforcements (23.1.2)",
     "help": "Soviet cards 1-6 are shuffled into the Blitzkrieg deck (no free pick)."},
    {"name": "extra_trench_ops", "label": "Extra trench OPS (23.1.3)",
     "help": "An extra OPS subtracts 3 from a trench roll."},
    {"name": "phasing_supply_recheck", "label": "Phasing supply re-check (23.1.4)",
     "help": "Out-of-supply units of the phasing side are re-checked at the end of its round."},
]


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

    def board_assets(self) -> dict[str, Any] | None:
        """The static board SVG and the data a client draws games from (None if the engine has none)."""
        make = getattr(self.engine, "board_assets", None)
        return make(GAME) if make else None

    def pack_actions(self, actions: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
        """The wire form of a legal-action list: {"actions", "action_groups"} (docs/server.md)."""
        pack = getattr(self.engine, "pack_actions", None)
        return pack(actions) if pack else {"actions": actions, "action_groups": []}

    def packed_legal_actions(self, game: Any, side: str) -> dict[str, list[dict[str, Any]]]:
        """`pack_actions(game.legal_actions(side))`, made by the game itself where it can: in a movement
        stage that skips listing thousands of labelled unit moves only to group them again."""
        packed = getattr(game, "packed_legal_actions", None)
        return packed(side) if packed else self.pack_actions(game.legal_actions(side))

    def is_illegal(self, exc: BaseException) -> bool:
        return isinstance(exc, self.engine.IllegalAction)
