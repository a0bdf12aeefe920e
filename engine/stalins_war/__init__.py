"""Stalin's War (Ted Raicer, GMT Games 2010): the rules as a state machine over a JSON state.

Everything specific to this game lives in this package; the game-agnostic core is `engine.core`.
"""
from __future__ import annotations

from .game import StalinsWar, load, new  # noqa: F401  (importing registers the game)
