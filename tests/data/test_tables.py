"""Fire Tables and the Terrain Effects Chart (tables.toml)."""
from __future__ import annotations

import pytest

from engine.stalins_war.data import tables
from engine.stalins_war.data.loading import DataError


@pytest.fixture(scope="module")
def lcu(fire_and_terrain):
    return fire_and_terrain.fire["lcu"]


@pytest.fixture(scope="module")
def scu(fire_and_terrain):
    return fire_and_terrain.fire["scu"]


@pytest.fixture(scope="module")
def tec(fire_and_terrain):
    return fire_and_terrain.terrain


def test_tables_file_validates(fire_and_terrain):
    assert set(fire_and_terrain.fire) == {"lcu", "scu"}
    assert len(fire_and_terrain.fire["lcu"]) >= 10


def test_2_2_1_lcu_table_better_than_scu_at_equal_strength(lcu, scu):
    assert lcu.labels == scu.labels
    for strength in range(1, 30):
        lc, sc = lcu.column_for(strength), scu.column_for(strength)
        lcu_rows = [lcu.result(lc, d) for d in range(1, 7)]
        scu_rows = [scu.result(sc, d) for d in range(1, 7)]
        # never worse on any die roll, strictly more expected losses
        for (la, lstar), (sa, sstar) in zip(lcu_rows, scu_rows):
            assert (la, not lstar) >= (sa, not sstar), strength
        assert sum(x for x, _ in lcu_rows) > sum(x for x, _ in scu_rows), strength


def test_11_2_1_column_for_strength(lcu):
    assert lcu.column_for(1) == 0
    assert lcu.labels[lcu.column_for(5)] == "5"
    assert lcu.column_for(9) == lcu.column_for(10)
    assert lcu.column_for(10) < lcu.column_for(11)
    assert lcu.column_for(20) == len(lcu) - 1 == lcu.column_for(99)
    with pytest.raises(ValueError):
        lcu.column_for(0)
    # every strength lands in the column whose label covers it
    for s in range(1, 25):
        col = lcu.columns[lcu.column_for(s)]
        assert col.holds(s)


def test_11_2_1_step4_column_shifts_clamp_to_the_table(lcu):
    last = len(lcu) - 1
    assert lcu.shifted(3, 2) == 5 and lcu.shifted(3, -2) == 1
    assert lcu.shifted(1, -3) == 0 and lcu.shifted(last - 1, +4) == last
    with pytest.raises(ValueError):
        lcu.shifted(last + 1, 0)


def test_fire_results_grow_with_strength_and_die(lcu, scu):
    for table in (lcu, scu):
        for c in range(len(table)):
            for d in range(1, 7):
                loss, star = table.result(c, d)
                assert loss >= 0
                if d > 1:
                    assert (loss, not star) >= (lambda r: (r[0], not r[1]))(table.result(c, d - 1))
                if c > 0:
                    assert (loss, not star) >= (lambda r: (r[0], not r[1]))(table.result(c - 1, d))
        assert table.result(0, 1) == (0, False)  # a weak force can miss
        assert table.result(len(table) - 1, 6)[0] >= 5  # a massive one hurts


def test_11_3_4_asterisked_results_exist_on_both_tables(lcu, scu):
    for table in (lcu, scu):
        stars = [(c, d) for c in range(len(table)) for d in range(1, 7) if table.result(c, d)[1]]
        assert stars
        assert all(table.result(c, d)[0] == 1 for c, d in stars)  # marginal results only
    with pytest.raises(ValueError):
        lcu.result(0, 7)


# ---- Terrain Effects Chart ---------------------------------------------------------------

def test_3_0_hex_mp_costs(tec):
    costs = {t: e.mp for t, e in tec.terrain.items()}
    assert costs == {"clear": 1, "forest": 2, "rough": 2, "swamp": 2, "desert": 2, "mountain": 3}
    assert all(f.mp == 0 for f in tec.features.values())  # 10.1.1


def test_10_1_2_a_hex_costs_its_highest_terrain(tec):
    assert tec.hex_mp(["clear", "swamp"]) == 2  # e.g. Astrakhan 3032 costs 2
    assert tec.hex_mp(["forest", "mountain"]) == 3
    assert tec.hex_mp(["clear"]) == 1


def test_some_hexsides_add_mp(tec):
    assert any(h.mp > 0 for h in tec.hexsides.values())
    assert tec.hexside_mp("major_river") >= tec.hexside_mp("river") and tec.hexside_mp(None) == 0
    assert tec.hexsides["lake_sea"].impassable and not tec.hexsides["river"].impassable  # 8.2


def test_11_2_1_step9_blitz_bans(tec):
    for t in ("forest", "rough", "swamp", "mountain"):
        assert not tec.terrain[t].blitz, t
    for f in ("city", "major_city", "fortress", "festung"):
        assert not tec.features[f].blitz, f
    assert not tec.hexsides["major_river"].blitz and not tec.hexsides["kerch"].blitz
    assert tec.terrain["clear"].blitz and tec.terrain["desert"].blitz and tec.features["town"].blitz
    assert tec.blitz_allowed(["clear"], ["town"], "river")
    assert not tec.blitz_allowed(["clear"], [], "major_river")
    assert not tec.blitz_allowed(["clear", "forest"])


def test_11_4_3_no_retreat_terrain(tec):
    yes = {k for k, e in tec.terrain.items() if e.no_retreat} | {k for k, e in tec.features.items() if e.no_retreat}
    assert yes == {"forest", "mountain", "rough", "swamp", "trench", "fortress"}
    assert tec.no_retreat(["clear"], ["trench"]) and not tec.no_retreat(["clear"], ["city"])


def test_12_2_5_exploitation_stops(tec):
    stops = {k for k, e in tec.terrain.items() if e.exploit_stop}
    assert stops == {"swamp", "forest", "rough", "desert", "mountain"}
    assert tec.hexsides["kerch"].exploit_stop
    assert tec.exploit_stops(["clear"], "kerch") and not tec.exploit_stops(["clear"], "river")


def test_terrain_shifts_favour_the_defender(tec):
    assert all(e.attack_shift <= 0 for e in [*tec.terrain.values(), *tec.features.values(), *tec.hexsides.values()])
    assert tec.defender_shift(["clear"]) == 0
    assert tec.defender_shift(["mountain"]) < tec.defender_shift(["forest"]) < 0
    # terrain and city do not add up; a trench does
    assert tec.defender_shift(["forest"], ["city"]) == min(tec.terrain["forest"].attack_shift, tec.features["city"].attack_shift)
    assert tec.defender_shift(["clear"], ["city"], trench=True) == tec.features["city"].attack_shift + tec.features["trench"].attack_shift
    # a hexside shift needs every attacking hex to cross one; the mildest counts
    assert tec.hexside_shift(["river", None]) == 0
    assert tec.hexside_shift(["river", "major_river"]) == tec.hexsides["river"].attack_shift
    assert tec.hexside_shift(["major_river"]) == tec.hexsides["major_river"].attack_shift < 0


def test_unknown_terrain_is_an_error(tec):
    with pytest.raises(KeyError, match="jungle"):
        tec.hex_mp(["jungle"])


# ---- broken files -------------------------------------------------------------------------

@pytest.mark.parametrize(
    "old, new, entry, problem",
    [
        # LCU worse than SCU in column "1": make the LCU die-6 result 0
        ('6 = ["1",  "1",  "2",', '6 = ["0",  "1",  "2",', "fire.lcu", "worse"),
        ('[terrain.mountain]\nname = "Mountain"\nmp = 3', '[terrain.mountain]\nname = "Mountain"\nmp = 4', "terrain.mountain", "3.0"),
        ('[feature.city]\nname = "City"\nmp = 0', '[feature.city]\nname = "City"\nmp = 1', "feature.city", "10.1.1"),
        ('5 = ["0",  "1*", "1*",', '5 = ["0",  "1*", "x",', "fire.scu", "cell"),
        ('[hexside.kerch]', '[hexside.kerch_strait]', "hexside.kerch", "missing"),
        ('columns = ["1",  "2",  "3",  "4",  "5",  "6", "7", "8", "9-10", "11-12", "13-15", "16-19", "20+"]\n\n[fire.scu.rows]',
         'columns = ["1",  "2",  "3",  "4",  "5",  "6", "7", "8", "9-11", "11-12", "13-15", "16-19", "20+"]\n\n[fire.scu.rows]',
         "fire.scu", "gap or overlap"),
        ("attack_shift = -2\nblitz = false         # FACT 11.2.1 step 9\nno_retreat = true",
         "attack_shift = 2\nblitz = false         # FACT 11.2.1 step 9\nno_retreat = true", "terrain.mountain", "attack_shift"),
    ],
)
def test_broken_tables_file_names_file_entry_and_problem(broken_copy, old, new, entry, problem):
    d = broken_copy("tables.toml", old, new)
    with pytest.raises(DataError) as exc:
        tables.load_tables(d)
    msg = str(exc.value)
    assert msg.startswith("tables.toml: "), msg
    assert entry in msg and problem in msg, msg
