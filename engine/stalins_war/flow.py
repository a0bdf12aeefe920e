"""The decision machine: a stack of frames, each one a point where a side must decide.

Every frame is a small dict on ``state["stack"]`` with a ``kind``; the `Step`
registered for that kind says who acts, what they may do, and what each action
does. Automatic frames (``auto = True``) run without a decision. When the stack
is empty the sequence of play (`sequence.advance`) pushes the next frames.

Legality is decided in one place: an action is legal exactly when it is among
the step's `actions` (compared without presentation keys such as "label"), so
`legal_actions` and `apply` can never disagree. Steps whose choices are too many
to list cheaply may override `check` instead, keeping the same guarantee.
"""
from __future__ import annotations

import json
from typing import Callable, ClassVar

from ..core.errors import IllegalAction
from ..core.wire import pack_actions
from .context import Borrowed, Ctx

STEPS: dict[str, "Step"] = {}
_SEQUENCE: list[Callable[[Ctx], None]] = []  # the sequence of play, registered by `sequence`


def set_sequence(advance: Callable[[Ctx], None]) -> None:
    """Register what moves the game on when no decision is pending (`sequence.advance`)."""
    _SEQUENCE[:] = [advance]


def register(cls: type["Step"]) -> type["Step"]:
    STEPS[cls.kind] = cls()
    return cls


_PLAIN = (str, int, bool, type(None))  # types whose JSON text is the same only for equal values


def _same_keys_and_values(listed: dict, action: dict) -> bool:
    """False when `listed` and `action` cannot have the same canonical JSON: their keys (the label
    aside) differ, or a string, integer, boolean or null of `action` differs from `listed`'s. Other
    values (lists, dicts, floats) are left to the comparison by JSON."""
    if len(listed) - ("label" in listed) != len(action) - ("label" in action):
        return False
    for k, v in action.items():
        if k == "label":
            continue
        if k not in listed:
            return False
        if type(v) in _PLAIN and listed[k] != v:
            return False
    return True


def listed(action: dict, legal: list[dict]) -> bool:
    """Whether `action` is among `legal`, compared as canonical JSON without labels. Equal canonical
    JSON implies equal dicts (the label aside), so only those are written out."""
    key = canonical(action)
    return any(_same_keys_and_values(a, action) and canonical(a) == key for a in legal)


def canonical(action: dict) -> str:
    return json.dumps({k: v for k, v in action.items() if k != "label"}, sort_keys=True, separators=(",", ":"))


class Step:
    kind: ClassVar[str] = ""
    auto: ClassVar[bool] = False
    # Whether `view` depends on who looks (views then build it per viewer; else once per position).
    view_by_viewer: ClassVar[bool] = False

    def actors(self, c: Ctx, f: dict) -> list[str]:
        return [f["side"]]

    def prompt(self, c: Ctx, f: dict, side: str) -> str:
        return ""

    def actions(self, c: Ctx, f: dict, side: str) -> list[dict]:
        return []

    def packed_actions(self, c: Ctx, f: dict, side: str) -> dict | None:
        """`pack_actions(self.actions(...))` made without listing each action, or None (then it is)."""
        return None

    def matchable(self, c: Ctx, f: dict, side: str, action: dict) -> list[dict] | None:
        """The legal actions that could equal `action`, when the step can list them without listing all
        (e.g. only the options of the unit the action names); None: all of them (`actions`)."""
        return None

    def check(self, c: Ctx, f: dict, side: str, action: dict) -> None:
        some = self.matchable(c, f, side, action)
        legal = self.actions(c, f, side) if some is None else some
        if listed(action, legal):
            return
        raise self.refuse(c, f, side, action, legal if some is None else self.actions(c, f, side))

    def refuse(self, c: Ctx, f: dict, side: str, action: dict, legal: list[dict]) -> IllegalAction:
        """Explain why an action is not legal; steps override this with rule-specific reasons."""
        kinds = sorted({a["type"] for a in legal})
        if action["type"] not in kinds:
            return IllegalAction(
                f"{action['type']!r} is not possible now; {self.prompt(c, f, side) or 'you may'}: {', '.join(kinds)}.",
                code="unknown_action" if kinds else "illegal",
            )
        return IllegalAction(f"That {action['type']} is not legal now.")

    def apply(self, c: Ctx, f: dict, side: str, action: dict) -> None:
        raise NotImplementedError

    def run(self, c: Ctx, f: dict) -> None:
        """Automatic frames do their work here (and must pop themselves)."""
        raise NotImplementedError

    def view(self, c: Ctx, f: dict, side: str | None) -> dict:
        """Public details of this decision for views (never hidden information)."""
        return {}


# ---- the stack --------------------------------------------------------------------------------

def top(c: Ctx) -> dict | None:
    stack = c.s["stack"]
    return stack[-1] if stack else None


def push(c: Ctx, kind: str, **fields) -> dict:
    frame = {"kind": kind, **fields}
    c.s["stack"].append(frame)
    return frame


def pop(c: Ctx, kind: str | None = None) -> dict:
    frame = c.s["stack"].pop()
    if kind is not None and frame["kind"] != kind:
        raise AssertionError(f"popped {frame['kind']} while finishing {kind}")
    return frame


def find(c: Ctx, kind: str) -> dict | None:
    """The innermost frame of a kind (e.g. the operations frame under a combat)."""
    for frame in reversed(c.s["stack"]):
        if frame["kind"] == kind:
            return frame
    return None


# ---- the public protocol ------------------------------------------------------------------------

def active_sides(c: Ctx) -> list[str]:
    if c.s.get("result"):
        return []
    f = top(c)
    if f is None:
        return []
    return STEPS[f["kind"]].actors(c, f)


def legal_actions(c: Ctx, side: str) -> list[dict]:
    f = top(c)
    if f is None or side not in active_sides(c):
        return []
    return STEPS[f["kind"]].actions(c, f, side)


def packed_legal_actions(c: Ctx, side: str) -> dict[str, list[dict]]:
    """`pack_actions(legal_actions(c, side))`: the step's own packed list when it has one."""
    f = top(c)
    if f is None or side not in active_sides(c):
        return pack_actions([])
    step = STEPS[f["kind"]]
    packed = step.packed_actions(c, f, side)
    return packed if packed is not None else pack_actions(step.actions(c, f, side))


def apply(c: Ctx, side: str, action: dict, known: dict | None = None) -> None:
    """Check and carry out `action`. `known`: derived data of a state equal to `c.s` (the position's
    memo), which the check may read; the rest of the action starts from what the check read."""
    f = top(c)
    if f is None or c.s.get("result"):
        raise IllegalAction("The game is over.", code="game_over")
    step = STEPS[f["kind"]]
    if side not in step.actors(c, f):
        raise IllegalAction(f"It is not {side}'s decision now.", code="not_your_turn")
    if known:
        c.cache = Borrowed(known)
        try:
            step.check(c, f, side, action)
        finally:
            c.cache = dict(c.cache)
    else:
        step.check(c, f, side, action)
    step.apply(c, f, side, action)
    settle(c)


def settle(c: Ctx) -> None:
    """Run automatic frames and the sequence of play until a side must decide or the game ends."""
    advance = _SEQUENCE[0]
    for _ in range(100_000):
        if c.s.get("result"):
            c.s["stack"].clear()
            return
        f = top(c)
        if f is None:
            advance(c)
            continue
        step = STEPS[f["kind"]]
        if not step.auto:
            return
        step.run(c, f)
    raise RuntimeError("the sequence of play did not come to a decision")


def prompt(c: Ctx, side: str) -> dict | None:
    f = top(c)
    if f is None or side not in active_sides(c):
        return None
    step = STEPS[f["kind"]]
    return {"kind": f["kind"], "text": step.prompt(c, f, side)}
