"""11.3 Taking losses (with 16.4.2, Stalin last)."""
import pytest

import engine
from tests.engine.combat_support import (
    battle,
    boxes,
    combat,
    declare,
    die_for,
    first_choices,
    legal,
    outcome,
    phase,
    take,
    tie_dice,
    unit,
)

FIELD = "2021"


def _die(p, loss, star):
    if loss is not None:
        return die_for(p["table"], p["strength"], p["net"], loss, star)
    for n in range(7):  # None: the smallest result this side can roll
        try:
            return die_for(p["table"], p["strength"], p["net"], n)
        except AssertionError:
            continue


def _fire(g, side, a_loss, d_loss, a_star=None, d_star=None):
    cb = combat(g)
    a, d = cb["fire"][cb["attacker"]], cb["fire"][cb["defender"]]
    g.force_dice(_die(a, a_loss, a_star), _die(d, d_loss, d_star))
    return g.apply(side, {"type": "resolve"})


def test_11_3_2_no_second_step_until_every_unit_has_lost_one():
    g = battle({FIELD: ["SU-13R", "SU-20R", "SU-21R"], "1920": ["GE-9A", "GE-39Pz"]}, ["1920"])
    declare(g, "axis", FIELD, ["GE-9A", "GE-39Pz"])
    _fire(g, "axis", 4, None)
    assert phase(g) == "losses" and g.active_sides() == ["soviet"]
    assert {a["unit"] for a in legal(g, "soviet", "take_loss")} == {"SU-13R", "SU-20R", "SU-21R"}
    take(g, "soviet", "SU-20R")
    assert {a["unit"] for a in legal(g, "soviet", "take_loss")} == {"SU-13R", "SU-21R"}
    take(g, "soviet", "SU-13R")
    # the third step is forced (21R), the fourth is the owner's choice among all three again
    assert unit(g, "SU-21R")["lost"] == 1
    assert {a["unit"] for a in legal(g, "soviet", "take_loss")} == {"SU-13R", "SU-20R", "SU-21R"}
    with pytest.raises(engine.IllegalAction, match="11.3"):
        g.apply("soviet", {"type": "take_loss", "unit": "GE-9A"})


def test_11_3_2_no_choice_when_every_way_ends_the_same():
    g = battle({FIELD: ["SU-13R", "SU-20R"], "1920": ["GE-9A", "GE-39Pz"]}, ["1920"])
    declare(g, "axis", FIELD, ["GE-9A", "GE-39Pz"])
    _fire(g, "axis", 2, None)
    assert unit(g, "SU-13R")["lost"] == 1 and unit(g, "SU-20R")["lost"] == 1
    assert phase(g) != "losses"


@pytest.mark.parametrize("loss, stalin_survives", [(2, True), (3, False)])
def test_11_3_2_stalin_takes_a_step_only_when_his_hex_is_otherwise_empty(loss, stalin_survives):
    g = battle({FIELD: ["SU-13R", "SU-Stalin"], "1920": ["GE-9A", "GE-39Pz", "GE-57Pz"]}, ["1920"])
    declare(g, "axis", FIELD, ["GE-9A", "GE-39Pz", "GE-57Pz"])
    _fire(g, "axis", loss, None)
    assert unit(g, "SU-13R") is None
    assert (unit(g, "SU-Stalin") is not None) == stalin_survives
    if not stalin_survives:
        assert "SU-Stalin" in boxes(g)["removed"]


def test_11_3_3_first_attacking_loss_goes_to_armour():
    g = battle({FIELD: ["SU-WestF"], "1920": ["GE-9A", "GE-39Pz"]}, ["1920"])
    declare(g, "axis", FIELD, ["GE-9A", "GE-39Pz"])
    _fire(g, "axis", 2, 1, d_star=False)
    assert unit(g, "GE-39Pz")["lost"] == 1 and unit(g, "GE-9A")["lost"] == 0


def test_11_3_3_defender_first_loss_is_free():
    g = battle({"1920": ["GE-9A", "GE-39Pz"], FIELD: ["SU-WestF", "SU-1T"]}, [FIELD], active="soviet")
    declare(g, "soviet", "1920", ["SU-WestF", "SU-1T"])
    _fire(g, "soviet", 1, None, a_star=False)
    assert phase(g) == "losses" and g.active_sides() == ["axis"]
    assert {a["unit"] for a in legal(g, "axis", "take_loss")} == {"GE-9A", "GE-39Pz"}


def test_11_3_4_asterisked_results_hit_scus_only():
    g = battle({FIELD: ["SU-WestF", "SU-13R"], "1920": ["GE-39Pz"]}, ["1920"])
    declare(g, "axis", FIELD, ["GE-39Pz"])
    _fire(g, "axis", 1, None, a_star=True)
    assert unit(g, "SU-13R")["lost"] == 1 and unit(g, "SU-WestF")["lost"] == 0


def test_11_3_4_an_asterisk_against_lcus_only_costs_nothing_but_still_wins():
    g = battle({FIELD: ["SU-WestF:1"], "1920": ["GE-39Pz"]}, ["1920"])  # a reduced front defends with 2
    declare(g, "axis", FIELD, ["GE-39Pz"])
    log = _fire(g, "axis", 1, 0, a_star=True)
    cb = outcome(g, log)
    assert unit(g, "SU-WestF")["lost"] == 1  # the step it had lost before
    assert cb["winner"] == "axis"
    assert any("asterisked" in e["text"] for e in log)


def test_11_3_5_card_losses_come_after_the_winner():
    # Tiger: the Soviets lose one step more, but it does not change who won (a tie: both lose;
    # the Soviet tank army rules out the attacker's tie exception)
    g = battle({FIELD: ["SU-WestF", "SU-1T"], "1920": ["GE-9A", "GE-39Pz"]}, ["1920"], hands={"axis": ["A29"]})
    declare(g, "axis", FIELD, ["GE-9A", "GE-39Pz"])
    cb = combat(g)  # Tiger changes no column: the dice can be chosen now
    g.force_dice(*tie_dice(cb))
    g.apply("axis", {"type": "resolve"})
    log = g.apply("axis", {"type": "combat_card", "card": "A29"})
    loss = outcome(g, log)["fire"]["axis"]["result"]
    log = first_choices(g, log)
    cb = outcome(g, log)
    assert cb["winner"] is None  # the tie stands: the Tiger step does not decide it
    soviet_lost = sum(r["lost_here"] for r in cb["defenders"])
    assert soviet_lost == loss + 1
    assert any("Tiger" in e["text"] for e in log)


def test_11_3_6_axis_lcu_eliminated_out_of_supply_goes_to_the_turn_track():
    # deep in Russia (3525) the Axis army cannot trace supply; it is judged when attacked
    g = battle({"3525": ["GE-9A:3"], "3526": ["SU-13R", "SU-20R"]}, ["3526"], active="soviet")
    declare(g, "soviet", "3525", ["SU-13R", "SU-20R"])
    _fire(g, "soviet", 1, None, a_star=False)
    assert unit(g, "GE-9A") is None
    assert "GE-9A" in boxes(g)["track"].get("9", [])


def test_11_3_6_southwest_front_first_elimination_brings_its_weaker_counter():
    g = battle({FIELD: ["SU-SWF:1"], "1920": ["GE-9A", "GE-39Pz"]}, ["1920"])
    declare(g, "axis", FIELD, ["GE-9A", "GE-39Pz"])
    _fire(g, "axis", 2, None)
    b = boxes(g)
    assert "SU-SWF" in b["removed"] and "SU-SWF2" in b["eliminated"]
