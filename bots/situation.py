"""One side's reading of a view: where the units stand, what is worth taking or holding.

Built from `game.view(side)` alone. The fields a bot scores hexes with are computed once
per decision: distances to the nearest enemy unit, the attraction of the objectives each
side wants to take (VP hexes, oil, cities: 5.1.1–5.1.3, 17.1) and to hold.
"""
from __future__ import annotations

import re
from collections import defaultdict

from . import supply
from .board import Board, board, enemy

# Defending terrain that shifts the attacker's fire (11.2.1 step 4), as a bot reckons it.
DEFENSIVE = {"forest", "swamp", "mountain", "rough"}
GRANTS = re.compile(r"Grants (\d) OPS")
# Panzer, tank and mech kinds (11.1.3: a second attacking hex joins only with one of them attacking);
# the engine's list is private (engine.__all__), as for stacking.
MECHANIZED = frozenset({"panzer", "tank", "guards_tank", "mech"})
# 11.1.9: hexes the Axis may not attack until an event (its flag, the card) or an entry lifts the bar,
# by the key of the view's `restrictions_lifted`.
BARS = {"leningrad": ("nordlicht", "A14"), "moscow": ("taifun", "A12"), "stalingrad": ("blau", "A15")}


class Situation:
    def __init__(self, view: dict, side: str) -> None:
        self.b: Board = board()
        self.v = view
        self.side = side
        self.foe = enemy(side)
        self.turn = view["turn"]
        self.season = view["season"]
        self.winter = view["season"] == "winter"
        self.mud = bool(view.get("rasputitsa"))
        self.units = {u["id"]: u for u in view["units"]}
        self.at: dict[str, list[dict]] = defaultdict(list)
        for u in view["units"]:
            if u["hex"]:
                self.at[u["hex"]].append(u)
        self.own_hexes = {h for h, us in self.at.items() if any(u["side"] == side for u in us)}
        self.foe_hexes = {h for h, us in self.at.items() if any(u["side"] != side for u in us)}
        self.control = view["control"]
        self.d_foe = self.b.distances(self.foe_hexes) if self.foe_hexes else {}
        self.d_own = self.b.distances(self.own_hexes) if self.own_hexes else {}
        self.strength = {s: sum(u["attack"] + u["defense"] for u in view["units"] if u["side"] == s
                                and u["kind"] != "partisan") for s in ("axis", "soviet")}
        self.trench = view["markers"]["trench"]
        self.own_count = {h: len(self.own_at(h)) for h in self.own_hexes}
        self.objective_hexes = self.b.objective_hexes
        self.soviet_vp_held = sum(1 for h in self.b.soviet_vp if self.holder(h) == "axis")
        # 5.1.3: the VP hexes whose taking this turn is all that keeps the Axis from losing the war at
        # its end, whatever the odds: a Soviet one while it holds none (turns 2-12), any one at 9 VP or
        # less in turn 10.
        must: set[str] = set()
        if side == "axis" and 2 <= self.turn <= 12 and not self.soviet_vp_held:
            must.update(self.b.soviet_vp)
        if side == "axis" and self.turn == 10 and view["vp"] <= 9:
            must.update(self.b.vp)
        self.must_take = frozenset(must)
        # 5.1.3: the Soviets win at the end of turn 4 unless a supplied Axis unit has moved east of the
        # Paulus line by then (the view says so in the condition's status).
        self.paulus_pending = side == "axis" and self.turn <= 4 and any(
            c.get("rule") == "5.1.3" and c.get("turn") == 4 and "no Axis unit" in (c.get("status") or "")
            for c in ((view.get("situation") or {}).get("victory") or {}).get("conditions") or ())
        self.hex_cache: dict = {}
        self._objectives: dict[str, dict[str, float]] = {}
        self.game = None
        self._offense = None
        self._defense = None
        self._supplied: dict = {}
        self._guard = None
        self._foe_reach: dict[str, float] = {}
        self._strike: dict[str, float] = {}
        self._cuts: dict = {}
        self._entry = None

    # ---- what each side wants -----------------------------------------------------------
    def holder(self, hid: str) -> str | None:
        return self.control.get(hid)

    def objectives(self, side: str) -> dict[str, float]:
        """Hexes `side` wants to take, with their worth: enemy-held VP hexes, oil, cities (read-only)."""
        if side not in self._objectives:
            self._objectives[side] = self._objectives_of(side)
        return self._objectives[side]

    def _objectives_of(self, side: str) -> dict[str, float]:
        b, out = self.b, {}
        for h in b.cities:
            if self.holder(h) not in (side, None):
                out[h] = 3.0
        for h in b.vp:
            if self.holder(h) != side:
                out[h] = 10.0
        for h in b.oil:
            if self.holder(h) != side:
                out[h] = out.get(h, 0) + 6.0
        if side == "axis":
            # 5.1.3: the Soviets win holding every Soviet VP hex (turns 2-12): take one, then more.
            held = sum(1 for h in b.soviet_vp if self.holder(h) == "axis")
            if held <= 1:
                for h in b.soviet_vp:
                    if h in out:
                        out[h] += 6.0 if held == 0 else 3.0
            # 5.1.2: Moscow, Leningrad and Rostov or Sevastopol by the end of turn 4.
            for name in ("Moscow", "Leningrad") + (("Rostov", "Sevastopol") if self.turn <= 4 else ()):
                h = b.by_name.get(name)
                if h in out:
                    out[h] += 4.0 if self.turn <= 4 else 2.0
            # 11.1.9: a garrisoned hex the Axis may not attack yet is worth less, unless the card
            # that opens it is in hand.
            hand = {c["id"] for c in self.v.get("hand") or ()} if self.side == "axis" else set()
            soviet_held = {h for h, us in self.at.items() if any(u["side"] == "soviet" for u in us)}
            for h in out:
                bar = self.bar(h) if h in soviet_held else None
                if bar:
                    out[h] *= 0.8 if BARS[bar][1] in hand else 0.4
        else:
            # 5.1.3: Berlin, Budapest, Bucharest, Konigsberg; first every Soviet VP hex back.
            for h in b.soviet_vp:
                if h in out:
                    out[h] += 6.0
        return out

    def offense(self) -> dict[str, float]:
        """Attraction of each hex for a unit of this side going forward: max over objectives
        of (worth − hexes to go)."""
        if self._offense is None:
            self._offense = self._field(self.objectives(self.side), 1.0)
        return self._offense

    def threats(self) -> dict[str, float]:
        """Own objectives the enemy may take soon, with how much holding them matters."""
        out = {}
        for h, worth in self.objectives(self.foe).items():
            d = self.d_foe.get(h, 99)
            if self.holder(h) == self.side and d <= (4 if self.side == "axis" else 6) and \
                    (self.side == "soviet" or h in self.b.vp):
                out[h] = worth * (1.5 if d <= 2 else 1.0 if d <= 4 else 0.5)
        return out

    def defense(self) -> dict[str, float]:
        if self._defense is None:
            self._defense = self._field(self.threats(), 1.0)
        return self._defense

    def guard(self) -> dict[str, float]:
        """The Axis pull toward its VP hexes an enemy unit is near (5.1.1: each one lost costs a VP;
        Bucharest and Buda also feed the Romanians, Hungarians and Italians, 13.2.1)."""
        if self._guard is None:
            self._guard = {}
            for t in self.b.vp:
                d = self.d_foe.get(t, 99)
                if self.holder(t) != self.side or self.own_count.get(t, 0) >= 2 or \
                        (d > 1 and t not in self.foe_entry()):
                    continue
                worth = 6.0 if d <= 1 else 4.0
                for h, dist in self.b.distances((t,)).items():
                    val = worth - 1.5 * dist
                    if val <= 0:
                        continue
                    if val > self._guard.get(h, 0.0):
                        self._guard[h] = val
        return self._guard

    def foe_entry(self) -> frozenset[str]:
        """Empty hexes an enemy unit could walk into next round, roughly: up to its movement
        allowance in hexes (terrain ignored), never through this side's units, and
        stopping on entering this side's ZOC (8.3). A garrison is wanted only there."""
        if self._entry is None:
            own_zoc = set()
            for u in self.v["units"]:
                if u["side"] == self.side and u["hex"] and supply.exerts_zoc(u):
                    own_zoc.update(self.b.adj.get(u["hex"], ()))
            out: set[str] = set()
            starts: dict[str, int] = {}
            for u in self.v["units"]:
                if u["side"] == self.foe and u["hex"] and u["kind"] != "partisan" and u["ma"] > 0:
                    starts[u["hex"]] = max(starts.get(u["hex"], 0), u["ma"])
            for h0, ma in starts.items():
                frontier, seen = [h0], {h0}
                for _ in range(ma):
                    nxt = []
                    for h in frontier:
                        if h != h0 and h in own_zoc:
                            continue  # 8.3: it stopped there
                        for n in self.b.adj.get(h, ()):
                            if n in seen or n in self.own_hexes:
                                continue
                            if h in own_zoc and n in own_zoc:
                                continue  # never straight from one enemy ZOC to another
                            seen.add(n)
                            nxt.append(n)
                    frontier = nxt
                out |= seen
            self._entry = frozenset(out)
        return self._entry

    def _field(self, worth: dict[str, float], per_hex: float) -> dict[str, float]:
        field: dict[str, float] = {}
        for t, w in worth.items():
            for h, d in self.b.distances((t,)).items():
                val = w - per_hex * d
                if val > field.get(h, -1e9):
                    field[h] = val
        return field

    def foe_reach(self, hid: str) -> float:
        """The attack strength of the enemy units next to `hid` (what may hit a stack there next round)."""
        val = self._foe_reach.get(hid)
        if val is None:
            val = self._foe_reach[hid] = sum(u["attack"] for n in self.b.adj.get(hid, ()) for u in self.foe_at(n)
                                             if u["kind"] != "partisan" and u["supply"] != "none")
        return val

    def foe_strike(self, hid: str) -> float:
        """The attack strength of the strongest attack the enemy next to `hid` may make together
        (11.1.3, roughly: one hex in full and the armour of the others, one LCU)."""
        val = self._strike.get(hid)
        if val is None:
            pools = []
            for n in self.b.adj.get(hid, ()):
                pool = [u for u in self.foe_at(n)
                        if u["kind"] != "partisan" and u["supply"] != "none" and u["attack"] > 0]
                if pool:
                    pools.append(pool)
            val = 0.0
            for plain in pools:
                units = plain + [u for pool in pools if pool is not plain for u in pool
                                 if u["kind"] in MECHANIZED and not u["lcu"]]
                lcus = [u["attack"] for u in units if u["lcu"]]
                val = max(val, sum(u["attack"] for u in units if not u["lcu"]) + max(lcus, default=0))
            self._strike[hid] = val
        return val

    def own_defense(self, hid: str, unit: dict | None = None) -> float:
        """Own defence strength in `hid` with `unit` standing there too (counted once)."""
        total = sum(u["defense"] for u in self.own_at(hid) if not unit or u["id"] != unit.get("id"))
        return total + (unit["defense"] if unit else 0)

    # ---- supply (bots/supply.py) -----------------------------------------------------------
    def supplied(self, without: str | None = None, plus: str | None = None, group: str | None = None,
                 trace: int = supply.TRACE) -> frozenset[str]:
        """Hexes a unit of this side (nationality `group`, the Germans' by default) would be in
        supply in, with `without` emptied of own units and `plus` holding one (a unit leaving its
        hex un-negates the enemy ZOC there, 8.3)."""
        group = group or supply.group_of(None, self.side)
        key = (without, plus, group, trace)
        net = self._supplied.get(key)
        if net is None:
            own = (self.own_hexes - {without}) | ({plus} if plus else set())
            net = self._supplied[key] = supply.supplied(self.b, self.side, group, self.v["units"], self.control,
                                                        self.trench, own, trace)
        return net

    def supply_at_risk(self, group: str | None = None) -> frozenset[str]:
        """Hexes in supply now whose line the enemy could cut next round: the net traced as if
        every enemy ZOC reached a hex further (its units stepping forward), own hexes excepted."""
        group = group or supply.group_of(None, self.side)
        key = ("risk", group)
        net = self._supplied.get(key)
        if net is None:
            reach = set()
            for u in self.v["units"]:
                if u["side"] == self.foe and u["hex"] and supply.exerts_zoc(u):
                    for n in self.b.adj.get(u["hex"], ()):
                        reach.update(self.b.adj.get(n, ()))
            safe = supply.supplied(self.b, self.side, group, self.v["units"], self.control, self.trench,
                                   self.own_hexes, extra_block=reach - self.own_hexes)
            net = self._supplied[key] = self.supplied(group=group) - safe
        return net

    def unit_supplied(self, u: dict | None, without: str | None = None, plus: str | None = None):
        return self.supplied(without, plus, supply.group_of(u, self.side))

    def leaving_cuts(self, hid: str) -> int:
        """Own units (in other hexes) that emptying `hid` would put out of supply."""
        if self.own_count.get(hid, 0) > 1 or self.d_foe.get(hid, 99) > 2:
            return 0
        return sum(1 for u in self.v["units"] if u["side"] == self.side and u["hex"] and u["hex"] != hid
                   and u["kind"] != "partisan" and u["hex"] in self.unit_supplied(u)
                   and u["hex"] not in self.unit_supplied(u, without=hid))

    # ---- pockets (13.3.8-13.3.9) ----------------------------------------------------------
    def foe_supplied(self, without: str | None = None, block=()) -> frozenset[str]:
        """Where the enemy's units trace supply (its main group), as this side reckons it, with
        the own unit `without` (an id) off the map and `block` more hexes barred to the lines."""
        key = ("foe", without, tuple(sorted(block)))
        net = self._supplied.get(key)
        if net is None:
            units = [u for u in self.v["units"] if u["id"] != without] if without else self.v["units"]
            group = supply.group_of(None, self.foe)
            net = self._supplied[key] = supply.supplied(self.b, self.foe, group, units, self.control, self.trench,
                                                        self.foe_hexes, extra_block=block)
        return net

    def pocket_worth(self, hexes) -> float:
        """What putting `hexes` out of the enemy's supply is worth: its units there die at its
        attrition (13.3.8) and its cities, oil and VP hexes there change hands (13.3.9)."""
        val = 0.0
        for h in hexes:
            val += sum(0.25 * (u["attack"] + u["defense"]) + (1.0 if u["lcu"] else 0.0)
                       for u in self.foe_at(h) if u["kind"] != "partisan")
            if self.holder(h) == self.foe:
                x = self.b.hexes[h]
                val += 3.0 if x.get("vp") else 2.0 if x.get("oil") else 1.0 \
                    if x.get("settlement") in ("city", "major_city") else 0.0
        return val

    def _unit_block(self, unit: dict, hid: str) -> tuple:
        """The hexes `unit` standing in `hid` bars to enemy supply lines: its own and, when it
        has a ZOC (8.1), the ones around it."""
        if unit["kind"] == "partisan" or unit["supply"] != "full":
            return (hid,)
        if supply.exerts_zoc(unit):
            return (hid, *self.b.adj.get(hid, ()))
        return (hid,)

    def cut_gain(self, unit: dict, hid: str) -> float:
        """How much `unit` moving to `hid` shrinks the enemy's supply net, less what leaving its
        hex reopens (the pockets the Axis closes win more ground than its head-on attacks)."""
        if not unit.get("hex") or self.d_foe.get(hid, 99) > 2:
            return 0.0
        key = (unit["id"], hid)
        val = self._cuts.get(key)
        if val is None:
            base = self.foe_supplied()
            if hid == unit["hex"]:
                val = 0.0
            else:
                reopened = self._reopened(unit)
                block = tuple(h for h in self._unit_block(unit, hid) if h not in self.foe_hexes)
                val = self.pocket_worth(base - self.foe_supplied(block=block)) - reopened
            self._cuts[key] = val
        return val

    def _reopened(self, unit: dict) -> float:
        key = (unit["id"], None)
        val = self._cuts.get(key)
        if val is None:
            val = self._cuts[key] = self.pocket_worth(self.foe_supplied(without=unit["id"])
                                                           - self.foe_supplied())
        return val

    def may_attack(self, hid: str) -> bool:
        """11.1.9: the Axis attacks Leningrad only after Nordlicht, Moscow and Gorki only after Taifun,
        Stalingrad and the Caucasus zone only after Blau (or once the hex has been entered or taken)."""
        return self.side != "axis" or self.bar(hid) is None

    def bar(self, hid: str) -> str | None:
        """The 11.1.9 bar (a key of BARS) that closes `hid` to Axis attacks now, if any."""
        x = self.b.hexes[hid]
        key = {"Leningrad": "leningrad", "Moscow": "moscow", "Gorki": "moscow",
               "Stalingrad": "stalingrad"}.get(x.get("name")) or ("stalingrad" if x.get("caucasus_zone") else None)
        if key is None or self.v["flags"].get(BARS[key][0]) or (self.v.get("restrictions_lifted") or {}).get(key):
            return None
        return key

    # ---- units ----------------------------------------------------------------------------
    def own_at(self, hid: str) -> list[dict]:
        return [u for u in self.at.get(hid, ()) if u["side"] == self.side]

    def foe_at(self, hid: str) -> list[dict]:
        return [u for u in self.at.get(hid, ()) if u["side"] != self.side]

    def defense_shift(self, hid: str) -> int:
        """Columns the defender of `hid` gains, roughly (terrain, cities, trenches)."""
        shift = 0
        if set(self.b.terrain(hid)) & DEFENSIVE:
            shift += 1
        if self.b.hexes.get(hid, {}).get("settlement") in ("city", "major_city"):
            shift += 1
        if hid in self.trench:
            shift += 1
        return shift

    def offensive_weight(self) -> float:
        """How much this side should press forward: the Axis mostly does, the Soviets once strong."""
        ratio = self.strength[self.side] / max(1, self.strength[self.foe])
        if self.side == "axis":
            # Summer 1942 is the last summer before the Soviets outgrow it: the Axis drives on even outnumbered.
            w = 1.0 if ratio > 0.8 or self.turn == 6 else 0.5
            if 8 <= self.turn <= 10 and self.v["vp"] >= 10:
                w = min(w, 0.3)  # 5.1.3: what it holds at the end of turn 10 decides the war
            if self.winter or self.mud:
                w *= 0.3
        else:
            w = 0.15 if ratio < 0.9 else 0.6 if ratio < 1.3 else 1.0
            if self.turn <= 3:
                w = 0.1
        return w


def grants_ops(card: dict) -> int:
    m = GRANTS.search(card.get("text") or "")
    return int(m.group(1)) if m else 0
