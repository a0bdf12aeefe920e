"""The `fast` level: heuristics that know the game, one decision at a time, from the view alone.

Every decision is read from the legal actions on offer (their types say which step of the
sequence of play this is) and scored with a `Situation` built from the side's view:

- card plays (7.2.6): reinforcement events first, then the event, OPS or RP play worth most
  now (OPS after the consecutive count of 7.3.2, RP by the steps they buy back, 7.4, 14.1.3);
- movement (10.1): each unit once a round, to the hex that most raises its worth — toward the
  objectives the side wants (VP hexes, oil, cities: 5.1.1–5.1.3), holding threatened ones,
  next to friends, in good terrain; trenches when the weather turns (10.3, 15.1); the Axis
  also scores the Soviet supply lines a move cuts (pockets, 13.3.8–13.3.9) and the steps the
  next Soviet attack would take where a unit stands (stacks that fire back and German Mobile
  Defense keep the Soviets off, 20.1.1);
- combat (11.0): markers and attacks where the fire tables favour the attacker (the preview
  of the declared fire decides whether to resolve or cancel), combat cards in big fights,
  losses on the units that keep most strength, retreats toward friends, advance and Blitz;
- replacements, placements, discards and every other decision: sensible defaults, and a
  fallback that takes any legal action so a new action type never crashes the bot.
"""
from __future__ import annotations

import random

from . import rounds, supply
from .situation import DEFENSIVE, MECHANIZED, Situation, grants_ops

TERMINAL = ("end_", "done_", "skip_", "decline", "cancel", "stand", "accept_retreat")

# Events worth more than their OPS (bonus on top of the OPS they grant), by card id.
EVENT_BONUS = {
    "A12": 3.0, "A14": 2.5, "A15": 3.0, "A16": 4.0, "A17": 3.5, "A19": 2.5, "A27": 3.0,
    "A30": 1.5, "A33": 1.0, "A46": 1.5, "A52": 0.5, "A10": 1.0,
    "S9": 2.0, "S11": 3.0, "S12": 2.5, "S13": 2.0, "S14": 2.0, "S15": 2.0, "S16": 1.5,
    "S22": 1.0, "S25": 0.5, "S33": 1.0, "S35": 2.0, "S36": 1.5, "S39": 2.0, "S40": 2.0,
    "S43": 1.0, "S49": 2.0, "S51": 2.5, "S52": 2.0, "S53": 1.0, "S54": 1.5, "S55": 3.0,
}
# What standing out of supply costs in a hex's worth (the unit is lost at attrition, 13.3.8).
OOS_PENALTY = {"axis": 8.0, "soviet": 5.0}
# What the Axis counts a hex of enemy supply net it cuts for (Situation.cut_gain), before the
# urgency of the round.
POCKET_WEIGHT = 3.0
# What the Axis counts standing where the next Soviet move could cut its supply, from turn 2: even
# the Soviets of Summer 1941 cut off Panzer spearheads driven on Luga and Narva.
POCKET_RISK = 2.5

# What a supplied Axis unit earns for standing east of the Paulus line while none has been there,
# by turn: the Soviets win at the end of turn 4 if none has (5.1.3).
PAULUS_PUSH = {2: 1.0, 3: 3.0, 4: 8.0}

# What the Axis counts each step it may lose where it stands (exposure), and the attack score
# (plan_attack's scale: hits less 0.8 of the hits fired back) below which the enemy is taken not to attack.
EXPOSURE_STEP = 1.0
DETERRED = 0.3

# Events whose absence costs every turn: played as events at once, never for OPS or RP.
MUST_PLAY_EVENT = {"A16"}
# What playing a card for OPS costs beside its OPS: a combat card kept for its fight, a
# reinforcement whose units are wanted for good (card_scores and the turn plan read both).
KEPT_CARD_COST = 1.5
REINFORCEMENT_OPS_COST = 2.0
# The sides whose card plays weigh the rest of the turn (bots/rounds.py), and how much.
PLANNED = {"axis"}
PLAN_WEIGHT = 1.0
# Events that keep cut-off Axis units alive through the attrition phase (rescue_worth).
RESCUES = {"A23", "A40", "A45"}

# Events only worth playing from a given turn (the attack permissions of 11.1.9 and the like).
EVENT_FROM_TURN = {"A12": 2, "A14": 2, "A15": 5, "A17": 3, "A19": 4, "S11": 1, "S55": 6}
# ... and only until a given turn (A19 lifts the penalties of Winter 1942, turn 4: 15.1.2).
EVENT_UNTIL_TURN = {"A19": 4}


def decide(view: dict, legal: list[dict], side: str, rng: random.Random, game=None, quick: bool = False) -> dict:
    """One of `legal`, chosen by the heuristics. With `game`, attacks are weighed on the fire
    preview of a determinized copy (engine.determinize: nothing hidden is read). `quick` (the
    search level's rollouts) skips movement and exploitation: units fight where they stand."""
    types = {a["type"] for a in legal}
    if quick:
        for stop in ("end_movement", "end_exploitation"):
            if stop in types:
                return _first(legal, stop)
    sit = Situation(view, side)
    sit.game = game
    for handler_types, handler in HANDLERS:
        if types & handler_types:
            choice = handler(sit, legal, rng)
            if choice is not None:
                return choice
    return fallback(sit, legal, rng)


def _of(legal, *types):
    return [a for a in legal if a["type"] in types]


def _first(legal, *types):
    for t in types:
        for a in legal:
            if a["type"] == t:
                return a
    return None


def _best(scored, rng):
    """The action with the highest score (a tiny random tie-break keeps seeds meaningful)."""
    if not scored:
        return None, None
    best = max(scored, key=lambda sa: (sa[0] + rng.random() * 1e-6))
    return best[1], best[0]


# ---- hex worth ------------------------------------------------------------------------------
def hex_value(sit: Situation, unit: dict | None, hid: str) -> float:
    """How good `hid` is for `unit` of this side to stand in (higher is better)."""
    friends = sit.own_count.get(hid, 0) - (1 if unit and unit.get("hex") == hid else 0)
    key = (hid, friends)
    worth = sit.hex_cache.get(key)
    if worth is None:
        worth = sit.hex_cache[key] = _hex_worth(sit, hid, friends)
    val = worth[0] + worth[1] * holding_share(sit, unit, hid)
    if unit and unit["defense"] <= 2 and sit.d_foe.get(hid, 99) <= 1 and hid not in sit.objective_hexes:
        val -= 1.0  # a weak unit stays out of the enemy's reach
    if unit and unit.get("kind") != "partisan":
        group = supply.group_of(unit, sit.side)
        if hid not in sit.supplied(group=group):
            # 13.3.8: out of supply at the attrition phase the unit is lost, and the hex with it (13.3.9).
            val -= OOS_PENALTY[sit.side]
        elif sit.side == "axis" and hid not in sit.supplied(group=group, trace=2):
            val -= 2.5  # a line four hexes long is cut by the next Soviet move
        if sit.side == "axis" and sit.turn >= 2 and hid in sit.supply_at_risk(group):
            val -= POCKET_RISK  # the Soviets close pockets on units left in salients (13.3.8)
        elif sit.paulus_pending and sit.b.hexes[hid].get("paulus_zone") and hid in sit.supplied(group=group):
            val += PAULUS_PUSH.get(sit.turn, 0.0)  # 5.1.3: one supplied unit east of the line by turn 4
        if sit.side == "axis":
            val -= exposure(sit, unit, hid)
            val += POCKET_WEIGHT * pocket_urgency(sit) * sit.cut_gain(unit, hid)
    return val


def pocket_urgency(sit: Situation) -> float:
    """A pocket closed late in the turn leaves the enemy fewer rounds to break out before its
    attrition phase (13.3.8)."""
    return 0.4 + 0.15 * (min(sit.v.get("round") or 1, 5) - 1)


def exposure(sit: Situation, unit: dict, hid: str) -> float:
    """What `unit` standing in `hid` adds to the hits the enemy's next attack there would inflict.
    The hits a fire inflicts grow with the attacker's strength alone (11.2.1: the defender's strength
    only fires back), so a bigger stack is not hit less; it is attacked less, because it fires back
    harder and, a German army with a Panzer corps, shifts both fires (20.1.1). A unit that makes a
    stack too strong to attack earns what the stack no longer risks."""
    if not sit.foe_strike(hid):
        return 0.0
    others = [u for u in sit.own_at(hid) if u["id"] != unit.get("id")]
    return EXPOSURE_STEP * (expected_loss(sit, hid, others + [unit]) - expected_loss(sit, hid, others))


def expected_loss(sit: Situation, hid: str, stack: list[dict]) -> float:
    """Steps `stack` in `hid` would lose to the strongest attack the enemy next to it can make,
    if that attack is one the enemy would make (its hits outweigh the hits fired back)."""
    if not stack:
        return 0.0
    md = 1 if mobile_defense(sit, stack) else 0
    hits = sit.b.expected_hits(sit.foe_strike(hid), True, -sit.defense_shift(hid) - md)
    back = sit.b.expected_hits(sum(u["defense"] for u in stack), any(u.get("lcu") for u in stack), md)
    if hits - 0.8 * back <= DETERRED:
        return 0.0
    return min(hits, sum(u["steps"] - u["lost"] for u in stack))


def mobile_defense(sit: Situation, stack: list[dict]) -> bool:
    """20.1.1: German Mobile Defense holds for this stack (an army and a Panzer corps, turns 1-9, not in winter)."""
    return sit.side == "axis" and not sit.winter and sit.turn <= 9 and \
        any(u.get("lcu") and u.get("nationality") == "GE" for u in stack) and \
        any(u.get("kind") == "panzer" for u in stack)


def holding_share(sit: Situation, unit: dict | None, hid: str) -> float:
    """How much of a hex's garrison worth a unit earns: the Axis's Panzer corps are its
    spearheads, and a garrison of infantry holds a city as well (the Panzers pulled back to
    Warsaw and Konigsberg in 1941 left the drive east without its armour). A Soviet VP hex a
    Panzer corps has taken is the exception: left empty, the Soviets walk back in (5.1.1)."""
    if sit.side == "axis" and unit and unit.get("kind") == "panzer" and hid not in sit.b.soviet_vp:
        return 0.25
    return 1.0


def _hex_worth(sit: Situation, hid: str, friends: int) -> tuple[float, float]:
    """(worth of standing in `hid`, worth of holding it: the garrison and guard share)."""
    b = sit.b
    w_off = sit.offensive_weight()
    off = sit.offense().get(hid, -40.0)
    if sit.side == "axis":
        # The Axis drives on while it is the stronger; weaker, it holds the VP hexes it has taken.
        dfn = sit.defense().get(hid, -40.0) if sit.threats() else off
        val = off if w_off >= 1.0 else w_off * off + (1.0 - w_off) * dfn
    else:
        dfn = sit.defense().get(hid, -40.0) if sit.threats() else off
        val = w_off * off + (1.0 - w_off) * dfn
    d = sit.d_foe.get(hid, 99)
    x = b.hexes.get(hid, {})
    objective = hid in sit.objective_hexes
    if sit.side == "soviet":
        if d in (1, 2):
            val += 1.5
        elif d > 5:
            val -= 0.3 * (d - 5)
    elif d == 1:
        val += 0.5
    near = sum(1 for n in b.adj.get(hid, ()) if n in sit.own_hexes)
    val += 0.4 * min(near, 3)
    hold = 0.0
    if sit.side == "axis":
        if not near and d <= 2:
            val -= 1.5  # a spearhead alone is cut off and lost
        hold += sit.guard().get(hid, 0.0)
    val -= (0.3 if objective else 0.8) * friends
    if set(b.terrain(hid)) & DEFENSIVE or x.get("settlement") in ("city", "major_city"):
        val += 1.0 if sit.side == "soviet" or sit.winter else 0.0
    if x.get("vp") and sit.holder(hid) == sit.side and not friends:
        if sit.side == "axis":
            # 5.1.1, 5.1.3: every VP hex lost lowers the VP level; a garrison keeps one.
            # Only where an enemy unit could walk in next round (behind an unbroken front a rear
            # city needs no garrison, and the armies it would hold are wanted at the front).
            # A Soviet VP hex keeps one wherever the enemy is near: the Soviets walk into empty ones
            # (and holding none at the end of turns 2-12 loses the war, 5.1.3).
            # From 1942 the front has moved east: a home VP hex the Soviets near is one a broken front
            # lets them walk into (Bucharest and Pest were lost that way, empty, to units four hexes off).
            hold += 5.0 if d <= 3 or hid in sit.foe_entry() or (d <= 6 and (hid in b.soviet_vp or sit.turn >= 5)) \
                else 0.0
            if hid in b.soviet_vp and sit.soviet_vp_held <= 2 and sit.turn <= 12 and d <= 6:
                # The last one or two are never left empty, whatever else the unit could do.
                val += 12.0 if sit.soviet_vp_held == 1 else 5.0
        elif d <= 3:
            val += 3.0
    if x.get("vp") and sit.holder(hid) == sit.side and sit.side == "axis" and d <= 2 and 1 <= friends <= 2:
        # A garrison weaker than what can strike it next round is thrown out: stack up.
        hold += 2.0 if friends == 1 or sit.foe_reach(hid) > sit.own_defense(hid) else 0.0
    if sit.side == "soviet" and x.get("name") in ("Moscow", "Leningrad") and sit.holder(hid) == "soviet":
        # 5.1.2: losing Moscow and Leningrad early loses the war; both always keep a garrison.
        val += 6.0 if not friends else 1.5 if friends == 1 and d <= 4 else 0.0
    if objective and sit.holder(hid) not in (sit.side, None) and hid not in sit.foe_hexes:
        gain = 8.0 if x.get("vp") else 3.0  # entering takes control (3.0, 5.1.1)
        if sit.side == "axis" and hid not in sit.supplied():
            gain *= 0.2  # 13.3.9: out of supply it changes hands again at the Axis attrition phase
        val += gain
    if sit.trench.get(hid) == sit.side:
        val += 0.8
    return val, hold


# ---- the action round -----------------------------------------------------------------------
def card_play(sit: Situation, legal, rng):
    return _best(card_scores(sit, legal), rng)[0]


def card_scores(sit: Situation, legal) -> list:
    """[(worth, action)] for every card play and 0-OPS round on offer."""
    hand = {c["id"]: c for c in (sit.v.get("hand") or [])}
    own = [u for u in sit.v["units"] if u["side"] == sit.side]
    missing = sum(u["lost"] for u in own) + sum(
        1 for uid in sit.v["boxes"]["eliminated"] if sit.b.units.get(uid, {}).get("side") == sit.side)
    # On the Axis's drive of 1941 a combat card only the defender may play is not one to keep.
    drive = sit.side == "axis" and sit.turn <= 3
    kept = {cid for cid, c in hand.items() if c["kind"] == "combat"
            and not (drive and sit.b.cards.get(cid, {}).get("combat_role") == "defender")}
    combat_cards = len(kept)
    gaps = missing_steps(sit)
    front = sum(1 for h in sit.own_hexes if sit.d_foe.get(h, 99) <= 1)
    # 5.1.3: when only a VP hex taken this turn saves the war, only OPS help.
    urgent = bool(sit.must_take)
    stranded = stranded_worth(sit)
    opening = sit.side == "axis" and sit.turn == 1
    plan = turn_plan(sit, hand, kept if combat_cards < 3 and not urgent else set(), urgent) \
        if sit.side in PLANNED else None
    scored = []
    for a in legal:
        if a["type"] == "zero_ops":
            if a["option"] == "operate":
                # Every unit moves in such a round (7.2.5): the Axis's drive of 1941 wants them all.
                moves = plan.moving if plan else \
                    1.0 if sit.side == "axis" and 2 <= sit.turn <= 4 and not sit.winter else 0.0
                # Without a Soviet VP hex the Axis needs combat markers, which only OPS buy (7.3.5).
                banked = sit.v["banked"].get(sit.side, 0)
                paulus = 0.4 * PAULUS_PUSH[sit.turn] if sit.paulus_pending and sit.turn >= 3 and banked else 0.0
                scored.append((0.5 + moves + banked - (2.0 if urgent else 0.0) + stranded + paulus, a))
            else:
                # 7.3.2: a round that neither moves nor fights resets the consecutive count (an 'operate' round
                # keeps it): worth the OPS the next card played for OPS gets back.
                consec = sit.v["consec"].get(sit.side, 0)
                if plan:
                    scored.append((0.3 + plan.after(a, None) + discard_worth(sit, hand.get(a.get("discard"))), a))
                else:
                    scored.append((0.3 + (reset_worth(sit, hand) if consec >= 2 else 0.0), a))
            continue
        if a["type"] != "play_card":
            continue
        card = hand.get(a["card"], {"kind": "event", "ops": 0, "rp": {}, "text": "", "starred": False, "plays": []})
        granted = 0 if sit.mud else grants_ops(card)  # 15.1.1: an event gives no OPS in a Rasputitsa round
        play = next((p for p in card.get("plays", ()) if p.get("as") == a["as"]), {})
        if a["as"] == "ops" and opening:
            # 4.4.1-4.4.2: turn 1 is one round without movement; its OPS are the markers of the whole
            # opening blow, worth more than any combat card kept for later.
            val = 2.0 * play.get("ops", card["ops"])
        elif a["as"] == "ops":
            ops = play.get("ops", card["ops"])
            val = 1.0 * ops + (0.5 if front else 0.0)
            if card["ops"] - ops >= 2 and not plan:
                val -= 1.0  # 7.3.2: an event or RP play first resets the consecutive count
            if sit.side == "axis" and sit.turn <= 3 and ops >= 2:
                val += 1.0  # Barbarossa: the OPS carry the drive east
            if card["id"] in kept and combat_cards < 3 and not urgent:
                val -= KEPT_CARD_COST
            if card["kind"] == "reinforcement":
                val -= REINFORCEMENT_OPS_COST
        elif a["as"] == "rp":
            val = 1.1 * rp_steps(card["rp"], gaps) - 0.5 + \
                (0.0 if plan else reset_worth(sit, hand, card["id"], supply_play=True))
            if drive and sit.turn >= 2:
                val -= 1.0  # a round of the 1941 drive: the steps can wait, the Soviets' front cannot
            if card["kind"] == "reinforcement" and sit.side == "axis":
                val -= 2.0  # the units stay for good; RPs only mend
        else:
            if card["kind"] == "reinforcement":
                # The Soviets need every army early; the Axis's allies can wait for a quiet round.
                val = 5.0 + 0.5 * card["ops"] if sit.side == "soviet" else \
                    2.0 + 0.6 * card["ops"] + (1.5 if sit.turn >= 5 else -1.5 if sit.turn <= 3 else 0.0)
            else:
                val = granted + EVENT_BONUS.get(card["id"], 0.3) + (0.5 if card.get("starred") else 0.0)
                if card["id"] in RESCUES:
                    val += rescue_worth(sit, card["id"])
                if sit.turn < EVENT_FROM_TURN.get(card["id"], 0) or sit.turn > EVENT_UNTIL_TURN.get(card["id"], 99):
                    val -= 3.0
                if sit.side == "axis" and sit.turn <= 6 and not grants_ops(card) and card["id"] not in EVENT_BONUS:
                    val -= 1.0  # the Axis's years of attack are short: OPS first
                if "RP" in (card.get("text") or "")[:40] and "Mark" in (card.get("text") or "")[:10]:
                    val = 1.2 * min(4, missing / 2)
            if not grants_ops(card) and card["id"] != "A10" and not plan:  # Steppe Fox: its second card decides
                val += reset_worth(sit, hand, card["id"], supply_play=card["kind"] == "reinforcement")  # 7.3.2
        if card["id"] in MUST_PLAY_EVENT:
            # A16: until it is played as an event the VP level drops by 1 at the end of every Spring
            # and Summer turn (turn 2 the first); any other play throws it away. Turn 1's single
            # round and turn 2's first rounds are worth more as OPS from other cards.
            late = sit.turn >= 3 or (sit.turn == 2 and sit.v["round"] >= 4)
            val = -50.0 if a["as"] != "event" else 50.0 if late else -5.0 if sit.turn == 1 else 2.0 + sit.v["round"]
        if urgent:
            ops = play.get("ops", card["ops"]) if a["as"] == "ops" else granted if a["as"] == "event" else 0
            val += min(ops, 3) - 1.0
        moves_and_fights = a["as"] == "ops" or (a["as"] == "event" and granted)
        if moves_and_fights and sit.paulus_pending and sit.turn >= 3:
            val += 0.4 * PAULUS_PUSH[sit.turn]  # 5.1.3: only such a round gets a unit east of the line
        if moves_and_fights and stranded:
            val += stranded  # only a round with OPS lets them walk back before attrition (13.3.8)
        if plan:
            val += plan.after(a, card)
        scored.append((val, a))
    return scored


class TurnPlan:
    """What each play now leaves the rest of the turn (bots/rounds.py): the consecutive count it
    leaves (7.3.2, 4.4.9, 15.1.1) and the cards still to play for OPS."""

    def __init__(self, sit: Situation, ops: dict[str, tuple[int, float]], urgent: bool) -> None:
        self.sit = sit
        self.ops = ops
        # The count left at the turn's end costs the next turn's first card; not if this turn's end
        # loses the war (5.1.3, the Axis holding no Soviet VP hex).
        self.carry = 0.0 if urgent else 0.5
        self.count = sit.v["consec"].get(sit.side, 0)
        rnd = sit.v.get("round") or 1
        last = 1 if sit.turn == 1 else 5  # 4.4.1: turn 1 is a single round
        mud_rounds = set(sit.b.turns.get(sit.turn, {}).get("rasputitsa_rounds") or ())
        self.mud = tuple(r in mud_rounds for r in range(rnd + 1, last + 1))
        # A round that moves (7.2.5) is worth most in the Axis's drive of 1941.
        self.moving = 0.5 if sit.side == "axis" and 2 <= sit.turn <= 4 and not sit.winter else 0.2

    def count_after(self, a: dict, card: dict | None) -> int:
        sit, count = self.sit, self.count
        if sit.mud:
            return count  # 15.1.1: never reset in a Rasputitsa round
        if a["type"] == "zero_ops":
            return count if a["option"] == "operate" else 0
        if a["as"] == "ops":
            return count + 1
        supply_play = a["as"] == "rp" or card["kind"] == "reinforcement"
        if card["id"] == "A10" or (supply_play and sit.side == "axis" and sit.turn <= 4):
            return count  # Steppe Fox leaves the count to its second card; 4.4.9
        return 0

    def after(self, a: dict, card: dict | None) -> float:
        gone = card["id"] if card else a.get("discard")
        left = tuple(v for cid, v in self.ops.items() if cid != gone)
        return PLAN_WEIGHT * rounds.rest_of_turn(self.count_after(a, card), left, self.mud,
                                                 moving=self.moving, carry=self.carry)


def discard_worth(sit: Situation, card: dict | None) -> float:
    """7.2.6: a passing round may swap a card for the top of the draw pile: worth it for a card of
    few OPS and no use beside them, not for a combat card, a reinforcement or an event kept to play."""
    if card is None:
        return 0.0
    if card["kind"] in ("combat", "reinforcement") or card["id"] in MUST_PLAY_EVENT or card["id"] in EVENT_BONUS:
        return -1.0
    return 0.2 * (2 - card["ops"])


def turn_plan(sit: Situation, hand: dict, kept: set, urgent: bool) -> TurnPlan:
    """The plan over the cards this side may play for OPS later this turn, each at the cost
    `card_scores` puts on such a play: a combat card it keeps, the Axis's reinforcements (wanted as
    events). An event it must play (A16) is not one of them."""
    ops = {cid: (c["ops"], KEPT_CARD_COST if cid in kept else
                 REINFORCEMENT_OPS_COST if c["kind"] == "reinforcement" else 0.0)
           for cid, c in hand.items() if cid not in MUST_PLAY_EVENT}
    return TurnPlan(sit, ops, urgent)


def reset_worth(sit: Situation, hand: dict, played: str | None = None, supply_play: bool = False) -> float:
    """7.3.2: what a round that resets the consecutive count gives back to the next card played for
    OPS (the best one left in hand after `played`). No reset in a Rasputitsa round (15.1.1), nor by
    the Axis's reinforcement and RP plays of turns 1-4 (4.4.9)."""
    if sit.v.get("rasputitsa") or (supply_play and sit.side == "axis" and sit.turn <= 4):
        return 0.0
    consec = sit.v["consec"].get(sit.side, 0)
    best_ops = max((c["ops"] for cid, c in hand.items() if cid != played), default=0)
    return 0.7 * min(consec, max(best_ops - 1, 0))


def rp_kind(u: dict) -> str:
    """Which RPs mend a unit (14.1.7): GE for German non-Panzer units, PZ for Panzer corps, AX for the allies."""
    if u["side"] == "soviet":
        return "SU"
    if u.get("nationality") == "GE":
        return "PZ" if u["kind"] == "panzer" else "GE"
    return "AX"


def missing_steps(sit: Situation) -> dict[str, list[int]]:
    """{RP kind: [SCU steps, LCU steps]} the side could buy back: steps lost by units on the map (less the
    German armies' first, which is never replaced, 14.1.6) and whole units in the Eliminated box."""
    gaps: dict[str, list[int]] = {}
    for u in sit.v["units"]:
        if u["side"] != sit.side or not u["hex"] or u["kind"] in ("partisan", "stalin") or not u["lost"]:
            continue
        lost = u["lost"] - (1 if u.get("nationality") == "GE" and u["size"] == "army" else 0)
        gaps.setdefault(rp_kind(u), [0, 0])[1 if u["lcu"] else 0] += max(0, lost)
    for uid in sit.v["boxes"]["eliminated"]:
        d = sit.b.units.get(uid)
        if d and d["side"] == sit.side and d["kind"] not in ("partisan", "stalin"):
            gaps.setdefault(rp_kind({**d, "hex": None}), [0, 0])[1 if d["lcu"] else 0] += len(d["steps"])
    return gaps


def rp_steps(rp: dict, gaps: dict[str, list[int]]) -> float:
    """Steps an RP play buys back (14.1.3: an SCU step costs half an RP, an LCU step one)."""
    steps = 0.0
    for kind, points in rp.items():
        scu, lcu = gaps.get(kind, (0, 0))
        small = min(scu, 2 * points)
        steps += small + min(lcu, points - small / 2)
    return steps


def stranded_worth(sit: Situation) -> float:
    """In the Axis's last action round of the turn, what its units cut off now are worth: they
    die at its attrition phase (13.3.8) unless a round with OPS moves them back into supply."""
    rounds = (sit.v.get("situation") or {}).get("rounds") or {}
    if sit.side != "axis" or (rounds.get("left") or {}).get(sit.side, 2) > 1:
        return 0.0
    cut = [u for u in sit.v["units"] if u["side"] == sit.side and u["hex"] and u["kind"] != "partisan"
           and u["hex"] not in sit.unit_supplied(u)]
    return min(6.0, 0.5 * sum(worth_one(u) for u in cut))


def rescue_worth(sit: Situation, cid: str) -> float:
    """What an event that keeps out-of-supply Axis units alive through this turn's attrition
    (13.3.8) saves: 1.5 a step, more for an LCU (an Axis LCU lost OOS is away three turns)."""
    cut = [u for u in sit.v["units"] if u["side"] == "axis" and u["hex"] and u["kind"] != "partisan"
           and u["supply"] == "none"]
    if cid != "A45":
        cut = [u for u in cut if u.get("nationality") == "GE"]
    if not cut:
        return 0.0

    def worth(units) -> float:
        return sum(1.5 * (u["steps"] - u["lost"]) + (2.0 if u["lcu"] else 0.0) for u in units)

    if cid == "A23":  # one hex
        best = max(worth([u for u in cut if u["hex"] == h]) for h in {u["hex"] for u in cut})
    elif cid == "A40":  # up to four units in one hex or hexes next to one another
        best = 0.0
        for h in {u["hex"] for u in cut}:
            near = {h, *sit.b.adj.get(h, ())}
            group = sorted((u for u in cut if u["hex"] in near), key=worth_one, reverse=True)[:4]
            best = max(best, worth(group))
    else:  # A45: in or next to an Axis Baltic port
        ports = {p for p in sit.b.ports["baltic"] if sit.holder(p) == "axis"}
        best = worth([u for u in cut if u["hex"] in ports or ports & set(sit.b.adj.get(u["hex"], ()))])
    return best * (1.0 if (sit.v.get("round") or 1) >= 3 else 0.6)


def worth_one(u: dict) -> float:
    return 1.5 * (u["steps"] - u["lost"]) + (2.0 if u["lcu"] else 0.0)


# ---- movement -------------------------------------------------------------------------------
def movement(sit: Situation, legal, rng):
    dec = sit.v.get("decision") or {}
    spent = dec.get("mp_spent") or {}
    ops = dec.get("ops", 0) + dec.get("banked", 0)
    reserve = combat_reserve(sit, ops) if sit.side == "axis" else 0
    start: dict[str, float] = {}
    scored = []
    for a in legal:
        t = a["type"]
        if t not in ("move", "rail", "sea"):
            continue
        uid = a["unit"]
        if spent.get(uid) or uid in (dec.get("strategic") or ()):
            continue
        u = sit.units.get(uid)
        if u is None or u["kind"] == "partisan" or not u["hex"]:
            continue
        if t != "move" and sit.d_foe.get(u["hex"], 99) < 5:
            continue
        if a.get("ops", 0) and ops - a["ops"] < reserve and u["supply"] != "none":
            continue  # the OPS are wanted for combat markers (7.3.5), unless the unit is cut off
        if uid not in start:
            start[uid] = hex_value(sit, u, u["hex"]) + 3.0 * sit.leaving_cuts(u["hex"])
        cost = 2.5 * a.get("ops", 0)
        gain = hex_value(sit, u, a["to"]) - start[uid] - cost
        scored.append((gain, a))
    move, gain = _best(scored, rng)
    if move is not None and gain > 0.5:
        return move
    if ops - reserve >= 1:
        fort = _best(festung_scores(sit, _of(legal, "build_festung"), locked_in=True), rng)
        if fort[0] is not None and fort[1] >= 3.0:
            return fort[0]
    trench = entrenchment(sit, legal, ops)
    if trench is not None:
        return trench
    partisans = _of(legal, "place_partisans")
    if partisans and ops >= 2:
        return min(partisans, key=lambda a: (sit.d_foe.get(a["hex"], 99), a["hex"]))
    return _first(legal, "end_movement")


def festung_scores(sit: Situation, options, locked_in: bool) -> list:
    """[(worth, action)] for Festungs (16.3): a VP hex the Axis holds, near the enemy, with a garrison
    that never has to retreat (16.3.5) and is supplied for defence and attrition where it stands, so the
    hex does not change hands at the attrition phase (13.3.9). Units in a Festung never leave it (16.3.4):
    `locked_in` (a Festung bought with OPS) spares the Panzer corps of the drive east in 1941-42."""
    attacking = sit.offensive_weight() >= 1.0 and not sit.winter and sit.turn <= 6
    scored = []
    for a in options:
        h = a["hex"]
        x = sit.b.hexes.get(h, {})
        garrison = sit.own_at(h)
        d = sit.d_foe.get(h, 99)
        if not x.get("vp") or d > 3:
            continue
        if locked_in and (attacking or not garrison or any(u["kind"] == "panzer" for u in garrison)):
            continue
        worth = 1.0 + (1.5 if h in sit.b.soviet_vp else 0.0) + (1.5 if garrison else -1.0) + (1.0 if d <= 1 else 0.0)
        worth += 1.0 if sit.foe_reach(h) > sit.own_defense(h) else 0.0
        scored.append((worth, a))
    return scored


def place_festung(sit: Situation, legal, rng):
    """The Festung event's free Festung (A27): the best VP hex, else the hex the fallback would pick."""
    return _best(festung_scores(sit, _of(legal, "place_festung"), locked_in=False), rng)[0]


def combat_reserve(sit: Situation, ops: int) -> int:
    """OPS to keep for the combat markers of the attacks worth making from where units stand."""
    marked = set(sit.v["markers"]["combat"])
    reserve = 0
    for score, _t, need in attack_plans(sit, marked, (sit.v.get("decision") or {}).get("fought") or ()):
        if score <= 0.5 or reserve >= ops:
            break
        fresh = [h for h in need if h not in marked]
        marked.update(fresh[:1])
        reserve += 1 if fresh else 0
    return min(reserve, ops)


def entrenchment(sit: Situation, legal, ops):
    options = [a for a in _of(legal, "entrench") if not a.get("bonus")]
    if not options or ops < 1:
        return None
    wanted = (sit.side == "axis" and (sit.winter or sit.mud or sit.offensive_weight() < 0.5)) or \
             (sit.side == "soviet" and sit.offensive_weight() < 0.5)
    # From 1942 the Axis holds what it took: the VP hexes at the front dig in whatever the season
    # (a trench shifts the attacker's fire and lets the garrison refuse a retreat, 10.3, 11.4.3).
    holding = sit.side == "axis" and sit.turn >= 5 and not wanted
    if not (wanted or holding):
        return None
    attacks = len([p for p in attack_plans(sit, set(sit.v["markers"]["combat"]), ()) if p[0] > 0.5])
    if ops <= min(attacks, 2):
        return None
    scored = []
    for a in options:
        h = a["hex"]
        if sit.d_foe.get(h, 99) > 2 or (holding and not sit.b.hexes[h].get("vp")):
            continue
        worth = 1.0 + (2.0 if sit.b.hexes[h].get("vp") else 0.0) + 0.3 * len(sit.own_at(h))
        scored.append((worth, a))
    return _best(scored, rng_stub)[0]


class _Stub:
    @staticmethod
    def random():
        return 0.0


rng_stub = _Stub()


# ---- combat ---------------------------------------------------------------------------------
def attack_plans(sit: Situation, marked: set, fought, only_marked: bool = False):
    """[(score, target, hexes to mark)] for every enemy hex next to own units, best first."""
    fought = set(fought)
    plans = []
    for t in sit.foe_hexes:
        plan = plan_attack(sit, t, marked, fought, only_marked)
        if plan is not None:
            plans.append(plan)
    plans.sort(key=lambda p: (-p[0], p[1]))
    return plans


def plan_attack(sit: Situation, t: str, marked: set, fought: set, only_marked: bool = False):
    """(score, target, hexes to mark) for the strongest legal attack on `t`, or None."""
    b = sit.b
    defenders = sit.foe_at(t)
    if not defenders or not sit.may_attack(t):
        return None
    sources = [h for h in b.adj.get(t, ()) if h in sit.own_hexes and (h in marked or not only_marked)]
    units = attack_force(sit, t, defenders, sources, fought)
    if not units:
        return None
    # Scored as the whole force would fight (an easy kill ranks first and is made with fewer units).
    att = sum(u["attack"] for u in units)
    dfn = sum(u["defense"] for u in defenders)
    hits = b.expected_hits(att, any(u["lcu"] for u in units), -sit.defense_shift(t))
    back = b.expected_hits(dfn, any(u["lcu"] for u in defenders))
    steps = sum(u["steps"] - u["lost"] for u in defenders)
    score = hits - 0.8 * back + (1.5 if hits >= steps else 0.0) + \
        objective_weight(sit, t) * sit.objectives(sit.side).get(t, 0.0)
    if sit.side == "soviet":
        score -= 0.5 * (1.0 - sit.offensive_weight())
    elif sit.paulus_pending and b.hexes[t].get("paulus_zone"):
        score += 0.5 * PAULUS_PUSH.get(sit.turn, 0.0)  # 5.1.3: an advance there crosses the line
    units = enough_force(sit, t, defenders, units)
    need = sorted({u["hex"] for u in units if u["hex"] not in marked},
                  key=lambda h: (-sum(u["attack"] for u in units if u["hex"] == h), h))
    return score, t, need


def attack_force(sit: Situation, target: str, defenders: list[dict], sources: list[str], fought) -> list[dict]:
    """The strongest set of units that may attack `target` together.
    11.1.3: one LCU a combat; at most one attacking hex without an attacking panzer, tank or mech
    unit. 19.1.1/19.2.1: never Romanians with Hungarians. 4.4.7-4.4.8: on turns 1-2 Soviet fronts do
    not attack lone Panzer Corps and Soviet mech corps in different hexes do not combine against them."""
    lone_panzers = sit.side == "soviet" and sit.turn <= 2 and all(d["kind"] == "panzer" for d in defenders)
    pools = {}
    for h in sources:
        pool = [u for u in sit.own_at(h) if u["id"] not in fought and u["attack"] > 0
                and u["supply"] != "none" and u["kind"] != "partisan"
                and not (lone_panzers and u["size"] == "front")]
        if pool:
            pools[h] = pool
    best: tuple[float, list] = (0.0, [])
    for plain in pools:  # the one hex that may attack without armour
        units = []
        for h, pool in pools.items():
            if h != plain and not any(u["kind"] in MECHANIZED for u in pool):
                continue
            if lone_panzers and h != plain:
                continue
            units.extend(pool)
        lcus = sorted((u for u in units if u["lcu"]), key=lambda u: (-u["attack"], u["id"]))
        units = [u for u in units if not u["lcu"] or u is lcus[0]]
        nations = {u.get("nationality") for u in units}
        if {"HU", "RO"} <= nations:
            drop = min(("HU", "RO"), key=lambda n: sum(u["attack"] for u in units if u.get("nationality") == n))
            units = [u for u in units if u.get("nationality") != drop]
        strength = sum(u["attack"] for u in units) + (0.5 if any(u["lcu"] for u in units) else 0.0)
        if strength > best[0]:
            best = (strength, units)
    return best[1]


def enough_force(sit: Situation, target: str, defenders: list[dict], units: list[dict]) -> list[dict]:
    """The fewest of `units` that eliminate every defender of `target` as surely as all of them would,
    reckoned a column worse (for a river or weather the bot does not read), so that the rest fight
    elsewhere this round: losses beyond the defenders' steps are wasted (11.2.1 reads the attacker's
    strength alone), and each unit attacks once a round (11.1.1). Only an attack sure or almost sure
    to clear the hex is cut down; one armoured unit stays in it to advance and blitz (11.5.2)."""
    steps = sum(d["steps"] - d["lost"] for d in defenders)
    shift = -sit.defense_shift(target)

    def chance(force, extra=0):
        return sit.b.kill_chance(sum(u["attack"] for u in force), any(u["lcu"] for u in force), shift + extra, steps)

    full = chance(units)
    if full < 5 / 6:
        return units
    keep_armour = any(u["kind"] in MECHANIZED for u in units)
    force = list(units)
    for u in sorted(units, key=lambda u: (-u["attack"], u["id"])):
        rest = [x for x in force if x is not u]
        if not rest or (keep_armour and not any(x["kind"] in MECHANIZED for x in rest)):
            continue
        plain = {x["hex"] for x in rest} - {x["hex"] for x in rest if x["kind"] in MECHANIZED}
        if len(plain) > 1:
            continue  # 11.1.3: a second attacking hex joins only with its armour
        if chance(rest, -1) >= full:
            force = rest
    return force


def objective_weight(sit: Situation, target: str | None = None) -> float:
    """How much taking an objective is worth in combat odds (the Axis must take ground, 5.1.3).
    Where only a VP hex taken this turn saves the war (`Situation.must_take`), the Axis attacks one
    at almost any odds."""
    if sit.side != "axis":
        return 0.08
    return 0.6 if target in sit.must_take else 0.2


def marking(sit: Situation, legal, rng):
    """Combat markers cost an OPS each (7.3.5). First one marker for each attack worth making that has
    none yet (its best single hex), so the OPS open as many attacks as they can; then the OPS left
    bring in the other hexes of the best attacks."""
    marked = set(sit.v["markers"]["combat"])
    fought = set((sit.v.get("decision") or {}).get("fought") or ())
    can = {a["hex"]: a for a in _of(legal, "mark_combat")}
    floor = 0.0 if sit.side == "axis" else 0.3
    good = [p for p in attack_plans(sit, marked, fought) if p[0] > floor]
    for _score, t, need in good:
        opened = plan_attack(sit, t, marked, fought, only_marked=True)
        if opened is not None and opened[0] > floor:
            continue
        best = None
        for h in need:
            if h in can:
                alone = plan_attack(sit, t, marked | {h}, fought, only_marked=True)
                if alone is not None and alone[0] > floor and (best is None or alone[0] > best[0]):
                    best = (alone[0], h)
        if best is not None:
            return can[best[1]]
    for _score, _t, need in good:
        for h in need:
            if h in can:
                return can[h]
    return _first(legal, "end_marking")


def choose_attack(sit: Situation, legal, rng):
    marked = set(sit.v["markers"]["combat"])
    fought = (sit.v.get("decision") or {}).get("fought") or ()
    targets = {a["target"]: a for a in _of(legal, "attack")}
    tried = 0
    for score, t, _need in attack_plans(sit, marked, fought, only_marked=True):
        if score <= -1.0 or tried >= 4:
            break
        if t not in targets:
            continue
        if sit.game is None:
            if score > 0.0:
                return targets[t]
            continue
        tried += 1
        if previewed_score(sit, targets[t]) > 0.0:
            return targets[t]
    end = _first(legal, "end_combat")
    if end is None and targets:
        # An attack is owed (Backhand Blow, A33: the round may not end before it): the best of them.
        if sit.game is None:
            return targets[sorted(targets)[0]]
        return max(targets.values(), key=lambda a: (previewed_score(sit, a), a["target"]))
    return end


def previewed_score(sit: Situation, attack: dict) -> float:
    """Declare the attack on a determinized copy, commit as `declare` would, and score the fire preview."""
    import engine

    copy = engine.determinize(sit.game, sit.side, 0)
    copy.apply(sit.side, {k: v for k, v in attack.items() if k != "label"})
    wanted = planned_attackers(sit, attack["target"])
    for _ in range(40):
        legal = copy.legal_actions(sit.side)
        commit = _next_commit(sit, _of(legal, "commit"), wanted, committed=bool(_of(legal, "resolve")))
        if commit is None:
            break
        copy.apply(sit.side, {"type": "commit", "unit": commit["unit"]})
    if not _of(copy.legal_actions(sit.side), "resolve"):
        return -99.0
    return combat_score(sit, (copy.view(sit.side).get("decision") or {}).get("combat") or {})


def _strongest(sit: Situation, commits):
    return max(commits, key=lambda a: (sit.units.get(a["unit"], {}).get("attack", 0), a["unit"]))


def planned_attackers(sit: Situation, target: str) -> set[str]:
    """The ids of the force `plan_attack` reckons enough for `target`, from the marked hexes."""
    fought = set((sit.v.get("decision") or {}).get("fought") or ())
    marked = set(sit.v["markers"]["combat"])
    sources = [h for h in sit.b.adj.get(target, ()) if h in sit.own_hexes and h in marked]
    defenders = sit.foe_at(target)
    units = attack_force(sit, target, defenders, sources, fought)
    return {u["id"] for u in enough_force(sit, target, defenders, units)} if units and defenders else set()


def _next_commit(sit: Situation, commits, wanted: set[str], committed: bool):
    """The next unit to commit: the strongest of the planned force; once it is in (the attack may be
    resolved), none; the strongest of any while the engine still wants more."""
    planned = [a for a in commits if a["unit"] in wanted]
    if planned:
        return _strongest(sit, planned)
    if committed or not commits:
        return None
    return _strongest(sit, commits)


def combat_score(sit: Situation, combat: dict) -> float:
    fire = combat.get("fire") or {}
    hits = _mean_hits(fire.get(sit.side))
    back = _mean_hits(fire.get(sit.foe))
    steps = sum(d["steps_left"] for d in combat.get("defenders", ()))
    bonus = objective_weight(sit, combat.get("target")) * sit.objectives(sit.side).get(combat.get("target"), 0.0)
    caution = 0.5 * (1.0 - sit.offensive_weight()) if sit.side == "soviet" else 0.0
    return hits - 0.8 * back + (1.5 if hits >= steps else 0.0) + bonus - caution


def _mean_hits(fire: dict | None) -> float:
    if not fire or not fire.get("rolls"):
        return 0.0
    return sum(r[0] for r in fire["rolls"]) / len(fire["rolls"])


def declare(sit: Situation, legal, rng):
    combat = (sit.v.get("decision") or {}).get("combat") or {}
    resolve = _first(legal, "resolve")
    commit = _next_commit(sit, _of(legal, "commit"), planned_attackers(sit, combat.get("target")),
                          committed=resolve is not None)
    if commit is not None:
        return commit
    if resolve is not None:
        # The attack was chosen on this same preview (`choose_attack`): cancel only a clear loser,
        # so a bot never declares and cancels the same attack over and over.
        if combat_score(sit, combat) > -1.5 or not _first(legal, "cancel") or owed_attack(sit):
            return resolve
    return _first(legal, "cancel", "resolve")


def owed_attack(sit: Situation) -> bool:
    """Whether cancelling this attack would leave the round unable to end its combats (an attack
    owed, Backhand Blow, A33): then cancelling only brings the bot back to declare it again."""
    if sit.game is None:
        return False
    import engine

    copy = engine.determinize(sit.game, sit.side, 0)
    copy.apply(sit.side, {"type": "cancel"})
    return not _of(copy.legal_actions(sit.side), "end_combat")


def combat_cards(sit: Situation, legal, rng):
    plays = _of(legal, "combat_card")
    if not plays:
        return _first(legal, "done_combat_cards")
    combat = (sit.v.get("decision") or {}).get("combat") or {}
    mine = set(sit.v["cards"][sit.side]["face_up"])
    played = combat.get("cards", {}).get(sit.side) or []
    size = sum(u["strength"] for u in combat.get("attackers", ())) + \
        sum(u["strength"] for u in combat.get("defenders", ()))
    big = size >= 10 or sit.b.hexes.get(combat.get("target"), {}).get("vp")
    for a in sorted(plays, key=lambda a: a["card"]):
        if a["card"] in mine or (big and len(played) < 1):
            if a["card"] not in played:
                return a
    return _first(legal, "done_combat_cards") or plays[0]


def unit_worth(u: dict | None) -> float:
    if not u:
        return 0.0
    return u["attack"] + u["defense"] + (3 if u.get("lcu") else 0)


def take_loss(sit: Situation, legal, rng):
    combat = (sit.v.get("decision") or {}).get("combat") or {}
    left = {x["id"]: x["steps_left"] for x in combat.get("attackers", ()) + combat.get("defenders", ())}
    scored = []
    for a in _of(legal, "take_loss"):
        u = sit.units.get(a["unit"])
        steps = left.get(a["unit"], (u["steps"] - u["lost"]) if u else 1)
        # Keep strength: lose a step where it costs least, never the last step of a strong unit.
        scored.append((3.0 * min(steps, 3) - 0.3 * unit_worth(u) + (2.0 if u and not u["lcu"] and steps > 1 else 0), a))
    return _best(scored, rng)[0]


def no_retreat(sit: Situation, legal, rng):
    combat = (sit.v.get("decision") or {}).get("combat") or {}
    t = combat.get("target")
    x = sit.b.hexes.get(t, {})
    if x.get("vp") or x.get("capital") or x.get("oil"):
        left = {d["id"]: d["steps_left"] for d in combat.get("defenders", ())}
        options = [a for a in _of(legal, "no_retreat") if left.get(a["unit"], 0) >= 2]
        if options:
            return max(options, key=lambda a: (left.get(a["unit"], 0), a["unit"]))
    return _first(legal, "accept_retreat")


def retreat(sit: Situation, legal, rng):
    scored = []
    for a in _of(legal, "retreat"):
        end = a["path"][-1] if a.get("path") else None
        u = sit.units.get(a["unit"])
        scored.append((hex_value(sit, u, end) - 2.0 * (sit.d_foe.get(end, 9) <= 1) if end else -99, a))
    return _best(scored, rng)[0]


def advance(sit: Situation, legal, rng):
    blitz = _first(legal, "place_blitz")
    if blitz is not None:
        return blitz
    combat = (sit.v.get("decision") or {}).get("combat") or {}
    t = combat.get("target")
    if len(combat.get("advanced") or ()) < 3 and t:
        scored = []
        for a in _of(legal, "advance"):
            u = sit.units.get(a["unit"])
            if u is None:
                continue
            if not _keeps_supply(sit, u, t):
                continue
            gain = hex_value(sit, u, t) - hex_value(sit, u, u["hex"]) + (1.0 if sit.side == "axis" else 0.0)
            scored.append((gain + 0.1 * u["ma"], a))
        a, gain = _best(scored, rng)
        if a is not None and gain > -0.5:
            return a
    return _first(legal, "end_advance")


def _keeps_supply(sit: Situation, unit: dict, dest: str) -> bool:
    """`unit` going to `dest` stays in supply there and leaves no other unit cut off."""
    src = unit["hex"]
    emptied = src if len(sit.own_at(src)) <= 1 else None
    if dest not in sit.unit_supplied(unit, without=emptied, plus=dest):
        return False
    return emptied is None or not sit.leaving_cuts(src)


def exploitation(sit: Situation, legal, rng):
    done = set((sit.v.get("decision") or {}).get("exploited") or ())
    start: dict[str, float] = {}
    scored = []
    for a in _of(legal, "exploit"):
        u = sit.units.get(a["unit"])
        if u is None or a["unit"] in done:
            continue
        if a["unit"] not in start:
            start[a["unit"]] = hex_value(sit, u, u["hex"])
        if not fits_stack(sit, u, a["to"]) or not _keeps_supply(sit, u, a["to"]):
            continue
        if sit.side == "axis" and sit.offensive_weight() >= 1.0 and \
                sit.offense().get(a["to"], -40.0) < sit.offense().get(u["hex"], -40.0):
            continue  # a breakthrough is for going on, not back (12.2)
        scored.append((hex_value(sit, u, a["to"]) - start[a["unit"]], a))
    a, gain = _best(scored, rng)
    if a is not None and gain > 0.5:
        return a
    return _first(legal, "end_exploitation")


# Units that do not count against the stacking limit (9.1.3).
STACK_FREE = {"stalin", "bunker", "fortified_zone", "partisan"}


def fits_stack(sit: Situation, unit: dict, hid: str) -> bool:
    """May `unit` end its exploitation in `hid` with the own units there now? Stacking is waived while
    units exploit but holds when exploitation ends (9.1.4): an over-stacked hex then loses units.
    The engine's own stacking check is private (engine.__all__), so the bot states the limits again."""
    if unit["kind"] in STACK_FREE:
        return True
    here = [u for u in sit.own_at(hid) if u["id"] != unit["id"] and u["kind"] not in STACK_FREE]
    if len(here) >= 4 or (unit["lcu"] and any(u["lcu"] for u in here)):  # 9.1.1, 9.1.2
        return False
    nations = {u.get("nationality") for u in here} | {unit.get("nationality")}
    return not {"HU", "RO"} <= nations  # 9.2.1


def overstack(sit: Situation, legal, rng):
    """An over-stacked hex after exploitation (9.1.4): give up the unit worth least."""
    return min(_of(legal, "eliminate_overstack"),
               key=lambda a: (unit_worth(sit.units.get(a["unit"])), a["unit"]))


# ---- between the rounds ---------------------------------------------------------------------
def replacements(sit: Situation, legal, rng):
    scored = []
    for a in legal:
        u = sit.units.get(a.get("unit")) or _unit_def(sit, a.get("unit"))
        if a["type"] == "replace":
            front = 1.0 if u and u.get("hex") and sit.d_foe.get(u["hex"], 99) <= 3 else 0.0
            scored.append((3.0 + unit_worth(u) * 0.3 + front, a))
        elif a["type"] == "recreate":
            scored.append((2.0 + unit_worth(u) * 0.3 + 0.05 * hex_value(sit, u, a["hex"]), a))
    return _best(scored, rng)[0] or _first(legal, "end_replacements")


def _unit_def(sit: Situation, uid: str | None) -> dict | None:
    d = sit.b.units.get(uid) if uid else None
    if not d:
        return None
    a, df, ma = d["steps"][0]
    return {"id": uid, "hex": None, "side": d["side"], "attack": a, "defense": df, "ma": ma,
            "lcu": d["lcu"], "kind": d["kind"], "steps": len(d["steps"]), "lost": 0}


def placement(sit: Situation, legal, rng):
    scored = []
    for a in _of(legal, "place"):
        u = sit.units.get(a["unit"]) or _unit_def(sit, a["unit"])
        scored.append((hex_value(sit, u, a["hex"]), a))
    return _best(scored, rng)[0]


def discards(sit: Situation, legal, rng):
    hand = {c["id"]: c for c in (sit.v.get("hand") or [])}
    for a in sorted(_of(legal, "discard"), key=lambda a: a["card"]):
        c = hand.get(a["card"])
        if c and c["ops"] <= 1 and c["kind"] == "event" and c["id"] not in EVENT_BONUS:
            return a
    return _first(legal, "done_discarding")


def pick(sit: Situation, legal, rng):
    picks = _of(legal, "pick_card", "buy_card")
    if picks and picks[0]["type"] == "pick_card":
        return max(picks, key=lambda a: (_card_ops(a["card"]), a["card"]))
    return _first(legal, "decline_pick", "decline_purchase")


def _card_ops(cid: str) -> int:
    return {"S4": 4, "S5": 3, "S1": 3, "S2": 3, "S3": 3, "S6": 3}.get(cid, 0)


def end_of_turn(sit: Situation, legal, rng):
    return _first(legal, "end_turn")


def fallback(sit: Situation, legal, rng):
    """Any other decision: place on the best hex, else take the first positive action, else end."""
    scored = []
    for a in legal:
        if a["type"].startswith(TERMINAL):
            continue
        where = a.get("hex") or a.get("to")
        if isinstance(where, str) and where in sit.b.hexes:
            unit = sit.units.get(a.get("unit")) if isinstance(a.get("unit"), str) else None
            scored.append((hex_value(sit, unit, where), a))
        else:
            scored.append((0.0, a))
    if a := _best(scored, rng)[0]:
        return a
    return sorted(legal, key=lambda a: a["type"])[0]


HANDLERS = (
    ({"play_card", "zero_ops"}, card_play),
    ({"commit", "resolve"}, declare),
    ({"combat_card", "done_combat_cards"}, combat_cards),
    ({"take_loss"}, take_loss),
    ({"no_retreat", "accept_retreat"}, no_retreat),
    ({"retreat"}, retreat),
    ({"advance", "place_blitz", "end_advance"}, advance),
    ({"move", "rail", "sea", "end_movement", "entrench", "build_festung"}, movement),
    ({"mark_combat", "end_marking"}, marking),
    ({"attack", "end_combat"}, choose_attack),
    ({"exploit", "end_exploitation"}, exploitation),
    ({"eliminate_overstack"}, overstack),
    ({"replace", "recreate", "end_replacements"}, replacements),
    ({"place"}, placement),
    ({"place_festung"}, place_festung),
    ({"discard", "done_discarding"}, discards),
    ({"pick_card", "decline_pick", "buy_card", "decline_purchase"}, pick),
    ({"end_turn"}, end_of_turn),
)
