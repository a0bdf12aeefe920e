"""15.1.2 Winter 1942 in combat (turn 4): Axis fire shifted left, no Axis terrain benefit but trenches, shock armies."""

from engine.stalins_war.data import load_data
from tests.engine.combat_support import battle, combat, declare, shift_reasons

MAP = load_data().map
# Axis in Minsk (2022, a city), its supply line open through Grodno (1821) and Molodechno (1921);
# the Soviets attack from 2021 and 2122.
UNITS = {"2022": ["GE-9A"], "1921": ["GE-43K"], "1821": ["GE-42K"], "2021": ["SU-1S", "SU-13R"], "2122": ["SU-1T"]}


def _soviet_attack(turn, attackers=("SU-1S",), **position):
    g = battle(UNITS, ["2021", "2122"], active="soviet", turn=turn, control={"2022": "axis"}, **position)
    declare(g, "soviet", "2022", list(attackers))
    return combat(g)


def test_15_1_2_axis_fire_shifts_left_in_winter_1942():
    cb = _soviet_attack(4)
    assert "Winter 1942" in " ".join(x["why"] for x in cb["fire"]["axis"]["shifts"])
    cb = _soviet_attack(8)  # Winter 1943 is a Winter turn but not Winter 1942
    assert "Winter 1942" not in " ".join(x["why"] for x in cb["fire"]["axis"]["shifts"])
    cb = _soviet_attack(4, flags={"winter_uniforms": True})
    assert "Winter 1942" not in " ".join(x["why"] for x in cb["fire"]["axis"]["shifts"])


def test_15_1_2_axis_attacks_shift_left_too():
    g = battle({"2021": ["SU-13R"], "1920": ["GE-9A"]}, ["1920"], turn=4)
    declare(g, "axis", "2021", ["GE-9A"])
    assert "Winter 1942" in shift_reasons(g, "axis")


def test_15_1_2_axis_defenders_lose_terrain_benefits_but_keep_trenches():
    assert MAP.hexes["2022"].settlement == "city"
    cb = _soviet_attack(6)
    assert "city" in " ".join(x["why"] for x in cb["fire"]["soviet"]["shifts"])
    cb = _soviet_attack(4)
    assert not any("city" in x["why"] for x in cb["fire"]["soviet"]["shifts"])
    cb = _soviet_attack(4, markers={"trench": {"2022": "axis"}})
    assert any("trench" in x["why"] for x in cb["fire"]["soviet"]["shifts"])
    assert not any("city" in x["why"] for x in cb["fire"]["soviet"]["shifts"])
    cb = _soviet_attack(4, flags={"winter_uniforms": True})
    assert any("city" in x["why"] for x in cb["fire"]["soviet"]["shifts"])


def test_15_1_2_soviet_shock_armies_shift_right_even_against_winter_uniforms():
    for flags in ({}, {"winter_uniforms": True}):
        cb = _soviet_attack(4, flags=flags)
        assert any(x["n"] == 1 and "shock" in x["why"] for x in cb["fire"]["soviet"]["shifts"])
    cb = _soviet_attack(4, attackers=("SU-13R", "SU-1T"))
    assert not any("shock" in x["why"] for x in cb["fire"]["soviet"]["shifts"])
    cb = _soviet_attack(6)
    assert not any("shock" in x["why"] for x in cb["fire"]["soviet"]["shifts"])
