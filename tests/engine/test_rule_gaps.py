"""Rules whose other tests are named for a neighbouring rule: each gets its own named test here."""
import pytest

import engine
from engine.stalins_war.data import load_data
from tests.engine.combat_support import attack, battle, combat, declare, legal
from tests.engine.sw import act, decision, finish_round, game, has, pass_round, state

P = load_data().map.places
RIGA = P["Riga"]


def quiet(**pos):
    pos.setdefault("control", {RIGA: "axis"})
    return game(**pos)


def test_7_2_2_the_axis_acts_first_in_every_round():
    # start each time from the Soviet half of the round before: the next round opens with the Axis
    for rnd in range(1, 5):
        g = quiet(turn=7, round=rnd, active="soviet")
        assert g.active_sides() == ["soviet"]
        pass_round(g, "soviet")
        v = g.view(None)
        assert (v["round"], v["active"], g.active_sides()) == (rnd + 1, "axis", ["axis"])
    # and the first round of a turn, after the End of Turn phase
    g = quiet(turn=7, phase="end_of_turn", hold=True)
    act(g, "axis", type="end_turn")
    while g.view(None)["turn"] == 7:
        act(g, g.active_sides()[0], type="end_turn")
    v = g.view(None)
    assert (v["turn"], v["round"], v["active"], g.active_sides()) == (8, 1, "axis", ["axis"])


def test_7_2_3_the_sides_alternate_until_each_has_taken_five_actions():
    g = quiet(turn=7)
    taken = {"axis": 0, "soviet": 0}
    while g.view(None)["phase"] == "action" and g.view(None)["turn"] == 7:
        side = g.active_sides()[0]
        pass_round(g, side)
        taken[side] += 1
    assert taken == {"axis": 5, "soviet": 5}


def test_7_2_5_moving_needs_no_ops_in_an_ops_round():
    g = quiet(turn=6, units={"1320": ["GE-43K"], "1420": ["GE-47Pz"]}, hands={"axis": ["A21"]})
    act(g, "axis", type="play_card", card="A21", **{"as": "ops"})  # a 1-OPS card
    ops = g.view(None)["round_ops"]
    for uid in ("GE-43K", "GE-47Pz"):
        move = next(a for a in g.legal_actions("axis") if a["type"] == "move" and a["unit"] == uid)
        g.apply("axis", {k: v for k, v in move.items() if k != "label"})
    assert g.view(None)["round_ops"] == ops  # two units moved, nothing paid


def test_7_2_5_a_zero_ops_round_may_move_units_too():
    g = quiet(turn=6, units={"1320": ["GE-43K"]})
    act(g, "axis", type="zero_ops", option="operate")
    assert has(g, "axis", type="move", unit="GE-43K")


def test_7_3_1_an_ops_card_gives_its_modified_value():
    g = quiet(turn=6, consec={"axis": 1}, hands={"axis": ["A15"]})  # printed 4, second in a row
    act(g, "axis", type="play_card", card="A15", **{"as": "ops"})
    assert g.view(None)["round_ops"] == 3


def test_7_3_4_a_move_marker_where_an_ops_was_spent():
    g = quiet(turn=6, ops=2, units={"2520": ["GE-43K"], "2521": ["SU-ResF"]})  # a front has a ZOC (8.1)
    away = next(a for a in g.legal_actions("axis") if a["type"] == "move" and a["unit"] == "GE-43K")
    g.apply("axis", {k: v for k, v in away.items() if k != "label"})
    v = g.view(None)
    assert "2520" in v["markers"]["move"] and v["round_ops"] == 1


def test_7_5_5d_face_up_combat_cards_are_discarded_at_the_end_of_the_turn():
    s = quiet(turn=7, phase="end_of_turn").to_json()
    assert s["turn"] == 8
    g = quiet(turn=7, round=5, active="soviet", hands={"axis": ["A3"]})
    data = g.to_json()
    data["cards"]["axis"]["hand"].remove("A3")
    data["cards"]["axis"]["face_up"].append("A3")  # won earlier this turn and kept (7.5.5b)
    g = engine.load(data)
    pass_round(g, "soviet")
    while g.view(None)["turn"] == 7:
        side = g.active_sides()[0]
        end = next(a for a in g.legal_actions(side) if a["type"] in ("end_replacements", "done_discarding", "end_turn"))
        g.apply(side, {k: v for k, v in end.items() if k != "label"})
    s = state(g)
    assert "A3" not in s["cards"]["axis"]["face_up"]
    assert "A3" in s["cards"]["axis"]["discard"] + s["cards"]["axis"]["hand"]


FIELD = "1921"


def test_13_3_4_no_combat_cards_for_a_side_whose_units_are_all_out_of_supply():
    g = battle({FIELD: ["SU-13R"], "1920": ["GE-9A"]}, ["1920"], hands={"axis": ["A42"], "soviet": []},
               oos=["GE-9A"])
    declare(g, "axis", FIELD, ["GE-9A"])
    g.apply("axis", {"type": "resolve"})
    assert not legal(g, "axis", "combat_card")
    g = battle({FIELD: ["SU-13R"], "1920": ["GE-9A"]}, ["1920"], hands={"axis": ["A42"], "soviet": []})
    declare(g, "axis", FIELD, ["GE-9A"])
    g.apply("axis", {"type": "resolve"})
    assert legal(g, "axis", "combat_card")


def test_13_3_5_out_of_supply_units_fire_one_column_left():
    supplied = battle({FIELD: ["SU-13R"], "1920": ["GE-9A"]}, ["1920"])
    declare(supplied, "axis", FIELD, ["GE-9A"])
    cut = battle({FIELD: ["SU-13R"], "1920": ["GE-9A"]}, ["1920"], oos=["GE-9A"])
    declare(cut, "axis", FIELD, ["GE-9A"])
    a, b = combat(supplied)["fire"]["axis"], combat(cut)["fire"]["axis"]
    assert a["strength"] == b["strength"]
    assert b["net"] == a["net"] - 1
    assert any("supply" in x["why"].lower() for x in b["shifts"])


def test_13_3_7_out_of_supply_units_may_not_exploit():
    units = {FIELD: ["SU-13R:1"], "1920": ["GE-39Pz", "GE-57Pz"]}
    for oos, can in (([], True), (["GE-57Pz"], False)):
        g = battle(units, ["1920"], oos=oos)
        attack(g, "axis", FIELD, ["GE-39Pz"], dice=[6, 1])
        while combat(g):
            side = g.active_sides()[0]
            legal_now = g.legal_actions(side)
            pick = next((a for t in ("advance", "place_blitz", "done_combat_cards", "take_loss", "end_advance")
                         for a in legal_now if a["type"] == t), legal_now[0])
            g.apply(side, {k: v for k, v in pick.items() if k != "label"})
        if g.view(None)["markers"]["blitz"]:
            g.apply("axis", {"type": "end_combat"})
            movers = {a["unit"] for a in legal(g, "axis", "exploit")}
            assert ("GE-57Pz" in movers) == can


def test_16_4_4_stalin_does_not_count_for_stacking():
    units = {P["Moscow"]: ["SU-Stalin", "SU-ResF", "SU-7M", "SU-20R", "SU-13R"]}
    g = game(turn=7, units=units)
    assert {u["id"] for u in g.view(None)["units"]} >= {"SU-Stalin", "SU-13R"}
    with pytest.raises(engine.PositionError):
        game(turn=7, units={P["Moscow"]: units[P["Moscow"]] + ["SU-21R"]})


def test_16_4_7_soviet_banked_ops_only_while_stalin_is_in_moscow():
    at_home = quiet(turn=7, phase="end_of_turn", flags={"lend_lease": 5}, units={P["Moscow"]: ["SU-Stalin"]})
    away = quiet(turn=7, phase="end_of_turn", flags={"lend_lease": 5}, units={P["Gorki"]: ["SU-Stalin"]})
    assert at_home.view(None)["banked"]["soviet"] > 0
    assert away.view(None)["banked"]["soviet"] == 0


def test_17_1_1_oil_hexes_change_both_hand_sizes():
    base = quiet(turn=7, phase="draw").view(None)["cards"]
    assert (base["axis"]["hand_limit"], base["soviet"]["hand_limit"]) == (6, 6)  # Ploesti; Maikop, Grozny, Baku
    lost = quiet(turn=7, phase="draw", control={RIGA: "axis", P["Ploesti"]: "soviet"}).view(None)["cards"]
    assert lost["axis"]["hand_limit"] == 5


def test_18_1_3_banked_ops_last_until_spent_or_the_end_of_the_turn():
    g = quiet(turn=6, banked={"axis": 2}, units={"2520": ["GE-43K"], "2521": ["SU-ResF"]})
    assert g.view(None)["banked"]["axis"] == 3  # 2 kept plus the first round's 1 (18.2.1)
    pass_round(g, "axis")
    pass_round(g, "soviet")
    assert g.view(None)["banked"]["axis"] == 3  # not lost between rounds
    act(g, "axis", type="zero_ops", option="operate")
    away = next(a for a in g.legal_actions("axis") if a["type"] == "move" and a["unit"] == "GE-43K")
    g.apply("axis", {k: v for k, v in away.items() if k != "label"})  # leaving the ZOC spends one
    assert g.view(None)["banked"]["axis"] == 2
    finish_round(g, "axis")
    assert g.view(None)["banked"]["axis"] == 2


def test_9_1_4_stacking_is_checked_once_exploitation_is_over():
    from tests.engine.test_11_5_advance import FIELD as ADV_FIELD, _crush

    units = {ADV_FIELD: ["SU-28RK"], "1920": ["GE-9A", "GE-39Pz", "GE-57Pz", "GE-41Pz"], "1921": ["GE-56Pz"]}
    g = battle(units, ["1920", "1921"])
    _crush(g, "axis", ADV_FIELD, ["GE-9A", "GE-39Pz", "GE-57Pz", "GE-41Pz", "GE-56Pz"])
    for u in ("GE-9A", "GE-57Pz", "GE-41Pz", "GE-56Pz"):
        g.apply("axis", {"type": "advance", "unit": u})
    g.apply("axis", {"type": "place_blitz"})
    g.apply("axis", {"type": "advance", "unit": "GE-39Pz"})  # five units: allowed until exploitation ends
    g.apply("axis", {"type": "end_combat"})
    g.apply("axis", {"type": "end_exploitation"})
    assert decision(g) == "fix_stacking"
    assert {a["unit"] for a in g.legal_actions("axis")} == {"GE-9A", "GE-39Pz", "GE-57Pz", "GE-41Pz", "GE-56Pz"}
    g.apply("axis", {"type": "eliminate_overstack", "unit": "GE-56Pz"})
    assert state(g)["units"]["GE-56Pz"]["loc"] == "eliminated"
    assert g.active_sides() == ["soviet"]  # the hex is legal again and the round is over


def test_10_2_7_naval_evacuation_event_carries_an_lcu_west_reduced():
    odessa, constanta = P["Odessa"], P["Constanta"]
    g = quiet(turn=12, hands={"axis": ["A54"]}, units={odessa: ["GE-6A"]}, control={RIGA: "axis", odessa: "axis"})
    act(g, "axis", type="play_card", card="A54", **{"as": "event"})
    assert decision(g) == "naval_evacuation"
    assert has(g, "axis", type="evacuate", unit="GE-6A", to=constanta)
    act(g, "axis", type="evacuate", unit="GE-6A", to=constanta)
    s = state(g)
    assert s["units"]["GE-6A"]["loc"] == constanta
    assert s["units"]["GE-6A"]["lost"] == len(load_data().units["GE-6A"].steps) - 1


def test_13_1_4_the_landed_maritime_army_is_supplied_on_the_black_sea_coast():
    g = quiet(turn=6, active="soviet", hands={"soviet": ["S10"]}, units={P["Odessa"]: ["SU-Mar"]})
    act(g, "soviet", type="play_card", card="S10", **{"as": "event"})
    assert decision(g) == "sea_landing"
    landing = next(a for a in g.legal_actions("soviet") if a["type"] == "land")
    act(g, "soviet", type="land", unit="SU-Mar", to=landing["to"])
    s = state(g)
    assert s["units"]["SU-Mar"]["loc"] == landing["to"] and s["units"]["SU-Mar"]["landed_marine"]
    assert decision(g) == "operations"  # then the event's 2 OPS
    from engine.stalins_war import supply
    from engine.stalins_war.context import Ctx

    assert supply.status(Ctx(g.to_json(), load_data()), "SU-Mar") == "full"


def test_16_1_6_rail_war_raises_the_partisans_and_slows_axis_rail():
    hide = "2420"  # an empty hex behind the lines
    pos = dict(turn=10, round=2, active="soviet", flags={"partisan_formation": 3},
               markers={"partisans": [hide]}, units={P["Berlin"]: ["GE-43K"]}, hands={"soviet": ["S36"], "axis": ["A21"]})
    g = quiet(**pos)
    act(g, "soviet", type="play_card", card="S36", **{"as": "event"})
    v = g.view(None)
    assert v["markers"]["inactive_partisans"] == []
    assert any(u["kind"] == "partisan" and u["hex"] == hide for u in v["units"])
    act(g, "axis", type="play_card", card="A21", **{"as": "ops"})  # 1 OPS: not enough for a rail move now
    assert not has(g, "axis", type="rail", unit="GE-43K")
    calm = quiet(**{**pos, "active": "axis", "round": 3})
    act(calm, "axis", type="play_card", card="A21", **{"as": "ops"})
    assert has(calm, "axis", type="rail", unit="GE-43K")
