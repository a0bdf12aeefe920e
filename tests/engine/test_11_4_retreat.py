"""11.4 Retreats (with 16.1.4 partisans, 16.3.5 festungs, 16.4.3 Stalin)."""

from engine.core import hexgrid
from tests.engine.combat_support import (
    battle,
    boxes,
    combat,
    declare,
    die_for,
    finish_combat,
    first_choices,
    has,
    legal,
    outcome,
    phase,
    strip,
    unit,
    where,
)

FIELD = "2021"  # neighbours: 2020, 2120, 2121, 2022 (Minsk), 1921, 1920


def _win(g, side, a_loss, d_loss=None, a_star=False):
    """Resolve with dice giving the attacker `a_loss` and the defender its smallest (or `d_loss`)."""
    cb = combat(g)
    a, d = cb["fire"][cb["attacker"]], cb["fire"][cb["defender"]]
    ad = die_for(a["table"], a["strength"], a["net"], a_loss, a_star)
    if d_loss is None:
        dd = next(x for n in range(7) for x in [_try(d, n)] if x)
    else:
        dd = die_for(d["table"], d["strength"], d["net"], d_loss)
    g.force_dice(ad, dd)
    log = g.apply(side, {"type": "resolve"})
    return first_choices(g, log)


def _try(p, n):
    try:
        return die_for(p["table"], p["strength"], p["net"], n)
    except AssertionError:
        return None


def _paths(g, side, uid=None):
    return [a["path"] for a in legal(g, side, "retreat") if uid is None or a["unit"] == uid]


def test_11_4_2_retreat_one_hex_on_a_difference_of_one():
    g = battle({FIELD: ["SU-WestF", "SU-13R"], "1920": ["GE-9A", "GE-43K"]}, ["1920"])
    declare(g, "axis", FIELD, ["GE-9A", "GE-43K"])
    cb = combat(g)
    a, d = cb["fire"]["axis"], cb["fire"]["soviet"]
    g.force_dice(die_for(a["table"], a["strength"], 0, 2, False), die_for(d["table"], d["strength"], 0, 1, False))
    first_choices(g, g.apply("axis", {"type": "resolve"}))
    assert phase(g) == "retreat" and g.active_sides() == ["soviet"]
    paths = _paths(g, "soviet")
    assert paths and all(len(p) == 1 for p in paths)
    # never into the Axis ZOC of the attackers at Vilnius (2020, 1921 are in it; nobody negates it)
    assert {p[0] for p in paths} == {"2120", "2121", "2022"}


def test_11_4_2_retreat_two_hexes_on_a_difference_of_two():
    g = battle({FIELD: ["SU-WestF", "SU-13R", "SU-20R"], "1920": ["GE-9A", "GE-39Pz"]}, ["1920"])
    declare(g, "axis", FIELD, ["GE-9A", "GE-39Pz"])
    _win(g, "axis", 3, 1)
    assert {a["unit"] for a in legal(g, "soviet", "retreat")} == {"SU-WestF", "SU-13R", "SU-20R"}
    paths = _paths(g, "soviet", "SU-13R")
    assert paths and all(len(p) == 2 for a in legal(g, "soviet", "retreat") for p in [a["path"]])
    for p in paths:
        assert p[1] != FIELD and hexgrid.distance(p[1], FIELD) == 2  # not back, not next to the old hex
    g.apply("soviet", {"type": "retreat", "unit": "SU-13R", "path": paths[0]})
    assert where(g, "SU-13R") == paths[0][1]
    assert {a["unit"] for a in legal(g, "soviet", "retreat")} == {"SU-WestF", "SU-20R"}  # each on its own


def test_11_4_3_no_retreat_option_in_forest():
    # 2823 is forest; the attack comes from 2822 over a plain hexside
    units = {"2823": ["SU-13R", "SU-20R"], "2822": ["GE-9A", "GE-39Pz"]}
    g = battle(units, ["2822"])
    declare(g, "axis", "2823", ["GE-9A", "GE-39Pz"])
    _win(g, "axis", 2, 1)
    assert phase(g) == "no_retreat" and g.active_sides() == ["soviet"]
    opts = {a["unit"] for a in legal(g, "soviet", "no_retreat")}
    assert opts == {u for u in ("SU-13R", "SU-20R") if unit(g, u)}
    assert has(g, "soviet", type="accept_retreat")
    before = sum(unit(g, u)["lost"] for u in ("SU-13R", "SU-20R") if unit(g, u))
    g.apply("soviet", {"type": "no_retreat", "unit": min(opts)})
    assert where(g, "SU-13R") in ("2823", None) and where(g, "SU-20R") in ("2823", None)
    after = sum(unit(g, u)["lost"] if unit(g, u) else 2 for u in ("SU-13R", "SU-20R"))
    assert after == before + 1
    assert combat(g) is None  # the hex is still held: no advance


def test_11_4_3_no_retreat_option_needs_a_step_left_over():
    # a front on its last step in the forest: an asterisked 1 cannot touch it, the Axis win, and
    # with one step only it cannot pay for staying
    g = battle({"2823": ["SU-WestF:1"], "2822": ["GE-39Pz"]}, ["2822"])
    declare(g, "axis", "2823", ["GE-39Pz"])
    cb = combat(g)
    a, d = cb["fire"]["axis"], cb["fire"]["soviet"]
    g.force_dice(die_for(a["table"], a["strength"], a["net"], 1, True), die_for(d["table"], d["strength"], d["net"], 0))
    log = g.apply("axis", {"type": "resolve"})
    assert outcome(g, log)["winner"] == "axis"
    assert not has(g, "soviet", type="no_retreat")


def test_11_4_3_no_retreat_option_not_in_clear_terrain():
    g = battle({FIELD: ["SU-13R", "SU-20R"], "1920": ["GE-9A", "GE-39Pz"]}, ["1920"])
    declare(g, "axis", FIELD, ["GE-9A", "GE-39Pz"])
    _win(g, "axis", 2, 1)
    assert phase(g) == "retreat"
    assert not has(g, "soviet", type="no_retreat")


def test_11_4_4_retreat_avoids_enemy_controlled_cities_when_it_can():
    g = battle({FIELD: ["SU-13R"], "1920": ["GE-9A", "GE-43K"]}, ["1920"], control={"2022": "axis"})
    declare(g, "axis", FIELD, ["GE-9A", "GE-43K"])
    cb = combat(g)
    a, d = cb["fire"]["axis"], cb["fire"]["soviet"]
    first_choices(g, _resolve(g, a, d, 1, 0))
    assert {p[0] for p in _paths(g, "soviet")} == {"2120", "2121"}


def _resolve(g, a, d, a_loss, d_loss):
    g.force_dice(die_for(a["table"], a["strength"], a["net"], a_loss, False),
                 die_for(d["table"], d["strength"], d["net"], d_loss))
    return g.apply("axis", {"type": "resolve"})


def test_11_4_4_a_friendly_unit_negates_zoc_for_the_retreat():
    g = battle({FIELD: ["SU-13R"], "1921": ["SU-20R"], "1920": ["GE-9A", "GE-43K"]}, ["1920"])
    declare(g, "axis", FIELD, ["GE-9A", "GE-43K"])
    cb = combat(g)
    first_choices(g, _resolve(g, cb["fire"]["axis"], cb["fire"]["soviet"], 1, 0))
    assert "1921" in {p[0] for p in _paths(g, "soviet")}


def test_11_4_4_a_unit_that_cannot_retreat_is_eliminated_as_if_out_of_supply():
    # the Axis army at 2021 is boxed in: Soviet units at 2120, 2022 and Vilnius, their ZOC on the rest
    units = {FIELD: ["GE-9A"], "2120": ["SU-1T"], "2022": ["SU-WestF"], "1920": ["SU-4M"]}
    g = battle(units, ["2120", "2022"], active="soviet")
    declare(g, "soviet", FIELD, ["SU-1T", "SU-WestF"])
    cb = combat(g)
    a, d = cb["fire"]["soviet"], cb["fire"]["axis"]
    g.force_dice(die_for(a["table"], a["strength"], a["net"], 2, False),
                 die_for(d["table"], d["strength"], d["net"], 1, False))
    log = first_choices(g, g.apply("soviet", {"type": "resolve"}))
    assert unit(g, "GE-9A") is None
    assert "GE-9A" in boxes(g)["track"].get("9", [])  # 11.4.4 -> treated like 13.3.8
    assert any("cannot retreat" in e["text"] for e in log)


def test_11_4_4_axis_retreats_avoid_inactive_partisans_and_stop_in_them():
    units = {FIELD: ["GE-9A"], "2120": ["SU-1T"]}
    g = battle(units, ["2120"], active="soviet", markers={"partisans": ["2022"]}, control={"1920": "axis"})
    declare(g, "soviet", FIELD, ["SU-1T"])
    cb = combat(g)
    a, d = cb["fire"]["soviet"], cb["fire"]["axis"]
    g.force_dice(die_for(a["table"], a["strength"], a["net"], 1, False), die_for(d["table"], d["strength"], d["net"], 1, False))
    first_choices(g, g.apply("soviet", {"type": "resolve"}))
    assert combat(g)["winner"] == "soviet"  # tie exception: the tank army
    assert {p[0] for p in _paths(g, "axis")} == {"1921", "1920"}
    # two hexes due, but every way out leads into partisans (1920): the army stops there after one
    units2 = {FIELD: ["GE-9A"], "2120": ["SU-1T"], "2022": ["SU-2T"]}
    g2 = battle(units2, ["2120", "2022"], active="soviet", markers={"partisans": ["1920"]}, control={"1920": "axis"})
    declare(g2, "soviet", FIELD, ["SU-1T", "SU-2T"])
    cb = combat(g2)
    a, d = cb["fire"]["soviet"], cb["fire"]["axis"]
    g2.force_dice(die_for(a["table"], a["strength"], a["net"], 3, False), die_for(d["table"], d["strength"], d["net"], 1))
    log = first_choices(g2, g2.apply("soviet", {"type": "resolve"}))
    assert where(g2, "GE-9A") == "1920"
    assert any("retreats 2021 → 1920." in e["text"] for e in log)


def test_11_4_4_retreating_units_take_control_where_they_stop():
    g = battle({FIELD: ["SU-WestF", "SU-13R", "SU-20R"], "1920": ["GE-9A", "GE-39Pz"]}, ["1920"], control={"2122": "axis"})
    declare(g, "axis", FIELD, ["GE-9A", "GE-39Pz"])
    _win(g, "axis", 3, 1)
    path = next(p for p in _paths(g, "soviet") if p[-1] == "2122")
    g.apply("soviet", {"type": "retreat", "unit": "SU-13R", "path": path})
    assert g.view(None)["control"]["2122"] == "soviet"


def test_11_4_5_units_that_retreated_into_a_hex_do_not_defend_it_and_die_if_it_is_hit():
    units = {FIELD: ["SU-13R"], "2022": ["SU-20R"], "1920": ["GE-9A"], "1921": ["GE-39Pz"]}
    g = battle(units, ["1920", "1921"])
    declare(g, "axis", FIELD, ["GE-9A"])
    cb = combat(g)
    first_choices(g, _resolve(g, cb["fire"]["axis"], cb["fire"]["soviet"], 1, 0))
    g.apply("soviet", {"type": "retreat", "unit": "SU-13R", "path": ["2022"]})
    finish_combat(g)
    assert where(g, "SU-13R") == "2022"
    declare(g, "axis", "2022", ["GE-39Pz"])
    cb = combat(g)
    assert [r["id"] for r in cb["defenders"]] == ["SU-20R"] and cb["retreated_in"] == ["SU-13R"]
    assert cb["fire"]["soviet"]["strength"] == 2
    a = cb["fire"]["axis"]
    g.force_dice(die_for(a["table"], a["strength"], a["net"], 1), die_for("scu", 2, 0, 0))
    first_choices(g, g.apply("axis", {"type": "resolve"}))
    assert unit(g, "SU-13R") is None
    assert unit(g, "SU-20R")["lost"] == 1  # the Loss Number still falls in full on the real defenders


def test_11_4_6_units_without_movement_are_eliminated_when_they_must_retreat():
    g = battle({FIELD: ["SU-13R", "SU-FZ"], "1920": ["GE-9A", "GE-43K"]}, ["1920"])
    declare(g, "axis", FIELD, ["GE-9A", "GE-43K"])
    cb = combat(g)
    first_choices(g, _resolve(g, cb["fire"]["axis"], cb["fire"]["soviet"], 1, 0))
    assert unit(g, "SU-FZ") is None
    assert phase(g) == "retreat" and {a["unit"] for a in legal(g, "soviet", "retreat")} == {"SU-13R"}


def test_16_4_3_stalin_never_retreats_and_an_advancing_axis_unit_eliminates_him():
    g = battle({FIELD: ["SU-13R", "SU-Stalin"], "1920": ["GE-9A", "GE-43K"]}, ["1920"])
    declare(g, "axis", FIELD, ["GE-9A", "GE-43K"])
    cb = combat(g)
    first_choices(g, _resolve(g, cb["fire"]["axis"], cb["fire"]["soviet"], 1, 0))
    assert {a["unit"] for a in legal(g, "soviet", "retreat")} == {"SU-13R"}
    g.apply("soviet", strip(legal(g, "soviet", "retreat")[0]))
    assert where(g, "SU-Stalin") == FIELD
    assert phase(g) == "advance" and has(g, "axis", type="advance", unit="GE-43K")
    g.apply("axis", {"type": "advance", "unit": "GE-43K"})
    assert unit(g, "SU-Stalin") is None and "SU-Stalin" in boxes(g)["removed"]


def test_11_4_1_a_festung_cancels_the_retreat():
    # 1921 is a town: a festung stands there; the Soviets win but the Axis stay, losing no extra step
    units = {"1921": ["GE-9A"], "2022": ["SU-WestF"], "2021": ["SU-1T"]}
    g = battle(units, ["2022", "2021"], active="soviet", markers={"festung": ["1921"]})
    declare(g, "soviet", "1921", ["SU-WestF", "SU-1T"])
    cb = combat(g)
    a, d = cb["fire"]["soviet"], cb["fire"]["axis"]
    g.force_dice(die_for(a["table"], a["strength"], a["net"], 2, False), die_for(d["table"], d["strength"], d["net"], 1))
    log = first_choices(g, g.apply("soviet", {"type": "resolve"}))
    cb = outcome(g, log)
    assert cb["winner"] == "soviet"
    assert where(g, "GE-9A") == "1921" and unit(g, "GE-9A")["lost"] == 2
    assert any("festung" in e["text"].lower() and "cancels" in e["text"] for e in log)


def test_11_4_4_retreat_ends_in_supply_when_it_can():
    # from Ostroleka (1621): 1520 is out of Soviet supply, Warsaw (1521) is an Axis city, 1721 is in the
    # Axis ZOC; only Siedlce (1622) is both allowed and best
    g = battle({"1621": ["SU-WestF", "SU-13R"], "1720": ["GE-9A", "GE-39Pz"]}, ["1720"])
    declare(g, "axis", "1621", ["GE-9A", "GE-39Pz"])
    cb = combat(g)
    first_choices(g, _resolve(g, cb["fire"]["axis"], cb["fire"]["soviet"], 2, 1))
    assert where(g, "SU-WestF") == "1622" and where(g, "SU-13R") == "1622"
