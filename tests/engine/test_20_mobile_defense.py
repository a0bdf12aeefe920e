"""20.0 German Mobile Defense: a German army defending with a Panzer Corps, non-Winter turns 1 to 9."""
import pytest

from tests.engine.combat_support import battle, combat, declare

# The Axis holds Molodechno (1921), supplied through Grodno (1821); the Soviets attack from 2021.
BASE = {"1821": ["GE-42K"], "2021": ["SU-WestF", "SU-13R"]}


def _shifts(turn, defenders):
    g = battle({**BASE, "1921": defenders}, ["2021"], active="soviet", turn=turn)
    declare(g, "soviet", "1921", ["SU-WestF"])
    cb = combat(g)
    md = lambda side: [x["n"] for x in cb["fire"][side]["shifts"] if "Mobile Defense" in x["why"]]
    return md("soviet"), md("axis")


@pytest.mark.parametrize("turn", [1, 2, 3, 5, 6, 7, 9])
def test_20_1_1_german_army_with_a_panzer_corps(turn):
    assert _shifts(turn, ["GE-9A", "GE-39Pz"]) == ([-1], [1])


@pytest.mark.parametrize("turn", [4, 8, 10, 14])
def test_20_1_1_not_on_winter_turns_nor_after_spring_1943(turn):
    assert _shifts(turn, ["GE-9A", "GE-39Pz"]) == ([], [])


def test_20_1_1_needs_both_a_german_army_and_a_panzer_corps():
    assert _shifts(6, ["GE-9A", "GE-43K"]) == ([], [])
    assert _shifts(6, ["GE-39Pz", "GE-43K"]) == ([], [])
    assert _shifts(6, ["RO-3A", "GE-39Pz"]) == ([], [])
