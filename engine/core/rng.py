"""A small deterministic random number generator whose whole state is one integer.

The generator is SplitMix64: tiny, fast in pure Python, well tested, and its state
serialises as a single int inside the game state (which views never show).
Tests may queue forced results; a forced value is consumed before the generator
is asked, so the generator's own sequence is unaffected by what was forced.
"""
from __future__ import annotations

from typing import MutableMapping, Sequence, TypeVar

MASK64 = (1 << 64) - 1
T = TypeVar("T")


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state (so nearby seeds diverge at once)."""
    state = seed & MASK64
    state, _ = _next(state ^ 0x5851F42D4C957F2D)
    return state


def _next(state: int) -> tuple[int, int]:
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


class Rng:
    """Reads and writes its state in ``holder[key]`` (a plain dict inside the game state)."""

    def __init__(self, holder: MutableMapping, key: str = "rng") -> None:
        self._holder = holder
        self._key = key

    def _bits(self) -> int:
        state, value = _next(self._holder[self._key])
        self._holder[self._key] = state
        return value

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = MASK64 - (MASK64 + 1) % n
        while True:
            value = self._bits()
            if value <= limit:
                return value % n

    def die(self) -> int:
        return self.below(6) + 1

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]
