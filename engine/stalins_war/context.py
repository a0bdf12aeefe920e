"""`Ctx`: one game state plus the static data, with the queries every rule needs.

The state is a plain JSON-native dict (see engine/README.md, "State"); rule modules
read and change it only through a `Ctx`, which keeps a few indexes (units by hex)
and collects the log entries an action produces.
"""
from __future__ import annotations

from typing import Iterable

from ..core.errors import IllegalAction
from ..core.rng import Rng
from .constants import AXIS, SOVIET, SIDES, enemy, is_hex
from .data import GameData


_HEX_LABELS: dict[int, tuple] = {}


class Borrowed(dict):
    """A cache that starts empty but answers from `known`, the derived data of an equal state,
    taking in each entry as it is asked for (`in`, `get`, `[]`). Any change forgets `known`.

    `apply` checks an action with it on its fresh copy of the position: the check then reuses the
    supply nets, ZOCs and stacking that the position's views and legal actions already computed,
    and what it read is exactly what it would have computed itself.
    """

    __slots__ = ("known",)

    def __init__(self, known: dict) -> None:
        super().__init__()
        self.known = known

    def __contains__(self, key) -> bool:
        if dict.__contains__(self, key):
            return True
        if key in self.known:
            self[key] = self.known[key]
            return True
        return False

    def get(self, key, default=None):
        if key in self:
            return dict.__getitem__(self, key)
        return default

    def __missing__(self, key):
        if key in self.known:
            value = self[key] = self.known[key]
            return value
        raise KeyError(key)

    def clear(self) -> None:
        self.known = {}
        super().clear()


class Ctx:
    def __init__(self, state: dict, data: GameData) -> None:
        self.s = state
        self.d = data
        self.map = data.map
        self.entries: list[dict] = []
        # What this action showed the acting side that it could not know before (dice,
        # draws, shuffles, hidden counters): such an action cannot be taken back.
        self.revealed: list[dict] = []
        # Derived data (the unit index, supply maps, ZOC maps), cleared on any change. The game
        # object hands every read-only query on one position the same dict (see StalinsWar._ctx).
        self.cache: dict = {}
        # Derived data the game keeps from one position to the next (each unit's movement search),
        # each entry with the inputs it was computed from, which its reader compares by value before
        # using it. None: nothing kept (a state outside a game object).
        self.lasting: dict | None = None

    # ---- log ------------------------------------------------------------------------------
    def say(self, text: str, *, to: str | None = None, **extra) -> None:
        """Record a log entry; `to` limits it to one side (hidden information)."""
        entry = {"text": text, "to": to, "turn": self.s["turn"], "round": self.s["round"]}
        entry.update(extra)
        self.entries.append(entry)

    # ---- randomness -----------------------------------------------------------------------
    def reveal(self, kind: str, text: str) -> None:
        """Note that this action brought new information to light (see `Game.revealed`)."""
        if not any(r["kind"] == kind and r["text"] == text for r in self.revealed):
            self.revealed.append({"kind": kind, "text": text})

    def roll(self, why: str = "") -> int:
        forced = self.s["forced"]["dice"]
        value = forced.pop(0) if forced else Rng(self.s).die()
        self.reveal("die", f"a die was rolled ({why})" if why else "a die was rolled")
        return value

    def rng(self, why: str = "", kind: str = "random") -> Rng:
        """The random generator; `why` says what its result reveals (a shuffle, a hidden counter)."""
        self.reveal(kind, why or "a random result was drawn")
        return Rng(self.s)

    # ---- time -----------------------------------------------------------------------------
    @property
    def turn(self) -> int:
        return self.s["turn"]

    @property
    def round(self) -> int:
        return self.s["round"]

    @property
    def active(self) -> str:
        return self.s["active"]

    def turn_def(self, turn: int | None = None):
        return self.scenario.turn(turn or self.s["turn"])

    @property
    def scenario(self):
        return self.d.scenarios[self.s["scenario"]]

    def flag(self, name: str) -> bool:
        return bool(self.s["flags"].get(name))

    # ---- units ----------------------------------------------------------------------------
    def unit(self, uid: str) -> dict:
        try:
            return self.s["units"][uid]
        except KeyError:
            raise IllegalAction(f"There is no unit {uid!r}.", code="unknown_id") from None

    def udef(self, uid: str):
        return self.d.units[uid]

    def side_of(self, uid: str) -> str:
        return self.d.units[uid].side

    def loc(self, uid: str) -> str:
        return self.s["units"][uid]["loc"]

    def on_map(self, uid: str) -> bool:
        return is_hex(self.s["units"][uid]["loc"])

    def step(self, uid: str):
        """The unit's current step (its printed values now)."""
        return self.d.units[uid].steps[self.s["units"][uid]["lost"]]

    def steps_left(self, uid: str) -> int:
        return len(self.d.units[uid].steps) - self.s["units"][uid]["lost"]

    def _index(self) -> dict[str, list[str]]:
        idx = self.cache.get(("by_hex",))
        if idx is None:
            idx = {}
            for uid, u in self.s["units"].items():
                if is_hex(u["loc"]):
                    idx.setdefault(u["loc"], []).append(uid)
            for lst in idx.values():
                lst.sort()
            self.cache[("by_hex",)] = idx
        return idx

    def units_at(self, hid: str, side: str | None = None) -> list[str]:
        units = self._index().get(hid, [])
        if side is None:
            return list(units)
        return [u for u in units if self.d.units[u].side == side]

    def units_on_map(self, side: str | None = None) -> list[str]:
        key = ("on_map", side)
        out = self.cache.get(key)
        if out is None:
            out = [uid for uids in self._index().values() for uid in uids]
            if side is not None:
                units = self.d.units
                out = [u for u in out if units[u].side == side]
            out = self.cache[key] = sorted(out)
        return list(out)

    def occupied_hexes(self, side: str) -> frozenset[str]:
        key = ("occupied", side)
        out = self.cache.get(key)
        if out is None:
            units = self.d.units
            out = self.cache[key] = frozenset(h for h, us in self._index().items()
                                              if any(units[u].side == side for u in us))
        return out

    def set_loc(self, uid: str, loc: str) -> None:
        self.s["units"][uid]["loc"] = loc
        self.changed()

    def changed(self) -> None:
        """Forget derived data after the position changed."""
        self.cache.clear()

    # ---- hexes ----------------------------------------------------------------------------
    def hex(self, hid: str):
        return self.map.hexes[hid]

    def controller(self, hid: str) -> str | None:
        return self.s["control"].get(hid)

    def enemy_occupied(self, hid: str, side: str) -> bool:
        return bool(self.units_at(hid, enemy(side)))

    def place_names(self, hexes: Iterable[str]) -> str:
        return ", ".join(self.hex_label(h) for h in hexes)

    def hex_label(self, hid: str) -> str:
        labels = _HEX_LABELS.get(id(self.map))
        if labels is None or labels[0] is not self.map:  # once per board: move lists label every hex
            labels = _HEX_LABELS[id(self.map)] = (self.map, {h: f"{x.name} ({h})" if x.name else h
                                                             for h, x in self.map.hexes.items()})
        return labels[1].get(hid, hid)

    def unit_label(self, uid: str) -> str:
        return self.d.units[uid].label if uid in self.d.units else uid

    # ---- sides ----------------------------------------------------------------------------
    @staticmethod
    def enemy(side: str) -> str:
        return enemy(side)

    @staticmethod
    def sides() -> tuple[str, str]:
        return SIDES

    def is_axis(self, uid: str) -> bool:
        return self.d.units[uid].side == AXIS

    def is_soviet(self, uid: str) -> bool:
        return self.d.units[uid].side == SOVIET
