"""5.0 Determining victory: each automatic victory at the moment its rule names."""
from engine.stalins_war.data import load_data
from tests.engine.sw import game, pass_round, state

MAP = load_data().map
P = MAP.places
OIL = [h for h, x in MAP.hexes.items() if x.oil]
SOVIET_VP = [h for h, x in MAP.hexes.items() if x.vp and x.country in ("soviet_union", "baltic")]


def end_of_turn(turn, **pos):
    """A game that starts at the End of Turn phase of `turn` (no trenches, so it resolves at once)."""
    pos.setdefault("control", {})
    pos["control"].setdefault(P["Riga"], "axis")  # so 5.1.3's all-VP-hexes check stays quiet
    return game(turn=turn, phase="end_of_turn", **pos)


def test_5_1_1_vp_level_starts_at_seven_and_follows_vp_hexes():
    g = game(turn=2, active="axis", ops=0, units={MAP.neighbours(P["Minsk"])[0]: ["GE-43K"]})
    before = g.view(None)["vp"]
    assert before == 7
    path = [P["Minsk"]]
    g.apply("axis", {"type": "move", "unit": "GE-43K", "path": path})
    assert g.view(None)["vp"] == 8
    assert g.view(None)["control"][P["Minsk"]] == "axis"


def test_5_1_2_axis_wins_with_vp_20_at_end_of_turn():
    g = end_of_turn(6, vp=20)
    assert g.result()["winner"] == "axis" and g.result()["rule"] == "5.1.2"
    g = end_of_turn(6, vp=19)
    assert g.result() is None


def test_5_1_2_axis_wins_holding_all_oil_for_two_turn_ends():
    control = {h: "axis" for h in OIL}
    g = end_of_turn(7, control=dict(control), stats={"oil_streak": 1})
    assert g.result()["winner"] == "axis"
    g = end_of_turn(7, control=dict(control))
    assert g.result() is None
    assert state(g)["stats"]["oil_streak"] == 1
    lost = dict(control)
    lost[OIL[-1]] = "soviet"
    g = end_of_turn(7, control=lost, stats={"oil_streak": 1})
    assert g.result() is None and state(g)["stats"]["oil_streak"] == 0


def test_5_1_2_axis_wins_with_moscow_leningrad_and_rostov_or_sevastopol_at_end_of_turn_4():
    base = {P["Moscow"]: "axis", P["Leningrad"]: "axis"}
    for third in ("Rostov", "Sevastopol"):
        g = end_of_turn(4, control={**base, P[third]: "axis"}, stats={"axis_east_of_paulus": True})
        assert g.result()["winner"] == "axis", third
    g = end_of_turn(4, control=dict(base), stats={"axis_east_of_paulus": True})
    assert g.result() is None
    g = end_of_turn(5, control={**base, P["Rostov"]: "axis"})
    assert g.result() is None


def test_5_1_2_axis_wins_at_end_of_turn_8_with_four_cities_and_baku_cut():
    caspian = [h for h, x in MAP.hexes.items() if x.port == "caspian" and h != P["Baku"]]
    four = {P[n]: "axis" for n in ("Moscow", "Leningrad", "Stalingrad", "Sevastopol")}
    cut = {**four, **{h: "axis" for h in caspian}}
    g = end_of_turn(8, control=cut)
    assert g.result() is not None and g.result()["winner"] == "axis" and g.result()["rule"] == "5.1.2"
    g = end_of_turn(8, control=dict(four))  # Baku still a full Soviet source
    assert g.result() is None


def test_5_1_3_soviet_wins_with_vp_zero_at_end_of_turn():
    g = end_of_turn(6, vp=0)
    assert g.result()["winner"] == "soviet" and g.result()["rule"] == "5.1.3"


def test_5_1_3_soviet_wins_holding_the_axis_capitals_at_end_of_a_soviet_round():
    capitals = {P[n]: "soviet" for n in ("Berlin", "Buda", "Pest", "Bucharest", "Konigsberg")}
    g = game(turn=12, round=3, active="soviet", control=dict(capitals))
    pass_round(g, "soviet")
    assert g.result()["winner"] == "soviet"
    partial = dict(capitals)
    partial[P["Pest"]] = "axis"
    g = game(turn=12, round=3, active="soviet", control=partial)
    pass_round(g, "soviet")
    assert g.result() is None
    g = game(turn=12, round=3, active="axis", control=dict(capitals))
    pass_round(g, "axis")  # end of an Axis round: not yet
    assert g.result() is None


def test_5_1_3_soviet_wins_if_no_supplied_axis_unit_crossed_the_paulus_line_by_turn_4():
    g = end_of_turn(4)
    assert g.result()["winner"] == "soviet"
    g = end_of_turn(4, stats={"axis_east_of_paulus": True})
    assert g.result() is None


def test_5_1_3_moving_a_supplied_axis_unit_east_of_the_paulus_line_is_remembered():
    start_hex, east = _paulus_crossing()
    axis_west = {h: "axis" for h, x in MAP.hexes.items() if x.playable and not x.paulus_zone}
    g = game(turn=2, ops=0, units={start_hex: ["GE-24Pz"]}, control=dict(axis_west))
    assert state(g)["units"]["GE-24Pz"]["supply"] == "full"
    g.apply("axis", {"type": "move", "unit": "GE-24Pz", "path": [east]})
    assert state(g)["stats"]["axis_east_of_paulus"] is True
    # an out-of-supply unit crossing does not count
    g = game(turn=2, ops=0, units={start_hex: ["GE-24Pz"]}, control=dict(axis_west), oos=["GE-24Pz"])
    g.apply("axis", {"type": "move", "unit": "GE-24Pz", "path": [east]})
    assert state(g)["stats"]["axis_east_of_paulus"] is False


def test_5_1_3_soviet_wins_holding_every_soviet_vp_hex_on_turns_2_to_12():
    for turn, wins in ((1, False), (2, True), (12, True), (13, False)):
        g = game(turn=turn, phase="end_of_turn", stats={"axis_east_of_paulus": True})
        r = g.result()
        assert (r is not None and r["winner"] == "soviet" and "every VP hex" in r["reason"]) == wins, turn


def test_5_1_3_soviet_wins_at_end_of_turn_10_with_vp_9_or_less():
    assert end_of_turn(10, vp=9).result()["winner"] == "soviet"
    assert end_of_turn(10, vp=10).result() is None
    assert end_of_turn(11, vp=9).result() is None


def test_5_1_4_campaign_ends_after_turn_18_action_phase_with_axis_win():
    g = game(turn=18, round=5, active="soviet", control={P["Riga"]: "axis"})
    pass_round(g, "soviet")
    r = g.result()
    assert r["winner"] == "axis" and r["rule"] == "5.1.4"
    assert g.active_sides() == []


def test_5_1_5_tournament_ends_after_turn_8_with_a_count():
    g = game(scenario="tournament", turn=8, phase="end_of_turn", control={P["Riga"]: "axis"},
             flags={"industrial_evacuation": True, "hitler_takes_command": True})
    r = g.result()
    assert r is not None and r["rule"] == "22.0" and r["winner"] == "soviet"


def _paulus_crossing():
    for h, x in sorted(MAP.hexes.items()):
        if x.playable and not x.paulus_zone and x.country == "soviet_union":
            for n in MAP.neighbours(h):
                if MAP.hexes[n].paulus_zone and MAP.hexes[n].playable and "mountain" not in MAP.hexes[n].terrain:
                    return h, n
    raise AssertionError("no Paulus line crossing found")
