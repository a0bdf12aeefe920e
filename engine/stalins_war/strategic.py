"""Strategic movement (10.2): rail and sea moves of SCUs, 1 OPS each; Stalin's two journeys
(16.4.5–16.4.6); and the movement half of the Naval Evacuation event (10.2.7).

Who (10.2.1, 13.3.2, 16.3.4): SCUs only — never an LCU, the Bunker, the Fortified Zone or
partisans — in full supply, not in a festung, and not a unit that moves normally, has
fought or has already moved strategically this round (and a unit that moved
strategically may not move normally or attack: `movement.cannot_move`, combat).

Rail (10.2.2–10.2.4): any distance along rail links, through rail hexes that join,
over rail free of enemy units, enemy ZOC (friendly units do not negate it here) and
enemy-held cities, oil, VP, port and fortress hexes, to a friendly supply source
("clean" rail). A unit may start in an enemy ZOC only if another friendly unit that
does not move strategically shares its hex, and may not enter an enemy ZOC afterwards.
The Axis may not use rail in the Soviet Union on turns 1–4 nor in the Baltic States on
turns 1–2, and never in the Caucasus zone; the Soviets never in Germany (3.0: Greater
Germany with the General Government and Konigsberg). An Axis rail move passes one
inactive-partisan hex and stops in a second. The turn-1 and national borders of
4.4.3–4.4.4 and 19.1–19.2 bind rail and sea moves as they bind regular ones.

Sea (10.2.5–10.2.6): the Axis moves one SCU a turn on the Baltic and one on the Black
Sea/Sea of Azov, from a friendly port to another friendly port on that sea, never to
a port east of a Soviet-held port on that sea; the Soviets one SCU an action round on
the Black Sea/Sea of Azov, from a friendly port to any hex on that coast that is not
enemy-held (nor enemy-occupied), never to one west of an Axis-held port. Enemy ZOC
matters to neither.

Rulings:
- "East" and "west" are compass directions: a hex is east of another when the longitude
  of its centre is greater (the map file gives each hex's longitude; the hex grid itself
  is rotated against north, so columns are not used). The limit applies to where the
  sea move ends; the port it starts from is not limited. Naval Evacuation's "farther
  west" is measured the same way.
- The Soviet Union's turn 1–4 rail ban covers the Soviet Union without the Baltic
  States, which have their own turn 1–2 ban (10.2.3 names them separately).
- Strategic movement is open in any round in which units may move (a card played for
  OPS, an event granting OPS, or a 0-OPS round spending banked OPS): it is paid for in
  OPS like every other OPS expense (7.3.3, 18.1.1).
- The rail trace runs to any friendly full supply source of the side (any nationality's
  for the Axis; the east edge and, while it is a full source, Baku for the Soviets).
- Stalin travels by rail only (16.4.5), so never by sea.
- A unit that enters a festung never leaves it (16.3.4), so an Axis rail move may end in
  a festung but not pass through one.
"""
from __future__ import annotations

from collections import deque

from ..core.errors import IllegalAction
from . import control, ops_pool, stacking, supply, terrain
from .constants import AXIS, SOVIET
from .context import Ctx
from .movement import border_refusal
from .zoc import zoc_bits, zoc_hexes

KINDS = ("rail", "sea")
SEA_MOVE_SEAS = {AXIS: ("baltic", "black"), SOVIET: ("black",)}


def handles(action: dict) -> bool:
    return action["type"] in KINDS


# ---- shared eligibility ---------------------------------------------------------------------------

def cannot_move_strategically(c: Ctx, uid: str) -> str | None:
    ud = c.udef(uid)
    rs = c.s["rs"]
    if ud.lcu:
        return "10.2.1: only SCUs use strategic movement"
    if ud.kind == "bunker":
        return "10.2.1: the Bunker may not use strategic movement"
    if ud.kind in ("fortified_zone", "partisan"):
        return f"10.2.1: the {ud.label} does not use strategic movement"
    if c.turn == 1 and ud.side == AXIS:
        return "4.4.2: Axis units may not move on turn 1"
    if uid in rs["strategic"]:
        return "10.2.1: a unit moves strategically at most once a round"
    if rs["mp"].get(uid, 0) or uid in rs["fought"] or uid in rs["stopped"]:
        return "10.2.1: a unit that moved normally this round cannot also move strategically"
    if c.s["units"][uid]["supply"] != "full":
        return "13.3.2: units out of supply cannot use strategic movement"
    if ud.side == AXIS and c.loc(uid) in c.s["markers"]["festung"]:
        return "16.3.4: units in a festung never leave it"
    if ud.kind == "stalin" and c.s["stats"].get("stalin_moves", 0) >= 2:
        return "16.4.6: Stalin moves only twice in the game"
    return None


# ---- rail ---------------------------------------------------------------------------------------

def rail_barred(c: Ctx, side: str, hid: str) -> str | None:
    """Why `side` may not use rail movement in this hex (10.2.3, 10.2.4), or None."""
    h = c.map.hexes[hid]
    if side == AXIS:
        if c.turn <= 4 and h.country == "soviet_union":
            return "10.2.3: Axis units may not use rail movement in the Soviet Union on turns 1-4"
        if c.turn <= 2 and h.country == "baltic":
            return "10.2.3: Axis units may not use rail movement in the Baltic States on turns 1-2"
        if h.caucasus_zone:
            return "10.2.4: Axis units may never use rail movement in the Caucasus zone"
    elif h.country == "germany":
        return "10.2.4: Soviet units may never use rail movement in Germany"
    return None


def clean_rail(c: Ctx, side: str) -> set[str]:
    """Rail hexes a rail line of `side` may use (10.2.3): joined by clean rail to a friendly source.
    Traced on bit sets (see hexbits): a clean hex is a rail hex free of enemy units and enemy ZOC and
    not an enemy-held city, oil, VP, port or fortress hex."""
    key = ("clean_rail", side)
    if key in c.cache:
        return c.cache[key]
    bits = terrain.hex_bits(c)
    foe = c.enemy(side)
    control = c.s["control"]
    held = [h for h in _rail_strongpoints(c) if control.get(h) == foe]
    clean = _rail_hex_bits(c) & ~(bits.of(c.occupied_hexes(foe)) | zoc_bits(c, foe) | bits.of(held))
    seen = supply.along_rail(c, bits.of(supply.full_sources(c, side)), ~clean)
    out = c.cache[key] = set(bits.hexes(seen))
    return out


_RAIL_STATIC: dict[tuple, tuple] = {}


def _rail_static(c: Ctx, key: tuple, make):
    """A table fixed for the board (and the rest of `key`), made once."""
    full = (id(c.map), *key)
    got = _RAIL_STATIC.get(full)
    if got is None or got[0] is not c.map:
        got = _RAIL_STATIC[full] = (c.map, make())
    return got[1]


def _rail_hex_bits(c: Ctx) -> int:
    return _rail_static(c, ("rail",), lambda: terrain.hex_bits(c).of(h for h, x in c.map.hexes.items() if x.rail))


def _rail_strongpoints(c: Ctx) -> tuple[str, ...]:
    """Rail hexes that are not clean while the enemy holds them: cities, oil, VP, ports, fortresses."""
    return _rail_static(c, ("strong",), lambda: tuple(
        h for h, x in sorted(c.map.hexes.items())
        if x.rail and (x.settlement in ("city", "major_city") or x.oil or x.vp or x.port or x.fortress)))


def usable_rail(c: Ctx, uid: str) -> frozenset[str]:
    """Clean rail hexes this unit may ride through now (its side's bans and its borders applied)."""
    ud = c.udef(uid)
    key = ("usable_rail", ud.side, ud.nationality)
    out = c.cache.get(key)
    if out is None:
        # The bans and borders read only the board, the side, the nationality and the turn.
        allowed = _rail_static(c, ("allowed", ud.side, ud.nationality, c.turn), lambda: frozenset(
            h for h, x in c.map.hexes.items()
            if x.rail and not rail_barred(c, ud.side, h) and not border_refusal(c, uid, h)))
        out = frozenset(clean_rail(c, ud.side) & allowed)
        c.cache[key] = out
    return out


def _components(c: Ctx, uid: str) -> tuple[dict[str, int], dict[int, frozenset[str]]]:
    """Connected pieces of this unit's usable rail: (hex -> piece number, piece number -> its hexes)."""
    ud = c.udef(uid)
    key = ("rail_pieces", ud.side, ud.nationality)
    out = c.cache.get(key)
    if out is None:
        usable = usable_rail(c, uid)
        links = terrain.rail_links(c)
        piece_of: dict[str, int] = {}
        members: dict[int, frozenset[str]] = {}
        n = 0
        for h in sorted(usable):
            if h in piece_of:
                continue
            n += 1
            piece_of[h] = n
            found = [h]
            queue = deque([h])
            while queue:
                x = queue.popleft()
                for y in links[x]:
                    if y in usable and y not in piece_of:
                        piece_of[y] = n
                        found.append(y)
                        queue.append(y)
            members[n] = frozenset(found)
        out = (piece_of, members)
        c.cache[key] = out
    return out


def _no_end(c: Ctx, uid: str, among: set[str]) -> set[str]:
    """The hexes of `among` this unit may not end a move in for stacking reasons (only occupied or
    partisan hexes can be)."""
    candidates = (set(c.occupied_hexes(c.side_of(uid))) | set(c.s["markers"]["partisans"])) & among
    may_end = stacking.end_move_test(c, uid)
    return {h for h in candidates if not may_end(h)}


def rail_start_refusal(c: Ctx, uid: str) -> str | None:
    side = c.side_of(uid)
    here = c.loc(uid)
    if not c.map.hexes[here].rail:
        return "10.2.2: rail moves start on a rail hex"
    why = rail_barred(c, side, here)
    if why:
        return why
    if here in zoc_hexes(c, c.enemy(side)):
        others = [u for u in c.units_at(here, side) if u != uid and u not in c.s["rs"]["strategic"]]
        if not others:
            return "10.2.2: a unit may rail out of an enemy ZOC only if another friendly unit stays in its hex"
    return None


def rail_destinations(c: Ctx, uid: str) -> dict[str, list[str]] | set[str]:
    """Hexes this unit can reach by rail now (a dict hex -> route when routes were needed, else a set)."""
    found = _rail_reach(c, uid)
    if not isinstance(found, tuple):
        return found
    here, network, _ = found
    out = set(network)
    out.discard(here)
    out -= _no_end(c, uid, out)
    if c.udef(uid).kind == "stalin":
        out = {h for h in out if _stalin_may_go(c, uid, h)}
    return out


def rail_destination_list(c: Ctx, uid: str) -> list[str]:
    """`sorted(rail_destinations(c, uid))`, from the network's hexes sorted once per position (a unit
    on the whole network has over a thousand destinations, and most units on it share them)."""
    found = _rail_reach(c, uid)
    if not isinstance(found, tuple):
        return sorted(found)
    here, network, ordered = found
    among = (set(c.occupied_hexes(c.side_of(uid))) | set(c.s["markers"]["partisans"])) & network
    among.discard(here)
    may_end = stacking.end_move_test(c, uid)
    barred = {h for h in among if not may_end(h)}
    barred.add(here)
    if c.udef(uid).kind == "stalin":
        return [h for h in ordered if h not in barred and _stalin_may_go(c, uid, h)]
    return [h for h in ordered if h not in barred]


def _rail_reach(c: Ctx, uid: str):
    """What `rail_destinations` starts from: {} or an empty set when the unit cannot rail anywhere, the
    routes when an Axis rail move must count partisans or festungs, else (its hex, the hexes of the
    rail pieces it can join, those sorted) before the stacking test."""
    if cannot_move_strategically(c, uid) or rail_start_refusal(c, uid):
        return {}
    side = c.side_of(uid)
    here = c.loc(uid)
    usable = usable_rail(c, uid)
    partisans = set(c.s["markers"]["partisans"]) & usable if side == AXIS else set()
    festungs = set(c.s["markers"]["festung"]) & usable if side == AXIS else set()
    if partisans or festungs:
        return _rail_routes(c, uid, here, usable, partisans, festungs)
    piece_of, members = _components(c, uid)
    mine = frozenset(piece_of[h] for h in (here, *c.map.rail_links(here)) if h in piece_of)
    if not mine:
        return set()
    ud = c.udef(uid)
    key = ("rail_network", ud.side, ud.nationality, mine)
    network = c.cache.get(key)
    if network is None:
        hexes = frozenset().union(*(members[p] for p in mine))
        network = c.cache[key] = (hexes, tuple(sorted(hexes)))
    return here, network[0], network[1]


def _may_end(c: Ctx, uid: str, h: str) -> bool:
    if not stacking.may_end_move(c, uid, h):
        return False
    return c.udef(uid).kind != "stalin" or _stalin_may_go(c, uid, h)


def _rail_routes(c: Ctx, uid: str, here: str, usable, partisans: set[str],
                 festungs: set[str] = frozenset()) -> dict[str, list[str]]:
    """10.2.2: an Axis rail move passes one inactive-partisan hex and stops in a second;
    16.3.4: a unit that enters a festung stays there, so a rail move ends in one."""
    prev: dict[tuple[str, int], tuple[str, int] | None] = {(here, 0): None}
    queue = deque([(here, 0)])
    while queue:
        h, passed = queue.popleft()
        if passed >= 2 or (h != here and h in festungs):
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
    for (h, passed) in sorted(prev, key=lambda s: s[1]):
        if h == here or h in out or not _may_end(c, uid, h):
            continue
        route = [h]
        node = prev[(h, passed)]
        while node is not None and node[0] != here:
            route.append(node[0])
            node = prev[node]
        out[h] = route[::-1]
    return out


def rail_route(c: Ctx, uid: str, to: str) -> list[str] | None:
    """One route (hexes entered, in order) for a rail move to `to`, or None if it is not possible."""
    dests = rail_destinations(c, uid)
    if to not in dests:
        return None
    if isinstance(dests, dict):
        return dests[to]
    usable = usable_rail(c, uid)
    here = c.loc(uid)
    prev = {here: None}
    queue = deque([here])
    while queue:
        h = queue.popleft()
        if h == to:
            break
        for n in c.map.rail_links(h):
            if n in usable and n not in prev:
                prev[n] = h
                queue.append(n)
    route = [to]
    while prev[route[-1]] != here:
        route.append(prev[route[-1]])
    return route[::-1]


def _stalin_may_go(c: Ctx, uid: str, dest: str) -> bool:
    """16.4.5: Stalin leaves Moscow once, and may return to a friendly Moscow once."""
    moscow = c.map.places["Moscow"]
    if c.loc(uid) == moscow:
        return True
    return dest == moscow and c.s["control"].get(moscow) == SOVIET


# ---- sea ----------------------------------------------------------------------------------------

def east(c: Ctx, hid: str) -> float:
    """How far east a hex lies: the longitude of its centre (see the module's ruling)."""
    return c.map.hexes[hid].lonlat[0]


def _ports(c: Ctx, sea: str) -> list[str]:
    key = ("ports", sea)
    if key not in c.cache:
        c.cache[key] = sorted(h for h, x in c.map.hexes.items() if x.port == sea)
    return c.cache[key]


def coastal_hexes(c: Ctx, sea: str) -> list[str]:
    key = ("coast", sea)
    if key not in c.cache:
        c.cache[key] = sorted(h for h, x in c.map.hexes.items() if x.playable and sea in (x.coast or ()))
    return c.cache[key]


def sea_refusal(c: Ctx, uid: str) -> str | None:
    """Why this unit may not make a sea move now at all (None if it may try)."""
    why = cannot_move_strategically(c, uid)
    if why:
        return why
    ud = c.udef(uid)
    side = ud.side
    here = c.loc(uid)
    h = c.map.hexes[here]
    if ud.kind == "stalin":
        return "16.4.5: Stalin moves only by rail"
    if not h.port or c.s["control"].get(here) != side:
        return f"{'10.2.5' if side == AXIS else '10.2.6'}: a sea move starts in a friendly port"
    if h.port not in SEA_MOVE_SEAS[side]:
        return ("10.2.5: the Axis moves by sea only on the Baltic and the Black Sea/Sea of Azov" if side == AXIS
                else "10.2.6: the Soviets move by sea only on the Black Sea/Sea of Azov")
    if side == AXIS and c.s["tc"]["sea_moves"][h.port] >= 1:
        return "10.2.5: the Axis moves one SCU by sea per turn on each sea"
    if side == SOVIET and c.s["rs"].get("soviet_sea_move"):
        return "10.2.6: the Soviets move one SCU by sea per action round"
    return None


def sea_destinations(c: Ctx, uid: str) -> dict[str, str]:
    """Hexes this unit can reach by sea now: destination -> sea."""
    if sea_refusal(c, uid):
        return {}
    side = c.side_of(uid)
    here = c.loc(uid)
    sea = c.map.hexes[here].port
    foe = c.enemy(side)
    out: dict[str, str] = {}
    enemy_ports = [p for p in _ports(c, sea) if c.s["control"].get(p) == foe]
    if side == AXIS:
        limit = min((east(c, p) for p in enemy_ports), default=None)
        candidates = [p for p in _ports(c, sea) if c.s["control"].get(p) == AXIS]
    else:
        limit = max((east(c, p) for p in enemy_ports), default=None)
        candidates = [h for h in coastal_hexes(c, sea) if c.s["control"].get(h) != AXIS]
    for hid in candidates:
        if hid == here or c.units_at(hid, foe) or border_refusal(c, uid, hid):
            continue
        if limit is not None and (east(c, hid) > limit if side == AXIS else east(c, hid) < limit):
            continue
        if stacking.may_end_move(c, uid, hid):
            out[hid] = sea
    return out


# ---- Naval Evacuation (10.2.7) ---------------------------------------------------------------------

def naval_evacuation_destinations(c: Ctx, uid: str) -> list[str]:
    """10.2.7 and card clarification #54: where the Naval Evacuation event can carry this Axis LCU —
    another Axis-held port on the same sea, farther west than the port it is in, free of Soviet
    units and with room for it. Enemy ZOC and supply do not matter; a festung is never left."""
    ud = c.udef(uid)
    if ud.side != AXIS or not ud.lcu or not c.on_map(uid):
        return []
    here = c.loc(uid)
    sea = c.map.hexes[here].port
    if not sea or here in c.s["markers"]["festung"]:
        return []
    out = []
    for p in _ports(c, sea):
        if p == here or c.s["control"].get(p) != AXIS or c.units_at(p, SOVIET) or east(c, p) >= east(c, here):
            continue
        if border_refusal(c, uid, p) or not stacking.may_end_move(c, uid, p):
            continue
        out.append(p)
    return out


def naval_evacuate(c: Ctx, uid: str, to: str) -> None:
    """Carry out Naval Evacuation: the LCU sails to `to` and is reduced to its last step (10.2.7)."""
    if to not in naval_evacuation_destinations(c, uid):
        raise IllegalAction("10.2.7: Naval Evacuation carries an Axis LCU from its port to another Axis-held "
                            "port on the same sea, farther west, with room for it.")
    start = c.loc(uid)
    u = c.s["units"][uid]
    u["lost"] = len(c.udef(uid).steps) - 1
    c.set_loc(uid, to)
    control.entered(c, uid, to)
    c.say(f"{c.unit_label(uid)} is evacuated by sea {start} → {to} and reduced to its last step (10.2.7).",
          kind="sea", unit=uid)


# ---- the stage's actions --------------------------------------------------------------------------

def destination_lists(c: Ctx, side: str):
    """(unit, OPS each, rail destinations, sea destinations — both sorted) for each unit that may
    move strategically now, in the order the actions are listed."""
    price = cost(c, side)
    if ops_pool.total(c, side) < price:
        return
    for uid in c.units_on_map(side):
        if c.udef(uid).lcu or ops_pool.available(c, side, [uid]) < price:
            continue
        yield uid, price, rail_destination_list(c, uid), sorted(sea_destinations(c, uid))


def actions(c: Ctx, side: str) -> list[dict]:
    out = []
    labels = _hex_labels(c)
    for uid, price, rail, sea in destination_lists(c, side):
        label = c.unit_label(uid)
        for hid in rail:
            out.append({"type": "rail", "unit": uid, "to": hid, "ops": price,
                        "label": f"Rail {label} to {labels[hid]} ({price} OPS)"})
        for hid in sea:
            out.append({"type": "sea", "unit": uid, "to": hid, "ops": price,
                        "label": f"Sea move {label} to {c.hex_label(hid)} ({price} OPS)"})
    return out


_LABELS: dict[int, tuple] = {}


def _hex_labels(c: Ctx) -> dict[str, str]:
    cached = _LABELS.get(id(c.map))
    if cached is None or cached[0] is not c.map:
        cached = (c.map, {h: c.hex_label(h) for h in c.map.hexes})
        _LABELS[id(c.map)] = cached
    return cached[1]


def cost(c: Ctx, side: str) -> int:
    """7.3.3: 1 OPS per unit; 2 for the Axis in the turn of Rail War (card S36)."""
    return 2 if side == AXIS and c.s["flags"].get("rail_war") == c.turn else 1


def check(c: Ctx, side: str, action: dict) -> None:
    """Raise IllegalAction unless this rail or sea move is legal now (without listing every move)."""
    uid, to = action.get("unit"), action.get("to")
    if not {"type", "unit", "to"} <= set(action) <= {"type", "unit", "to", "ops"} \
            or not isinstance(uid, str) or not isinstance(to, str):
        raise IllegalAction(f'A {action["type"]} move is {{"type", "unit", "to"}} ("ops", as listed, is ignored).',
                            code="malformed")
    why = refusal(c, side, action, quick=True)
    if why:
        raise IllegalAction(why)
    reachable = rail_destinations(c, uid) if action["type"] == "rail" else sea_destinations(c, uid)
    if to not in reachable:
        raise IllegalAction(refusal(c, side, action))


def refusal(c: Ctx, side: str, action: dict, *, quick: bool = False) -> str | None:
    """Why this strategic move is not legal; with `quick`, only the checks that need no route search."""
    if action["type"] not in KINDS:
        return None
    uid = action.get("unit")
    if not isinstance(uid, str) or uid not in c.s["units"] or c.side_of(uid) != side or not c.on_map(uid):
        return "Strategic moves need one of your units on the map."
    why = cannot_move_strategically(c, uid)
    if why:
        return why
    if ops_pool.available(c, side, [uid]) < cost(c, side):
        return f"7.3.3: strategic movement costs {cost(c, side)} OPS per unit now"
    to = action.get("to")
    if not isinstance(to, str) or to not in c.map.hexes:
        return f"There is no hex {to!r}."
    if quick:
        return None
    if action["type"] == "rail":
        why = rail_start_refusal(c, uid)
        if why:
            return why
        why = rail_barred(c, side, to) or border_refusal(c, uid, to)
        if why:
            return why
        if to in zoc_hexes(c, c.enemy(side)):
            return "10.2.2: a rail move may not enter an enemy ZOC"
        if c.udef(uid).kind == "stalin" and not _stalin_may_go(c, uid, to):
            return "16.4.5: Stalin may only leave Moscow, and come back to a friendly Moscow"
        if to in usable_rail(c, uid) and not stacking.may_end_move(c, uid, to):
            return stacking.refusal(c, uid, to) or "9.1: the move would over-stack the hex"
        return "10.2.3: that hex cannot be reached along rail free of enemy units, enemy ZOC and enemy-held " \
               "cities, oil, VP, port and fortress hexes, joined to a friendly supply source"
    why = sea_refusal(c, uid)
    if why:
        return why
    if border_refusal(c, uid, to):
        return border_refusal(c, uid, to)
    if side == AXIS:
        return "10.2.5: an Axis sea move ends in another friendly port on the same sea, never east of a Soviet-held port"
    return "10.2.6: a Soviet sea move ends on the same coast in a hex the Axis does not hold, never west of an Axis-held port"


def apply(c: Ctx, side: str, a: dict) -> None:
    uid = a["unit"]
    start = c.loc(uid)
    if a["type"] == "rail":
        route = rail_route(c, uid, a["to"])
    else:
        sea = sea_destinations(c, uid)[a["to"]]
    ops_pool.spend(c, side, cost(c, side), why="for strategic movement", units=[uid])
    rs = c.s["rs"]
    rs["strategic"].append(uid)
    rs["moved"] = True
    if a["type"] == "rail":
        for hid in route:
            c.set_loc(uid, hid)
            control.entered(c, uid, hid, passing=hid != a["to"])
        if c.udef(uid).kind == "stalin":
            c.s["stats"]["stalin_moves"] = c.s["stats"].get("stalin_moves", 0) + 1
        c.say(f"{c.unit_label(uid)} moves by rail {start} → {a['to']}.", kind="rail", unit=uid,
              path=[start, *route])
    else:
        if side == AXIS:
            c.s["tc"]["sea_moves"][sea] += 1
        else:
            rs["soviet_sea_move"] = True
        c.set_loc(uid, a["to"])
        control.entered(c, uid, a["to"])
        c.say(f"{c.unit_label(uid)} moves by sea {start} → {a['to']}.", kind="sea", unit=uid,
              path=[start, a["to"]])
    c.s["markers"]["move"].append(start)
    from .movement import note_axis_east

    note_axis_east(c, uid)
