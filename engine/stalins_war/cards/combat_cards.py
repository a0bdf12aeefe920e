"""Combat cards (7.5.5, 11.2.1 step 3, 11.3.5) and the combat effects of round events.

Each combat card key has one small rule object below: when it may be played or used
(`allowed`), the columns it gives its owner's fire (`own`) or takes from the
opponent's (`foe`), and the step losses it inflicts once the winner is known
(`losses`). A few cards change other steps of the combat; the combat modules ask
for those by name (`ignores_fortress`, `no_retreat_anywhere`, `blitz_barred` …).

Where the cards are while a combat runs: a card played from the hand goes to the
side's ``played`` pile (it is public from then on); a face-up card stays face up.
After the winner is known (`settle`): a starred card leaves the game (2.3.3), a
once-per-turn card is discarded, the winner's other cards lie face up (7.5.5b) and
the loser's (or both sides' on a tie) are discarded (7.5.5c). A face-up card may be
used in one combat per action round, never in the round it was won (7.5.5b, e);
Luftwaffe Support is the exception (7.5.5e). The round-wide cards (Operation Uranus,
Sturmovik, Sleighride, Führer's Firemen) act in every later combat of the round
whatever the results and are discarded (or removed, if starred) when the round
ends (`end_of_round`). A side whose units in a combat are all out of supply may not
play, use or benefit from combat cards there (13.3.4).

Events played as a round's action whose text changes that round's combats
(Zitadelle, Operation Bagration, …) are read from ``rs["played"]``; they are not
combat cards, so 13.3.4 does not cancel them.

Bookkeeping: ``stats["combat_cards_used"]`` (cards used in a combat in this Action
Round) and ``rs["round_cards"]`` (round-wide cards in effect: ``{"side", "card"}``).

Ruling: "once per Action Round" (7.5.5b, 7.5.5e) counts an Action Round as 6.0 A does,
the Axis action round and the Soviet one that follows: a card won or used while
defending in the Axis half may not serve again in the Soviet half of the same round.
The round-wide cards act for the action round of the side that played them (their
texts: "every later combat of the round").
"""
from __future__ import annotations

from .. import battle, decks
from ..constants import AXIS, SOVIET
from ..context import Ctx

MINORS = ("RO", "HU", "IT")


# ---- what takes part ---------------------------------------------------------------------------------

def _defs(c: Ctx, uids) -> list:
    return [c.udef(u) for u in uids]


def _panzer_takes_part(c: Ctx, f: dict) -> bool:
    return any(d.kind == "panzer" for d in _defs(c, f["attackers"] + f["defenders"]))


def _soviet_armour_takes_part(c: Ctx, f: dict) -> bool:
    return any(d.side == SOVIET and d.kind in ("tank", "guards_tank", "mech")
               for d in _defs(c, f["attackers"] + f["defenders"]))


def _attacking(f: dict, side: str) -> bool:
    return f["side"] == side


def _in_target(c: Ctx, f: dict, test) -> bool:
    return any(test(c.udef(u)) for u in c.units_at(f["target"], battle.defender(f)))


def _one_loss(f: dict, side: str, only: list[str] | None, chooser: str, why: str) -> dict:
    return {"side": side, "n": 1, "asterisk": False, "only": only, "chooser": chooser, "why": why}


# ---- the card rules ----------------------------------------------------------------------------------

class Rule:
    key = ""

    def allowed(self, c: Ctx, f: dict, side: str) -> str | None:
        """Why the card may not be played or used in this combat (None: it may). Role is checked elsewhere."""
        return None

    def own(self, c: Ctx, f: dict, side: str) -> int:
        return 0

    def foe(self, c: Ctx, f: dict, side: str) -> int:
        return 0

    def losses(self, c: Ctx, f: dict, side: str) -> list[dict]:
        return []


RULES: dict[str, Rule] = {}


def rule(cls: type[Rule]) -> type[Rule]:
    RULES[cls.key] = cls()
    return cls


class PlusOne(Rule):
    def own(self, c, f, side):
        return 1


@rule
class Stuka(PlusOne):
    key = "stuka"

    def allowed(self, c, f, side):
        return "Stuka cannot be played or used on a Winter turn" if c.turn_def().is_winter else None


@rule
class LuftwaffeSupport(PlusOne):
    key = "luftwaffe_support"


@rule
class Nebelwerfer(PlusOne):
    key = "nebelwerfer"


@rule
class Katyusha(PlusOne):
    key = "katyusha"


@rule
class Sturmovik(PlusOne):
    key = "sturmovik"


@rule
class Guderian(Rule):
    key = "guderian"

    def allowed(self, c, f, side):
        if not any(c.udef(u).kind == "panzer" for u in f["attackers"]):
            return "Guderian needs a Panzer Corps among the attackers"
        return None


@rule
class Kampfgruppe(Rule):
    key = "kampfgruppe"

    def allowed(self, c, f, side):
        if not any(d.nationality == "GE" and not d.lcu for d in _defs(c, f["defenders"])):
            return "Kampfgruppe needs a German SCU in the defending hex"
        return None


@rule
class Dora(PlusOne):
    key = "dora"

    def allowed(self, c, f, side):
        if not battle.any_fortress_standing(c, f["target"]):
            return "Dora needs a fortress that has not been destroyed in the defending hex"
        return None


@rule
class Fridericus(PlusOne):
    key = "fridericus"

    def allowed(self, c, f, side):
        if not any(d.size == "front" or d.kind in ("tank", "guards_tank") for d in _defs(c, f["attackers"])):
            return "Fridericus needs a Soviet front or tank army among the attackers"
        return None

    def losses(self, c, f, side):
        if f.get("winner") != AXIS:
            return []
        return [_one_loss(f, SOVIET, None, SOVIET, "Fridericus")]


@rule
class FuhrersFiremen(Rule):
    key = "fuhrers_firemen"

    def own(self, c, f, side):
        return 1 if any(c.udef(u).nationality == "GE" for u in f["defenders"]) else 0


@rule
class Tiger(Rule):
    key = "tiger"

    def allowed(self, c, f, side):
        return None if _panzer_takes_part(c, f) else "Tiger needs a German Panzer Corps in the combat"

    def losses(self, c, f, side):
        return [_one_loss(f, SOVIET, None, SOVIET, "Tiger")]


@rule
class ElasticDefense(Rule):
    key = "elastic_defense"

    def foe(self, c, f, side):
        return -1


@rule
class Panzerfaust(Rule):
    key = "panzerfaust"

    @staticmethod
    def _armour(c, f):
        return [u for u in f["attackers"] if c.udef(u).kind in ("tank", "guards_tank", "mech")]

    def allowed(self, c, f, side):
        return None if self._armour(c, f) else "Panzerfaust needs a Soviet tank or mechanized unit among the attackers"

    def losses(self, c, f, side):
        return [_one_loss(f, SOVIET, self._armour(c, f), SOVIET, "Panzerfaust")]


@rule
class Sleighride(Rule):
    key = "sleighride"


@rule
class Panther(PlusOne):
    key = "panther"

    def allowed(self, c, f, side):
        return None if _panzer_takes_part(c, f) else "Panther needs a German Panzer Corps in the combat"


@rule
class HaltOrder(Rule):
    key = "halt_order"


@rule
class OperationUranus(Rule):
    key = "operation_uranus"

    def own(self, c, f, side):
        return 2 if _in_target(c, f, lambda d: d.nationality in MINORS) else 1


@rule
class T34(PlusOne):
    key = "t34"

    def allowed(self, c, f, side):
        return None if _soviet_armour_takes_part(c, f) else "T-34 needs a Soviet tank or mechanized unit in the combat"


@rule
class NotOneStepBack(Rule):
    key = "not_one_step_back"


@rule
class KatukovsTanks(PlusOne):
    key = "katukovs_tanks"

    @staticmethod
    def _panzers(c, f):
        return [u for u in f["attackers"] if c.udef(u).kind == "panzer"]

    def allowed(self, c, f, side):
        return None if self._panzers(c, f) else "Katukov's Tanks needs a German Panzer Corps among the attackers"

    def losses(self, c, f, side):
        return [_one_loss(f, AXIS, self._panzers(c, f), SOVIET, "Katukov's Tanks")]


@rule
class DefenseInDepth(PlusOne):
    key = "defense_in_depth"


@rule
class BreakthroughArtillery(PlusOne):
    key = "breakthrough_artillery"


@rule
class PenalBattalions(PlusOne):
    key = "penal_battalions"

    def losses(self, c, f, side):
        return [_one_loss(f, SOVIET, None, SOVIET, "Penal Battalions")]


# ---- round events (not combat cards) ---------------------------------------------------------------

def _attack_has_panzer(c: Ctx, f: dict) -> bool:
    return any(c.udef(u).kind == "panzer" for u in f["attackers"])


def _target_has(c: Ctx, f: dict, test) -> bool:
    return _in_target(c, f, test)


ROUND_EVENT_SHIFTS = {
    # Axis round events: +1 to qualifying Axis attacks
    "kesselschlacht": lambda c, f: bool(f["defenders"]) and all(battle.unsupplied(c, f, u) for u in f["defenders"]),
    "zitadelle": _attack_has_panzer,
    "backhand_blow": _attack_has_panzer,
    "fruhlingserwachen": lambda c, f: c.map.hexes[f["target"]].country == "hungary" and _attack_has_panzer(c, f),
    "wintergewitter": lambda c, f: any(
        c.udef(u).nationality == "GE" and c.s["units"][u]["supply"] == "none"
        for n in c.map.neighbours(f["target"]) for u in c.units_at(n, AXIS)),
    # Soviet round events: +1 to qualifying Soviet attacks
    "operation_little_saturn": lambda c, f: _target_has(c, f, lambda d: d.nationality in MINORS),
    "operation_kutuzov": lambda c, f: _target_has(c, f, lambda d: d.kind == "panzer"),
    "operation_bagration": lambda c, f: not _target_has(c, f, lambda d: d.kind == "panzer"),
    "jassy_kishinev": lambda c, f: _target_has(c, f, lambda d: d.nationality == "RO"),
}


def round_event_keys(c: Ctx, side: str) -> list[str]:
    """Events `side` played as this round's action (their combat effects last the round)."""
    rs = c.s["rs"]
    if rs["side"] != side:
        return []
    return [c.d.cards[card].key for card, use in rs["played"] if use == "event"]


# ---- which cards act in a combat ---------------------------------------------------------------------

def _role_ok(cdef, f: dict, side: str) -> bool:
    role = cdef.combat_role
    return role == "either" or role == battle.role(f, side)


def _round_cards(c: Ctx) -> list[dict]:
    """The round-wide cards in effect (a read: never writes into the state)."""
    return c.s["rs"].get("round_cards", [])


def _add_round_card(c: Ctx, side: str, cid: str) -> None:
    c.s["rs"].setdefault("round_cards", []).append({"side": side, "card": cid})


def _cards_used(c: Ctx) -> list[str]:
    """Combat cards used in this Action Round: both sides' halves of it (6.0 A), so kept outside ``rs``.

    A read: a record of an earlier round counts as empty and is replaced only by `_note_used`.
    """
    rec = c.s["stats"].get("combat_cards_used")
    if not rec or rec.get("turn") != c.turn or rec.get("round") != c.round:
        return []
    return rec["cards"]


def _note_used(c: Ctx, cid: str) -> None:
    rec = c.s["stats"].get("combat_cards_used")
    if not rec or rec.get("turn") != c.turn or rec.get("round") != c.round:
        rec = c.s["stats"]["combat_cards_used"] = {"turn": c.turn, "round": c.round, "cards": []}
    if cid not in rec["cards"]:
        rec["cards"].append(cid)


def in_effect(c: Ctx, f: dict, side: str) -> list[str]:
    """Card ids acting for `side` in this combat: played or used here, and round-wide cards of the round."""
    if battle.all_oos(c, f, side):
        return []
    out = [e["card"] for e in f["cards"][side]]
    for entry in _round_cards(c):
        cid = entry["card"]
        if entry["side"] == side and cid not in out and _role_ok(c.d.cards[cid], f, side):
            out.append(cid)
    return out


def keys_in_effect(c: Ctx, f: dict, side: str) -> list[str]:
    return [c.d.cards[cid].key for cid in in_effect(c, f, side)]


def any_in_effect(c: Ctx, f: dict, key: str) -> bool:
    return any(key in keys_in_effect(c, f, s) for s in (f["side"], f["defender"]))


def shifts(c: Ctx, f: dict, side: str) -> list[dict]:
    """Column shifts on `side`'s fire from cards (its own and its opponent's) and from round events."""
    out = []
    foe = c.enemy(side)
    for cid in in_effect(c, f, side):
        r = RULES.get(c.d.cards[cid].key)
        n = r.own(c, f, side) if r else 0
        if n:
            out.append({"n": n, "why": f"{c.d.cards[cid].name} ({cid})"})
    for cid in in_effect(c, f, foe):
        r = RULES.get(c.d.cards[cid].key)
        n = r.foe(c, f, foe) if r else 0
        if n:
            out.append({"n": n, "why": f"{c.d.cards[cid].name} ({cid})"})
    if _attacking(f, side):
        for key in round_event_keys(c, side):
            test = ROUND_EVENT_SHIFTS.get(key)
            if test and test(c, f):
                card = next(x for x, d in c.d.cards.items() if d.key == key)
                out.append({"n": 1, "why": f"{c.d.cards[card].name} ({card}), this round's event"})
    return out


def ignores_fortress(c: Ctx, f: dict) -> bool:
    return "dora" in keys_in_effect(c, f, f["side"])


def ignores_trench(c: Ctx, f: dict) -> bool:
    return "breakthrough_artillery" in keys_in_effect(c, f, f["side"])


def no_retreat_anywhere(c: Ctx, f: dict) -> bool:
    keys = keys_in_effect(c, f, f["defender"])
    return "halt_order" in keys or "not_one_step_back" in keys


def one_hex_retreat(c: Ctx, f: dict) -> bool:
    return "elastic_defense" in keys_in_effect(c, f, f["defender"])


def sleighride(c: Ctx, f: dict) -> bool:
    return f["defender"] == AXIS and "sleighride" in keys_in_effect(c, f, AXIS)


def kampfgruppe(c: Ctx, f: dict) -> bool:
    return f["defender"] == AXIS and "kampfgruppe" in keys_in_effect(c, f, AXIS)


def guderian(c: Ctx, f: dict) -> bool:
    return f["side"] == AXIS and "guderian" in keys_in_effect(c, f, AXIS)


def blitz_barred(c: Ctx, f: dict) -> str | None:
    if f["side"] == AXIS and "dora" in keys_in_effect(c, f, AXIS):
        return "Dora never allows a Blitz marker in the defending hex"
    if f["side"] == AXIS and "defense_in_depth" in keys_in_effect(c, f, SOVIET):
        return "Defense in Depth: no Axis Blitz marker in this hex"
    return None


def losses(c: Ctx, f: dict) -> list[dict]:
    """11.3.5: the step losses cards and events inflict once the winner is known."""
    out = []
    if f.get("zhukov"):
        out.append(_one_loss(f, SOVIET, None, SOVIET, "Zhukov: the extra loss for combining two hexes"))
    for side in (f["side"], f["defender"]):
        for cid in in_effect(c, f, side):
            r = RULES.get(c.d.cards[cid].key)
            if r:
                out += r.losses(c, f, side)
    if f["side"] == SOVIET and "jassy_kishinev" in round_event_keys(c, SOVIET) and f.get("winner") == SOVIET:
        for u in f["defenders"]:
            if c.on_map(u) and c.udef(u).nationality == "RO":
                out.append(_one_loss(f, AXIS, [u], AXIS, "Jassy-Kishinev"))
    return out


# ---- playing and using cards ---------------------------------------------------------------------------

def refusal(c: Ctx, f: dict, side: str, cid: str) -> str | None:
    """Why `side` may not play (from hand) or use (face up) this card in this combat now."""
    cdef = c.d.cards.get(cid)
    if cdef is None or cdef.side != side:
        return f"{cid!r} is not one of your cards"
    if cdef.kind != "combat":
        return f"{cdef.name} is not a combat card"
    if battle.all_oos(c, f, side):
        return "13.3.4: a side whose units in the combat are all out of supply may not use combat cards"
    if any(e["card"] == cid for e in f["cards"][side]):
        return f"{cdef.name} is already in this combat"
    if any(e["card"] == cid for e in _round_cards(c)):
        return f"{cdef.name} already acts in every combat of this round"
    where = decks.where(c, side, cid)
    if where not in ("hand", "face_up"):
        return f"{cdef.name} is neither in your hand nor face up in front of you"
    if not _role_ok(cdef, f, side):
        return f"{cdef.name} is played by the {cdef.combat_role}"
    missing = [p for p in cdef.prerequisites if not c.flag(p)]
    if missing:
        return f"{cdef.name} needs {', '.join(missing)} to have been played first"
    if cdef.not_before_turn and c.turn < cdef.not_before_turn:
        return f"{cdef.name} may not be played before turn {cdef.not_before_turn}"
    if where == "face_up" and cid in _cards_used(c) and not cdef.multi_combat:
        return "7.5.5b/e: a face-up combat card may be used in one combat per action round, not in the round it was won"
    r = RULES.get(cdef.key)
    return r.allowed(c, f, side) if r else None


def options(c: Ctx, f: dict, side: str) -> list[dict]:
    out = []
    p = c.s["cards"][side]
    for cid in list(p["hand"]) + list(p["face_up"]):
        if refusal(c, f, side, cid) is None:
            cdef = c.d.cards[cid]
            how = "Play" if cid in p["hand"] else "Use face-up"
            out.append({"type": "combat_card", "card": cid, "label": f"{how} {cdef.name} ({cid}): {cdef.text}"})
    return out


def play(c: Ctx, f: dict, side: str, cid: str) -> None:
    cdef = c.d.cards[cid]
    where = decks.where(c, side, cid)
    if where == "hand":
        decks.move(c, side, cid, "played")
    f["cards"][side].append({"card": cid, "from": where})
    _note_used(c, cid)
    if cdef.round_wide:
        _add_round_card(c, side, cid)
    for flag in cdef.flags_set:
        if flag in c.s["flags"] and not c.s["flags"][flag]:
            c.s["flags"][flag] = c.turn
            c.cache.clear()
    verb = "plays" if where == "hand" else "uses its face-up"
    c.say(f"{side.capitalize()} {verb} {cdef.name} ({cid}) in the combat at {c.hex_label(f['target'])}.",
          kind="combat_card", side=side, card=cid)


def settle(c: Ctx, f: dict) -> None:
    """7.5.5b-c: keep the winner's cards face up, discard the loser's; starred and once-per-turn cards go now."""
    winner = f.get("winner")
    for side in (f["side"], f["defender"]):
        for entry in f["cards"][side]:
            cid = entry["card"]
            cdef = c.d.cards[cid]
            if cdef.round_wide:
                continue  # in effect until the end of the round
            if cdef.starred:
                decks.remove_after_event(c, side, cid)
                c.say(f"{cdef.name} ({cid}) leaves the game (2.3.3).", kind="combat_card", card=cid)
            elif side == winner and not cdef.once_per_turn:
                if decks.where(c, side, cid) != "face_up":
                    decks.move(c, side, cid, "face_up")
                    c.say(f"{side.capitalize()} keeps {cdef.name} ({cid}) face up (7.5.5b).", kind="combat_card", card=cid)
            else:
                decks.move(c, side, cid, "discard")
                c.say(f"{side.capitalize()} discards {cdef.name} ({cid}).", kind="combat_card", card=cid)


def end_of_round(c: Ctx) -> None:
    """7.5.5b: the round-wide cards are discarded (removed, if starred) when the round ends."""
    for entry in _round_cards(c):
        side, cid = entry["side"], entry["card"]
        if decks.where(c, side, cid) != "played":
            continue
        if c.d.cards[cid].starred:
            decks.remove_after_event(c, side, cid)
        else:
            decks.move(c, side, cid, "discard")
    c.s["rs"]["round_cards"] = []
