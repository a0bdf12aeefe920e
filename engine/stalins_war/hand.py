"""The hand as its holder sees it: what each card would do if played now, and why not.

`card_plays(c, side)` gives, for every card in the side's hand, one entry per way the
card can be played — for OPS, for RP, as an event, or (combat cards) in a combat —
each saying whether the rules allow it now, the action that plays it, and if not,
why (with the rule). "Allowed" is read from the legal actions of the decision on top,
so it can never disagree with what `apply` accepts.
"""
from __future__ import annotations

import re

from . import consecutive, flow, rounds
from .cards import catalog, combat_cards
from .context import Ctx

ROUND_RULE = "7.2"
COMBAT_RULE = "7.5.5a"
_LEADING_RULE = re.compile(r"^(\d+(?:\.\d+)+[a-z]?(?:/[a-z])?):\s*(.+)$")
_TRAILING_RULE = re.compile(r"^(.+?)\s*\((\d+(?:\.\d+)+[a-z]?)\)\.?$")


def split_rule(text: str | None) -> tuple[str | None, str | None]:
    """'4.4.1: no replacement plays on turn 1' → ('No replacement plays on turn 1', '4.4.1')."""
    if not text:
        return None, None
    text = text.strip()
    m = _LEADING_RULE.match(text)
    if m:
        rule, body = m.group(1), m.group(2)
    else:
        m = _TRAILING_RULE.match(text)
        body, rule = (m.group(1), m.group(2)) if m else (text, None)
    body = body.rstrip(".")
    return body[:1].upper() + body[1:], rule


def _refused(as_: str, text: str | None, **extra) -> dict:
    reason, rule = split_rule(text or "Not allowed now")
    shown = f"{reason} ({rule})" if rule else reason
    return {"as": as_, "allowed": False, "action": None, "reason": shown, "rule": rule, **extra}


def _allowed(as_: str, action: dict, **extra) -> dict:
    return {"as": as_, "allowed": True, "action": {k: v for k, v in action.items() if k != "label"},
            "reason": None, "rule": None, **extra}


def ops_now(c: Ctx, side: str, printed: int) -> dict:
    """The OPS a card would give now and why: {"ops", "printed", "why"}."""
    ops = consecutive.ops_preview(c, side, printed)
    count = c.s["consec"][side]
    why = f"{printed} OPS" if ops == printed else f"{printed} → {ops} OPS: consecutive OPS count {count} (7.3.2)"
    return {"ops": ops, "printed": printed, "why": why}


def _not_now(c: Ctx, side: str) -> str:
    f = flow.top(c)
    if f is not None and f["kind"] == "action_round" and f["side"] != side:
        return f"{ROUND_RULE}: it is the {f['side'].capitalize()} action round; cards are played in your own"
    if f is not None and f["kind"] == "action_round":
        return f"{ROUND_RULE}: cards are played at the start of your action round"
    if c.s["phase"] == "action" and c.s["rs"]["side"] == side:
        return f"{ROUND_RULE}: you have already chosen this round's action; cards are played at the start of a round"
    return f"{ROUND_RULE}: cards are played at the start of your own action round"


def card_plays(c: Ctx, side: str) -> dict[str, list[dict]]:
    """{card id: [play, ...]} for every card in `side`'s hand (see the module docstring)."""
    f = flow.top(c)
    in_round = f is not None and f["kind"] == "action_round" and f["side"] == side and side in flow.active_sides(c)
    legal = flow.STEPS["action_round"].actions(c, f, side) if in_round else []
    offered = {(a["card"], a["as"]): a for a in legal if a["type"] == "play_card"}
    in_combat = (f is not None and f["kind"] == "combat" and f["phase"] == "cards" and f.get("card_side") == side)
    not_now = None if in_round else _not_now(c, side)
    out: dict[str, list[dict]] = {}
    for card in c.s["cards"][side]["hand"]:
        cdef = c.d.cards[card]
        ops = ops_now(c, side, cdef.ops)
        plays = []
        if (card, "ops") in offered:
            plays.append(_allowed("ops", offered[(card, "ops")], **ops))
        else:
            plays.append(_refused("ops", not_now or consecutive.ops_refusal(c), **ops))
        rp = {k: v for k, v in cdef.rp.items() if v}
        if (card, "rp") in offered:
            plays.append(_allowed("rp", offered[(card, "rp")], rp=rp))
        else:
            plays.append(_refused("rp", not_now or rounds.rp_refusal(c, side), rp=rp))
        if cdef.kind == "combat":
            if in_combat and combat_cards.refusal(c, f, side, card) is None:
                plays.append(_allowed("combat", {"type": "combat_card", "card": card}))
            elif in_combat:
                plays.append(_refused("combat", combat_cards.refusal(c, f, side, card)))
            else:
                plays.append(_refused("combat", f"{COMBAT_RULE}: combat cards are played during a combat"))
        elif (card, "event") in offered:
            plays.append(_allowed("event", offered[(card, "event")]))
        else:
            plays.append(_refused("event", not_now or catalog.refusal(c, side, card)))
        out[card] = plays
    return out
