"""The sequence of play (6.0): action rounds, attrition, replacements, card draw, end of turn.

`advance` is called whenever no decision is pending. It moves the game's program
counter (``phase``, ``segment``, ``round``, ``active``, ``round_open``) one step and
pushes the frames of the next decision.
"""
from __future__ import annotations

from . import flow, state
from .constants import AXIS, LAST_ROUND, SOVIET
from .context import Ctx


def last_round(c: Ctx) -> int:
    """Turn 1 has one action round per side (4.4.1); every other turn has five (7.2.1)."""
    return 1 if c.turn == 1 else LAST_ROUND


def advance(c: Ctx) -> None:
    phase = c.s["phase"]
    if phase == "action":
        if not c.s["round_open"]:
            begin_round(c)
        else:
            end_round(c)
        return
    segments = SEGMENTS[phase]
    i = c.s["segment"]
    if i >= len(segments):
        raise AssertionError(f"phase {phase} ran past its last segment")
    c.s["segment"] = i + 1
    segments[i](c)


def enter_phase(c: Ctx, phase: str) -> None:
    state.enter_phase(c.s, phase)


# ---- action phase -------------------------------------------------------------------------------

def begin_round(c: Ctx) -> None:
    from . import rounds

    c.s["round_open"] = True
    rounds.begin(c)


def end_round(c: Ctx) -> None:
    from . import attrition, rounds, victory

    side = c.active
    rounds.finish(c)
    c.s["round_open"] = False
    if c.s.get("result"):
        return
    if side == SOVIET and victory.check_soviet_round_end(c):
        return
    if c.round >= last_round(c):
        attrition.run(c, side)  # 6.0 B: each side's attrition follows its last round at once
        if c.s.get("result"):
            return
    if side == AXIS:
        c.s["active"] = SOVIET
    elif c.round >= last_round(c):
        if victory.campaign_over_after_action_phase(c):
            return
        enter_phase(c, "replacement")
    else:
        c.s["round"] += 1
        c.s["active"] = AXIS


# ---- the phases after the action phase --------------------------------------------------------

def _replacements(side: str):
    def segment(c: Ctx) -> None:
        from . import replacements

        replacements.begin_segment(c, side)
    segment.__name__ = f"{side}_replacements"
    return segment


def _total_war_check(c: Ctx) -> None:
    from . import decks

    if decks.total_war_due(c):
        decks.start_total_war(c)


def _discards(side: str):
    def segment(c: Ctx) -> None:
        flow.push(c, "draw_discard", side=side)
    segment.__name__ = f"{side}_discards"
    return segment


def _draw_cards(c: Ctx) -> None:
    from . import draw

    draw.draw_phase(c)


def _end_of_turn(side: str):
    def segment(c: Ctx) -> None:
        from . import end_turn

        end_turn.begin_segment(c, side)
    segment.__name__ = f"{side}_end_of_turn"
    return segment


def _close_turn(c: Ctx) -> None:
    from . import end_turn

    end_turn.close_turn(c)


SEGMENTS = {
    "replacement": [_replacements(SOVIET), _replacements(AXIS), lambda c: enter_phase(c, "draw")],
    "draw": [_total_war_check, _discards(SOVIET), _discards(AXIS), _draw_cards, lambda c: enter_phase(c, "end_of_turn")],
    "end_of_turn": [_end_of_turn(AXIS), _end_of_turn(SOVIET), _close_turn],
}

flow.set_sequence(advance)  # the flow runs the sequence of play whenever no decision is pending
