"""Smaller rules of 11, 12 and 16 not covered elsewhere, each by its number."""

from engine.stalins_war.data import load_data
from engine.stalins_war.state import default_control
from tests.engine.combat_support import (
    attack,
    battle,
    combat,
    declare,
    die_for,
    finish_combat,
    first_choices,
    has,
    legal,
    new,
    outcome,
    shift_reasons,
    stage,
    unit,
    where,
)
from tests.engine.test_11_5_advance import _crush

MAP = load_data().map
FIELD = "2021"


def test_11_1_2_the_active_player_attacks_and_the_other_defends():
    g = battle({FIELD: ["SU-13R"], "1920": ["GE-9A"]}, ["1920"])
    declare(g, "axis", FIELD, ["GE-9A"])
    cb = combat(g)
    assert cb["attacker"] == g.view(None)["active"] == "axis" and cb["defender"] == "soviet"


def test_11_1_5_units_of_one_hex_may_attack_different_hexes():
    g = battle({"1921": ["GE-9A", "GE-39Pz"], FIELD: ["SU-13R"], "1922": ["SU-20R"]}, ["1921"])
    attack(g, "axis", FIELD, ["GE-39Pz"], dice=[1, 6])
    finish_combat(g)
    g.apply("axis", {"type": "attack", "target": "1922"})
    assert {a["unit"] for a in legal(g, "axis", "commit")} == {"GE-9A"}


def test_11_3_1_each_sides_roll_on_its_fire_table_is_the_opponents_loss_number():
    g = battle({FIELD: ["SU-WestF", "SU-13R"], "1920": ["GE-9A", "GE-39Pz"]}, ["1920"])
    log = attack(g, "axis", FIELD, ["GE-9A", "GE-39Pz"], dice=[4, 3])
    cb = outcome(g, first_choices(g, log))
    tables = load_data().tables.fire
    for side in ("axis", "soviet"):
        p = cb["fire"][side]
        assert (p["result"], p["asterisk"]) == tables[p["table"]].result(p["column"], p["die"])
    assert sum(r["lost_here"] for r in cb["defenders"]) == min(cb["fire"]["axis"]["result"], 4)


def test_11_4_7_attackers_never_retreat():
    g = battle({FIELD: ["SU-WestF", "SU-13R"], "1920": ["GE-43K"]}, ["1920"])
    declare(g, "axis", FIELD, ["GE-43K"])
    cb = combat(g)
    a, d = cb["fire"]["axis"], cb["fire"]["soviet"]
    log = first_choices(g, attack_with(g, a, d, 0, 1))
    assert outcome(g, log)["winner"] == "soviet"
    assert where(g, "GE-43K") == "1920" and combat(g) is None


def attack_with(g, a, d, a_loss, d_loss):
    g.force_dice(die_for(a["table"], a["strength"], a["net"], a_loss), die_for(d["table"], d["strength"], d["net"], d_loss))
    return g.apply(g.active_sides()[0], {"type": "resolve"})


def test_12_2_1_exploitation_comes_after_all_combats():
    g = battle({FIELD: ["SU-28RK"], "1920": ["GE-9A", "GE-39Pz"], "1921": ["GE-57Pz"], "1922": ["SU-13R"]},
               ["1920", "1921"])
    _crush(g, "axis", FIELD, ["GE-9A", "GE-39Pz"])
    g.apply("axis", {"type": "advance", "unit": "GE-39Pz"})
    g.apply("axis", {"type": "place_blitz"})
    g.apply("axis", {"type": "end_advance"})
    assert stage(g) == "combat" and not legal(g, "axis", "exploit")
    assert has(g, "axis", type="attack", target="1922")
    g.apply("axis", {"type": "end_combat"})
    assert legal(g, "axis", "exploit")


def test_16_1_5_a_supplied_soviet_unit_entering_removes_inactive_partisans():
    g = new({"2021": ["SU-13R"], "1920": ["GE-43K"]}, active="soviet", markers={"partisans": ["2120"]})
    g.apply("soviet", {"type": "move", "unit": "SU-13R", "path": ["2120"]})
    assert g.view(None)["markers"]["inactive_partisans"] == []


def test_16_2_1_a_fortress_serves_only_the_side_that_owned_it():
    kon = MAP.places["Konigsberg"]
    assert MAP.hexes[kon].fortress == "axis"
    near = next(n for n in MAP.neighbours(kon) if MAP.hexes[n].playable and MAP.hexside(kon, n) is None)
    g = battle({kon: ["SU-13R"], near: ["GE-9A"]}, [near])
    declare(g, "axis", kon, ["GE-9A"])
    assert "fortress" not in shift_reasons(g, "axis")


def test_16_2_2_entering_an_enemy_fortress_destroys_it():
    sev = MAP.places["Sevastopol"]
    near = next(n for n in MAP.neighbours(sev) if MAP.hexes[n].playable and MAP.hexside(sev, n) is None)
    control = {h: "axis" for h in default_control(load_data()) if h != sev}
    g = battle({sev: ["SU-28RK"], near: ["GE-9A", "GE-39Pz"]}, [near], control=control)
    _crush(g, "axis", sev, ["GE-9A", "GE-39Pz"])
    g.apply("axis", {"type": "advance", "unit": "GE-9A"})
    v = g.view(None)
    assert sev in v["markers"]["fortress_destroyed"] and v["control"][sev] == "axis"


def test_16_2_3_the_volga_fortress_is_a_soviet_fortress_in_combat():
    g = battle({FIELD: ["SU-WestF"], "1920": ["GE-9A"]}, ["1920"], markers={"volga_fortress": FIELD})
    declare(g, "axis", FIELD, ["GE-9A"])
    assert "fortress" in shift_reasons(g, "axis")


def test_16_3_1_no_more_festungs_than_the_counter_mix_holds():
    towns = sorted(h for h, x in MAP.hexes.items() if x.settlement and x.country == "germany")[:6]
    g = new({"1821": ["GE-9A"]}, flags={"festung": True}, markers={"festung": towns})
    assert not legal(g, "axis", "build_festung")
    g2 = new({"1821": ["GE-9A"]}, flags={"festung": True}, markers={"festung": towns[:5]})
    assert legal(g2, "axis", "build_festung")


def test_16_3_3_a_soviet_unit_entering_a_festung_destroys_it():
    units = {"1921": ["GE-43K"], "1821": ["GE-42K"], "2021": ["SU-WestF", "SU-1T"]}
    g = battle(units, ["2021"], active="soviet", markers={"festung": ["1921"]})
    _crush(g, "soviet", "1921", ["SU-WestF", "SU-1T"])
    assert unit(g, "GE-43K") is None
    g.apply("soviet", {"type": "advance", "unit": "SU-1T"})
    assert "1921" not in g.view(None)["markers"]["festung"]


def test_16_3_5_a_festung_supplies_its_defenders_for_defence():
    # deep in Russia the army cannot trace supply, but its festung supplies it when attacked
    g = battle({"3525": ["GE-9A"], "3526": ["SU-13R"]}, ["3526"], active="soviet", markers={"festung": ["3525"]})
    log = attack(g, "soviet", "3525", ["SU-13R"], dice=[1, 1])
    cb = outcome(g, first_choices(g, log))
    assert not any("out of supply" in x["why"] for x in cb["fire"]["axis"]["shifts"])
    assert unit(g, "GE-9A")["supply"] == "limited"


def test_16_4_1_stalin_has_no_attack_and_no_movement():
    g = battle({FIELD: ["SU-13R", "SU-Stalin"], "1921": ["GE-43K"]}, [FIELD], active="soviet")
    g.apply("soviet", {"type": "attack", "target": "1921"})
    assert {a["unit"] for a in legal(g, "soviet", "commit")} == {"SU-13R"}


def test_16_4_2_stalin_is_the_last_step_eliminated():
    g = battle({FIELD: ["SU-13R", "SU-Stalin"], "1920": ["GE-9A", "GE-39Pz", "GE-57Pz"]}, ["1920"])
    declare(g, "axis", FIELD, ["GE-9A", "GE-39Pz", "GE-57Pz"])
    cb = combat(g)
    a, d = cb["fire"]["axis"], cb["fire"]["soviet"]
    g.force_dice(die_for(a["table"], a["strength"], a["net"], 2), die_for(d["table"], d["strength"], d["net"], 1))
    first_choices(g, g.apply("axis", {"type": "resolve"}))
    assert unit(g, "SU-13R") is None and unit(g, "SU-Stalin") is not None


def test_16_3_5_festung_supply_serves_defence_only_not_an_attack():
    g = battle({"3525": ["GE-9A"], "3526": ["SU-13R"]}, ["3525"], markers={"festung": ["3525"]})
    assert unit(g, "GE-9A")["supply"] == "limited"
    declare(g, "axis", "3526", ["GE-9A"])
    assert "out of supply (13.3.5)" in shift_reasons(g, "axis")
