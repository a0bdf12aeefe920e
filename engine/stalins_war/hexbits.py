"""Sets of hexes as Python ints, one bit per hex, for the supply searches (13.1.2).

A supply trace asks the same question of hundreds of hexes at once: which hexes lie
within four steps of a source, or along unbroken rail from one. Done hex by hex in
sets that costs most of a view; done on bit sets, one step of the search is a handful
of shifts and masks over the whole board. Hex "CCRR" is bit CC * stride + RR, so each
of the six hexside directions is one of a few fixed shifts (which one depends on the
column's parity, hence a mask per shift saying from which hexes a step of that length
is a real edge). The answers are exactly those of the plain searches: same edges,
same blocked hexes, same distances.
"""
from __future__ import annotations

from collections.abc import Iterable


class HexBits:
    def __init__(self, hex_ids: Iterable[str], edges: dict[str, Iterable[str]], rail: dict[str, Iterable[str]]) -> None:
        ids = list(hex_ids)
        if all(len(h) == 4 and h.isdigit() for h in ids):
            stride = max(int(h[2:]) for h in ids) + 2  # a spare bit between columns: no step wraps
            self.bit = {h: int(h[:2]) * stride + int(h[2:]) for h in ids}
        else:  # any other naming still works, with more (and slower) shift groups
            self.bit = {h: i for i, h in enumerate(sorted(ids))}
        size = max(self.bit.values()) + 1
        self.nbytes = (size + 7) // 8
        self._where = {h: (i >> 3, 1 << (i & 7)) for h, i in self.bit.items()}
        self._by_bit = {i: h for h, i in self.bit.items()}
        self._byte_hexes: dict[int, tuple[str, ...]] = {}  # (byte index << 8 | byte value) -> its hexes
        self.land_steps = self._groups(edges)
        self.rail_steps = self._groups(rail)

    def _groups(self, links: dict[str, Iterable[str]]) -> tuple[tuple[int, int], ...]:
        """((mask of hexes with a link of this length, shift), ...) covering every link."""
        masks: dict[int, int] = {}
        for h, ns in links.items():
            for n in ns:
                d = self.bit[n] - self.bit[h]
                masks[d] = masks.get(d, 0) | 1 << self.bit[h]
        return tuple(sorted((m, d) for d, m in masks.items()))

    def of(self, hexes: Iterable[str]) -> int:
        buf = bytearray(self.nbytes)
        where = self._where
        for h in hexes:
            j, m = where[h]
            buf[j] |= m
        return int.from_bytes(buf, "little")

    def hexes(self, bits: int) -> list[str]:
        out: list[str] = []
        table = self._byte_hexes
        for j, v in enumerate(bits.to_bytes(self.nbytes, "little")):
            if v:
                key = j << 8 | v
                got = table.get(key)
                if got is None:
                    got = table[key] = tuple(self._by_bit[8 * j + k] for k in range(8)
                                             if v >> k & 1 and 8 * j + k in self._by_bit)
                out.extend(got)
        return out

    def has(self, bits: int, hid: str) -> bool:
        return bool(bits >> self.bit[hid] & 1)

    @staticmethod
    def step(bits: int, steps: tuple[tuple[int, int], ...]) -> int:
        """Every hex one link away from a hex in `bits`."""
        out = 0
        for mask, d in steps:
            x = bits & mask
            if x:
                out |= x << d if d > 0 else x >> -d
        return out
