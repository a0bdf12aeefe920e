"""The protocol every game module speaks, and the registry of game modules.

A game is a JSON-native state dict plus the rules that read and change it. The
public object, `Game`, never lets a failed action leave a trace: `apply` works on
a private copy and swaps it in only when the rules accepted the action. A state,
once current, is never changed again: `to_json` hands it out as it is.
"""
from __future__ import annotations

import marshal
from abc import ABC, abstractmethod
from typing import Any, Callable, ClassVar

from .errors import IllegalAction
from .wire import pack_actions

JSON = Any
MAX_ACTION_KEYS = 32
PRESENTATION_KEYS = ("label",)  # keys a client may echo back that carry no meaning


def clone(state: JSON) -> JSON:
    """A deep copy of a JSON-native value (marshal is the fastest exact copy in the stdlib)."""
    return marshal.loads(marshal.dumps(state))


def _is_json_native(value: Any, depth: int = 0) -> bool:
    if depth > 8:
        return False
    if value is None or isinstance(value, (bool, int, float, str)):
        return True
    if isinstance(value, list):
        return all(_is_json_native(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _is_json_native(v, depth + 1) for k, v in value.items())
    return False


def normalise_action(action: Any) -> dict:
    """Check an action's shape and drop presentation-only keys; raise IllegalAction if malformed."""
    if not isinstance(action, dict):
        raise IllegalAction("An action must be a JSON object.", code="malformed")
    if not isinstance(action.get("type"), str):
        raise IllegalAction('An action needs a string "type".', code="malformed")
    if len(action) > MAX_ACTION_KEYS or not _is_json_native(action):
        raise IllegalAction("An action must be a small JSON object.", code="malformed")
    return {k: v for k, v in action.items() if k not in PRESENTATION_KEYS}


class Game(ABC):
    """A game in progress. Subclasses supply the rules through the underscored hooks."""

    name: ClassVar[str]
    sides: ClassVar[tuple[str, ...]]

    def __init__(self, state: JSON) -> None:
        self._state = state
        self._revealed: list[dict] | None = None  # what the last `apply` on this object revealed

    # ---- hooks a game module implements -------------------------------------------------
    @abstractmethod
    def _active_sides(self, state: JSON) -> list[str]: ...

    @abstractmethod
    def _legal_actions(self, state: JSON, side: str) -> list[dict]: ...

    @abstractmethod
    def _apply(self, state: JSON, side: str, action: dict) -> list[dict]: ...

    @abstractmethod
    def _view(self, state: JSON, side: str | None) -> dict: ...

    @abstractmethod
    def _result(self, state: JSON) -> dict | None: ...

    def _apply_revealing(self, state: JSON, side: str, action: dict) -> tuple[list[dict], list[dict] | None]:
        """Apply, and say what the action showed `side` that it did not know before.

        A game that cannot tell returns None: every action then counts as revealing
        something, so none can be taken back.
        """
        return self._apply(state, side, action), None

    def _full_view(self, state: JSON) -> dict:
        """Hook: the view with every side's private cards (for replays once the game is over)."""
        raise NotImplementedError

    def _determinize(self, state: JSON, side: str, seed: int) -> JSON:
        """Hook: a copy of `state` whose information hidden from `side` is drawn afresh from `seed`."""
        raise NotImplementedError

    # ---- public API -----------------------------------------------------------------------
    def active_sides(self) -> list[str]:
        """The sides that must act now (empty once the game is over)."""
        return self._active_sides(self._state)

    def legal_actions(self, side: str) -> list[dict]:
        """Every action `side` may take now, as JSON-ready dicts; [] if it may not act."""
        if side not in self.sides or side not in self._active_sides(self._state):
            return []
        return self._legal_actions(self._state, side)

    def packed_legal_actions(self, side: str) -> dict[str, list[dict]]:
        """`pack_actions(self.legal_actions(side))`, the wire form, which a game may make without
        listing every action first (thousands of unit moves)."""
        if side not in self.sides or side not in self._active_sides(self._state):
            return pack_actions([])
        return self._packed_legal_actions(self._state, side)

    def _packed_legal_actions(self, state: JSON, side: str) -> dict[str, list[dict]]:
        """Hook: the packed legal actions; by default the flat list, packed."""
        return pack_actions(self._legal_actions(state, side))

    def apply(self, side: str, action: dict) -> list[dict]:
        """Carry out one action; return its log entries. On IllegalAction nothing changes."""
        if side not in self.sides:
            raise IllegalAction(f"Unknown side {side!r}.", code="malformed")
        action = normalise_action(action)
        if side not in self._active_sides(self._state):
            raise IllegalAction(f"It is not {side}'s turn to act.", code="not_your_turn")
        work = clone(self._state)
        log, revealed = self._apply_revealing(work, side, action)
        if revealed is None:
            revealed = [{"kind": "unknown", "text": "this game does not say what its actions reveal"}]
        if self._result(work):
            revealed.append({"kind": "game_over", "text": "the game is over"})
        elif side not in self._active_sides(work):
            revealed.append({"kind": "hand_over", "text": "the decision has passed to the other side"})
        self._state = work
        self._revealed = revealed
        return log

    def revealed(self) -> list[dict] | None:
        """What the last `apply` on this object showed its side that it could not know before.

        A list of ``{"kind", "text"}``, empty when the action revealed nothing and may be
        taken back (undo); None when nothing has been applied to this object. Kinds:
        ``die`` (a die was rolled), ``random`` (a shuffle or a counter drawn at random),
        ``draw`` (a card was drawn), ``hidden`` (hidden information came to light),
        ``hand_over`` (the side that acted no longer decides: the other may act on what
        it saw), ``game_over``, ``unknown`` (the game cannot tell).
        """
        return None if self._revealed is None else [dict(r) for r in self._revealed]

    def view(self, side: str | None) -> dict:
        """What `side` may see (None: a spectator). Never contains hidden information."""
        if side is not None and side not in self.sides:
            raise ValueError(f"unknown side {side!r}")
        return self._view(self._state, side)

    def full_view(self) -> dict:
        """The spectators' view plus every side's hand (``hands``): for replays of finished games.

        Still never the random generator's state or the order of a draw pile.
        """
        return self._full_view(self._state)

    def result(self) -> dict | None:
        return self._result(self._state)

    def determinize(self, side: str, seed: int) -> "Game":
        """A new game that `side` cannot tell from this one: the same view for `side`, but
        everything hidden from it (the opponent's hand, the draw piles' order, the random
        generator) drawn afresh from `seed`, never copied. For bots that look ahead.
        """
        if side not in self.sides:
            raise ValueError(f"unknown side {side!r}")
        if not isinstance(seed, int):
            raise ValueError("seed must be an integer")
        return type(self)(self._determinize(self._state, side, seed))

    def to_json(self) -> JSON:
        """The complete state, hidden information included (for storage, never for players).

        It is the game's own state, not a copy: the game never changes a state once it is current
        (`apply` works on a copy and swaps it in), so it stays exactly as returned, whatever the
        game does next. Treat it as read-only; to edit it, copy it (`load` takes its own copy).
        """
        return self._state


class GameModule:
    """How the registry builds and restores one kind of game."""

    def __init__(self, name: str, new: Callable[..., Game], load: Callable[[JSON], Game],
                 render: Callable[..., str] | None = None, assets: Callable[[], dict] | None = None) -> None:
        self.name = name
        self.new = new
        self.load = load
        self.render = render
        self.assets = assets  # what a client draws the board from, once per map version


_REGISTRY: dict[str, GameModule] = {}


def register(module: GameModule) -> None:
    _REGISTRY[module.name] = module


def module_for(name: str) -> GameModule:
    try:
        return _REGISTRY[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; known: {sorted(_REGISTRY)}") from None


def game_names() -> list[str]:
    return sorted(_REGISTRY)
