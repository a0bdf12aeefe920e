"""11.2.1 steps 1-7: supply at the instant of combat, strengths, cards, tables, shifts, dice, losses, winner."""
import json

import pytest

from tests.engine.combat_support import (
    attack,
    battle,
    combat,
    declare,
    die_for,
    first_choices,
    legal,
    outcome,
    phase,
    shift_reasons,
    take,
    tie_dice,
    unit,
    where,
)

# 2021: clear, no town; 1920 (Vilnius), 1921 and 2020 touch it across plain hexsides.
FIELD = "2021"


def test_11_2_1_step1_defender_supply_is_judged_at_the_instant_of_combat():
    # 1520 (in Germany) cannot trace Soviet supply; the non-phasing unit still shows its old verdict
    g = battle({"1520": ["SU-13R"], "1620": ["GE-9A"]}, ["1620"])
    assert unit(g, "SU-13R")["supply"] == "full"
    declare(g, "axis", "1520", ["GE-9A"])
    assert unit(g, "SU-13R")["supply"] == "full"  # declaring judges nothing yet
    log = g.apply("axis", {"type": "resolve"})
    assert unit(g, "SU-13R") is None or unit(g, "SU-13R")["supply"] == "none"
    fire = outcome(g, log)["fire"]
    assert "out of supply (13.3.5)" in " ".join(x["why"] for x in fire["soviet"]["shifts"])
    assert "out of supply" not in " ".join(x["why"] for x in fire["axis"]["shifts"])
    assert any(e.get("kind") == "combat" and "out of supply" in e["text"] for e in log)


def test_11_2_1_step2_attack_and_defence_strengths():
    g = battle({FIELD: ["SU-1T"], "1920": ["GE-39Pz"]}, ["1920"])
    declare(g, "axis", FIELD, ["GE-39Pz"])
    fire = combat(g)["fire"]
    assert fire["axis"]["strength"] == 4 and fire["soviet"]["strength"] == 3  # the tank army defends with 3
    g2 = battle({FIELD: ["SU-1T"], "1920": ["GE-39Pz"]}, [FIELD], active="soviet")
    declare(g2, "soviet", "1920", ["SU-1T"])
    assert combat(g2)["fire"]["soviet"]["strength"] == 4


def test_11_2_1_step3_attacker_plays_first_then_the_defender_during_the_attackers_round():
    g = battle({FIELD: ["SU-13R"], "1920": ["GE-9A"]}, ["1920"],
               hands={"axis": ["A42"], "soviet": ["S32"]})
    attack(g, "axis", FIELD, ["GE-9A"])
    assert phase(g) == "cards" and g.active_sides() == ["axis"]
    assert {a["card"] for a in legal(g, "axis", "combat_card")} == {"A42"}
    assert g.legal_actions("soviet") == []
    assert "S32" not in json.dumps(g.view("axis"))  # the defender's hand stays hidden
    g.apply("axis", {"type": "combat_card", "card": "A42"})
    assert "Nebelwerfer (A42)" in shift_reasons(g, "axis")
    # nothing more the Axis could play: the defender's turn comes at once
    assert g.active_sides() == ["soviet"] and g.view(None)["active"] == "axis"
    assert {a["card"] for a in legal(g, "soviet", "combat_card")} == {"S32"}
    g.force_dice(1, 1)
    log = g.apply("soviet", {"type": "combat_card", "card": "S32"})
    assert "S32" in json.dumps(g.view("axis"))  # played cards are public
    cb = outcome(g, log)
    assert "Defense in Depth (S32)" in " ".join(x["why"] for x in cb["fire"]["soviet"]["shifts"])
    assert cb["fire"]["axis"]["die"] == 1


def test_combat_no_cards_when_all_of_a_sides_units_are_out_of_supply():
    # 13.3.4: the out-of-supply defender at 1520 is not asked for combat cards
    g = battle({"1520": ["SU-13R"], "1620": ["GE-9A"]}, ["1620"], hands={"axis": [], "soviet": ["S32", "S23"]})
    attack(g, "axis", "1520", ["GE-9A"], dice=[1, 1])
    assert phase(g) != "cards"
    assert combat(g)["cards"]["soviet"] == []


def test_11_2_1_step4_lcu_table_when_an_lcu_takes_part():
    g = battle({FIELD: ["SU-13R"], "1920": ["GE-9A", "GE-39Pz"]}, ["1920"])
    declare(g, "axis", FIELD, ["GE-39Pz"])
    assert combat(g)["fire"]["axis"]["table"] == "scu"
    g.apply("axis", {"type": "commit", "unit": "GE-9A"})
    assert combat(g)["fire"]["axis"]["table"] == "lcu"
    assert combat(g)["fire"]["soviet"]["table"] == "scu"


def test_11_2_1_step4_three_panzers_stacked_together_fire_on_the_lcu_table():
    units = {FIELD: ["SU-13R"], "1920": ["GE-39Pz", "GE-57Pz", "GE-41Pz"], "1921": ["GE-56Pz"]}
    g = battle(units, ["1920", "1921"])
    declare(g, "axis", FIELD, ["GE-39Pz", "GE-57Pz"])
    assert combat(g)["fire"]["axis"]["table"] == "scu"
    g.apply("axis", {"type": "commit", "unit": "GE-56Pz"})  # three panzers, but not stacked together
    assert combat(g)["fire"]["axis"]["table"] == "scu"
    g.apply("axis", {"type": "commit", "unit": "GE-41Pz"})
    assert combat(g)["fire"]["axis"]["table"] == "lcu"


def test_11_2_1_step4_three_defending_panzers_fire_on_the_lcu_table():
    g = battle({FIELD: ["SU-13R"], "1920": ["GE-39Pz", "GE-57Pz", "GE-41Pz"]}, [FIELD], active="soviet")
    declare(g, "soviet", "1920", ["SU-13R"])
    assert combat(g)["fire"]["axis"]["table"] == "lcu"


def test_11_2_1_step4_terrain_shifts_the_attacker_only():
    # Minsk (2022) is a city; 2021-2022 is a plain hexside
    g = battle({"2022": ["SU-13R"], FIELD: ["GE-9A"]}, [FIELD])
    declare(g, "axis", "2022", ["GE-9A"])
    assert "city" in shift_reasons(g, "axis")
    assert combat(g)["fire"]["soviet"]["shifts"] == []


def test_11_2_1_step4_hexside_shift_only_when_every_attacking_hex_crosses_one():
    # 1822-1921 is a river hexside, 1821-1921 is not
    units = {"1921": ["SU-13R"], "1822": ["GE-9A", "GE-39Pz"], "1821": ["GE-57Pz"]}
    g = battle(units, ["1822", "1821"])
    declare(g, "axis", "1921", ["GE-9A", "GE-39Pz"])
    assert "river" in shift_reasons(g, "axis")
    g.apply("axis", {"type": "commit", "unit": "GE-57Pz"})
    assert "river" not in shift_reasons(g, "axis")


def test_11_2_1_step4_shifts_stop_at_the_edge_of_the_table():
    # 2 strength on column "2", shifted -2 (city, river): column "1" is as far left as it goes
    units = {"2022": ["SU-13R"], "2122": ["GE-43K"]}
    g = battle(units, ["2122"])
    declare(g, "axis", "2022", ["GE-43K"])
    fire = combat(g)["fire"]["axis"]
    assert fire["net"] <= -2 and fire["column"] == 0 and fire["base_column"] == 1


def test_11_2_1_step4_paulus_line_shift_turns_1_to_4_fully_supplied_attackers():
    units = {"2119": ["SU-13R"], "2020": ["GE-9A", "GE-39Pz"]}
    g = battle(units, ["2020"], turn=3)
    declare(g, "axis", "2119", ["GE-9A"])
    assert "Paulus" in shift_reasons(g, "axis")
    g2 = battle(units, ["2020"], turn=6)
    declare(g2, "axis", "2119", ["GE-9A"])
    assert "Paulus" not in shift_reasons(g2, "axis")
    g3 = battle(units, ["2020"], turn=3, oos=["GE-39Pz"])
    declare(g3, "axis", "2119", ["GE-9A", "GE-39Pz"])
    assert "Paulus" not in shift_reasons(g3, "axis") and "out of supply" in shift_reasons(g3, "axis")


def test_11_2_1_step5_attacker_rolls_first_then_defender():
    g = battle({FIELD: ["SU-13R"], "1920": ["GE-9A"]}, ["1920"])
    attack(g, "axis", FIELD, ["GE-9A"], dice=[6, 2])
    fire = combat(g)["fire"]
    assert fire["axis"]["die"] == 6 and fire["soviet"]["die"] == 2


def test_11_2_1_step6_defender_takes_losses_first():
    units = {FIELD: ["SU-13R", "SU-20R"], "1920": ["GE-39Pz", "GE-57Pz"]}
    g = battle(units, ["1920"])
    a = die_for("scu", 8, 0, 1, False)  # one Soviet step, two candidates
    d = die_for("scu", 4, 0, 1)  # one Axis step, two panzers
    attack(g, "axis", FIELD, ["GE-39Pz", "GE-57Pz"], dice=[a, d])
    assert phase(g) == "losses" and g.active_sides() == ["soviet"]
    take(g, "soviet", "SU-20R")
    assert phase(g) == "losses" and g.active_sides() == ["axis"]
    take(g, "axis", "GE-57Pz")
    assert unit(g, "SU-20R")["lost"] == 1 and unit(g, "SU-13R")["lost"] == 0 and unit(g, "GE-57Pz")["lost"] == 1


def _duel(a_loss, d_loss, *, units=None, attackers=("GE-9A",), target=FIELD, a_star=None, d_star=None, **kw):
    units = units or {FIELD: ["SU-WestF"], "1920": ["GE-9A"]}
    g = battle(units, ["1920"], **kw)
    declare(g, "axis", target, list(attackers))
    fire = combat(g)["fire"]
    a = die_for(fire["axis"]["table"], fire["axis"]["strength"], fire["axis"]["net"], a_loss, a_star)
    d = die_for(fire["soviet"]["table"], fire["soviet"]["strength"], fire["soviet"]["net"], d_loss, d_star)
    g.force_dice(a, d)
    log = g.apply("axis", {"type": "resolve"})
    while phase(g) == "losses":
        side = g.active_sides()[0]
        log += g.apply(side, {"type": "take_loss", "unit": legal(g, side, "take_loss")[0]["unit"]})
    return g, log


def test_11_2_1_step7_higher_loss_number_wins():
    small = {FIELD: ["SU-13R"], "1920": ["GE-43K"]}
    g, log = _duel(1, 0, units=small, attackers=("GE-43K",))
    assert outcome(g, log)["winner"] == "axis"
    g, log = _duel(0, 1, units=small, attackers=("GE-43K",))
    assert outcome(g, log)["winner"] == "soviet"


def test_11_2_1_step7_equal_loss_numbers_both_lose():
    g, log = _duel(1, 1, a_star=False, d_star=False)
    cb = outcome(g, log)
    assert cb["winner"] is None and "both lose" in cb["outcome"]
    assert where(g, "SU-WestF") == FIELD  # no retreat


def test_11_2_1_step7_a_side_wiped_out_loses_whatever_the_numbers():
    # the one-step rifle corps dies to a 1*, though the Soviets inflict more
    units = {FIELD: ["SU-28RK"], "1920": ["GE-39Pz", "GE-57Pz"]}
    g = battle(units, ["1920"])
    declare(g, "axis", FIELD, ["GE-39Pz"])
    a = die_for("scu", 4, 0, 1, True)
    d = die_for("scu", 2, 0, 1)
    g.force_dice(a, d)
    log = g.apply("axis", {"type": "resolve"})
    cb = outcome(g, log)
    assert cb["winner"] == "axis" and "eliminated" in cb["outcome"]


def _tie(units, frm, target, attackers, **kw):
    g = battle(units, [frm], **kw)
    declare(g, "axis", target, attackers)
    g.force_dice(*tie_dice(combat(g)))
    log = g.apply("axis", {"type": "resolve"})
    return g, first_choices(g, log)


def test_11_2_1_step7_attacker_tie_exception():
    # Rulebook example: equal Loss Numbers, a fully supplied panzer survives on the attack, no armour
    # defends, clear terrain: the attacker wins and the defender retreats one hex.
    g, log = _tie({FIELD: ["SU-WestF", "SU-13R"], "1920": ["GE-9A", "GE-39Pz"]}, "1920", FIELD, ["GE-9A", "GE-39Pz"])
    cb = outcome(g, log)
    assert cb["winner"] == "axis" and "tie" in cb["outcome"]
    assert unit(g, "GE-39Pz") is not None
    # the defender retreats one hex, whatever the (equal) Loss Numbers
    assert phase(g) == "retreat" and g.active_sides() == ["soviet"]
    assert legal(g, "soviet", "retreat") and all(len(a["path"]) == 1 for a in legal(g, "soviet", "retreat"))


def test_11_2_1_step7_tie_exception_needs_a_surviving_supplied_armoured_scu():
    units = {FIELD: ["SU-WestF"], "1920": ["GE-9A", "GE-39Pz"]}
    g, log = _tie(units, "1920", FIELD, ["GE-9A", "GE-39Pz"], oos=["GE-39Pz"])
    assert outcome(g, log)["winner"] is None
    g, log = _tie(units, "1920", FIELD, ["GE-9A"])
    assert outcome(g, log)["winner"] is None


def test_11_2_1_step7_tie_exception_fails_if_the_defender_has_armour():
    g, log = _tie({FIELD: ["SU-WestF", "SU-1T"], "1920": ["GE-9A", "GE-39Pz"]}, "1920", FIELD, ["GE-9A", "GE-39Pz"])
    cb = outcome(g, log)
    assert unit(g, "SU-1T") is not None and unit(g, "GE-39Pz") is not None
    assert cb["winner"] is None and "defender also has" in cb["outcome"]


@pytest.mark.parametrize("where_, extra", [("1823", {}), (FIELD, {"markers": {"trench": {FIELD: "soviet"}}})])
def test_11_2_1_step7_no_tie_exception_in_swamp_or_trench(where_, extra):
    # Pinsk (1823) is swamp; 1822-1823 is a plain hexside
    frm = "1822" if where_ == "1823" else "1920"
    g, log = _tie({where_: ["SU-WestF"], frm: ["GE-9A", "GE-39Pz"]}, frm, where_, ["GE-9A", "GE-39Pz"], **extra)
    cb = outcome(g, log)
    assert cb["winner"] is None
    assert ("swamp" if where_ == "1823" else "trench") in cb["outcome"]
