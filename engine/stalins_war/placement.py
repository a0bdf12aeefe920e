"""Where arriving units may be placed: reinforcements (7.5.2c, 7.5.3) and recreated units (14.1.4).

7.5.2c. An Axis unit arrives in its nation's capital (Berlin; Buda for Hungary; Bucharest)
while the Axis holds it, or in any Axis-held full supply source, city or standing
fortress of that nation that is in full supply (judged as for a unit of the side
standing there). "That nation" for the Germans is Greater Germany with the General
Government and the Konigsberg hex (3.0). Soviet units arrive the same way in the Soviet
Union (Moscow is the capital; the Baltic States count, 3.0), and also in towns in full
supply. Italians arrive only at Bucharest or Odessa, whichever the Axis holds. No hex
holding an enemy unit, and the stacking limits hold (4.5.1, 9.0).

The Soviet units marked to replace another (`UnitDef.replaces`) arrive only by exchange,
one for one, for a fully supplied on-map unit, which leaves the game; the newcomer
enters at full strength in its hex:
- Total War fronts for Blitzkrieg fronts (full or reduced);
- guards armies 4G–11G for Soviet army SCUs;
- guards tank armies for tank armies.

7.5.3: units a card lists in parentheses arrive on their weaker side (one step lost),
which the reinforcement step applies.

14.1.4: a recreated unit is placed where a reinforcement of its nation could be — never
by exchange: it comes back in a capital, source, city, fortress (or Soviet town).

Rulings:
- "Soviet Army (only) SCUs" are the army-size SCUs that are neither guards nor tank
  armies: rifle, shock and the Maritime army. Tank armies have their own exchange
  (guards tank armies), and guards armies are already guards.
- "Fully supplied" is the unit's supply as last judged (13.1.1: at the start of the
  round in which the card is played).
- The capital needs no supply of its own, only to be friendly-held and free of enemy
  units; every other hex must be in full supply.
- "Full supply sources" are the unit's own (13.2): west-edge rail hexes and the USIR in
  Germany for German units, Bucharest for Romanians, Buda for Hungarians, the east-edge
  rail hexes and (while it is a full source) Baku for the Soviets.
"""
from __future__ import annotations

from . import stacking, supply, terrain
from .constants import AXIS, SOVIET
from .context import Ctx

HOME = {"GE": ("germany",), "HU": ("hungary",), "RO": ("romania",), "SU": ("soviet_union", "baltic")}
CAPITAL = {"GE": "Berlin", "HU": "Buda", "RO": "Bucharest", "SU": "Moscow"}
ITALIAN_ENTRIES = ("Bucharest", "Odessa")
EXCHANGE_ARMY_KINDS = ("infantry", "shock", "maritime")


def home_hexes(c: Ctx, uid: str) -> list[str]:
    """Hexes where this unit could arrive now, ignoring stacking."""
    ud = c.udef(uid)
    side = ud.side
    if ud.nationality == "IT":
        return [h for h in (c.map.places[p] for p in ITALIAN_ENTRIES)
                if c.s["control"].get(h) == AXIS and not c.units_at(h, SOVIET)]
    key = ("home", ud.nationality)
    if key in c.cache:
        return c.cache[key]
    countries = HOME[ud.nationality]
    capital = c.map.places[CAPITAL[ud.nationality]]
    sources = supply.sources(c, supply.GROUPS[ud.nationality])
    if side == SOVIET and supply.baku_full_source(c):
        sources.add(supply.baku_hex(c))
    out = []
    for hid, h in c.map.hexes.items():
        if not h.playable or h.country not in countries or c.s["control"].get(hid) != side:
            continue
        if c.units_at(hid, c.enemy(side)):
            continue
        if hid == capital:
            out.append(hid)
            continue
        eligible = (
            hid in sources
            or terrain.is_city(c, hid)
            or terrain.fortress_standing(c, hid)
            or (side == SOVIET and h.settlement == "town")
        )
        if eligible and supply.hex_supplied(c, hid, side):
            out.append(hid)
    c.cache[key] = sorted(out)
    return c.cache[key]


def legal_hexes(c: Ctx, uid: str) -> list[str]:
    may_end = stacking.end_move_test(c, uid)
    return [h for h in home_hexes(c, uid) if may_end(h)]


def exchangeable(c: Ctx, newcomer: str, other: str) -> bool:
    """7.5.2c: may `newcomer` (a unit that arrives by exchange) replace the on-map unit `other`?"""
    od = c.udef(other)
    if od.side != SOVIET or not c.on_map(other) or c.s["units"][other]["supply"] != "full":
        return False
    return _target_kind(c.udef(newcomer).replaces, od)


def _target_kind(kind: str | None, od) -> bool:
    if kind == "blitz_front":
        return od.blitz_front
    if kind == "army":
        return od.size == "army" and not od.lcu and not od.guards and od.kind in EXCHANGE_ARMY_KINDS
    if kind == "tank_army":
        return od.size == "army" and od.kind == "tank"
    return False


def target_pending(c: Ctx, uid: str, pending: list[str]) -> bool:
    """7.5.2c note: another unit of the same card, not yet placed, could become this one's exchange
    target once placed (a tank army for a guards tank army), so this one is not yet unplaceable."""
    kind = c.udef(uid).replaces
    return bool(kind) and any(o != uid and not c.udef(o).replaces and _target_kind(kind, c.udef(o)) for o in pending)


def replaceable_targets(c: Ctx, uid: str) -> list[str]:
    """7.5.2c: on-map units a Total War Front / Guards Army / Guards Tank Army may replace (fully supplied)."""
    if not c.udef(uid).replaces:
        return []
    return [other for other in c.units_on_map(SOVIET) if exchangeable(c, uid, other)]
