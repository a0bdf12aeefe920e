"""The Draw Strategy Card phase (6.0 D, 7.1.3, 7.6, 17.1).

Total War may begin first (7.6.4, checked by the sequence). The Soviet then the
Axis may discard any cards (7.6.2, discards are public). The Soviet takes his
automatic reinforcement cards (7.1.3), then both draw up to their hand size.
"""
from __future__ import annotations

from . import decks, flow, supply, terrain
from .constants import AXIS, MAX_HAND, MIN_HAND, SOVIET
from .context import Ctx
from .flow import Step, register


def controlled_oil(c: Ctx, side: str) -> int:
    """17.1.3: an oil hex counts only if it could trace supply as a unit of its holder."""
    key = ("controlled_oil", side)  # asked by every view (twice) and the draw phase
    if key not in c.cache:
        control = c.s["control"]
        c.cache[key] = sum(1 for hid in terrain.oil_hexes(c)
                           if control.get(hid) == side and supply.hex_supplied(c, hid, side))
    return c.cache[key]


def hand_limit(c: Ctx, side: str) -> int:
    """7.6.1 and 17.1.4–17.1.7: the marker, moved by oil, kept within 4..7 (no Axis minimum on turns 16–18)."""
    size = c.s["hand_size"][side]
    oil = controlled_oil(c, side)
    if side == AXIS:
        if oil == 0:
            size -= 1
        elif oil >= 3:
            size += 1
        low = c.turn_def().axis_hand_minimum  # 7.6.1: none on turns 16-18
    else:
        if oil == 1:
            size -= 1
        elif oil == 0:
            size -= 2
        low = MIN_HAND
    return max(low, min(MAX_HAND, size))


@register
class DrawDiscard(Step):
    kind = "draw_discard"

    def prompt(self, c, f, side):
        return "Discard any cards you do not want to keep before drawing (7.6.2)"

    def actions(self, c, f, side):
        out = [{"type": "discard", "card": cid, "label": f"Discard {c.d.cards[cid].name}"}
               for cid in decks.hand(c, side)]
        out.append({"type": "done_discarding", "label": "Keep the rest and draw"})
        return out

    def apply(self, c, f, side, a):
        if a["type"] == "discard":
            decks.move(c, side, a["card"], "discard")
            c.say(f"{side.capitalize()} discards {c.d.cards[a['card']].name} ({a['card']}).",
                  kind="discard", card=a["card"])
            return
        flow.pop(c, self.kind)


def draw_phase(c: Ctx) -> None:
    for cid in c.turn_def().soviet_automatic_draws:  # 7.1.3, from the turn track
        if cid in c.s["cards"][SOVIET]["set_aside"]:
            decks.move(c, SOVIET, cid, "hand")
            c.say(f"The Soviet player receives {c.d.cards[cid].name} ({cid}) automatically (7.1.3).",
                  kind="draw", card=cid)
    for side in (SOVIET, AXIS):
        decks.draw_to(c, side, hand_limit(c, side))
