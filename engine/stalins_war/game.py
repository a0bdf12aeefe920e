"""`StalinsWar`: the engine's game object for Stalin's War, and how new games begin."""
from __future__ import annotations

from ..core.errors import IllegalAction, PositionError
from ..core.protocol import Game, GameModule, clone, register
from . import flow, setup
# Every module that registers decision steps is imported here, so each frame kind has its step.
from . import combat, draw, end_turn, operations, replacements, rounds, sequence, special  # noqa: F401
from .cards import catalog  # noqa: F401  (every card's event registers)
from .constants import AXIS, SIDES, SOVIET
from .context import Ctx
from .data import load_data
from .state import OptionsError, blank_state

SCENARIOS = ("campaign", "tournament")


class StalinsWar(Game):
    name = "stalins_war"
    sides = SIDES

    def _ctx(self, state: dict) -> Ctx:
        c = Ctx(state, load_data())
        lasting = self.__dict__.get("_lasting")
        if lasting is None:
            lasting = self._lasting = {}
        c.lasting = lasting
        if state is self._state:
            # Read-only queries on the current position (who acts, legal actions, each side's
            # view) share its derived data: supply nets, ZOC, the unit index. `apply` works on a
            # copy and swaps it in, so a new position starts a new memo (with the previous one's
            # supply data when none of its inputs changed, see `carried_over`).
            memo = self.__dict__.get("_memo")
            if memo is None or memo[0] is not state:
                memo = self._memo = (state, carried_over(memo, state))
            c.cache = memo[1]
        return c

    def _active_sides(self, state):
        return flow.active_sides(self._ctx(state))

    def _legal_actions(self, state, side):
        return flow.legal_actions(self._ctx(state), side)

    def _packed_legal_actions(self, state, side):
        return flow.packed_legal_actions(self._ctx(state), side)

    def _apply(self, state, side, action):
        return self._apply_revealing(state, side, action)[0]

    def _apply_revealing(self, state, side, action):
        from .reveal import hidden_changes, merge

        c = self._ctx(state)
        # `state` is a fresh copy of the current position: its check may read the position's memo.
        memo = self.__dict__.get("_memo")
        flow.apply(c, side, action, known=memo[1] if memo is not None and memo[0] is self._state else None)
        return c.entries, merge(c.revealed, hidden_changes(self._state, state, side))

    def _view(self, state, side):
        from .view import build_view

        return build_view(self._ctx(state), side)

    def _full_view(self, state):
        from .view import build_full_view

        return build_full_view(self._ctx(state))

    def _result(self, state):
        return state.get("result")

    def _determinize(self, state, side, seed):
        from .determinize import determinize

        data = load_data()
        return determinize(state, side, seed, lambda cid: data.cards[cid].number)

    # ---- test hooks ------------------------------------------------------------------------
    def force_dice(self, *rolls: int) -> None:
        """Make the next die rolls come out as given (tests only; never reaches a view)."""
        if not all(isinstance(r, int) and 1 <= r <= 6 for r in rolls):
            raise ValueError("die rolls are 1..6")
        self._state = clone(self._state)  # a state handed out by to_json never changes
        self._state["forced"]["dice"].extend(rolls)

    def force_draws(self, side: str, *cards: str) -> None:
        """Make `side`'s next card draws be these cards (tests only)."""
        data = load_data()
        for card in cards:
            if card not in data.cards or data.cards[card].side != side:
                raise ValueError(f"{card} is not a {side} card")
        self._state = clone(self._state)  # a state handed out by to_json never changes
        self._state["forced"]["draws"][side].extend(cards)

    def prompt(self, side: str) -> dict | None:
        return flow.prompt(self._ctx(self._state), side)


# Derived data that reads nothing of a state but where the units are (and their supply, steps ...),
# who holds each hex and the markers below: supply nets, ZOCs, what blocks a supply line, the oil
# in supply (17.1.3), the unit index and stacking. Each kind names its cache keys' first item.
SUPPLY_INPUT_MARKERS = ("trench", "festung", "fortress_destroyed", "volga_fortress")
CARRIED = frozenset({"by_hex", "on_map", "occupied", "stack_summary", "zoc", "zoc_bits", "zoc_unbarred",
                     "blocked", "blocked_bits", "net", "su_trace", "su_full_without_baku", "baku_full", "controlled_oil"})


def carried_over(memo: tuple[dict, dict] | None, state: dict) -> dict:
    """A new position's memo: the previous position's supply data when the action changed none of
    what it is computed from (a card played, a combat declared, a decision on a combat card ...)."""
    if memo is None or not memo[1]:
        return {}
    before, cache = memo
    if before["units"] != state["units"] or before["control"] != state["control"]:
        return {}
    m0, m1 = before["markers"], state["markers"]
    if any(m0.get(k) != m1.get(k) for k in SUPPLY_INPUT_MARKERS):
        return {}
    return {k: v for k, v in cache.items() if k[0] in CARRIED}


def new(scenario: str | None = "campaign", seed: int = 0, options: dict | None = None,
        position: dict | None = None) -> StalinsWar:
    data = load_data()
    if position is not None:
        from .position import state_from_position

        state = state_from_position(data, position, seed=seed, options=options,
                                    scenario=position.get("scenario") or scenario or "campaign")
        c = Ctx(state, data)
        schedule_automatic_rps(c)
        flow.settle(c)
        return StalinsWar(state)
    if scenario not in SCENARIOS:
        raise ValueError(f"unknown scenario {scenario!r}; choose one of {SCENARIOS}")
    if not isinstance(seed, int):
        raise ValueError("seed must be an integer")
    try:
        state = blank_state(data, scenario, seed, options or {})
    except OptionsError as exc:
        raise ValueError(str(exc)) from None
    c = Ctx(state, data)
    setup.initial_piles(c)
    place_scenario_units(c)
    schedule_automatic_rps(c)
    setup.push_setup_frames(c)
    flow.settle(c)
    return StalinsWar(state)


def place_scenario_units(c: Ctx) -> None:
    """4.2.1 / 25.0: every set-up unit on its hex."""
    for hid, units in c.scenario.setup.items():
        for entry in units:
            uid, lost = entry if isinstance(entry, tuple) else (entry, 0)
            c.s["units"][uid]["loc"] = hid
            c.s["units"][uid]["lost"] = lost
    c.changed()


def schedule_automatic_rps(c: Ctx) -> None:
    """4.5.2 and 21.0: the Soviets' 3 RPs on turns 2 and 3, adjusted by the bid, at most 3 a turn."""
    soviet_total = sum(c.scenario.soviet_automatic_rps.values())
    bid = c.s["options"]["bid"]
    axis_total = 0
    if bid:
        if bid["side"] == AXIS:
            soviet_total += bid["rp"]
        else:
            soviet_total -= bid["rp"]
            if soviet_total < 0:
                axis_total, soviet_total = -soviet_total, 0
    for side, total in ((SOVIET, soviet_total), (AXIS, axis_total)):
        turn = 2
        while total > 0:
            amount = min(3, total)
            c.s["auto_rp"][side][str(turn)] = amount
            total -= amount
            turn += 1


def load(state: dict) -> StalinsWar:
    """The game of a stored state; it works on its own copy, so the caller's dict never changes."""
    if state.get("game") != "stalins_war":
        raise ValueError("not a Stalin's War state")
    return StalinsWar(clone(state))


def render(view: dict, **kwargs) -> str:
    from .render import render_svg
    from .view import counters_for_render

    return render_svg(load_data().map, counters_for_render(view), **kwargs)


def assets() -> dict:
    from .assets import board_assets

    return board_assets()


register(GameModule("stalins_war", new=new, load=load, render=render, assets=assets))

__all__ = ["StalinsWar", "new", "load", "IllegalAction", "PositionError"]
