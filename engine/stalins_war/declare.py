"""Declaring a combat (11.1, 7.3.5, 4.4.4, 4.4.7, 4.4.8, 4.5.1, 16.1.4, 19.1–19.2): who may attack what.

Three levels of test, each returning the rule that forbids (None when allowed):

- `unit_refusal`: may this unit attack at all this round (combat marker, strength,
  fought already, strategic move, Mobilization reinforcement …);
- `pair_refusal`: may it attack this particular hex (adjacent, not across a lake or
  sea, the Volga line, Soviet Fronts against lone panzers in 1941);
- `target_refusal`: may this hex be attacked (enemy units there, not attacked yet,
  the 11.1.9 geographic restrictions, Romania on turn 1);
- `problems`: is a whole set of attackers a legal combat (one LCU, combined hexes
  need armour unless Zhukov covers one, no Romanians with Hungarians, partisans
  alone, Soviet mech corps in 1941).

Rulings where the rules are silent:
- A unit with no attack strength (Stalin, the Bunker, the Fortified Zone, 0-strength
  partisans) cannot attack.
- 4.4.4 is read with 24.0's summary: on turn 1 the Soviets may not attack into
  Hungary either.
- A hex holding only units that retreated into it this round may still be attacked
  (it is not empty, 11.1.4); those units do not fire (11.4.5).
"""
from __future__ import annotations

from .constants import AXIS, SOVIET
from .context import Ctx

# ---- the defending hex --------------------------------------------------------------------------

def defending(c: Ctx, side: str, target: str) -> tuple[list[str], list[str], list[str]]:
    """(defenders, units that retreated in this round (11.4.5), partisans standing aside (11.1.7))."""
    foe = c.enemy(side)
    units = c.units_at(target, foe)
    retreated = c.s["rs"]["retreated"]
    came = [u for u in units if retreated.get(u) == target]
    rest = [u for u in units if u not in came]
    aside: list[str] = []
    if foe == SOVIET:
        partisans = [u for u in rest if c.udef(u).kind == "partisan"]
        others = [u for u in rest if c.udef(u).kind != "partisan"]
        if partisans and others:
            aside, rest = partisans, others
    return rest, came, aside


def only_panzers(c: Ctx, target: str) -> bool:
    units = c.units_at(target, AXIS)
    return bool(units) and all(c.udef(u).kind == "panzer" for u in units)


# ---- single units -------------------------------------------------------------------------------

def round_events(c: Ctx) -> list[str]:
    """Keys of the events played as this round's action (their effects last the round)."""
    return [c.d.cards[card].key for card, use in c.s["rs"]["played"] if use == "event"]


def unit_refusal(c: Ctx, side: str, uid: str, *, need_marker: bool = True) -> str | None:
    ud = c.udef(uid)
    rs = c.s["rs"]
    if ud.side != side or not c.on_map(uid):
        return f"{ud.label} is not one of your units on the map"
    if need_marker and c.loc(uid) not in c.s["markers"]["combat"]:
        return "11.1.1: only units in a hex with a combat marker may attack"
    if c.step(uid).attack <= 0:
        return f"{ud.label} has no attack strength"
    if uid in rs["fought"]:
        return "11.1.6: each unit fights in only one combat per action round"
    if uid in rs["strategic"]:
        return "10.2.1: a unit that moved strategically may not attack in the same round"
    if uid in rs["no_attack"]:
        return "4.5.1: reinforcements placed by a Mobilization card this round may not attack"
    if side == AXIS and "buffel" in round_events(c):
        return "Buffel: no Axis combat in this round"
    return None


def volga_barred(c: Ctx) -> bool:
    """11.1.10: the Volga hexsides south of Saratov bar Axis attacks until Moscow or Stalingrad is Axis-held."""
    places = c.map.places
    return not (c.controller(places["Moscow"]) == AXIS or c.controller(places["Stalingrad"]) == AXIS)


def pair_refusal(c: Ctx, side: str, uid: str, target: str) -> str | None:
    here = c.loc(uid)
    if target not in c.map.neighbours(here):
        return "11.1.3: attackers must be adjacent to the defending hex"
    hs = c.map.hexside(here, target)
    if hs is not None and hs.impassable:
        return "8.2: no attack across a lake or sea hexside"
    if side == AXIS and hs is not None and hs.volga_line and volga_barred(c):
        return "11.1.10: no Axis attack across the Volga south of Saratov until Moscow or Stalingrad is Axis-controlled"
    ud = c.udef(uid)
    if side == SOVIET and c.turn <= 2 and ud.size == "front" and only_panzers(c, target):
        return "4.4.7: on turns 1-2 Soviet Fronts may not attack hexes holding only German Panzer Corps"
    return None


def target_refusal(c: Ctx, side: str, target: str) -> str | None:
    if target not in c.map.hexes:
        return f"{target!r} is not a hex of the board"
    h = c.map.hexes[target]
    if not c.units_at(target, c.enemy(side)):
        if target in c.s["markers"]["partisans"]:
            return "16.1.4: inactive partisans cannot be attacked"
        return "11.1.4: empty hexes cannot be attacked"
    if target in c.s["rs"]["attacked"]:
        return "11.1.4: a hex may be attacked only once per action round"
    if side == AXIS:
        why = restricted(c, target)
        if why:
            return why
    if side == SOVIET and c.turn == 1:
        if h.country == "romania":
            return "4.4.4: Soviet units may not attack into Romania on turn 1"
        if h.country == "hungary":
            return "4.4.3/24.0: Soviet units may not operate into Hungary on turn 1"
    return None


def restricted(c: Ctx, target: str) -> str | None:
    """11.1.9: Leningrad until Nordlicht, Moscow and Gorki until Taifun, Stalingrad and the Caucasus zone until Blau."""
    places = c.map.places
    lifted = c.s["stats"]["restrictions_lifted"]
    h = c.map.hexes[target]
    if target == places["Leningrad"] and not (c.flag("nordlicht") or lifted.get("leningrad")):
        return "11.1.9: the Axis may not attack Leningrad until Nordlicht has been played"
    if target in (places["Moscow"], places["Gorki"]) and not (c.flag("taifun") or lifted.get("moscow")):
        return "11.1.9: the Axis may not attack Moscow or Gorki until Taifun has been played"
    if (target == places["Stalingrad"] or h.caucasus_zone) and not (c.flag("blau") or lifted.get("stalingrad")):
        return "11.1.9: the Axis may not attack Stalingrad or the Caucasus zone until Blau has been played"
    return None


def eligible(c: Ctx, side: str, target: str, *, need_marker: bool = True) -> list[str]:
    """Units that could take part in an attack on `target` now."""
    if target_refusal(c, side, target):
        return []
    out = []
    for n in c.map.neighbours(target):
        for uid in c.units_at(n, side):
            if unit_refusal(c, side, uid, need_marker=need_marker) is None and pair_refusal(c, side, uid, target) is None:
                out.append(uid)
    return sorted(out)


def targets(c: Ctx, side: str) -> list[str]:
    """Hexes some unit in a marked hex may attack now."""
    found: set[str] = set()
    for hid in set(c.s["markers"]["combat"]):
        if not any(unit_refusal(c, side, u) is None for u in c.units_at(hid, side)):
            continue
        for n in c.map.neighbours(hid):
            if n in found or target_refusal(c, side, n):
                continue
            if any(unit_refusal(c, side, u) is None and pair_refusal(c, side, u, n) is None
                   for u in c.units_at(hid, side)):
                found.add(n)
    return sorted(found)


def could_attack_from(c: Ctx, side: str, hid: str) -> bool:
    """Is a combat marker in `hid` of any use (some unit there could attack a neighbour)?"""
    units = [u for u in c.units_at(hid, side) if unit_refusal(c, side, u, need_marker=False) is None]
    if not units:
        return False
    for n in c.map.neighbours(hid):
        if target_refusal(c, side, n):
            continue
        if any(pair_refusal(c, side, u, n) is None for u in units):
            return True
    return False


# ---- a whole declaration ---------------------------------------------------------------------------

def zhukov_available(c: Ctx, side: str) -> bool:
    """Card S9: in the turn it is played, one Soviet attack a round may use two hexes without armour."""
    return side == SOVIET and c.s["flags"].get("zhukov") == c.turn and not c.s["rs"].get("zhukov_used")


def hard_problems(c: Ctx, side: str, target: str, units: list[str]) -> str | None:
    """Problems no further unit could cure."""
    defs = [c.udef(u) for u in units]
    if sum(1 for d in defs if d.lcu) > 1:
        return "11.1.3: only one LCU may attack in a combat"
    nations = {d.nationality for d in defs}
    if "RO" in nations and "HU" in nations:
        return "19.1.1/19.2.1: no combat may involve both Romanian and Hungarian units"
    if any(d.kind == "partisan" for d in defs) and any(d.kind != "partisan" for d in defs):
        return "11.1.7: active partisans never attack with other Soviet units"
    if side == SOVIET and c.turn <= 2 and only_panzers(c, target):
        mech_hexes = {c.loc(u) for u in units if c.udef(u).kind == "mech"}
        if len(mech_hexes) > 1:
            return "4.4.8: on turns 1-2 Soviet Mech Corps in different hexes may not combine against lone Panzer Corps"
    return None


def plain_hexes(c: Ctx, units: list[str]) -> list[str]:
    """Attacking hexes with no attacking panzer, tank or mechanized unit."""
    by_hex: dict[str, bool] = {}
    for u in units:
        h = c.loc(u)
        by_hex[h] = by_hex.get(h, False) or c.udef(u).mechanized
    return sorted(h for h, armour in by_hex.items() if not armour)


def allowance(c: Ctx, side: str) -> int:
    return 2 if zhukov_available(c, side) else 1


def problems(c: Ctx, side: str, target: str, units: list[str]) -> str | None:
    """Why this set of units may not attack `target` together (None: it may)."""
    if not units:
        return "Commit at least one unit to the attack"
    why = target_refusal(c, side, target)
    if why:
        return why
    for u in units:
        why = unit_refusal(c, side, u) or pair_refusal(c, side, u, target)
        if why:
            return f"{c.unit_label(u)}: {why}"
    why = hard_problems(c, side, target, units)
    if why:
        return why
    plain = plain_hexes(c, units)
    if len(plain) > allowance(c, side):
        if side == SOVIET and c.s["flags"].get("zhukov") == c.turn:
            return ("11.1.3: each extra attacking hex needs an attacking panzer, tank or mechanized unit "
                    "(Zhukov lets one attack a round use two hexes without one)")
        return "11.1.3: each extra attacking hex needs an attacking panzer, tank or mechanized unit"
    return None


def uses_zhukov(c: Ctx, side: str, units: list[str]) -> bool:
    return side == SOVIET and len(plain_hexes(c, units)) > 1


def commit_refusal(c: Ctx, side: str, target: str, units: list[str], uid: str) -> str | None:
    """May `uid` join the attackers, keeping the declaration completable?"""
    if uid in units:
        return "already committed"
    why = unit_refusal(c, side, uid) or pair_refusal(c, side, uid, target)
    if why:
        return why
    more = [*units, uid]
    why = hard_problems(c, side, target, more)
    if why:
        return why
    plain = plain_hexes(c, more)
    if len(plain) <= allowance(c, side):
        return None
    pool = eligible(c, side, target)
    fixable = 0
    for h in plain:
        armour = [u for u in pool if u not in more and c.loc(u) == h and c.udef(u).mechanized]
        if any(hard_problems(c, side, target, [*more, m]) is None for m in armour):
            fixable += 1
    if len(plain) - fixable > allowance(c, side):
        return "11.1.3: each extra attacking hex needs an attacking panzer, tank or mechanized unit"
    return None
