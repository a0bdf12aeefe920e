"""Strategic movement (10.2): rail and sea moves of SCUs, 1 OPS each, and Stalin's two journeys (16.4.5).

Rail: along rail links through rail hexes that connect, over rail free of enemy units,
enemy ZOC and enemy-held cities/oil/VP/ports/fortresses, to a friendly supply source
(10.2.3). A unit may start in an enemy ZOC only if another friendly unit that stays
put shares its hex, and may not enter an enemy ZOC on the way (10.2.2). Axis units
may not use rail in the Soviet Union on turns 1–4, in the Baltic States on turns
1–2, nor ever in the Caucasus zone; Soviet units never in Germany (10.2.3–10.2.4).
An Axis rail move may pass one inactive partisan hex but stops in a second (10.2.2).

Sea: the Axis moves one SCU a turn on each of the Baltic and the Black Sea, port to
port, never east of a Soviet-held port (10.2.5); the Soviets one SCU a round on the
Black Sea/Azov, from a friendly port to any coastal hex not enemy-held, never west of
an Axis-held port (10.2.6).
"""
from __future__ import annotations

from collections import deque

from . import control, operations, stacking, supply
from .constants import AXIS, SOVIET
from .context import Ctx
from .zoc import zoc_hexes

KINDS = ("rail", "sea")


def handles(action: dict) -> bool:
    return action["type"] in KINDS


# ---- shared eligibility ---------------------------------------------------------------------------

def cannot_move_strategically(c: Ctx, uid: str) -> str | None:
    ud = c.udef(uid)
    rs = c.s["rs"]
    if ud.lcu:
        return "10.2.1: only SCUs use strategic movement"
    if ud.kind in ("bunker", "fortified_zone", "partisan"):
        return "10.2.1: this unit cannot use strategic movement"
    if c.turn == 1 and ud.side == AXIS:
        return "4.4.2: Axis units may not move on turn 1"
    if uid in rs["strategic"]:
        return "10.2.1: a unit moves strategically at most once a round"
    if rs["mp"].get(uid, 0) or uid in rs["fought"]:
        return "10.2.1: a unit that moved normally this round cannot also move strategically"
    if c.s["units"][uid]["supply"] == "none":
        return "13.3.2: units out of supply cannot use strategic movement"
    if ud.side == AXIS and c.loc(uid) in c.s["markers"]["festung"]:
        return "16.3.4: units in a festung never leave it"
    if ud.kind == "stalin":
        trips = c.s["stats"].get("stalin_moves", 0)
        if trips >= 2:
            return "16.4.6: Stalin moves only twice in the game"
    return None


# ---- rail ---------------------------------------------------------------------------------------

def rail_barred(c: Ctx, side: str, hid: str) -> bool:
    h = c.map.hexes[hid]
    if side == AXIS:
        if c.turn <= 4 and h.country == "soviet_union":
            return True
        if c.turn <= 2 and h.country == "baltic":
            return True
        if h.caucasus_zone:
            return True
    elif h.country == "germany":
        return True
    return False


def clean_rail(c: Ctx, side: str) -> set[str]:
    """Rail hexes a rail line of `side` may use (10.2.3): linked by clean rail to a friendly source."""
    key = ("clean_rail", side)
    if key in c.cache:
        return c.cache[key]
    foe = c.enemy(side)
    ezoc = zoc_hexes(c, foe)
    enemy_units = c.occupied_hexes(foe)

    def clean(hid: str) -> bool:
        h = c.map.hexes[hid]
        if not h.rail or hid in enemy_units or hid in ezoc or rail_barred(c, side, hid):
            return False
        if c.s["control"].get(hid) == foe and (h.settlement in ("city", "major_city") or h.oil or h.vp or h.port or h.fortress):
            return False
        return True

    groups = ("SU",) if side == SOVIET else ("GE", "RO", "HU")
    starts = {h for g in groups for h in supply.sources(c, g) if clean(h)}
    seen = set(starts)
    queue = deque(starts)
    while queue:
        h = queue.popleft()
        for n in c.map.rail_links(h):
            if n not in seen and clean(n):
                seen.add(n)
                queue.append(n)
    c.cache[key] = seen
    return seen


def rail_start_refusal(c: Ctx, uid: str) -> str | None:
    side = c.side_of(uid)
    here = c.loc(uid)
    if not c.map.hexes[here].rail:
        return "10.2.2: rail moves start on a rail hex"
    if here in zoc_hexes(c, c.enemy(side)):
        others = [u for u in c.units_at(here, side) if u != uid and u not in c.s["rs"]["strategic"]]
        if not others:
            return "10.2.2: a unit may rail out of an enemy ZOC only if another friendly unit stays in its hex"
    return None


def rail_destinations(c: Ctx, uid: str) -> dict[str, list[str]]:
    """Hexes this unit can reach by rail now, each with one route (hexes entered, in order)."""
    if cannot_move_strategically(c, uid) or rail_start_refusal(c, uid):
        return {}
    side = c.side_of(uid)
    here = c.loc(uid)
    usable = clean_rail(c, side)
    if here not in usable and not _links_into(c, here, usable):
        return {}
    partisans = set(c.s["markers"]["partisans"]) if side == AXIS else set()
    # state: (hex, partisan hexes passed) ; a second partisan hex ends the move there
    prev: dict[tuple[str, int], tuple[str, int] | None] = {(here, 0): None}
    queue = deque([(here, 0)])
    while queue:
        h, passed = queue.popleft()
        if passed >= 2:
            continue
        for n in c.map.rail_links(h):
            if n not in usable:
                continue
            state = (n, passed + (1 if n in partisans else 0))
            if state in prev:
                continue
            prev[state] = (h, passed)
            queue.append(state)
    out: dict[str, list[str]] = {}
    for (h, passed), _ in prev.items():
        if h == here or h in out or not stacking.may_end_move(c, uid, h):
            continue
        if c.udef(uid).kind == "stalin" and not _stalin_may_go(c, uid, h):
            continue
        route = [h]
        node = prev[(h, passed)]
        while node is not None and node[0] != here:
            route.append(node[0])
            node = prev[node]
        out[h] = route[::-1]
    return out


def _links_into(c: Ctx, here: str, usable: set[str]) -> bool:
    return any(n in usable for n in c.map.rail_links(here))


def _stalin_may_go(c: Ctx, uid: str, dest: str) -> bool:
    """16.4.5: Stalin leaves Moscow once, and may return to a friendly Moscow once."""
    moscow = c.map.places["Moscow"]
    here = c.loc(uid)
    if here == moscow:
        return True
    return dest == moscow and c.s["control"].get(moscow) == SOVIET


# ---- sea ----------------------------------------------------------------------------------------

def _east(c: Ctx, hid: str) -> float:
    """Eastness of a hex for the sea-move limits: its longitude when known, else its column."""
    lonlat = getattr(c.map, "lonlat", None)
    if lonlat is not None:
        return lonlat(hid)[0]
    return float(c.map.hexes[hid].col)


def _ports(c: Ctx, sea: str) -> list[str]:
    return [h for h, x in c.map.hexes.items() if x.port == sea]


def sea_destinations(c: Ctx, uid: str) -> dict[str, str]:
    """Hexes this unit can reach by sea now: destination -> sea."""
    if cannot_move_strategically(c, uid):
        return {}
    side = c.side_of(uid)
    here = c.loc(uid)
    h = c.map.hexes[here]
    if not h.port or c.s["control"].get(here) != side:
        return {}
    sea = h.port
    out: dict[str, str] = {}
    if side == AXIS:
        if sea not in ("baltic", "black") or c.s["tc"]["sea_moves"][sea] >= 1:
            return {}
        soviet_ports = [p for p in _ports(c, sea) if c.s["control"].get(p) == SOVIET]
        limit = min((_east(c, p) for p in soviet_ports), default=None)
        for p in _ports(c, sea):
            if p == here or c.s["control"].get(p) != AXIS or c.units_at(p, SOVIET):
                continue
            if limit is not None and _east(c, p) > limit:
                continue
            if stacking.may_end_move(c, uid, p):
                out[p] = sea
        return out
    if sea != "black" or c.s["rs"].get("soviet_sea_move"):
        return {}
    axis_ports = [p for p in _ports(c, sea) if c.s["control"].get(p) == AXIS]
    limit = max((_east(c, p) for p in axis_ports), default=None)
    for hid in coastal_hexes(c, sea):
        if hid == here or c.s["control"].get(hid) == AXIS or c.units_at(hid, AXIS):
            continue
        if limit is not None and _east(c, hid) < limit:
            continue
        if stacking.may_end_move(c, uid, hid):
            out[hid] = sea
    return out


def coastal_hexes(c: Ctx, sea: str) -> list[str]:
    key = ("coast", sea)
    if key not in c.cache:
        c.cache[key] = sorted(h for h, x in c.map.hexes.items() if x.playable and sea in (x.coast or ()))
    return c.cache[key]


# ---- the stage's actions --------------------------------------------------------------------------

def actions(c: Ctx, side: str) -> list[dict]:
    if operations.available(c, side) < 1:
        return []
    out = []
    for uid in c.units_on_map(side):
        for hid, route in sorted(rail_destinations(c, uid).items()):
            out.append({"type": "rail", "unit": uid, "to": hid,
                        "label": f"Rail {c.unit_label(uid)} to {c.hex_label(hid)} (1 OPS)"})
        for hid, sea in sorted(sea_destinations(c, uid).items()):
            out.append({"type": "sea", "unit": uid, "to": hid,
                        "label": f"Sea move {c.unit_label(uid)} to {c.hex_label(hid)} (1 OPS)"})
    return out


def refusal(c: Ctx, side: str, action: dict) -> str | None:
    if action["type"] not in KINDS:
        return None
    uid = action.get("unit")
    if not isinstance(uid, str) or uid not in c.s["units"] or c.side_of(uid) != side or not c.on_map(uid):
        return "Strategic moves need one of your units on the map."
    why = cannot_move_strategically(c, uid)
    if why:
        return why
    if operations.available(c, side) < 1:
        return "7.3.3: strategic movement costs 1 OPS per unit"
    if action["type"] == "rail":
        return rail_start_refusal(c, uid) or "10.2.3: that hex cannot be reached along clean friendly rail"
    if side == AXIS:
        return "10.2.5: Axis sea moves go port to port, once a turn on each sea, never east of a Soviet port"
    return "10.2.6: one Soviet sea move a round, from a friendly Black Sea port, never west of an Axis port"


def apply(c: Ctx, side: str, a: dict) -> None:
    uid = a["unit"]
    start = c.loc(uid)
    if a["type"] == "rail":
        route = rail_destinations(c, uid)[a["to"]]
    else:
        sea = sea_destinations(c, uid)[a["to"]]
    operations.spend(c, side, 1, why="for strategic movement")
    rs = c.s["rs"]
    rs["strategic"].append(uid)
    rs["moved"] = True
    if a["type"] == "rail":
        for hid in route:
            c.set_loc(uid, hid)
            control.entered(c, uid, hid)
        if c.udef(uid).kind == "stalin":
            c.s["stats"]["stalin_moves"] = c.s["stats"].get("stalin_moves", 0) + 1
        c.say(f"{c.unit_label(uid)} moves by rail {start} → {a['to']}.", kind="rail", unit=uid)
    else:
        if side == AXIS:
            c.s["tc"]["sea_moves"][sea] += 1
        else:
            rs["soviet_sea_move"] = True
        c.set_loc(uid, a["to"])
        control.entered(c, uid, a["to"])
        c.say(f"{c.unit_label(uid)} moves by sea {start} → {a['to']}.", kind="sea", unit=uid)
    c.s["markers"]["move"].append(start)
    from .movement import note_axis_east

    note_axis_east(c, uid)
