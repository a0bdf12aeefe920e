"""The events whose effect is a long-term flag, OPS, banked OPS, RPs or a track change.

Each function implements one card's text (data/stalins_war/cards.toml) and is
registered under the card's key; `events` offers a card as an event only when its
key is registered here (or it is a reinforcement card).
"""
from __future__ import annotations

from . import banked, flow
from .constants import AXIS, SOVIET
from .context import Ctx
from .events import event, grant_ops, set_flag
from .flow import Step, register


def _card(c: Ctx, card: str):
    return c.d.cards[card]


# ---- the 11.1.9 restrictions: flag and OPS --------------------------------------------------------

def _flag_and_ops(c: Ctx, side: str, card: str) -> None:
    cd = _card(c, card)
    for flag in cd.flags_set:
        set_flag(c, flag)
    c.say(f"{cd.name}: {cd.text}", kind="event", card=card)
    if cd.grants_ops:
        grant_ops(c, side, cd.grants_ops)


for _key in ("taifun", "nordlicht", "blau", "hitler_takes_command", "winter_uniforms", "lend_lease", "studebakers"):
    event(_key)(_flag_and_ops)


@event("convoy_pq17")
def convoy_pq17(c: Ctx, side: str, card: str) -> None:
    """18.3.3: no Archangel banked OPS at the start of the next turn."""
    set_flag(c, "convoy_pq17", c.turn + 1)
    c.say("Convoy PQ-17: no Lend-Lease OPS through Archangel next turn.", kind="event", card=card)


def _stavka_refusal(c: Ctx, side: str, card: str) -> str | None:
    return None if banked.stalin_in_moscow(c) else "18.3.1: Stavka gives banked OPS only while Stalin is in Moscow"


@event("stavka", _stavka_refusal)
def stavka(c: Ctx, side: str, card: str) -> None:
    c.s["banked"][SOVIET] += 3
    c.say("Stavka: the Soviets bank 3 OPS (18.3.4).", kind="event", card=card)


@event("tehran_conference")
def tehran_conference(c: Ctx, side: str, card: str) -> None:
    c.s["vp"] -= 1
    c.say(f"Tehran Conference: the VP level drops to {c.s['vp']}.", kind="event", card=card)


@event("combined_bomber_offensive")
def combined_bomber_offensive(c: Ctx, side: str, card: str) -> None:
    set_flag(c, "combined_bomber_offensive")
    c.s["hand_size"][AXIS] -= 1
    c.say(f"Combined Bomber Offensive: the Axis hand size marker drops to {c.s['hand_size'][AXIS]}.",
          kind="event", card=card)


# ---- events that give RPs (7.4.3) ----------------------------------------------------------------

def _rp_event_refusal(c: Ctx, side: str, card: str) -> str | None:
    if c.turn == 1:
        return "4.4.1: no replacement actions on turn 1"
    if side == AXIS and c.s["tc"]["rp_event"] >= 1:
        return "7.4.3: the Axis may play only one RP-giving event a turn"
    return None


def _rp_event(c: Ctx, side: str, card: str) -> None:
    cd = _card(c, card)
    if side == AXIS:
        c.s["tc"]["rp_event"] += 1
    for flag in cd.flags_set:
        set_flag(c, flag)
    for kind, amount in cd.event_rp.items():
        c.s["rp"][kind] += amount * 2
    got = ", ".join(f"{k} {v}" for k, v in cd.event_rp.items())
    c.say(f"{cd.name}: {side.capitalize()} marks {got} RPs.", kind="event", card=card)


for _key in ("speer", "totaler_krieg", "ersatzheer", "volkssturm", "industrial_evacuation", "tankograd"):
    event(_key, _rp_event_refusal)(_rp_event)


# ---- Steppe Fox (4.4.1) ------------------------------------------------------------------------------

def _steppe_fox_refusal(c: Ctx, side: str, card: str) -> str | None:
    from .rounds import ops_refusal

    if len(c.s["cards"][side]["hand"]) < 2:
        return "Steppe Fox needs another card in hand to play with it"
    if ops_refusal(c):
        return "Steppe Fox needs a round in which the second card can be played for OPS"
    return None


@event("steppe_fox", _steppe_fox_refusal, resets=False)
def steppe_fox(c: Ctx, side: str, card: str) -> None:
    """A second card at once; it alone decides the round's kind for consecutive OPS."""
    c.say("Steppe Fox: the Axis plays a second card this round.", kind="event", card=card)
    flow.push(c, "action_round", side=side, second=True)


# ---- trenches placed by events (10.3.3) -------------------------------------------------------------

def _trench_hexes(c: Ctx, side: str) -> list[str]:
    from . import trenches

    if trenches.markers_in_use(c, side) >= trenches.trench_limit(c, side):
        return []
    out = []
    for uid in c.units_on_map(side):
        ud = c.udef(uid)
        hid = c.loc(uid)
        if not ud.lcu or hid in c.s["markers"]["trench"] or c.s["units"][uid]["supply"] != "full":
            continue
        if side == AXIS and ud.nationality != "GE":
            continue
        if side == SOVIET and c.map.hexes[hid].country not in ("soviet_union", "baltic"):
            continue
        out.append(hid)
    return sorted(set(out))


def _trench_event(count: int, optional: bool):
    def play(c: Ctx, side: str, card: str) -> None:
        cd = _card(c, card)
        for flag in cd.flags_set:
            set_flag(c, flag)
        c.say(f"{cd.name}: {side.capitalize()} may now entrench.", kind="event", card=card)
        if _trench_hexes(c, side):
            flow.push(c, "event_trenches", side=side, card=card, left=count, optional=optional)
    return play


event("hedgehogs")(_trench_event(1, optional=False))
event("peoples_militia")(_trench_event(2, optional=True))


@register
class EventTrenches(Step):
    kind = "event_trenches"

    def prompt(self, c, f, side):
        return f"Place {'up to ' if f['optional'] else ''}{f['left']} trench marker{'s' if f['left'] > 1 else ''} with an LCU in full supply"

    def actions(self, c, f, side):
        out = [{"type": "place_trench", "hex": h, "label": f"Trench at {c.hex_label(h)}"} for h in _trench_hexes(c, side)]
        if f["optional"] or not out:
            out.append({"type": "done_trenches", "label": "Place no more trenches"})
        return out

    def apply(self, c, f, side, a):
        if a["type"] == "place_trench":
            c.s["markers"]["trench"][a["hex"]] = side
            c.cache.clear()
            c.say(f"{side.capitalize()} places a trench at {c.hex_label(a['hex'])}.", kind="trench", hex=a["hex"])
            f["left"] -= 1
            if f["left"] > 0 and _trench_hexes(c, side):
                return
        flow.pop(c, self.kind)


# ---- sea events: Naval Evacuation (10.2.7) and Black Sea, Black Death (7.5.4, 13.1.4) -------------

def _evacuations(c: Ctx) -> list[dict]:
    from . import strategic

    out = []
    for uid in c.units_on_map(AXIS):
        for to in strategic.naval_evacuation_destinations(c, uid):
            out.append({"type": "evacuate", "unit": uid, "to": to,
                        "label": f"Evacuate {c.unit_label(uid)} by sea to {c.hex_label(to)}"})
    return out


@event("naval_evacuation")
def naval_evacuation(c: Ctx, side: str, card: str) -> None:
    c.say("Naval Evacuation.", kind="event", card=card)
    if _evacuations(c):
        flow.push(c, "naval_evacuation", side=side)
    else:
        c.say("No Axis LCU can be evacuated (the event has no effect, 7.5.1b).", kind="event")


@register
class NavalEvacuation(Step):
    kind = "naval_evacuation"

    def prompt(self, c, f, side):
        return "Naval Evacuation: carry one LCU to a friendly port farther west on the same sea"

    def actions(self, c, f, side):
        return _evacuations(c) + [{"type": "skip_evacuation", "label": "Evacuate nobody"}]

    def apply(self, c, f, side, a):
        from . import strategic

        flow.pop(c, self.kind)
        if a["type"] == "evacuate":
            strategic.naval_evacuate(c, a["unit"], a["to"])


MARITIME = "SU-Mar"


def _landings(c: Ctx) -> list[str]:
    """7.5.4: from a Soviet Black Sea/Azov port to any empty coastal hex, never west of an Axis port."""
    from . import stacking, strategic

    if MARITIME not in c.s["units"] or not c.on_map(MARITIME):
        return []
    here = c.loc(MARITIME)
    if c.map.hexes[here].port != "black" or c.s["control"].get(here) != SOVIET:
        return []
    axis_ports = [h for h, x in c.map.hexes.items() if x.port == "black" and c.s["control"].get(h) == AXIS]
    limit = max((strategic.east(c, p) for p in axis_ports), default=None)
    out = []
    for hid in strategic.coastal_hexes(c, "black"):
        if hid == here or c.units_at(hid) or c.s["markers"]["partisans"].count(hid):
            continue
        if limit is not None and strategic.east(c, hid) < limit:
            continue
        if stacking.may_end_move(c, MARITIME, hid):
            out.append(hid)
    return out


@event("black_sea_black_death")
def black_sea_black_death(c: Ctx, side: str, card: str) -> None:
    c.say("Black Sea, Black Death: a Soviet landing from the sea.", kind="event", card=card)
    cd = _card(c, card)
    if cd.grants_ops:
        grant_ops(c, side, cd.grants_ops)  # pushed first: the landing comes before the round's moves
    if _landings(c):
        flow.push(c, "sea_landing", side=side)


@register
class SeaLanding(Step):
    kind = "sea_landing"

    def prompt(self, c, f, side):
        return "Black Sea, Black Death: land the Maritime Army on the coast"

    def actions(self, c, f, side):
        out = [{"type": "land", "unit": MARITIME, "to": h, "label": f"Land the Maritime Army at {c.hex_label(h)}"}
               for h in _landings(c)]
        return out + [{"type": "skip_landing", "label": "Stay in port"}]

    def apply(self, c, f, side, a):
        from . import control

        flow.pop(c, self.kind)
        if a["type"] != "land":
            return
        start = c.loc(MARITIME)
        c.set_loc(MARITIME, a["to"])
        c.s["units"][MARITIME]["landed_marine"] = True
        c.s["units"][MARITIME]["supply"] = "full"
        if c.s["rs"]["side"] == side:
            c.s["rs"]["started"][MARITIME] = a["to"]
        control.entered(c, MARITIME, a["to"])
        c.say(f"The Maritime Army lands at {c.hex_label(a['to'])} from {c.hex_label(start)}.", kind="sea",
              unit=MARITIME)
