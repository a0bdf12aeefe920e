"""A game consistent with what one side sees, its hidden information drawn afresh (for bots that look ahead).

What `side` cannot see (the same parts `reveal.hidden_changes` watches and `view` hides):
the opponent's hand, the order of both draw piles, the random generator (future dice,
shuffles, the counter an inactive partisan turns out to be: inactive partisans have no
identity in the state, 16.1.3) and forced test results. `determinize` rebuilds each of
them from the public part of the state and a seed, never from its true value:

- the opponent's hand and draw pile are pooled, put in card order (so nothing of the true
  deal survives) and dealt again at random: a hand of the same size, the rest as the draw
  pile. Cards the side saw in that hand this turn (Lucy, Fremde Heere Ost: `intel`) that
  are still unaccounted for are dealt into the hand first;
- the side's own draw pile is put in card order and shuffled;
- the random generator restarts from the seed; forced results are dropped.

So two games that differ only in what `side` cannot see give the same determinized game
for the same seed (tests/engine/test_determinize.py).
"""
from __future__ import annotations

from ..core.protocol import clone
from ..core.rng import Rng, seed_state
from .constants import AXIS, SOVIET, enemy


def determinize(state: dict, side: str, seed: int, card_number) -> dict:
    """A copy of `state` with everything `side` may not see re-drawn from `seed`."""
    s = clone(state)
    holder = {"rng": seed_state(seed)}
    rng = Rng(holder)
    foe = enemy(side)
    mine, theirs = s["cards"][side], s["cards"][foe]
    unknown = sorted(theirs["hand"] + theirs["draw"], key=card_number)
    hand_size = len(theirs["hand"])
    seen = (s["stats"].get("intel") or {}).get(side)
    kept = [cid for cid in (seen["cards"] if seen and seen["turn"] == s["turn"] else []) if cid in unknown]
    kept = kept[:hand_size]
    rest = [cid for cid in unknown if cid not in kept]
    rng.shuffle(rest)
    theirs["hand"] = kept + rest[:hand_size - len(kept)]
    theirs["draw"] = rest[hand_size - len(kept):]
    mine["draw"] = sorted(mine["draw"], key=card_number)
    rng.shuffle(mine["draw"])
    s["rng"] = seed_state(rng.below(1 << 62))
    s["forced"] = {"dice": [], "draws": {AXIS: [], SOVIET: []}}
    return s
