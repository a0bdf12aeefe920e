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
from typing import Any

# The unit moves that are grouped, and the key naming each one's destination.
GROUPED = {"move": "to", "exploit": "to", "rail": "to", "sea": "to", "place": "hex", "recreate": "hex"}
COSTS = ("mp", "hexes")  # per-destination values, as lists parallel to the destinations
PER_DESTINATION = ("to", "hex", *COSTS)
DROPPED = ("label", "unit", *PER_DESTINATION)


def _common_key(action: dict) -> tuple:
    """The action's keys that a group shares (type, ops, ...), hashable."""
    items = []
    for k in sorted(action):
        if k not in DROPPED:
            v = action[k]
            items.append((k, v if isinstance(v, (str, int, float, bool, type(None))) else json.dumps(v, sort_keys=True)))
    return tuple(items)


def pack_actions(actions: list[dict]) -> dict[str, list[dict]]:
    """{"actions": the actions that are not grouped (as given), "action_groups": the groups}."""
    single: list[dict] = []
    per_unit: dict[tuple, dict[str, Any]] = {}  # (common keys, per-destination keys, unit) -> destinations
    for action in actions:
        dest_key = GROUPED.get(action.get("type"))
        unit = action.get("unit")
        if dest_key is None or not isinstance(unit, str) or not isinstance(action.get(dest_key), str):
            single.append(action)
            continue
        keys = (dest_key, *(k for k in COSTS if k in action))
        key = (_common_key(action), keys, unit)
        entry = per_unit.get(key)
        if entry is None:
            entry = per_unit[key] = {"action": action, "unit": unit, "dests": {}}
        entry["dests"][action[dest_key]] = tuple(action[k] for k in keys[1:])
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
        if any(self.dests.get(h, v) != v for h, v in dests.items()):
            return False  # a hex both reach at different costs
        missing = [h for h in self.dests if h not in dests]
        extra = [h for h in dests if h not in self.dests]
        if len(missing) + len(extra) * len(self.units) > max(2, len(dests) // 8):
            return False
        for h in extra:
            self.dests[h] = dests[h]
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
