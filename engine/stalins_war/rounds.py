"""An action round (7.2): the phasing side plays a card for OPS, RP or event, or takes a 0-OPS round.

Per-round bookkeeping lives in ``state["rs"]`` and is reset when a round begins;
per-turn counters live in ``state["tc"]`` and are reset when a turn begins.
"""
from __future__ import annotations

from . import decks, flow
from .cards import catalog
from .consecutive import ops_for_card, ops_preview, ops_refusal, rasputitsa, reset_consecutive
from .constants import AXIS, SOVIET
from .context import Ctx
from .flow import Step, register
from .state import fresh_round_state, fresh_turn_counters  # noqa: F401  (re-exported)


def begin(c: Ctx) -> None:
    """Start the phasing side's action round."""
    from . import banked, supply

    side = c.active
    c.s["rs"] = fresh_round_state(side)
    c.s["rs"]["started"] = {u: c.loc(u) for u in c.units_on_map(side)}
    supply.judge_side(c, side)  # 13.1.1: the phasing side's supply is fixed at the start of its round
    if side == AXIS and c.round == 1:
        banked.axis_round_one(c)
    c.say(f"{c.turn_def().name}, round {c.round}: {side.capitalize()} action round.", kind="round")
    flow.push(c, "action_round", side=side)


def finish(c: Ctx) -> None:
    """Close the round: played cards to the discards (or out of the game), markers off."""
    from . import options_rules
    from .cards import combat_cards

    rs = c.s["rs"]
    side = rs["side"]
    combat_cards.end_of_round(c)  # 7.5.5b: round-wide combat cards go at the end of the round
    for card, use in rs["played"]:
        if decks.where(c, side, card) != "played":
            continue
        cdef = c.d.cards[card]
        if use == "event" and cdef.starred:
            decks.remove_after_event(c, side, card)
        else:
            decks.move(c, side, card, "discard")
    m = c.s["markers"]
    m["combat"], m["move"], m["blitz"] = [], [], []
    options_rules.end_of_round_supply_check(c, side)


# ---- the choice of the round ----------------------------------------------------------------------

def rp_refusal(c: Ctx, side: str) -> str | None:
    """Why a card may not be played for RP now (None if it may)."""
    tc = c.s["tc"]
    if c.turn == 1:
        return "4.4.1: no replacement plays on turn 1"
    td = c.turn_def()
    limit = td.soviet_rp_plays if side == SOVIET else td.axis_rp_plays
    if tc["rp_plays"][side] >= limit:
        return f"{'7.4.2' if side == SOVIET else '7.4.3'}: {side.capitalize()} may play only {limit} RP card{'s' if limit > 1 else ''} this turn"
    if c.round - 1 in tc["rp_rounds"][side]:
        return "7.4.4: no RP play in the round right after an RP play in the same turn"
    return None


@register
class ActionRound(Step):
    kind = "action_round"

    def prompt(self, c, f, side):
        if f.get("second"):
            return "Steppe Fox: play a second card for OPS, RP or its event"
        return "Play a card for OPS, RP or its event, or take a 0-OPS round"

    def actions(self, c, f, side):
        out = []
        hand = decks.hand(c, side)
        can_ops = ops_refusal(c) is None
        can_rp = rp_refusal(c, side) is None
        for card in hand:
            cdef = c.d.cards[card]
            if can_ops:
                out.append({"type": "play_card", "card": card, "as": "ops",
                            "label": f"{cdef.name} ({card}): {ops_label(c, side, cdef.ops)}"})
            if can_rp:
                out.append({"type": "play_card", "card": card, "as": "rp",
                            "label": f"{cdef.name} ({card}): RP ({rp_text(cdef)})"})
            if catalog.playable(c, side, card):
                out.append({"type": "play_card", "card": card, "as": "event",
                            "label": f"{cdef.name} ({card}): event"})
        if f.get("second"):
            return out  # Steppe Fox: the second action must be a card play (4.4.1)
        if can_ops:
            out.append({"type": "zero_ops", "option": "operate",
                        "label": "0-OPS round: move and fight (banked OPS only)"})
        out.append({"type": "zero_ops", "option": "pass", "discard": None,
                    "label": "0-OPS round: do nothing" + ("" if rasputitsa(c) else " and reset consecutive OPS")})
        for card in hand:
            out.append({"type": "zero_ops", "option": "pass", "discard": card,
                        "label": f"0-OPS round: discard {c.d.cards[card].name} and draw a card"})
        return out

    def refuse(self, c, f, side, action, legal):
        from ..core.errors import IllegalAction
        if action["type"] == "play_card":
            card, use = action.get("card"), action.get("as")
            if card not in decks.hand(c, side):
                return IllegalAction(f"{card!r} is not in your hand.", code="illegal")
            if use == "ops" and ops_refusal(c):
                return IllegalAction(ops_refusal(c))
            if use == "rp" and rp_refusal(c, side):
                return IllegalAction(rp_refusal(c, side))
            if use == "event":
                return IllegalAction(catalog.refusal(c, side, card) or "That event cannot be played now.")
            return IllegalAction('A card is played "as" "ops", "rp" or "event".', code="malformed")
        if action["type"] == "zero_ops" and action.get("option") == "operate" and ops_refusal(c):
            return IllegalAction("15.1.1: a 0-OPS round with movement or combat is not allowed in Rasputitsa")
        return super().refuse(c, f, side, action, legal)

    def apply(self, c, f, side, a):
        flow.pop(c, self.kind)
        if a["type"] == "zero_ops":
            zero_ops(c, side, a)
            return
        play_card(c, side, a["card"], a["as"])


def ops_label(c: Ctx, side: str, printed: int) -> str:
    """"3 OPS", or "4 → 2 OPS (consecutive OPS count 2, 7.3.2)" when the count lowers what the card gives."""
    ops = ops_preview(c, side, printed)
    if ops == printed:
        return f"{ops} OPS"
    return f"{printed} → {ops} OPS (consecutive OPS count {c.s['consec'][side]}, 7.3.2)"


def rp_text(cdef) -> str:
    return " ".join(f"{k} {v:g}" for k, v in cdef.rp.items() if v)


def play_card(c: Ctx, side: str, card: str, use: str) -> None:
    from . import operations

    cdef = c.d.cards[card]
    rs = c.s["rs"]
    decks.move(c, side, card, "played")
    rs["played"].append([card, use])
    if use == "ops":
        rs["type"] = "ops"
        ops = ops_for_card(c, side, cdef.ops)
        c.say(f"{side.capitalize()} plays {cdef.name} ({card}) for {ops} OPS "
              f"(consecutive OPS count {c.s['consec'][side]}).", kind="play", card=card, use=use)
        operations.start(c, side, ops)
    elif use == "rp":
        rs["type"] = "rp"
        play_for_rp(c, side, cdef)
        reset_consecutive(c, side, reinforcement_or_rp=True)
    else:
        rs["type"] = "event"
        c.say(f"{side.capitalize()} plays {cdef.name} ({card}) as an event.", kind="play", card=card, use=use)
        catalog.play(c, side, card)


def play_for_rp(c: Ctx, side: str, cdef) -> None:
    """7.4.1: mark the card's RPs for each nationality (kept in half points)."""
    tc = c.s["tc"]
    tc["rp_plays"][side] += 1
    tc["rp_rounds"][side].append(c.round)
    for kind, amount in cdef.rp.items():
        c.s["rp"][kind] += int(round(amount * 2))
    c.say(f"{side.capitalize()} plays {cdef.name} ({cdef.id}) for replacements: {rp_text(cdef)}.",
          kind="play", card=cdef.id, use="rp")


def zero_ops(c: Ctx, side: str, a: dict) -> None:
    """7.2.6: a round without a card, either operating (banked OPS only) or passing."""
    from . import operations

    rs = c.s["rs"]
    if a["option"] == "operate":
        rs["type"] = "zero_operate"
        c.say(f"{side.capitalize()} takes a 0-OPS round to move and fight.", kind="play", use="zero_ops")
        operations.start(c, side, 0)
        return
    rs["type"] = "zero_pass"
    reset_consecutive(c, side)
    card = a.get("discard")
    if card:
        decks.move(c, side, card, "discard")
        new = decks.draw_one(c, side)
        c.say(f"{side.capitalize()} takes a 0-OPS round, discards {c.d.cards[card].name} and draws a card.",
              kind="play", use="zero_ops", discard=card)
        if new:
            c.say(f"You drew {c.d.cards[new].name} ({new}).", to=side, kind="draw", cards=[new])
    else:
        c.say(f"{side.capitalize()} takes a 0-OPS round and passes.", kind="play", use="zero_ops")
