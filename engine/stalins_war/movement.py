"""Regular movement (10.1) with zones of control (8.3), stacking (9.0) and the OPS it may cost (7.3.3).

A move action names a unit and where it goes: `{"type": "move", "unit", "to"}` takes the
cheapest legal path to `to` (`reachable`: the one Dijkstra finds, ties going to the hex
id that sorts first, so a replay takes the same path); `{"type": "move", "unit", "path"}`
takes exactly the hexes listed, and `check_path` accepts any path the rules allow, so a
player can choose the way (the way matters: entering a hex takes control of it).
`legal_actions` lists each unit's move once per destination with its MP and OPS cost.

What a move must obey:
- 10.1.1–10.1.2: a hex costs the highest MP among its terrain types (towns, cities,
  fortresses and festungs add nothing); major rivers and the Kerch crossing add to it.
- 10.1.3: hex to adjacent hex; never across a lake or sea hexside (8.2).
- 10.1.4: never more MP in a round than the unit's allowance — except that a unit that
  has not moved yet this round may always move a single hex.
- 10.1.5: a supplied Axis unit that begins the round east of the Paulus line on turns
  1–4 has one MP less; 13.3.1: a unit out of supply has at most 2.
- 10.1.6: never into a hex holding enemy units (inactive partisans are markers, which
  Axis units pass and share).
- 8.3: a unit stops on entering an enemy ZOC and may not step from one enemy-ZOC hex
  straight into another; 7.3.3: the last unit that began the round in an enemy-ZOC hex
  pays 1 OPS to leave it (then the rest of that stack leaves free).
- 16.3.4: a unit in a festung never leaves it; entering one ends the move.
- 4.4.2–4.4.4, 19.1.1, 19.2.1: the turn-1 and national borders (`border_refusal`).

Rulings the rules leave open, made here:
- A unit may move several times in one round; the movement points of all its moves
  together never exceed its allowance (10.1.4). The one-hex minimum applies only to a
  unit that has not yet moved that round.
- Stacking (9.1.4) is checked where each move ends, so a move never leaves a hex
  over-stacked; units pass freely through full hexes.
- The Paulus-line reduction (10.1.5) looks at where the unit began the round.
- "Supplied" means full supply. A unit in fortress supply (13.2.4) or Baku's limited
  supply (13.2.3) has supply for defence and attrition only, so for movement it is out
  of supply: its MA is cut to 2 (13.3.1) and 10.1.5 does not apply to it.
- A unit that enters an enemy fortress destroys it (16.2.2) and the hex becomes a city,
  into which ZOCs extend (8.2): if enemy units are next to it, the unit stops there.
  The same holds for a Soviet unit entering a festung (16.3.3).
"""
from __future__ import annotations

import heapq

from ..core.errors import IllegalAction
from . import control, stacking, terrain, trenches
from .cards.combat_cards import round_event_keys
from .constants import AXIS, SOVIET
from .context import Ctx
from .zoc import zoc_hexes, zoc_hexes_unbarred


def movement_allowance(c: Ctx, uid: str) -> int:
    """The unit's MA this round: printed, cut to 2 unless in full supply (13.3.1), -1 east of the Paulus line (10.1.5)."""
    ma = c.step(uid).ma
    u = c.s["units"][uid]
    if u["supply"] != "full":
        return min(ma, 2)
    if c.side_of(uid) == AXIS and c.turn_def().paulus_penalties:
        start = c.s["rs"]["started"].get(uid, u["loc"])
        if c.map.hexes[start].paulus_zone:
            ma -= 1
    return max(ma, 0)


def mp_left(c: Ctx, uid: str) -> int:
    return movement_allowance(c, uid) - c.s["rs"]["mp"].get(uid, 0)


def cannot_move(c: Ctx, uid: str) -> str | None:
    """Why this unit may not make a regular move now (None if it may)."""
    ud = c.udef(uid)
    rs = c.s["rs"]
    hid = c.loc(uid)
    if c.turn == 1 and ud.side == AXIS:
        return "4.4.2: Axis units may not move on turn 1"
    if ud.kind == "stalin":
        return "16.4.5: Stalin moves only by rail"
    if c.step(uid).ma <= 0:
        return f"{ud.label} has no movement allowance"
    if uid in rs["strategic"]:
        return "10.2.1: a unit that moved strategically may not also move normally"
    if uid in rs["stopped"]:
        return "8.3: this unit entered an enemy ZOC and must stop"
    if uid in rs["fought"]:
        return "7.3.5: movement comes before combat in an action round"
    if hid in c.s["markers"]["festung"] and ud.side == AXIS:
        return "16.3.4: units in a festung never leave it"
    if trenches.lcu_must_stay(c, uid):
        return "10.3.1: an LCU trying to entrench may not move"
    if rs["mp"].get(uid, 0) >= movement_allowance(c, uid):
        return f"10.1.4: {ud.label} has used its whole movement allowance"
    return None


def border_refusal(c: Ctx, uid: str, hid: str) -> str | None:
    """The turn-1 and national borders every kind of movement obeys (4.4.3, 4.4.4, 19.1.1, 19.2.1)."""
    return _border(c, c.udef(uid), hid)


def _border(c: Ctx, ud, hid: str) -> str | None:
    country = c.map.hexes[hid].country
    if country == "hungary":
        if ud.nationality == "RO":
            return "19.1.1: Romanian units may never enter Hungary"
        if c.turn == 1:
            return "4.4.3: no unit may enter Hungary on turn 1"
    elif country == "romania":
        if ud.nationality == "HU":
            return "19.2.1: Hungarian units may never enter Romania"
        if c.turn == 1 and ud.side == SOVIET:
            return "4.4.4: Soviet units may not enter Romania on turn 1"
    return None


def closed_hexes(c: Ctx, uid: str) -> frozenset[str]:
    """Hexes this unit may never step into now: enemy units (10.1.6) and closed borders. Cached per position."""
    ud = c.udef(uid)
    key = ("closed", ud.side, ud.nationality)
    out = c.cache.get(key)
    if out is None:
        closed = set(c.occupied_hexes(c.enemy(ud.side)))
        if c.turn == 1 or ud.nationality in ("RO", "HU"):
            for hid, h in c.map.hexes.items():
                if h.country in ("hungary", "romania") and h.playable and _border(c, ud, hid):
                    closed.add(hid)
        out = frozenset(closed)
        c.cache[key] = out
    return out


def entry_refusal(c: Ctx, uid: str, frm: str, to: str) -> str | None:
    """Why this unit may never step from `frm` into `to` (terrain, enemies, borders) — ZOC aside."""
    side = c.side_of(uid)
    if not terrain.land(c, to):
        return f"{to} is not a land hex of the board"
    if terrain.impassable(c, frm, to):
        return "8.2: lake and sea hexsides cannot be crossed"
    if c.units_at(to, c.enemy(side)):
        return "10.1.6: units may not enter a hex containing enemy units"
    return border_refusal(c, uid, to)


def destroys_on_entry(c: Ctx, side: str, hid: str) -> bool:
    """Entering this hex would destroy an enemy fortress (16.2.2) or festung (16.3.3)."""
    m = c.s["markers"]
    if side == AXIS:
        return (c.map.hexes[hid].fortress == "soviet" and terrain.fortress_standing(c, hid)) \
            or m.get("volga_fortress") == hid
    return (c.map.hexes[hid].fortress == "axis" and terrain.fortress_standing(c, hid)) or hid in m["festung"]


def stop_hexes(c: Ctx, side: str) -> frozenset[str]:
    """Hexes a unit of `side` must stop in on entering: the enemy ZOC, plus enemy fortresses and
    festungs that its entry destroys and that enemy units next to them then cover (8.2, 8.3)."""
    key = ("stop", side)
    out = c.cache.get(key)
    if out is None:
        foe = c.enemy(side)
        out = zoc_hexes(c, foe)
        extra = {h for h in zoc_hexes_unbarred(c, foe) if h not in out and destroys_on_entry(c, side, h)}
        if extra:
            out = out | extra
        c.cache[key] = out
    return out


def _start_in_enemy_zoc_cost(c: Ctx, uid: str, ezoc: frozenset[str]) -> int:
    """7.3.3: the last unit that began the round in an enemy-ZOC hex pays 1 OPS to vacate it."""
    hid = c.loc(uid)
    rs = c.s["rs"]
    if hid not in ezoc or hid in rs["zoc_paid"]:
        return 0
    side = c.side_of(uid)
    if side == AXIS and "buffel" in round_event_keys(c, AXIS):
        return 0  # card A44 Büffel: leaving an enemy ZOC is free this round
    starters = [u for u in c.units_at(hid, side) if rs["started"].get(u) == hid and u != uid]
    return 0 if starters else 1


def reachable(c: Ctx, uid: str) -> dict[str, tuple[int, list[str]]]:
    """Every hex this unit can end a regular move in now: hex -> (MP cost, cheapest path)."""
    if cannot_move(c, uid):
        return {}
    return _search(c, uid)


def reachable_mp(c: Ctx, uid: str) -> dict[str, int]:
    """`reachable` without the paths: hex -> MP cost (listing moves needs no path)."""
    if cannot_move(c, uid):
        return {}
    return _search(c, uid, paths=False)


def _search(c: Ctx, uid: str, *, ignore_zoc: bool = False, paths: bool = True) -> dict:
    """Dijkstra over the land edges from the unit's hex (ignore_zoc: as if no enemy ZOC stopped it):
    hex -> (MP cost, cheapest path), or hex -> MP cost without `paths`."""
    best, prev = _dijkstra(c, uid, ignore_zoc)
    start = c.loc(uid)
    out = {}
    may_end = stacking.end_move_test(c, uid)
    testable = stacking.testable_hexes(c)
    for h, cost in best.items():
        if h == start or (h in testable and not may_end(h)):
            continue
        if not paths:
            out[h] = cost
            continue
        path = [h]
        while prev[path[-1]] != start:
            path.append(prev[path[-1]])
        out[h] = (cost, path[::-1])
    return out


def _dijkstra(c: Ctx, uid: str, ignore_zoc: bool) -> tuple[dict[str, int], dict[str, str]]:
    """The unit's cheapest MP to every hex it can enter (hex -> MP) and each one's previous hex, with
    no stacking test. A function of the unit's hex, its MP left, whether it has moved this round, and
    its side's enemy ZOC, stop hexes, closed hexes and festungs (and the board's steps): the game keeps
    each unit's last search (`Ctx.lasting`) and hands it out again while all of these are equal,
    compared by value."""
    side = c.side_of(uid)
    start = c.loc(uid)
    left = mp_left(c, uid)
    fresh = c.s["rs"]["mp"].get(uid, 0) == 0
    inputs = _search_inputs(c, uid, ignore_zoc)
    edges = terrain.land_edges(c)
    kept = c.lasting.get(("search", uid)) if c.lasting is not None and not ignore_zoc else None
    if kept is not None and kept[0] == start and kept[1] == left and kept[2] == fresh and kept[3] is inputs \
            and kept[4] is edges:
        return kept[5], kept[6]
    ezoc, stops, closed, festungs = inputs
    start_in_zoc = start in ezoc
    best: dict[str, int] = {start: 0}
    prev: dict[str, str] = {}
    heap = [(0, start)]
    heappop, heappush, far = heapq.heappop, heapq.heappush, 1 << 30
    while heap:
        cost, h = heappop(heap)
        if cost > best[h]:
            continue
        first = h == start
        if not first and (h in stops or h in festungs):
            continue  # 8.3: stop on entering an enemy ZOC; 16.3.4: a festung is never left
        for n, step in edges[h]:
            if n in closed:
                continue
            if first and start_in_zoc and n in ezoc:
                continue  # 8.3: never straight from one enemy ZOC to another
            total = cost + step
            if total > left:
                if not (fresh and first):
                    continue
                total = left  # 10.1.4: one hex is always possible for a unit yet to move
            if total < best.get(n, far):
                best[n] = total
                prev[n] = h
                heappush(heap, (total, n))
    if c.lasting is not None and not ignore_zoc:
        c.lasting[("search", uid)] = (start, left, fresh, inputs, edges, best, prev)
    return best, prev


def _search_inputs(c: Ctx, uid: str, ignore_zoc: bool) -> tuple:
    """(enemy ZOC, stop hexes, closed hexes, festungs) for this unit's search, cached per position.
    Kept across positions too (`Ctx.lasting`): when a new position's are equal to the last ones
    kept, that same tuple is handed out, so a kept search is reused when its inputs are that tuple."""
    ud = c.udef(uid)
    key = ("search_inputs", ud.side, ud.nationality, ignore_zoc)
    out = c.cache.get(key)
    if out is None:
        side = ud.side
        out = (frozenset() if ignore_zoc else zoc_hexes(c, c.enemy(side)),
               frozenset() if ignore_zoc else stop_hexes(c, side),
               closed_hexes(c, uid),
               frozenset(c.s["markers"]["festung"]) if side == AXIS else frozenset())
        if c.lasting is not None:
            last = c.lasting.get(key)
            if last is not None and last == out:
                out = last
            else:
                c.lasting[key] = out
        c.cache[key] = out
    return out


def chosen_path(c: Ctx, uid: str, action: dict) -> list:
    """The hexes a move action enters: its explicit "path", or the cheapest legal path to its "to"."""
    path, to = action.get("path"), action.get("to")
    if path is not None:
        if to is not None and (not isinstance(path, list) or not path or path[-1] != to):
            raise IllegalAction('A move\'s "to" must be the last hex of its "path".', code="malformed")
        return path
    if not isinstance(to, str):
        raise IllegalAction('A move needs "to" (the destination hex) or "path" (the hexes entered, in order).',
                            code="malformed")
    if to not in c.map.hexes:
        raise IllegalAction(f"There is no hex {to!r}.", code="unknown_id")
    why = cannot_move(c, uid)
    if why:
        raise IllegalAction(why)
    found = reachable(c, uid).get(to)
    if found is None:
        raise IllegalAction(unreachable_reason(c, uid, to))
    return found[1]


def unreachable_reason(c: Ctx, uid: str, to: str) -> str:
    """Why this unit (which may move) cannot end a regular move in `to` now, naming the rule."""
    label = c.unit_label(uid)
    if to == c.loc(uid):
        return f"{label} is already in {c.hex_label(to)}."
    if not terrain.land(c, to):
        return f"{c.hex_label(to)} is not a land hex of the board."
    if c.units_at(to, c.enemy(c.side_of(uid))):
        return "10.1.6: units may not enter a hex containing enemy units"
    why = border_refusal(c, uid, to)
    if why:
        return why
    why = stacking.refusal(c, uid, to)
    if why:
        return why
    if to in _search(c, uid, ignore_zoc=True):
        return (f"8.3: enemy zones of control stop {label} before {c.hex_label(to)} "
                f"(a unit stops on entering an enemy ZOC and never steps from one straight into another)")
    return f"10.1.4: {c.hex_label(to)} is beyond {label}'s {mp_left(c, uid)} movement points this round"


def ops_needed(c: Ctx, uid: str) -> int:
    side = c.side_of(uid)
    return _start_in_enemy_zoc_cost(c, uid, zoc_hexes(c, c.enemy(side)))


def check_path(c: Ctx, uid: str, path: list) -> tuple[int, int]:
    """Validate a move along `path`; return (MP cost, OPS cost) or raise IllegalAction with the rule."""
    why = cannot_move(c, uid)
    if why:
        raise IllegalAction(why)
    if not isinstance(path, list) or not path or not all(isinstance(h, str) for h in path):
        raise IllegalAction('A move needs a "path": the hexes entered, in order.', code="malformed")
    side = c.side_of(uid)
    ezoc = zoc_hexes(c, c.enemy(side))
    stops = stop_hexes(c, side)
    here = c.loc(uid)
    left = mp_left(c, uid)
    fresh = c.s["rs"]["mp"].get(uid, 0) == 0
    spent = 0
    for i, nxt in enumerate(path):
        if nxt not in c.map.hexes or nxt not in c.map.neighbours(here):
            raise IllegalAction(f"10.1.3: {nxt} is not adjacent to {here}; hexes may not be skipped")
        if i > 0 and here in stops:
            raise IllegalAction(f"8.3: units must stop on entering an enemy ZOC ({here})")
        if i > 0 and side == AXIS and here in c.s["markers"]["festung"]:
            raise IllegalAction(f"16.3.4: a unit that enters a festung never leaves it ({here})")
        why = entry_refusal(c, uid, here, nxt)
        if why:
            raise IllegalAction(why)
        if i == 0 and here in ezoc and nxt in ezoc:
            raise IllegalAction("8.3: a unit may not move directly from one enemy ZOC hex to another")
        cost = terrain.enter_cost(c, here, nxt)
        if spent + cost > left:
            if not (fresh and i == 0 and len(path) == 1):
                raise IllegalAction(f"10.1.4: not enough movement points to enter {nxt} "
                                    f"({left - spent} left, {cost} needed)")
            cost = left - spent
        spent += cost
        here = nxt
    why = stacking.refusal(c, uid, here)
    if why:
        raise IllegalAction(why)
    ops = ops_needed(c, uid)
    return spent, ops


def move(c: Ctx, uid: str, path: list[str], mp: int) -> None:
    """Carry out a checked move."""
    from .ops_pool import spend

    side = c.side_of(uid)
    rs = c.s["rs"]
    start = c.loc(uid)
    ops = _start_in_enemy_zoc_cost(c, uid, zoc_hexes(c, c.enemy(side)))
    if ops:
        spend(c, side, ops, why=f"to leave the enemy ZOC at {start}", units=[uid])
        rs["zoc_paid"].append(start)
        c.s["markers"]["move"].append(start)
    rs["mp"][uid] = rs["mp"].get(uid, 0) + mp
    rs["moved"] = True
    end = path[-1]
    for hid in path:
        c.set_loc(uid, hid)
        control.entered(c, uid, hid, passing=hid != end)
    if end in zoc_hexes(c, c.enemy(side)):
        rs["stopped"].append(uid)  # 8.3 (the ZOC as it is now: a fortress just destroyed counts)
    note_axis_east(c, uid)
    c.say(f"{c.unit_label(uid)} moves {start} → {end}.", kind="move", unit=uid, path=[start, *path])


def note_axis_east(c: Ctx, uid: str) -> None:
    """Remember for 5.1.3 that a supplied Axis unit has moved east of the Paulus line."""
    if c.side_of(uid) == AXIS and c.s["units"][uid]["supply"] == "full" and c.map.hexes[c.loc(uid)].paulus_zone:
        c.s["stats"]["axis_east_of_paulus"] = True
