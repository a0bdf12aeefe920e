"""Every card's event, loaded: import this to play cards as events.

Importing the theme modules registers their handlers in `registry`; the action round
asks here whether a card may be played as an event and plays it.
"""
from __future__ import annotations

from . import (  # noqa: F401  (each registers its cards)
    flags,
    fortresses,
    hands,
    movement_events,
    other_fronts,
    partisans,
    reinforcements,
    replacement_events,
    round_combat,
    sea,
    supply_events,
    tracks,
    trenches,
)
from .registry import HANDLERS, KIND_HANDLERS, handler, play, playable, refusal  # noqa: F401
