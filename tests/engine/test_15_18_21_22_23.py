"""15.1.1 Rasputitsa, 18.0 banked OPS, 21.0 bidding, 22.0 tournament, 23.1 optional rules."""
import pytest

import engine
from engine.stalins_war.data import load_data
from tests.engine.sw import act, decision, finish_round, game, has, pass_round, start, state

P = load_data().map.places
RIGA = P["Riga"]


def quiet(**pos):
    pos.setdefault("control", {RIGA: "axis"})
    return game(**pos)


# ---- 15.1.1 Rasputitsa ------------------------------------------------------------------------------

@pytest.mark.parametrize("turn,rounds", [(3, [1]), (5, [1, 2]), (9, [1, 2]), (7, [1])])
def test_15_1_1_no_ops_plays_in_rasputitsa_rounds(turn, rounds):
    for rnd in range(1, 4):
        g = quiet(turn=turn, round=rnd, hands={"axis": ["A12"]})
        muddy = rnd in rounds
        assert g.view(None)["rasputitsa"] == muddy
        assert has(g, "axis", type="play_card", card="A12", **{"as": "ops"}) != muddy
        assert has(g, "axis", type="zero_ops", option="operate") != muddy
        if muddy:
            with pytest.raises(engine.IllegalAction, match="15.1.1"):
                act(g, "axis", type="play_card", card="A12", **{"as": "ops"})


def test_15_1_1_rasputitsa_never_resets_consecutive_ops():
    g = quiet(turn=5, round=1, consec={"axis": 2}, hands={"axis": ["A1", "A12"]})
    act(g, "axis", type="zero_ops", option="pass", discard="A1")
    assert g.view(None)["consec"]["axis"] == 2
    g = quiet(turn=5, round=2, consec={"axis": 2}, hands={"axis": ["A16"]})
    act(g, "axis", type="play_card", card="A16", **{"as": "event"})
    assert g.view(None)["consec"]["axis"] == 2
    g = quiet(turn=5, round=3, consec={"axis": 2}, hands={"axis": ["A16"]})
    act(g, "axis", type="play_card", card="A16", **{"as": "event"})
    assert g.view(None)["consec"]["axis"] == 0


def test_15_1_1_events_give_no_ops_in_rasputitsa():
    g = quiet(turn=3, round=1, hands={"axis": ["A12"]})
    act(g, "axis", type="play_card", card="A12", **{"as": "event"})
    assert state(g)["flags"]["taifun"]
    assert decision(g) != "operations" and g.active_sides() == ["soviet"]


# ---- 18.0 banked OPS ------------------------------------------------------------------------------

def test_18_2_1_axis_banks_one_ops_from_turn_2():
    g = start(seed=1)
    assert g.view(None)["banked"]["axis"] == 0  # turn 1
    g = quiet(turn=2)
    assert g.view(None)["banked"]["axis"] == 1
    pass_round(g, "axis")
    pass_round(g, "soviet")
    assert g.view(None)["banked"]["axis"] == 1  # only at the first round


def test_18_2_2_no_axis_banked_ops_after_hitler_takes_command():
    g = quiet(turn=6, flags={"hitler_takes_command": 5})
    assert g.view(None)["banked"]["axis"] == 0


def test_18_1_1_banked_ops_spent_after_the_rounds_own():
    g = quiet(turn=6, units={"1320": ["GE-4A"]}, hands={"axis": ["A21"]})  # A21: 1 OPS
    assert g.view(None)["banked"]["axis"] == 1
    act(g, "axis", type="play_card", card="A21", **{"as": "ops"})
    v = g.view(None)
    assert v["round_ops"] == 1 and v["banked"]["axis"] == 1


def test_18_1_2_banked_ops_lost_at_end_of_turn():
    g = quiet(turn=6, phase="end_of_turn", banked={"axis": 3, "soviet": 2})
    v = g.view(None)
    assert v["turn"] == 7 and v["banked"]["soviet"] == 0 and v["banked"]["axis"] == 1


def test_18_1_4_unspent_round_ops_are_not_banked():
    g = quiet(turn=6, hands={"axis": ["A12"]})
    act(g, "axis", type="play_card", card="A12", **{"as": "ops"})
    finish_round(g, "axis")
    assert g.view(None)["banked"]["axis"] == 1 and g.view(None)["round_ops"] == 0


def _lend_lease_turn_start(**pos):
    pos.setdefault("units", {P["Moscow"]: ["SU-Stalin"]})
    return quiet(turn=6, phase="end_of_turn", **pos)


def test_18_3_2_soviet_banked_ops_start_the_turn_after_lend_lease():
    g = _lend_lease_turn_start(flags={"lend_lease": 6})
    assert g.view(None)["banked"]["soviet"] == 3  # turn 7: Archangel 2 + Astrakhan 1
    g = _lend_lease_turn_start()
    assert g.view(None)["banked"]["soviet"] == 0


def test_18_3_3_archangel_two_astrakhan_one():
    g = _lend_lease_turn_start(flags={"lend_lease": 5}, control={RIGA: "axis", P["Astrakhan"]: "axis"})
    assert g.view(None)["banked"]["soviet"] == 2
    g = _lend_lease_turn_start(flags={"lend_lease": 5}, control={RIGA: "axis", P["Archangel"]: "axis"})
    assert g.view(None)["banked"]["soviet"] == 1


def test_18_3_3_convoy_pq17_cancels_archangel_for_a_turn():
    g = _lend_lease_turn_start(flags={"lend_lease": 5, "convoy_pq17": 7})
    assert g.view(None)["banked"]["soviet"] == 1


def test_18_3_1_no_soviet_banked_ops_unless_stalin_is_in_moscow():
    g = _lend_lease_turn_start(flags={"lend_lease": 5}, units={P["Gorki"]: ["SU-Stalin"]})
    assert g.view(None)["banked"]["soviet"] == 0


def test_18_3_4_stavka_gives_three_banked_ops_at_once():
    g = quiet(turn=6, active="soviet", units={P["Moscow"]: ["SU-Stalin"]}, hands={"soviet": ["S12"]})
    act(g, "soviet", type="play_card", card="S12", **{"as": "event"})
    assert g.view(None)["banked"]["soviet"] == 3  # Stalin away: see test_7_5_1b_stavka_* (tests/engine/test_7_5_1b_events.py)


# ---- 21.0 bidding -----------------------------------------------------------------------------------

def _auto(options):
    return state(engine.new_game("stalins_war", seed=1, options=options))["auto_rp"]


def test_21_0_standard_soviet_automatic_rps():
    assert _auto({}) == {"axis": {}, "soviet": {"2": 3, "3": 3}}


def test_21_0_bid_of_two_to_play_the_axis():
    assert _auto({"bid": {"side": "axis", "rp": 2}}) == {"axis": {}, "soviet": {"2": 3, "3": 3, "4": 2}}


def test_21_0_bid_of_eight_to_play_the_soviets():
    assert _auto({"bid": {"side": "soviet", "rp": 8}}) == {"axis": {"2": 2}, "soviet": {}}


def test_21_0_bid_rps_arrive_in_the_replacement_phase():
    g = quiet(turn=4, phase="replacement", options={"bid": {"side": "axis", "rp": 2}}, units={P["Moscow"]: ["SU-20R:1"]})
    assert decision(g) == "replacements" and g.view(None)["rp"]["SU"] == 2


def test_21_0_malformed_bid_is_refused():
    with pytest.raises(ValueError):
        engine.new_game("stalins_war", seed=1, options={"bid": {"side": "axis", "rp": -1}})


# ---- 22.0 tournament ------------------------------------------------------------------------------

def _tournament_end(axis_held, **flags):
    from engine.stalins_war.victory import soviet_vp_hexes
    from engine.stalins_war.context import Ctx

    g = game(scenario="tournament", turn=8, phase="end_of_turn")
    vp_hexes = soviet_vp_hexes(Ctx(g.to_json(), load_data()))
    control = {h: "axis" for h in vp_hexes[:axis_held]}
    return game(scenario="tournament", turn=8, phase="end_of_turn", control=control, flags=flags)


def test_22_0_tournament_axis_wins_with_nine_vp_spaces():
    both = {"industrial_evacuation": True, "hitler_takes_command": True}
    assert _tournament_end(9, **both).result()["winner"] == "axis"
    assert _tournament_end(8, **both).result()["winner"] == "soviet"


def test_22_0_adjustments_for_industrial_evacuation_and_hitler_takes_command():
    # Industrial Evacuation never played: +2 for the Axis
    assert _tournament_end(7, hitler_takes_command=True).result()["winner"] == "axis"
    # Hitler Takes Command never played: -2 for the Axis
    assert _tournament_end(10, industrial_evacuation=True).result()["winner"] == "soviet"
    assert _tournament_end(11, industrial_evacuation=True).result()["winner"] == "axis"


def test_22_0_tournament_uses_the_campaign_set_up():
    a = engine.new_game("stalins_war", scenario="tournament", seed=3).to_json()
    b = engine.new_game("stalins_war", scenario="campaign", seed=3).to_json()
    assert {k: v["loc"] for k, v in a["units"].items()} == {k: v["loc"] for k, v in b["units"].items()}


# ---- 23.1 optional rules -----------------------------------------------------------------------------

def test_23_1_1_each_side_may_buy_a_card_for_a_vp_axis_first():
    g = engine.new_game("stalins_war", seed=2, options={"buy_first_card": True})
    assert decision(g) == "buy_card" and g.active_sides() == ["axis"]
    act(g, "axis", type="buy_card", card="A12")
    assert g.view(None)["vp"] == 6
    assert decision(g) == "free_pick"
    act(g, "soviet", type="decline_pick")
    assert decision(g) == "buy_card" and g.active_sides() == ["soviet"]
    act(g, "soviet", type="buy_card", card="S11")
    s = state(g)
    assert g.view(None)["vp"] == 7
    assert "A12" in s["cards"]["axis"]["hand"] and len(s["cards"]["axis"]["hand"]) == 6
    assert "S11" in s["cards"]["soviet"]["hand"] and len(s["cards"]["soviet"]["hand"]) == 6


def test_23_1_2_soviet_reinforcement_cards_shuffled_in_and_no_free_pick():
    g = engine.new_game("stalins_war", seed=2, options={"shuffle_soviet_reinforcements": True})
    assert decision(g) == "action_round"
    s = state(g)
    assert s["cards"]["soviet"]["set_aside"] == []
    pool = s["cards"]["soviet"]["draw"] + s["cards"]["soviet"]["hand"]
    assert {"S1", "S2", "S3", "S4", "S5", "S6"} <= set(pool)


def test_23_1_4_phasing_side_rechecks_oos_units_at_end_of_round():
    units = {"1320": ["GE-43K"]}
    g = quiet(turn=6, units=units, options={"phasing_supply_recheck": True}, hands={"axis": ["A12"]})
    act(g, "axis", type="play_card", card="A12", **{"as": "ops"})
    # mark it out of supply mid-round (as if judged at the start) and end the round
    s = g.to_json()
    s["units"]["GE-43K"]["supply"] = "none"
    g = engine.load(s)
    finish_round(g, "axis")
    assert state(g)["units"]["GE-43K"]["supply"] == "full"
    g = quiet(turn=6, units=units, hands={"axis": ["A12"]})
    act(g, "axis", type="play_card", card="A12", **{"as": "ops"})
    s = g.to_json()
    s["units"]["GE-43K"]["supply"] = "none"
    g = engine.load(s)
    finish_round(g, "axis")
    assert state(g)["units"]["GE-43K"]["supply"] == "none"
