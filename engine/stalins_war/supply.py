"""Supply (13.0): tracing, sources, port links, Baku, fortress supply, and when supply is judged.

A unit is in *full* supply (13.1.2) when it traces a path of four hexes or fewer
- to a friendly supply source, or
- to a rail hex from which the rail line runs, hex by hex, to a friendly source, or
- to a friendly Baltic or Black Sea port, while another friendly port on the same sea
  itself traces supply in one of the two ways above (one port-to-port link at most).
*Limited* supply counts for defence and attrition only: fortress supply (13.2.4, 16.3.5)
and Baku cut off from the other Caspian ports (13.2.3). Otherwise the unit is out of
supply (OOS).

A path (its rail part included) may not enter or pass (13.1.3): enemy units (active
partisans included; inactive ones are markers and do not block), enemy-held standing
fortresses, cities (a destroyed fortress is one, 16.2.2), oil and VP hexes, enemy
trenches and festungs, the Soviet Volga fortress (for the Axis), an enemy ZOC unless a
friendly unit stands in that hex (8.3), hexes off the playable board, or a lake/sea
hexside. The unit's own hex never blocks its own trace.

Sources (13.2): German units and Vlassov — the west map-edge rail hexes and the USIR;
Romanians — Bucharest; Hungarians and Italians — Buda; Soviets — the east map-edge rail
hexes, and Baku as below. A source serves while it is not enemy-held or enemy-occupied.

Baku (13.2.3): a full Soviet source while Baku is Soviet-held and another Soviet-held
Caspian port traces supply without Baku's help; otherwise Baku gives limited supply to
the units (and hexes) that trace to it.

When (13.1.1): the phasing side at the start of each of its action rounds and in its
attrition segment, a non-phasing unit at the instant it is in a combat. `judge` fixes
the verdict on the unit (``units[uid]["supply"]``) until it is judged again; views show
it as the OOS marker. `status` is what a judgement would say now.

A hex "as if it were a friendly unit" (13.3.9 control, 17.1.3 oil, 7.5.2c placement,
11.5.1 advance) is judged like a unit standing there: it negates an enemy ZOC in
itself. `hex_supplied` and `Net.status` answer that question.

Rulings:
- "Four hexes or less": counted from the unit's hex (not counted) to the source, rail
  hex or port (counted).
- The unit's side of a port link is four hexes only (no rail to the port); the far port
  traces like a unit (four hexes, or to rail and along it).
- Every nationality of the Axis holds Axis hexes: a hex is supplied for 13.3.9, 17.1.3 and
  7.5.2c if a unit of any Axis nationality standing there would be.
- Baku's limited supply feeds no port link and is no source for rail movement.
"""
from __future__ import annotations

from . import grants, terrain
from .constants import AXIS, SOVIET
from .context import Ctx
from .hexbits import HexBits
from .zoc import zoc_bits

TRACE = 4          # 13.1.2: four hexes or fewer
PORT_SEAS = ("baltic", "black")   # seas whose ports may link supply (13.1.2)

GROUPS = {"GE": "GE", "HU": "HU", "IT": "HU", "RO": "RO", "SU": "SU"}
SIDE_GROUPS = {AXIS: ("GE", "RO", "HU"), SOVIET: ("SU",)}


def group_of(c: Ctx, uid: str) -> str:
    return GROUPS[c.udef(uid).nationality]


def side_of_group(group: str) -> str:
    return SOVIET if group == "SU" else AXIS


class Net:
    """Where one nationality group can draw supply from, for one position: `full`, the hexes a unit
    of the group would be in full supply in, and `limited`, those in limited (Baku defence/attrition)
    supply only. Kept as bits (see hexbits); the hex sets are made only when asked for."""

    __slots__ = ("_bits", "full_bits", "limited_bits", "_sets")

    def __init__(self, bits: HexBits, full: int, limited: int) -> None:
        self._bits = bits
        self.full_bits = full
        self.limited_bits = limited & ~full
        self._sets: tuple[frozenset[str], frozenset[str]] | None = None

    @property
    def full(self) -> frozenset[str]:
        return self._as_sets()[0]

    @property
    def limited(self) -> frozenset[str]:
        return self._as_sets()[1]

    def _as_sets(self) -> tuple[frozenset[str], frozenset[str]]:
        if self._sets is None:
            self._sets = (frozenset(self._bits.hexes(self.full_bits)), frozenset(self._bits.hexes(self.limited_bits)))
        return self._sets

    def has_full(self, hid: str) -> bool:
        i = self._bits.bit.get(hid)
        return i is not None and bool(self.full_bits >> i & 1)

    def status(self, hid: str) -> str:
        i = self._bits.bit.get(hid)
        if i is None:
            return "none"
        if self.full_bits >> i & 1:
            return "full"
        if self.limited_bits >> i & 1:
            return "limited"
        return "none"


# ---- traceability -------------------------------------------------------------------------------

def _offboard(c: Ctx) -> frozenset[str]:
    return terrain.offboard(c)


def blocked_hexes(c: Ctx, side: str) -> frozenset[str]:
    """13.1.3: hexes no supply line of `side` may enter or pass (a friendly unit's hex never blocks)."""
    key = ("blocked", side)
    if key not in c.cache:
        c.cache[key] = frozenset(terrain.hex_bits(c).hexes(_blocked_bits(c, side)))
    return c.cache[key]


def _blocked_bits(c: Ctx, side: str) -> int:
    """`blocked_hexes` as bits."""
    key = ("blocked_bits", side)
    out = c.cache.get(key)
    if out is None:
        bits = terrain.hex_bits(c)
        foe = c.enemy(side)
        m = c.s["markers"]
        control = c.s["control"]
        # Only these hexes can bar a line by who holds them, and each of them does when the enemy
        # holds it: oil, VP, a city, a fortress standing or destroyed (a destroyed one is a city, 16.2.2).
        held = [hid for hid in (*terrain.strongpoints(c), *m["fortress_destroyed"]) if control.get(hid) == foe]
        held += [hid for hid, owner in m["trench"].items() if owner == foe]
        if side == SOVIET:
            held += m["festung"]
        elif m.get("volga_fortress"):
            held.append(m["volga_fortress"])
        held += c.occupied_hexes(foe)  # enemy units, active partisans included
        out = terrain.offboard_bits(c) | bits.of(held) | zoc_bits(c, foe)
        out &= ~bits.of(c.occupied_hexes(side))  # 8.3: friendly units negate ZOC for supply
        c.cache[key] = out
    return out


def along_rail(c: Ctx, starts: int, blocked: int) -> int:
    """`starts` (unblocked) plus every rail hex joined to them by unblocked rail (bit sets)."""
    steps = terrain.hex_bits(c).rail_steps
    seen = frontier = starts & ~blocked
    while frontier:
        frontier = HexBits.step(frontier, steps) & ~blocked & ~seen
        seen |= frontier
    return seen


def _reach(c: Ctx, anchors: int, blocked: int) -> int:
    """Hexes from which a unit traces TRACE hexes or fewer to an anchor (the unit's own hex aside), as bits.

    A hex that is blocked only as a destination (an empty hex in an enemy ZOC, judged "as if
    it were a friendly unit") is reached when a traceable neighbour lies within TRACE - 1:
    every neighbour of a hex at distance < TRACE is reached, blocked or not; only unblocked
    ones carry the trace on.
    """
    steps = terrain.hex_bits(c).land_steps
    seen = out = frontier = anchors & ~blocked
    for _ in range(TRACE):
        near = HexBits.step(frontier, steps)
        out |= near
        frontier = near & ~blocked & ~seen
        if not frontier:
            break
        seen |= frontier
    return out


# ---- sources ------------------------------------------------------------------------------------

def sources(c: Ctx, group: str) -> set[str]:
    """The group's unconditional sources that its side may use now (not enemy-held, 13.2)."""
    from .control import friendly_for

    side = side_of_group(group)
    return {hid for hid in c.map.sources(group) if friendly_for(c, hid, side)}


def _usable_sources(c: Ctx, src: set[str], side: str) -> set[str]:
    """Sources a unit standing in would draw from even if an enemy ZOC covers them."""
    foe_units = c.occupied_hexes(c.enemy(side))
    return {h for h in src if h not in foe_units}


def _trace_net(c: Ctx, src: set[str], side: str) -> int:
    """Hexes in supply from `src` (bits): four hexes to a source or to the rail joined to one."""
    bits = terrain.hex_bits(c)
    blocked = _blocked_bits(c, side)
    usable = _usable_sources(c, src, side)
    key = ("trace", side, frozenset(src))
    kept = _kept_trace(c, key, blocked, usable)
    if kept is not None:
        return kept
    anchors = along_rail(c, bits.of(src), blocked)
    out = _reach(c, anchors, blocked) | bits.of(usable)
    _keep_trace(c, key, blocked, usable, out)
    return out


def _kept_trace(c: Ctx, key: tuple, blocked: int, usable: set[str]):
    """A trace the game kept from an earlier position (`Ctx.lasting`) whose inputs equal these: the same
    sources (in `key`), the same hexes blocked to a supply line and the same sources free of enemy
    units, on the same board: a trace reads nothing else. None if there is none."""
    kept = c.lasting.get(key) if c.lasting is not None else None
    if kept is not None and kept[0] == blocked and kept[1] == usable and kept[2] is terrain.hex_bits(c):
        return kept[3]
    return None


def _keep_trace(c: Ctx, key: tuple, blocked: int, usable: set[str], trace) -> None:
    if c.lasting is not None:
        c.lasting[key] = (blocked, usable, terrain.hex_bits(c), trace)


def _su_trace(c: Ctx) -> tuple[int, int]:
    """The Soviet sources without Baku: (the rail joined to them, the hexes tracing to them), as bits."""
    key = ("su_trace",)
    out = c.cache.get(key)
    if out is None:
        bits = terrain.hex_bits(c)
        blocked = _blocked_bits(c, SOVIET)
        src = sources(c, "SU")
        usable = _usable_sources(c, src, SOVIET)
        kept_key = ("su_trace", frozenset(src))
        out = _kept_trace(c, kept_key, blocked, usable)
        if out is None:
            anchors = along_rail(c, bits.of(src), blocked)
            out = (anchors, _reach(c, anchors, blocked) | bits.of(usable))
            _keep_trace(c, kept_key, blocked, usable, out)
        c.cache[key] = out
    return out


def _full_without_baku(c: Ctx) -> int:
    """The Soviet full-supply hexes with Baku left out as a source (bits; 13.2.3 asks this first)."""
    key = ("su_full_without_baku",)
    out = c.cache.get(key)
    if out is None:
        _, out = _su_trace(c)
        out = c.cache[key] = out | _port_links(c, SOVIET, out)
    return out


def _su_trace_with_baku(c: Ctx, baku: str) -> int:
    """`_trace_net` of the Soviet sources and Baku, from `_su_trace`: tracing from a union of sources is
    the union of the traces, and when Baku already lies on rail joined to another source, its rail
    adds nothing (rail links run both ways)."""
    bits = terrain.hex_bits(c)
    anchors, trace = _su_trace(c)
    if bits.has(anchors, baku):
        return trace | bits.of(_usable_sources(c, {baku}, SOVIET))
    blocked = _blocked_bits(c, SOVIET)
    anchors |= along_rail(c, bits.of((baku,)), blocked)
    return _reach(c, anchors, blocked) | bits.of(_usable_sources(c, sources(c, "SU") | {baku}, SOVIET))


def net(c: Ctx, group: str) -> Net:
    key = ("net", group)
    if key in c.cache:
        return c.cache[key]
    side = side_of_group(group)
    src = sources(c, group)
    limited = 0
    if group == "SU":
        full = _full_without_baku(c)
        baku = baku_hex(c)
        if baku_usable(c):
            if baku_is_full_source(c, full):
                full = _su_trace_with_baku(c, baku)
                full |= _port_links(c, side, full)
            else:
                limited = _trace_net(c, {baku}, side)
    else:
        full = _trace_net(c, src, side)
        full |= _port_links(c, side, full)
    result = Net(terrain.hex_bits(c), full, limited)
    c.cache[key] = result
    return result


def _port_links(c: Ctx, side: str, full: int) -> int:
    """13.1.2: four hexes to a friendly port, if another friendly port on that sea traces supply (bits).
    A function of the net, the blocked hexes and the friendly ports free of enemy units, so the game
    keeps it across positions while those are equal."""
    bits = terrain.hex_bits(c)
    blocked = _blocked_bits(c, side)
    foes = c.occupied_hexes(c.enemy(side))
    friendly = tuple(tuple(h for h in _ports(c, sea) if c.s["control"].get(h) == side and h not in foes)
                     for sea in PORT_SEAS)
    # Kept across positions by the nets they were made for (a few per side: one per group's net).
    kept_links = c.lasting.setdefault(("port_links", side), {}) if c.lasting is not None else None
    kept = kept_links.get(full) if kept_links is not None else None
    if kept is not None and kept[0] == blocked and kept[1] == friendly and kept[2] is bits:
        return kept[3]  # the same inputs as a position before (compared by value): the same links
    out = 0
    for ports in friendly:
        linked = [p for p in ports if bits.has(full, p)]
        if not linked:
            continue
        targets = [p for p in ports if not bits.has(blocked, p) and any(q != p for q in linked)]
        if targets:
            out |= _reach(c, bits.of(targets), blocked)
    if kept_links is not None:
        if len(kept_links) >= 8:
            kept_links.clear()
        kept_links[full] = (blocked, friendly, bits, out)
    return out


def _ports(c: Ctx, sea: str) -> tuple[str, ...]:
    return terrain.ports(c, sea)


def baku_hex(c: Ctx) -> str | None:
    return c.map.places.get("Baku")


def baku_usable(c: Ctx) -> bool:
    """Baku can serve as a Soviet source at all: Soviet-held, no Axis unit in it, no unnegated Axis ZOC."""
    baku = baku_hex(c)
    return bool(baku) and c.controller(baku) == SOVIET and not terrain.hex_bits(c).has(_blocked_bits(c, SOVIET), baku)


def baku_is_full_source(c: Ctx, soviet_full_without_baku: int) -> bool:
    """13.2.3: Baku is a full source while another Soviet-held Caspian port traces supply without it
    (the argument: the Soviet full-supply hexes without Baku, as bits)."""
    baku = baku_hex(c)
    bits = terrain.hex_bits(c)
    for hid in _ports(c, "caspian"):
        if hid != baku and c.controller(hid) == SOVIET and bits.has(soviet_full_without_baku, hid):
            return True
    return False


def baku_full_source(c: Ctx) -> bool:
    """Whether Baku is a full Soviet supply source now (5.1.2's turn 8 victory, rail movement)."""
    if not baku_usable(c):
        return False
    key = ("baku_full",)
    if key not in c.cache:
        c.cache[key] = baku_is_full_source(c, _full_without_baku(c))
    return c.cache[key]


def full_sources(c: Ctx, side: str) -> set[str]:
    """Every hex that is a full supply source of `side` now (10.2.3's rail trace; 7.5.2c placement)."""
    out = set()
    for g in SIDE_GROUPS[side]:
        out |= sources(c, g)
    if side == SOVIET and baku_full_source(c):
        out.add(baku_hex(c))
    return out


# ---- verdicts -----------------------------------------------------------------------------------

def own_fortress(c: Ctx, hid: str, side: str) -> bool:
    """A standing fortress `side` owned at the start (16.2.1), a festung (Axis) or the Volga fortress (Soviet)."""
    m = c.s["markers"]
    if c.map.hexes[hid].fortress == side and terrain.fortress_standing(c, hid):
        return True
    if side == AXIS and hid in m["festung"]:
        return True
    return side == SOVIET and m.get("volga_fortress") == hid


def fortress_supplied(c: Ctx, uid: str) -> bool:
    """13.2.4, 16.3.5: a friendly fortress or festung in the unit's own hex gives fortress supply."""
    return own_fortress(c, c.loc(uid), c.side_of(uid))


def status(c: Ctx, uid: str) -> str:
    """The supply a unit would be judged to have now: "full", "limited" or "none"."""
    ud = c.udef(uid)
    if ud.kind == "partisan":
        return "full"  # 16.1.6: active partisans are always in supply
    if grants.full_supply(c, uid):
        return "full"  # Hube's Pocket (A40)
    hid = c.loc(uid)
    if c.s["units"][uid].get("landed_marine") and "black" in c.map.hexes[hid].coast and _black_sea_port_held(c):
        return "full"  # 13.1.4, 7.5.4
    verdict = net(c, group_of(c, uid)).status(hid)
    if verdict != "full" and fortress_supplied(c, uid):
        return "limited"
    return verdict


def _black_sea_port_held(c: Ctx) -> bool:
    return any(c.controller(h) == SOVIET for h in _ports(c, "black"))


def judge(c: Ctx, uids) -> list[str]:
    """Fix the supply of these units now, all at the same instant (13.1.1); return those found out of supply."""
    verdicts = {uid: status(c, uid) for uid in uids}
    oos = []
    changed = False
    for uid, verdict in verdicts.items():
        if c.s["units"][uid]["supply"] != verdict:
            c.s["units"][uid]["supply"] = verdict
            changed = True
        if verdict == "none":
            oos.append(uid)
    if changed:
        c.cache.clear()  # ZOCs depend on supply
    return oos


def judge_side(c: Ctx, side: str) -> list[str]:
    oos = judge(c, c.units_on_map(side))
    if oos:
        c.say(f"{side.capitalize()} units out of supply: {', '.join(c.unit_label(u) for u in oos)}.", kind="supply")
    return oos


def hex_supplied(c: Ctx, hid: str, side: str, *, limited_counts: bool = False) -> bool:
    """Would a friendly unit in `hid` trace supply? (13.3.9, 17.1.3, 7.5.2c).

    For the Axis any nationality's sources count: the hex is Axis-held as a whole.
    `limited_counts`: Baku's limited supply is enough (attrition, 13.2.3).
    """
    for g in SIDE_GROUPS[side]:
        n = net(c, g)
        if n.has_full(hid) or (limited_counts and n.status(hid) == "limited"):
            return True
    return False


def is_oos(c: Ctx, uid: str) -> bool:
    """Marked out of supply (the last judgement found no supply at all)."""
    return c.s["units"][uid]["supply"] == "none"


def in_full_supply(c: Ctx, uid: str) -> bool:
    """Judged in full supply: what every action other than defending and attrition needs."""
    return c.s["units"][uid]["supply"] == "full"
