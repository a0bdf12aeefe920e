"""The compact form of a legal-action list, for sending over a network (game-agnostic, pure).

A movement stage lists one action per unit and destination — thousands of near-identical
dicts. `pack_actions` keeps every other action as it is and folds the unit moves (and
placements: `place`, `recreate`, whose destination is `hex`) into groups:

    {"type": "move", "ops": 0, "units": ["SU-3A"], "to": ["3326", "3327"], "mp": [2, 3]}

A group stands for one action per unit in `units` and per index i of `to`:
``{"type", <the group's other keys>, "unit": units[k], "to": to[i]}`` plus ``mp[i]`` /
``hexes[i]`` when the group has those lists. Units whose destinations (and costs) are the
same share one group. Units whose destinations differ in a few hexes only (rail moves:
the whole network but the hex each unit stands in) share one too, and the group says
which destinations a unit lacks:

    {"type": "rail", "ops": 1, "units": ["SU-3A", "SU-5A"], "to": [...237 hexes...],
     "skip": {"SU-3A": ["3928"], "SU-5A": ["1919"]}}

Grouped actions carry no "label" (a client composes its own words from the unit and the
hex); `unpack_actions` gives back exactly the engine's actions without their labels.
"""
from __future__ import annotations

import json
from operator import itemgetter
from typing import Any

# The unit moves that are grouped, and the key naming each one's destination.
GROUPED = {"move": "to", "exploit": "to", "rail": "to", "sea": "to", "place": "hex", "recreate": "hex"}
COSTS = ("mp", "hexes")  # per-destination values, as lists parallel to the destinations
PER_DESTINATION = ("to", "hex", *COSTS)
DROPPED = ("label", "unit", *PER_DESTINATION)


SCALARS = (str, int, float, bool, type(None))


def _hashable(values: tuple) -> tuple:
    """Shared values as a hashable key: anything not a scalar as sorted JSON."""
    return tuple(v if isinstance(v, SCALARS) else json.dumps(v, sort_keys=True) for v in values)


def _shape(action: dict, dest_key: str) -> tuple:
    """(per-destination keys, their getter, shared keys sorted, their getter) for one list of keys."""
    keys = (dest_key, *(k for k in COSTS if k in action))
    shared = tuple(sorted(k for k in action if k not in DROPPED))
    costs = itemgetter(*keys[1:]) if len(keys) > 2 else None
    return keys, costs, shared, itemgetter(*shared) if shared else (lambda _a: ())


def pack_actions(actions: list[dict]) -> dict[str, list[dict]]:
    """{"actions": the actions that are not grouped (as given), "action_groups": the groups}."""
    single: list[dict] = []
    per_unit: dict[tuple, dict[str, Any]] = {}  # (shared keys and values, per-destination keys, unit) -> destinations
    shapes: dict[tuple, tuple] = {}  # thousands of moves share a handful of key lists
    # A unit's moves come one after another: an action with the previous one's unit, keys and shared
    # values (the type among them) has its key, so it joins the same destinations without a lookup.
    last_unit = last_names = last_values = last_dests = last_shape = None
    for action in actions:
        dest_key = GROUPED.get(action.get("type"))
        unit = action.get("unit")
        if dest_key is None or not isinstance(unit, str) or not isinstance(dest := action.get(dest_key), str):
            single.append(action)
            continue
        if unit == last_unit and action.keys() == last_names:
            keys, costs, shared, values = last_shape
            if values(action) == last_values:
                n = len(keys)
                last_dests[dest] = () if n == 1 else (action[keys[1]],) if n == 2 else costs(action)
                continue
        names = (dest_key, *action)
        shape = shapes.get(names)
        if shape is None:
            shape = shapes[names] = _shape(action, dest_key)
        keys, costs, shared, values = shape
        shared_values = values(action)
        key = ((shared, shared_values), keys, unit)
        try:
            entry = per_unit.get(key)
            last_unit, last_names, last_values, last_shape = unit, action.keys(), shared_values, shape
        except TypeError:  # a shared value that is a list or a dict
            key = ((shared, _hashable(tuple(action[k] for k in shared))), keys, unit)
            entry = per_unit.get(key)
            last_unit = None
        if entry is None:
            entry = per_unit[key] = {"action": action, "unit": unit, "dests": {}}
        last_dests = entry["dests"]
        n = len(keys)
        last_dests[dest] = () if n == 1 else (action[keys[1]],) if n == 2 else costs(action)
    return fold(single, per_unit)


def unit_destinations(per_unit: dict, common: dict, keys: tuple[str, ...], unit: str) -> dict:
    """The destinations (hex -> per-destination values) that `pack_actions` would collect for the
    actions ``{**common, "unit": unit, keys[0]: hex, keys[1]: ...}``, for a game module that lists
    them without making each action (`common`: the shared keys, in the actions' order)."""
    shared = tuple(sorted(common))
    values = itemgetter(*shared)(common) if shared else ()
    key = ((shared, values), keys, unit)
    entry = per_unit.get(key)
    if entry is None:
        entry = per_unit[key] = {"action": common, "unit": unit, "dests": {}}
    return entry["dests"]


def fold(single: list[dict], per_unit: dict) -> dict[str, list[dict]]:
    """The packed form of `single` actions and the destinations collected per unit (in order)."""
    groups: dict[tuple, list[_Group]] = {}
    out: list[_Group] = []
    for (common_key, keys, unit), entry in per_unit.items():
        candidates = groups.setdefault((common_key, keys), [])
        for group in candidates:
            if group.absorbs(unit, entry["dests"]):
                break
        else:
            common = {k: v for k, v in entry["action"].items() if k not in DROPPED}
            group = _Group(common, keys, unit, entry["dests"])
            candidates.append(group)
            out.append(group)
    return {"actions": single, "action_groups": [g.as_json() for g in out]}


class _Group:
    """Units sharing one list of destinations (with the same cost at each), minus a few skipped each."""

    def __init__(self, common: dict, keys: tuple[str, ...], unit: str, dests: dict[str, tuple]) -> None:
        self.common = common
        self.keys = keys
        self.dests = dict(dests)  # hex -> per-destination values (besides "to")
        self.units = [unit]
        self.skip: dict[str, set[str]] = {}

    def absorbs(self, unit: str, dests: dict[str, tuple]) -> bool:
        """Take this unit in if that costs fewer skipped hexes than a group of its own would send."""
        mine = self.dests
        limit = max(2, len(dests) // 8)
        # The counts first, from the sizes alone, then with set operations (most units fail here).
        if len(mine) - len(dests) > limit or (len(dests) - len(mine)) * len(self.units) > limit:
            return False
        shared = len(mine.keys() & dests.keys())
        n_extra = len(dests) - shared
        if len(mine) - shared + n_extra * len(self.units) > limit:
            return False
        try:
            conflict = len(dests.items() - mine.items()) != n_extra  # a hex both reach at different costs
        except TypeError:  # unhashable costs
            conflict = any(mine.get(h, v) != v for h, v in dests.items())
        if conflict:
            return False
        missing = [h for h in mine if h not in dests]
        for h in dests:
            if h not in mine:
                mine[h] = dests[h]
                for other in self.units:
                    self.skip.setdefault(other, set()).add(h)
        if missing:
            self.skip[unit] = set(missing)
        self.units.append(unit)
        return True

    def as_json(self) -> dict:
        hexes = list(self.dests)
        out = {**self.common, "units": self.units, self.keys[0]: hexes}
        for i, k in enumerate(self.keys[1:]):
            out[k] = [self.dests[h][i] for h in hexes]
        if self.skip:
            out["skip"] = {u: sorted(s) for u, s in self.skip.items()}
        return out


def unpack_actions(actions: list[dict], action_groups: list[dict] | None = None) -> list[dict]:
    """The flat list of actions that a packed list stands for (grouped ones without labels)."""
    out = list(actions)
    for group in action_groups or ():
        common = {k: v for k, v in group.items() if k not in ("units", "skip", *PER_DESTINATION)}
        lists = [k for k in PER_DESTINATION if k in group]
        dests = group[lists[0]]
        skip = group.get("skip") or {}
        for unit in group["units"]:
            lacking = set(skip.get(unit, ()))
            for i, hex_id in enumerate(dests):
                if hex_id not in lacking:
                    out.append({**common, "unit": unit, **{k: group[k][i] for k in lists}})
    return out
