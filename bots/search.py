"""The `search` level: determinized Monte Carlo over the fast policy.

For a decision with a handful of real options (the card play of an action round, which hex
to attack, resolve or cancel, combat cards, losses, no-retreat, advance), each candidate is
tried on copies of the game from `engine.determinize(game, side, seed)`: the opponent's hand,
the draw piles and the dice drawn afresh (never read from the true game). After the
candidate the fast policy plays both sides to a short horizon (the end of the combat for a
combat decision, the end of the round for a card play), and the position is scored from
`side`'s view (VP level, strength on the map, the result). The candidate with the best mean
wins; the fast policy's own choice is tried first and wins ties.

Every candidate sees the same determinizations (common random numbers), so the comparison
is about the choice, not the luck. `budget` counts simulations (default 24); `time_limit`
(default 5 s) stops the search early: the deadline is checked before every rollout step, and
a step starts only if the longest one seen so far fits (`Deadline`), so a decision keeps to
its limit. With the budget reached first, the choice depends only on the game, the side and
the seed.
"""
from __future__ import annotations

import random
import time

import engine

from . import fast
from .situation import Situation

DEFAULT_BUDGET = 24
DEFAULT_TIME = 5.0
MAX_CANDIDATES = 6
ROLLOUT_STEPS = 40
# The steps inside one combat (11.1-11.5): a combat decision's rollout ends when none is on offer.
COMBAT_STEPS = {"resolve", "cancel", "commit", "withdraw", "combat_card", "done_combat_cards", "take_loss",
                "no_retreat", "accept_retreat", "retreat", "advance", "place_blitz", "end_advance", "sleighride",
                "stand", "kampfgruppe"}
COMBAT_TYPES = {"resolve", "cancel", "commit", "combat_card", "done_combat_cards", "take_loss", "no_retreat",
                "accept_retreat", "advance", "place_blitz", "end_advance", "retreat", "attack", "end_combat"}


class Deadline:
    """The time a decision may take, checked before every step of a rollout as well as between
    simulations (a rollout may run 40 steps: checked only between simulations, one decision of
    400 took 5.3 s against a 5 s limit). A step starts only if the longest step seen so far
    still fits before the end, less `margin` (the final choice and the answer's way out).
    `clock` is injectable so tests count checks instead of timing them."""

    def __init__(self, limit: float, clock=time.perf_counter, margin: float | None = None) -> None:
        self.clock = clock
        self.started = clock()
        margin = min(0.25, 0.05 * limit) if margin is None else margin
        self.end = self.started + limit - margin
        self.step = 0.0  # the longest step measured so far
        self.now = self.started

    def allows(self) -> bool:
        """Whether one more step fits; the step that follows is measured from here."""
        self.now = self.clock()
        return self.now + self.step <= self.end

    def measure(self) -> None:
        """The step begun at the last `allows` is over."""
        self.step = max(self.step, self.clock() - self.now)


def choose(game, side, view, legal, seed, budget=None, time_limit=None):
    limit = DEFAULT_TIME if time_limit is None else float(time_limit)
    return run(game, side, view, legal, seed, budget, Deadline(limit))[0]


def run(game, side, view, legal, seed, budget, deadline: Deadline):
    """(the chosen action, {"simulations": completed, "cut": rollouts cut off by the deadline}).

    Simulations go round the candidates; a rollout cut off by the deadline is dropped and no
    other starts. The means are taken over the rounds every candidate completed (the same
    determinizations for all); before the first complete round, over the candidates tried."""
    from . import decision_rng

    budget = DEFAULT_BUDGET if budget is None else max(1, int(budget))
    stats = {"simulations": 0, "cut": 0}
    rng = decision_rng(seed, side, view, legal)
    default = fast.decide(view, legal, side, rng, game)
    cands = candidates(view, legal, side, default)
    if len(cands) < 2:
        return default, stats
    horizon = "combat" if {a["type"] for a in cands} & COMBAT_TYPES else "round"
    scores: list[list[float]] = [[] for _ in cands]
    for it in range(budget):
        if not deadline.allows():
            break
        i = it % len(cands)
        world = engine.determinize(game, side, seed * 100_003 + it // len(cands))
        score = simulate(world, side, cands[i], horizon, seed + it, deadline)
        if score is None:
            stats["cut"] += 1
            break
        scores[i].append(score)
        stats["simulations"] += 1
    rounds = min(len(s) for s in scores)
    if rounds:
        means = [sum(s[:rounds]) / rounds for s in scores]
    else:
        means = [s[0] if s else float("-inf") for s in scores]
    best = max(range(len(cands)), key=lambda i: (means[i], -i))
    return cands[best], stats


def candidates(view, legal, side, default):
    """The fast choice first, then the options worth comparing (at most MAX_CANDIDATES)."""
    types = {a["type"] for a in legal}
    out = [default]
    if types & {"play_card", "zero_ops"}:
        sit = Situation(view, side)
        scored = fast.card_scores(sit, legal)
        pool = [a for _s, a in sorted(scored, key=lambda sa: -sa[0])]
    elif types & {"attack"}:
        pool = [a for a in legal if a["type"] in ("attack", "end_combat")]
    elif len(legal) <= 8 and types & COMBAT_TYPES:
        pool = list(legal)
    else:
        return out
    for a in pool:
        if a not in out:
            out.append(a)
        if len(out) >= MAX_CANDIDATES:
            break
    return out


def simulate(world, side, action, horizon, seed, deadline: Deadline | None = None) -> float | None:
    """Apply `action`, let the fast policy play both sides to the horizon, score for `side`;
    None when `deadline` cuts the rollout off (a step that would not fit is not begun)."""
    from . import decision_rng

    world.apply(side, _strip(action))
    if deadline is not None:
        deadline.measure()  # the determinization and the candidate: one step
    for _ in range(ROLLOUT_STEPS):
        if world.result() is not None:
            break
        if deadline is not None:
            if not deadline.allows():
                return None
        actor = world.active_sides()[0]
        legal = world.legal_actions(actor)
        types = {a["type"] for a in legal}
        if (horizon == "combat" and not types & COMBAT_STEPS) or types & {"play_card", "zero_ops"}:
            break
        view = world.view(actor)
        world.apply(actor, _strip(fast.decide(view, legal, actor, decision_rng(seed, actor, view, legal), quick=True)))
        if deadline is not None:
            deadline.measure()
    return evaluate(world, side)


def evaluate(world, side) -> float:
    """A position's worth for `side`, from its own view: the result, the VP level, strength on the map."""
    result = world.result()
    if result is not None:
        return 1000.0 if result["winner"] == side else -1000.0
    view = world.view(side)
    sign = 1.0 if side == "axis" else -1.0
    strength = {"axis": 0.0, "soviet": 0.0}
    for u in view["units"]:
        if u["kind"] != "partisan":
            strength[u["side"]] += u["attack"] + u["defense"] + (0 if u["supply"] != "none" else -2)
    foe = "soviet" if side == "axis" else "axis"
    return 3.0 * sign * (view["vp"] - 7) + 0.25 * (strength[side] - strength[foe])


def _strip(action: dict) -> dict:
    return {k: v for k, v in action.items() if k != "label"}
