"""The deterministic random generator (engine.core.rng)."""
from collections import Counter

import pytest

from engine.core.rng import Rng, seed_state


def test_same_seed_same_sequence_different_seed_different_sequence():
    a, b, c = {"rng": seed_state(7)}, {"rng": seed_state(7)}, {"rng": seed_state(8)}
    ra, rb, rc = Rng(a), Rng(b), Rng(c)
    seq_a = [ra.die() for _ in range(50)]
    assert seq_a == [rb.die() for _ in range(50)]
    assert seq_a != [rc.die() for _ in range(50)]


def test_state_is_one_json_int_and_resumes_exactly():
    holder = {"rng": seed_state(123)}
    r = Rng(holder)
    [r.die() for _ in range(10)]
    saved = dict(holder)
    assert isinstance(saved["rng"], int)
    expected = [r.below(1000) for _ in range(20)]
    assert [Rng(saved).below(1000) for _ in range(20)] == expected


def test_die_is_roughly_uniform():
    r = Rng({"rng": seed_state(1)})
    counts = Counter(r.die() for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(abs(n - 10_000) < 400 for n in counts.values())


def test_shuffle_is_a_permutation_and_deterministic():
    items = list(range(30))
    x, y = list(items), list(items)
    Rng({"rng": seed_state(5)}).shuffle(x)
    Rng({"rng": seed_state(5)}).shuffle(y)
    assert x == y and sorted(x) == items and x != items


def test_below_rejects_nonsense():
    with pytest.raises(ValueError):
        Rng({"rng": 1}).below(0)
