"""The rules engine of Stalin's War Online.

    import engine
    game = engine.new_game("stalins_war", scenario="campaign", seed=1234, options={})
    game.active_sides(); game.legal_actions("axis"); game.apply("axis", action)
    game.view("soviet"); game.result(); engine.load(game.to_json())

The package is pure Python: no web, database or I/O imports. See engine/README.md.
"""
from __future__ import annotations

from .core.errors import IllegalAction, PositionError
from .core.protocol import Game, game_names, module_for
from .core.replay import replay
from .core.wire import pack_actions, unpack_actions
from . import stalins_war as _stalins_war  # noqa: F401  (registers the game)

__all__ = ["IllegalAction", "PositionError", "Game", "new_game", "load", "replay", "game_names", "render_svg", "board_assets",
           "pack_actions", "unpack_actions", "determinize"]


def new_game(game: str = "stalins_war", scenario: str | None = "campaign", seed: int = 0,
             options: dict | None = None, position: dict | None = None) -> Game:
    """A new game. `position` (see engine/README.md) sets up any situation instead of the scenario's start."""
    return module_for(game).new(scenario=scenario, seed=seed, options=options or {}, position=position)


def load(data: dict) -> Game:
    """The game whose state `to_json()` returned."""
    return module_for(data["game"]).load(data)


def determinize(game: Game, side: str, seed: int) -> Game:
    """A copy of `game` as `side` may imagine it: what `side` sees is kept, everything hidden
    from it (opponent's hand, draw piles' order, dice and other random results) is drawn
    afresh from `seed` and never read from the true game. See engine/README.md."""
    return game.determinize(side, seed)


def board_assets(game: str = "stalins_war") -> dict:
    """{"svg": the static board, "data": hexes, 1941 owners, counters, turn track, fire tables} (JSON-ready)."""
    return module_for(game).assets()


def render_svg(view: dict, **kwargs) -> str:
    """The board with the units a view shows, as an SVG string (safe: it sees only the view)."""
    return module_for(view["game"]).render(view, **kwargs)
