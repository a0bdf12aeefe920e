"""Before the first round: the initial hands (4.3), the Soviet free pick and the optional purchases (23.1.1).

Order: the Axis decides on a 23.1.1 purchase first, then the Soviet takes the free
pick of 4.3.1 and decides on his own purchase; then both decks are shuffled and
each hand is dealt up to six cards.
"""
from __future__ import annotations

from ..core.errors import IllegalAction
from . import decks, flow
from .constants import AXIS, SOVIET
from .context import Ctx
from .flow import Step, register

HAND_AT_START = 6


def push_setup_frames(c: Ctx) -> None:
    """Push the set-up decisions (the stack runs last-pushed first)."""
    opts = c.s["options"]
    flow.push(c, "deal")
    if opts["buy_first_card"]:
        flow.push(c, "buy_card", side=SOVIET)
    if not opts["shuffle_soviet_reinforcements"]:
        flow.push(c, "free_pick", side=SOVIET)
    if opts["buy_first_card"]:
        flow.push(c, "buy_card", side=AXIS)


def blitz_cards(c: Ctx, side: str) -> list[str]:
    return [cid for cid, cd in c.d.cards.items() if cd.side == side and cd.deck == "blitzkrieg"]


def free_pick_choices(c: Ctx) -> list[str]:
    """4.3.1: any Blitzkrieg card that is not a reinforcement, or Soviet card 4."""
    out = [cid for cid in c.s["cards"][SOVIET]["draw"] if c.d.cards[cid].kind != "reinforcement"]
    if "S4" in c.s["cards"][SOVIET]["set_aside"]:
        out.append("S4")
    return sorted(out, key=lambda x: c.d.cards[x].number)


@register
class FreePick(Step):
    kind = "free_pick"

    def prompt(self, c, f, side):
        return "Take one Blitzkrieg card of your choice into your first hand (4.3.1), or decline"

    def actions(self, c, f, side):
        out = [{"type": "pick_card", "card": cid, "label": f"Take {c.d.cards[cid].name}"}
               for cid in free_pick_choices(c)]
        out.append({"type": "decline_pick", "label": "Take no card; be dealt six"})
        return out

    def refuse(self, c, f, side, action, legal):
        if action["type"] == "pick_card":
            return IllegalAction("4.3.1: the free pick may be any non-reinforcement Blitzkrieg card or Soviet card 4.")
        return super().refuse(c, f, side, action, legal)

    def apply(self, c, f, side, a):
        flow.pop(c, self.kind)
        if a["type"] == "pick_card":
            decks.move(c, SOVIET, a["card"], "hand")
            c.say("The Soviet player takes his free pick of a Blitzkrieg card.", kind="setup")
            c.say(f"You picked {c.d.cards[a['card']].name} ({a['card']}).", to=SOVIET, kind="setup")
        else:
            c.say("The Soviet player declines his free pick.", kind="setup")


@register
class BuyCard(Step):
    kind = "buy_card"

    def prompt(self, c, f, side):
        return "Optional rule 23.1.1: give up 1 VP to take any Blitzkrieg card, or decline"

    def actions(self, c, f, side):
        out = [{"type": "buy_card", "card": cid, "label": f"Pay 1 VP for {c.d.cards[cid].name}"}
               for cid in sorted(c.s["cards"][side]["draw"], key=lambda x: c.d.cards[x].number)]
        out.append({"type": "decline_purchase", "label": "Buy no card"})
        return out

    def apply(self, c, f, side, a):
        flow.pop(c, self.kind)
        if a["type"] == "decline_purchase":
            c.say(f"{side.capitalize()} buys no card (23.1.1).", kind="setup")
            return
        decks.move(c, side, a["card"], "hand")
        c.s["vp"] += -1 if side == AXIS else 1
        c.say(f"{side.capitalize()} gives up 1 VP to choose a card (23.1.1); VP level now {c.s['vp']}.", kind="setup")
        c.say(f"You bought {c.d.cards[a['card']].name} ({a['card']}).", to=side, kind="setup")


@register
class Deal(Step):
    """Shuffle and deal: Soviet first (4.3.1), then Axis (4.3.2)."""

    kind = "deal"
    auto = True

    def run(self, c, f):
        flow.pop(c, self.kind)
        for side in (SOVIET, AXIS):
            p = c.s["cards"][side]
            c.rng().shuffle(p["draw"])
            decks.draw_to(c, side, HAND_AT_START)
        c.say("The initial hands are dealt.", kind="setup")


def initial_piles(c: Ctx) -> None:
    """Blitzkrieg cards form each draw pile; Total War cards and Soviet 1–6 wait aside (4.3)."""
    shuffle_in = c.s["options"]["shuffle_soviet_reinforcements"]
    for side in (AXIS, SOVIET):
        p = {name: [] for name in decks.PILES}
        for cid, cd in sorted(c.d.cards.items(), key=lambda kv: kv[1].number):
            if cd.side != side:
                continue
            if cd.deck == "total_war":
                p["total_war"].append(cid)
            elif side == SOVIET and cd.number <= 6 and not shuffle_in:
                p["set_aside"].append(cid)
            else:
                p["draw"].append(cid)
        c.s["cards"][side] = p
