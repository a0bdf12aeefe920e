"""Combat (11.0): declaring a combat in the OPS round's combat stage, and the frame that resolves it.

In the combat stage the attacker picks a defending hex with ``{"type": "attack",
"target": hex}``. That pushes a ``combat`` frame which walks the steps of 11.2.1;
its ``phase`` says where it stands and who decides:

=============  ===========  ==========================================================
phase          who decides  actions
=============  ===========  ==========================================================
declare        attacker     ``commit`` / ``withdraw`` a unit, ``resolve``, ``cancel``
cards          attacker,    ``combat_card`` (play from hand or use face up),
               then         ``done_combat_cards`` (7.5.5a; skipped for a side with
               defender     nothing it may play, or all out of supply, 13.3.4)
sleighride     defender     ``sleighride`` (retreat one hex, attack cancelled) or ``stand``
losses         the chooser  ``take_loss`` (defender's first, 11.2.1 step 6; card losses
                            after the winner, 11.3.5)
kampfgruppe    axis         ``kampfgruppe`` (which SCU returns where)
no_retreat     defender     ``no_retreat`` (the unit losing the extra step) or ``accept_retreat``
retreat        defender     ``retreat`` (unit and path)
advance        attacker     ``advance`` a unit, ``place_blitz``, ``end_advance``
=============  ===========  ==========================================================

Firing (step 4-5), judging the winner (step 7) and settling the combat cards happen
automatically between these. A decision with a single possible outcome is taken
automatically; a real choice is always offered.

Rulings where the rules are silent:
- Supply of the defenders is judged when the attacker resolves the declaration (the
  instant of combat, 13.1.1); cancelling a declaration changes nothing.
- When the Loss Numbers tie at 0 the tie exception of step 7 still applies as written.
- An attack cancelled by Sleighride has no winner: cards played in it are discarded
  like those of a tie (round-wide cards stay in effect for the round).
- If card losses (11.3.5) clear the defending hex even though the attacker did not
  win, the attacker may still advance (step 9: "retreated or was completely eliminated").
- Winter 1942 (15.1.2) takes every terrain benefit from Axis defenders but a trench:
  swamp, fortress and festung then neither bar the attacker's tie win nor (but for
  trenches) offer the No Retreat option. A festung still cancels retreats (16.3.5 is
  not a terrain effect).
- Kampfgruppe brings back one German SCU eliminated by this combat's fire or card
  losses (not by a retreat or the No Retreat option); "Axis-controlled" for the
  adjacent hex includes hexes whose control is not tracked, if free of Soviet units.
"""
from __future__ import annotations

from ..core.errors import IllegalAction
from . import (
    advance,
    battle,
    combat_losses,
    declare,
    fire,
    flow,
    losses,
    retreat,
    stacking,
    supply,
)
from .cards import combat_cards
from .constants import AXIS, SOVIET
from .context import Ctx
from .flow import Step, register

KINDS = ("attack",)


# ---- the operations stage's side ----------------------------------------------------------------

def could_attack_from(c: Ctx, side: str, hid: str) -> bool:
    return declare.could_attack_from(c, side, hid)


def declare_actions(c: Ctx, side: str) -> list[dict]:
    out = []
    for t in declare.targets(c, side):
        foes = c.units_at(t, c.enemy(side))
        out.append({"type": "attack", "target": t,
                    "label": f"Attack {c.hex_label(t)} ({battle.label_list(c, foes)})"})
    return out


def handles(action: dict) -> bool:
    return action["type"] in KINDS


def refusal(c: Ctx, side: str, action: dict) -> str | None:
    if action["type"] != "attack":
        return None
    target = action.get("target")
    if not isinstance(target, str) or target not in c.map.hexes:
        return f"{target!r} is not a hex of the board"
    why = declare.target_refusal(c, side, target)
    if why:
        return why
    if not declare.eligible(c, side, target):
        for n in c.map.neighbours(target):
            for u in c.units_at(n, side):
                why = declare.unit_refusal(c, side, u) or declare.pair_refusal(c, side, u, target)
                if why and not why.startswith("11.1.1:"):
                    return why
        return "11.1.1: no unit in a hex with a combat marker may attack that hex"
    return None


def apply(c: Ctx, side: str, a: dict) -> None:
    target = a["target"]
    flow.push(c, "combat", side=side, defender=c.enemy(side), target=target, phase="declare",
              attackers=[], **{"from": {}}, defenders=[], came=[], aside=[], zhukov=False,
              cards={AXIS: [], SOVIET: []}, card_side=None, fire=None, taken={}, eliminated=[],
              queue=[], winner=None, outcome=None, retreat=None, no_retreat=None, advanced=[],
              advanced_from={}, blitz=False, cancelled=False, kg_done=False, after_losses=None)
    c.say(f"{side.capitalize()} declares an attack on {c.hex_label(target)}.", kind="combat", hex=target)


# ---- the automatic walk through 11.2.1 ------------------------------------------------------------

def _resolve_declaration(c: Ctx, f: dict) -> None:
    side, target = f["side"], f["target"]
    rs = c.s["rs"]
    f["from"] = {u: c.loc(u) for u in f["attackers"]}
    defenders, came, aside = declare.defending(c, side, target)
    f["defenders"], f["came"], f["aside"] = defenders, came, aside
    oos = supply.judge(c, defenders)  # 13.1.1: the defender's supply at the instant of combat
    f["zhukov"] = declare.uses_zhukov(c, side, f["attackers"])
    if f["zhukov"]:
        rs["zhukov_used"] = True
    rs["attacked"].append(target)
    rs.setdefault("defenders_attacked", []).extend(defenders)  # Backhand Blow asks which units were attacked
    rs["fought"].extend(u for u in f["attackers"] if u not in rs["fought"])
    rs["moved"] = True
    froms = sorted(set(f["from"].values()))
    c.say(f"{side.capitalize()} attacks {c.hex_label(target)} from {c.place_names(froms)} with "
          f"{battle.label_list(c, f['attackers'])}; defending: {battle.label_list(c, defenders)}"
          + (f" (out of supply: {battle.label_list(c, oos)})" if oos else "")
          + (" — Zhukov: two hexes combine, one extra Soviet step will be lost" if f["zhukov"] else "") + ".",
          kind="combat", hex=target)
    f["phase"] = "cards"
    f["card_side"] = side


def _start_fire(c: Ctx, f: dict) -> None:
    fire.resolve(c, f)
    att, dfd = f["side"], f["defender"]
    inflicted = f["fire"][att]
    if f["came"] and inflicted["result"] > 0:
        for u in f["came"]:
            if c.on_map(u) and c.loc(u) == f["target"]:
                losses.eliminate(c, u, why="it had retreated into the hex this round (11.4.5)")
    queue = []
    for side in (dfd, att):  # 11.2.1 step 6: the defender takes its losses first
        res = f["fire"][c.enemy(side)]
        if res["result"] > 0:
            queue.append({"side": side, "n": res["result"], "asterisk": res["asterisk"], "only": None,
                          "chooser": side, "why": f"{c.enemy(side)} fire"})
    f["queue"] = queue
    f["phase"] = "losses"
    f["after_losses"] = "winner"


def _judge_winner(c: Ctx, f: dict) -> None:
    att, dfd = f["side"], f["defender"]
    a_alive = battle.alive(c, f, att)
    d_alive = [u for u in battle.alive(c, f, dfd)]
    a_res, d_res = f["fire"][att]["result"], f["fire"][dfd]["result"]
    winner, why = None, ""
    if not a_alive and not d_alive:
        why = "both sides are eliminated: both lose"
    elif not d_alive:
        winner, why = att, "the defenders are eliminated"
    elif not a_alive:
        winner, why = dfd, "the attackers are eliminated"
    elif a_res > d_res:
        winner, why = att, f"Loss Numbers {a_res} to {d_res}"
    elif d_res > a_res:
        winner, why = dfd, f"Loss Numbers {a_res} to {d_res}"
    else:
        tie = tie_exception(c, f)
        if tie is None:
            winner, why = att, f"Loss Numbers tie at {a_res}; the attacker wins the tie (11.2.1 step 7)"
        else:
            why = f"Loss Numbers tie at {a_res}: both lose ({tie})"
    f["winner"] = winner
    f["outcome"] = why
    c.say(f"{(winner.capitalize() + ' wins') if winner else 'No winner'} at {c.hex_label(f['target'])}: {why}.",
          kind="combat", hex=f["target"], winner=winner)
    f["queue"] = combat_cards.losses(c, f)
    f["phase"] = "losses"
    f["after_losses"] = "settle"


def tie_exception(c: Ctx, f: dict) -> str | None:
    """11.2.1 step 7: why the attacker does NOT win a tie (None: it does)."""
    att, dfd = f["side"], f["defender"]

    def armour(side):
        return [u for u in battle.alive(c, f, side)
                if c.udef(u).wins_ties and c.s["units"][u]["supply"] == "full"]

    if not armour(att):
        return "the attacker has no surviving fully supplied mechanized, guard, tank or panzer SCU"
    if armour(dfd):
        return "the defender also has a surviving fully supplied mechanized, guard, tank or panzer SCU"
    target = f["target"]
    if battle.trench_here(c, target, dfd):
        return "the defending hex has a trench"
    if battle.axis_terrain_void(c, f):
        return None
    h = c.map.hexes[target]
    if "swamp" in h.terrain:
        return "the defending hex is swamp"
    if battle.festung_here(c, target) and dfd == AXIS:
        return "the defending hex has a festung"
    if battle.fortress_here(c, target, dfd):
        return "the defending hex has a fortress"
    return None


def _settle(c: Ctx, f: dict) -> None:
    combat_cards.settle(c, f)
    f["phase"] = "kampfgruppe"


def kampfgruppe_options(c: Ctx, f: dict) -> list[dict]:
    if f["kg_done"] or not combat_cards.kampfgruppe(c, f):
        return []
    target = f["target"]
    dead = [u for u in f["eliminated"] if u in f["defenders"] and not c.on_map(u)
            and c.udef(u).nationality == "GE" and not c.udef(u).lcu]
    out = []
    for u in dead:
        if c.units_at(target, AXIS):
            hexes = [target]
        else:
            hexes = []
            for n in c.map.neighbours(target):
                h = c.map.hexes[n]
                hs = c.map.hexside(target, n)
                if not h.playable or h.is_water or (hs is not None and hs.impassable):
                    continue
                if c.units_at(n, SOVIET) or c.controller(n) == SOVIET:
                    continue
                if stacking.problems(c, [*c.units_at(n), u]):
                    continue
                hexes.append(n)
        for h in hexes:
            out.append({"type": "kampfgruppe", "unit": u, "hex": h,
                        "label": f"Kampfgruppe: {c.unit_label(u)} returns at {c.hex_label(h)}"})
    return out


def _kampfgruppe_return(c: Ctx, f: dict, uid: str, hid: str) -> None:
    u = c.s["units"][uid]
    u["lost"] = len(c.udef(uid).steps) - 1
    u["supply"] = "full"
    c.set_loc(uid, hid)
    f["kg_done"] = True
    c.say(f"Kampfgruppe: {c.unit_label(uid)} returns on its weakest step at {c.hex_label(hid)}.", kind="combat", unit=uid)


def no_retreat_terrain(c: Ctx, f: dict) -> bool:
    """11.4.3: forest, mountain, rough, swamp, trench or fortress (or a card that allows it anywhere)."""
    if combat_cards.no_retreat_anywhere(c, f):
        return True
    target, dfd = f["target"], f["defender"]
    trench = battle.trench_here(c, target, dfd)
    if battle.axis_terrain_void(c, f):
        return trench
    feats = battle.features(c, target, dfd)
    if combat_cards.ignores_fortress(c, f):
        feats = [x for x in feats if x != "fortress"]
    if trench:
        feats.append("trench")
    return c.d.tables.terrain.no_retreat(c.map.hexes[f["target"]].terrain, feats)


def retreaters(c: Ctx, f: dict) -> list[str]:
    target = f["target"]
    out = [u for u in battle.units_of(f, f["defender"]) if c.on_map(u) and c.loc(u) == target]
    out += [u for u in f["came"] if c.on_map(u) and c.loc(u) == target and u not in out]
    return [u for u in out if not retreat.must_stay(c, u)]


def no_retreat_options(c: Ctx, f: dict) -> list[dict]:
    if not no_retreat_terrain(c, f):
        return []
    target = f["target"]
    standing = [u for u in battle.alive(c, f, f["defender"]) if c.loc(u) == target]
    if sum(c.steps_left(u) for u in standing) < 2:
        return []
    cands = [u for u in standing if not battle.is_stalin(c, u)] or standing
    return [{"type": "no_retreat", "unit": u,
             "label": f"No retreat: {c.unit_label(u)} loses a step instead (11.4.3)"} for u in cands]


def _start_retreat(c: Ctx, f: dict, length: int, mode: str) -> None:
    f["retreat"] = {"hexes": length, "mode": mode, "pending": retreaters(c, f), "done": {}, "lost": []}
    f["phase"] = "retreat"


def retreat_options(c: Ctx, f: dict) -> dict[str, list[list[str]]]:
    r = f["retreat"]
    return {u: retreat.offered_paths(c, u, f["target"], r["hexes"], r["pending"]) for u in r["pending"]}


def _retreat_auto(c: Ctx, f: dict) -> bool:
    """Eliminate units that cannot retreat and move those without a real choice; True if a choice remains."""
    r = f["retreat"]
    while True:
        r["pending"] = [u for u in r["pending"] if c.on_map(u) and c.loc(u) == f["target"]]
        for u in list(r["pending"]):
            if c.step(u).ma <= 0:
                r["pending"].remove(u)
                r["lost"].append(u)
                retreat.eliminate_unable(c, u, "it cannot move and must retreat (11.4.6)")
        if not r["pending"]:
            return False
        opts = retreat_options(c, f)
        stuck = [u for u, ps in opts.items() if not ps]
        if stuck:
            for u in stuck:
                r["pending"].remove(u)
                r["lost"].append(u)
                retreat.eliminate_unable(c, u, "it cannot retreat (11.4.4)")
            continue
        if sum(len(ps) for ps in opts.values()) == 1:
            u = next(iter(opts))
            _do_retreat(c, f, u, opts[u][0])
            continue
        if all(len(ps) == 1 for ps in opts.values()):
            ends: dict[str, list[str]] = {}
            for u, ps in opts.items():
                ends.setdefault(ps[0][-1], []).append(u)
            if all(not stacking.problems(c, [*c.units_at(h, f["defender"]), *us]) for h, us in ends.items()):
                for u, ps in opts.items():
                    _do_retreat(c, f, u, ps[0])
                continue
        return True


def _do_retreat(c: Ctx, f: dict, uid: str, path: list[str]) -> None:
    r = f["retreat"]
    retreat.execute(c, uid, path)
    r["pending"].remove(uid)
    r["done"][uid] = path


def _after_retreat(c: Ctx, f: dict) -> None:
    if f["retreat"] and f["retreat"]["mode"] == "sleighride":
        f["cancelled"] = True
        f["winner"] = None
        f["outcome"] = "Sleighride: the defenders slipped away and the attack is cancelled"
        c.say(f"Sleighride: the attack on {c.hex_label(f['target'])} is cancelled.", kind="combat")
        combat_cards.settle(c, f)
        f["phase"] = "done"
        return
    f["phase"] = "advance"


def sleighride_possible(c: Ctx, f: dict) -> bool:
    if f.get("sleigh_done") or not combat_cards.sleighride(c, f):
        return False
    movers = retreaters(c, f)
    if not movers:
        return False
    return all(c.step(u).ma > 0 and retreat.legal_paths(c, u, f["target"], 1) for u in movers)


def proceed(c: Ctx, f: dict) -> None:
    """Run the automatic parts until a side must decide or the combat is over (then pop the frame)."""
    for _ in range(1000):
        ph = f["phase"]
        if ph == "declare":
            return
        if ph == "cards":
            side = f["card_side"]
            if combat_cards.options(c, f, side):
                return
            if side == f["side"]:
                f["card_side"] = f["defender"]
            else:
                f["phase"] = "sleighride"
            continue
        if ph == "sleighride":
            if sleighride_possible(c, f):
                return
            f["phase"] = "fire"
            continue
        if ph == "fire":
            _start_fire(c, f)
            continue
        if ph == "losses":
            if combat_losses.run(c, f):
                return
            nxt = f["after_losses"]
            f["phase"] = nxt
            continue
        if ph == "winner":
            _judge_winner(c, f)
            continue
        if ph == "settle":
            _settle(c, f)
            continue
        if ph == "kampfgruppe":
            opts = kampfgruppe_options(c, f)
            if len(opts) > 1:
                return
            if len(opts) == 1:
                _kampfgruppe_return(c, f, opts[0]["unit"], opts[0]["hex"])
            f["kg_done"] = True
            f["phase"] = "no_retreat"
            continue
        if ph == "no_retreat":
            if f["winner"] != f["side"] or not retreaters(c, f):
                f["phase"] = "advance"
                continue
            if f["defender"] == AXIS and battle.festung_here(c, f["target"]):
                c.say(f"The festung at {c.hex_label(f['target'])} cancels the retreat (11.4.1, 16.3.5).", kind="combat")
                f["phase"] = "advance"
                continue
            if no_retreat_options(c, f):
                return
            _begin_combat_retreat(c, f)
            continue
        if ph == "retreat":
            if _retreat_auto(c, f):
                return
            _after_retreat(c, f)
            continue
        if ph == "advance":
            if f["cancelled"] or (not advance.candidates(c, f) and advance.blitz_refusal(c, f)):
                f["phase"] = "done"
                continue
            return
        if ph == "done":
            c.say(f"The combat at {c.hex_label(f['target'])} is over.", kind="combat_result",
                  hex=f["target"], combat=combat_view(c, f))
            flow.pop(c, "combat")
            return
        raise AssertionError(f"unknown combat phase {ph}")  # pragma: no cover
    raise RuntimeError("the combat did not come to a decision")  # pragma: no cover


def _begin_combat_retreat(c: Ctx, f: dict) -> None:
    att, dfd = f["side"], f["defender"]
    diff = abs(f["fire"][att]["result"] - f["fire"][dfd]["result"])
    length = 1 if diff <= 1 else 2
    if length == 2 and combat_cards.one_hex_retreat(c, f):
        length = 1
    _start_retreat(c, f, length, "combat")


# ---- the frame --------------------------------------------------------------------------------------

PHASE_ACTOR = {"declare": "attacker", "advance": "attacker", "sleighride": "defender",
               "no_retreat": "defender", "retreat": "defender"}


@register
class CombatStep(Step):
    kind = "combat"

    def actors(self, c, f):
        ph = f["phase"]
        if ph == "cards":
            return [f["card_side"]]
        if ph == "losses":
            return [f["queue"][0]["chooser"]]
        if ph == "kampfgruppe":
            return [AXIS]
        who = PHASE_ACTOR.get(ph)
        if who is None:
            return []
        return [f["side"] if who == "attacker" else f["defender"]]

    def prompt(self, c, f, side):
        t = c.hex_label(f["target"])
        ph = f["phase"]
        if ph == "declare":
            return f"Commit units to the attack on {t}, then resolve it (or cancel)"
        if ph == "cards":
            return f"Combat at {t}: play or use combat cards, or go on without (7.5.5)"
        if ph == "sleighride":
            return f"Sleighride: retreat the defenders of {t} one hex and cancel the attack, or stand"
        if ph == "losses":
            b = f["queue"][0]
            return f"Combat at {t}: choose which unit takes the next step loss ({b['n']} left: {b['why']})"
        if ph == "kampfgruppe":
            return "Kampfgruppe: choose which SCU returns, and where"
        if ph == "no_retreat":
            return f"{t}: retreat, or lose one more step to stay (No Retreat option, 11.4.3)"
        if ph == "retreat":
            return f"Retreat the defenders of {t} {f['retreat']['hexes']} hex{'es' if f['retreat']['hexes'] > 1 else ''}"
        if ph == "advance":
            return f"Advance into {t}, place a Blitz marker, or end the advance"
        return ""

    def actions(self, c, f, side):
        ph = f["phase"]
        if ph == "declare":
            return self._declare_actions(c, f, side)
        if ph == "cards":
            return combat_cards.options(c, f, side) + [
                {"type": "done_combat_cards", "label": "No (more) combat cards"}]
        if ph == "sleighride":
            return [{"type": "sleighride", "label": "Sleighride: retreat every defender one hex; the attack is cancelled"},
                    {"type": "stand", "label": "Stand and fight"}]
        if ph == "losses":
            return combat_losses.options(c, f)
        if ph == "kampfgruppe":
            return kampfgruppe_options(c, f)
        if ph == "no_retreat":
            r = f["fire"]
            diff = abs(r[f["side"]]["result"] - r[f["defender"]]["result"])
            n = 1 if diff <= 1 or combat_cards.one_hex_retreat(c, f) else 2
            return no_retreat_options(c, f) + [
                {"type": "accept_retreat", "label": f"Retreat {n} hex{'es' if n > 1 else ''}"}]
        if ph == "retreat":
            out = []
            for u, paths in retreat_options(c, f).items():
                for p in paths:
                    out.append({"type": "retreat", "unit": u, "path": p,
                                "label": f"{c.unit_label(u)} retreats to {c.hex_label(p[-1])}"
                                         + (f" via {p[0]}" if len(p) > 1 else "")})
            return out
        if ph == "advance":
            out = [{"type": "advance", "unit": u,
                    "label": f"{c.unit_label(u)} advances into {c.hex_label(f['target'])}"}
                   for u in advance.candidates(c, f)]
            if advance.blitz_refusal(c, f) is None:
                out.append({"type": "place_blitz", "label": f"Place a Blitz marker at {c.hex_label(f['target'])}"})
            out.append({"type": "end_advance", "label": "End the advance"})
            return out
        return []

    def _declare_actions(self, c, f, side):
        out = []
        target = f["target"]
        for u in declare.eligible(c, side, target):
            if u in f["attackers"]:
                continue
            if declare.commit_refusal(c, side, target, f["attackers"], u) is None:
                out.append({"type": "commit", "unit": u,
                            "label": f"Commit {c.unit_label(u)} from {c.hex_label(c.loc(u))}"})
        for u in f["attackers"]:
            out.append({"type": "withdraw", "unit": u, "label": f"Withdraw {c.unit_label(u)}"})
        if declare.problems(c, side, target, f["attackers"]) is None:
            z = " (uses Zhukov: one extra step loss)" if declare.uses_zhukov(c, side, f["attackers"]) else ""
            out.append({"type": "resolve", "label": f"Resolve the attack on {c.hex_label(target)}{z}"})
        out.append({"type": "cancel", "label": "Cancel this attack"})
        return out

    def refuse(self, c, f, side, action, legal):
        kind = action.get("type")
        ph = f["phase"]
        if ph == "declare":
            uid = action.get("unit")
            if kind == "commit" and isinstance(uid, str) and uid in c.d.units:
                why = declare.commit_refusal(c, side, f["target"], f["attackers"], uid)
                if why:
                    return IllegalAction(why)
            if kind == "resolve":
                return IllegalAction(declare.problems(c, side, f["target"], f["attackers"]) or "Cannot resolve yet.")
        if ph == "cards" and kind == "combat_card":
            return IllegalAction(combat_cards.refusal(c, f, side, action.get("card")) or "That card cannot be used now.")
        if ph == "losses" and kind == "take_loss":
            return IllegalAction("11.3.2-11.3.4: that unit may not take this step (spread the losses; asterisked "
                                 "results hit SCUs only; the attacker's first loss goes to armour; Stalin last)")
        if ph == "retreat" and kind == "retreat":
            return IllegalAction("11.4.4: that retreat path is not allowed (or a path with higher priority exists)")
        if ph == "advance" and kind == "advance":
            uid = action.get("unit")
            if isinstance(uid, str) and uid in c.d.units:
                return IllegalAction(advance.refusal(c, f, uid) or "That unit may not advance.")
        if ph == "advance" and kind == "place_blitz":
            return IllegalAction(advance.blitz_refusal(c, f) or "No Blitz marker may be placed.")
        return super().refuse(c, f, side, action, legal)

    def apply(self, c, f, side, a):
        kind = a["type"]
        if kind == "commit":
            f["attackers"].append(a["unit"])
            f["from"][a["unit"]] = c.loc(a["unit"])
        elif kind == "withdraw":
            f["attackers"].remove(a["unit"])
            f["from"].pop(a["unit"], None)
        elif kind == "cancel":
            c.say(f"{side.capitalize()} calls off the attack on {c.hex_label(f['target'])}.", kind="combat")
            flow.pop(c, self.kind)
            return
        elif kind == "resolve":
            _resolve_declaration(c, f)
        elif kind == "combat_card":
            combat_cards.play(c, f, side, a["card"])
        elif kind == "done_combat_cards":
            if side == f["side"]:
                f["card_side"] = f["defender"]
            else:
                f["phase"] = "sleighride"
        elif kind == "sleighride":
            f["sleigh_done"] = True
            _start_retreat(c, f, 1, "sleighride")
        elif kind == "stand":
            f["sleigh_done"] = True
            f["phase"] = "fire"
        elif kind == "take_loss":
            combat_losses.take(c, f, f["queue"][0], a["unit"])
            if f["queue"][0]["n"] <= 0:
                f["queue"].pop(0)
        elif kind == "kampfgruppe":
            _kampfgruppe_return(c, f, a["unit"], a["hex"])
            f["phase"] = "no_retreat"
        elif kind == "no_retreat":
            uid = a["unit"]
            f["no_retreat"] = uid
            f["taken"][uid] = f["taken"].get(uid, 0) + 1
            gone = losses.take_step(c, uid, oos=battle.unsupplied(c, f, uid),
                                    why="the No Retreat option (11.4.3)")
            if gone:
                f["eliminated"].append(uid)
            c.say(f"{f['defender'].capitalize()} holds {c.hex_label(f['target'])}: {c.unit_label(uid)} "
                  f"loses a step instead of retreating (11.4.3).", kind="combat", unit=uid)
            f["phase"] = "advance"
        elif kind == "accept_retreat":
            _begin_combat_retreat(c, f)
        elif kind == "retreat":
            _do_retreat(c, f, a["unit"], a["path"])
        elif kind == "advance":
            advance.advance(c, f, a["unit"])
        elif kind == "place_blitz":
            advance.place_blitz(c, f)
        elif kind == "end_advance":
            f["phase"] = "done"
        proceed(c, f)

    def view(self, c, f, viewer):
        return {"combat": combat_view(c, f)}


def _unit_row(c: Ctx, f: dict, uid: str, attacking: bool) -> dict:
    u = c.s["units"][uid]
    on = c.on_map(uid)
    step = c.step(uid) if on else c.udef(uid).steps[-1]
    return {"id": uid, "label": c.unit_label(uid), "hex": u["loc"] if on else None,
            "from": f["from"].get(uid) if attacking else None,
            "strength": step.attack if attacking else step.defense,
            "supply": u["supply"], "steps_left": c.steps_left(uid) if on else 0,
            "lost_here": f["taken"].get(uid, 0), "eliminated": not on}


def combat_view(c: Ctx, f: dict) -> dict:
    att, dfd = f["side"], f["defender"]
    ph = f["phase"]
    if ph == "declare":
        defenders, came, aside = declare.defending(c, att, f["target"])
        picture = fire.preview(c, {**f, "defenders": defenders, "came": came, "aside": aside}) if f["attackers"] else None
        problem = declare.problems(c, att, f["target"], f["attackers"])
    else:
        defenders, came, aside = f["defenders"], f["came"], f["aside"]
        picture = f["fire"] or fire.preview(c, f)
        problem = None
    g = {**f, "defenders": defenders}
    return {
        "phase": ph,
        "attacker": att,
        "defender": dfd,
        "target": f["target"],
        "target_label": c.hex_label(f["target"]),
        "attackers": [_unit_row(c, g, u, True) for u in f["attackers"]],
        "defenders": [_unit_row(c, g, u, False) for u in defenders],
        "retreated_in": list(came),
        "standing_aside": list(aside),
        "problem": problem,
        "zhukov": f["zhukov"] or (ph == "declare" and declare.uses_zhukov(c, att, f["attackers"])),
        "cards": {s: [{"card": e["card"], "name": c.d.cards[e["card"]].name, "from": e["from"]}
                      for e in f["cards"][s]] for s in (att, dfd)},
        "round_cards": [dict(e) for e in c.s["rs"].get("round_cards", [])],
        "fire": picture,
        "fired": f["fire"] is not None,
        "pending_losses": [dict(b) for b in f["queue"]],
        "eliminated": list(f["eliminated"]),
        "winner": f["winner"],
        "outcome": f["outcome"],
        "no_retreat": f["no_retreat"],
        "retreat": ({"hexes": f["retreat"]["hexes"], "mode": f["retreat"]["mode"],
                     "pending": list(f["retreat"]["pending"]), "done": dict(f["retreat"]["done"]),
                     "eliminated": list(f["retreat"]["lost"])} if f["retreat"] else None),
        "advanced": list(f["advanced"]),
        "blitz": f["blitz"],
        "cancelled": f["cancelled"],
    }
