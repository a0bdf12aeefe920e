"""13.0 Supply: tracing (13.1), sources (13.2), penalties, attrition and control (13.3).

Three places serve most positions:
- the Murmansk railway (2909–2910–2811–2812–2813–Belomorsk 2814–2815–…): an Axis corps at
  Belomorsk cuts it, and the Soviet units north of it must walk to the rail at 2815
  around it (2812 is four hexes away by 2813–2713–2714–2815; Kandalaksha, 2811, five);
- the Crimea, whose only ways out are Perekop (2030) and Kerch (2131);
- Bucharest (1429) ringed by Soviet fronts whose ZOCs cover every hex around it.
"""
from __future__ import annotations


from .helpers import act, control, end_of_turn_attrition, game, hexinfo, supply, where

KANDALAKSHA, MURMANSK, BELOMORSK = "2811", "2909", "2814"
SEVASTOPOL, PEREKOP, KERCH = "1931", "2030", "2131"
BUCHAREST, BAKU = "1429", "3138"
RING = {"1328": ["SU-WestF"], "1430": ["SU-NWF"], "1528": ["SU-SouthF"]}  # every hex around Bucharest in ZOC
OTHER_BLACK_SEA_PORTS = ("1829", "1929", "2232", "2330", "2430", "2333", "2534", "2535")


def soviet(units, ops=1, **kw):
    return game(turn=5, active="soviet", ops=ops, units=units, **kw)


def axis(units, ops=1, **kw):
    return game(turn=5, active="axis", ops=ops, units=units, **kw)


def black_sea_ports_to_the_axis() -> dict:
    return {p: "axis" for p in (*OTHER_BLACK_SEA_PORTS, KERCH)}


# ---- 13.1 ---------------------------------------------------------------------------------------

def test_13_1_2_four_hexes_to_a_rail_line_leading_to_a_source():
    g = soviet({BELOMORSK: ["GE-43K"], "2812": ["SU-28RK"], KANDALAKSHA: ["SU-20R"]})
    assert supply(g, "SU-28RK") == "full"   # four hexes to the rail at 2815
    assert supply(g, "SU-20R") == "none"    # five


def test_13_1_2_along_the_rail_any_distance():
    g = soviet({MURMANSK: ["SU-20R"]})
    assert supply(g, "SU-20R") == "full"    # on the railway, which runs to the east edge


def test_13_1_2_port_to_port_link():
    # The Crimea cut at Perekop and Kerch: a unit four hexes or less from Sevastopol is supplied by
    # sea while another Soviet Black Sea port traces supply.
    units = {PEREKOP: ["GE-43K"], KERCH: ["GE-42K"], "1930": ["SU-20R"], "2031": ["SU-21R"]}
    g = soviet(units, control={KERCH: "axis"})
    assert supply(g, "SU-20R") == "full" and supply(g, "SU-21R") == "full"
    g = soviet(units, control=black_sea_ports_to_the_axis())
    assert supply(g, "SU-20R") == "none" and supply(g, "SU-21R") == "none"


def test_13_1_2_port_links_only_on_the_baltic_and_black_sea():
    # Murmansk is a port on the Arctic: no link from it, whatever other ports the Soviets hold.
    g = soviet({BELOMORSK: ["GE-43K"], "2910": ["SU-20R"]})
    assert hexinfo(MURMANSK).port == "arctic"
    assert supply(g, "SU-20R") == "none"


def test_13_1_3_enemy_units_block():
    assert supply(soviet({KANDALAKSHA: ["SU-20R"]}), "SU-20R") == "full"
    assert supply(soviet({BELOMORSK: ["GE-43K"], KANDALAKSHA: ["SU-20R"]}), "SU-20R") == "none"


def test_13_1_3_unnegated_enemy_zoc_blocks_friendly_units_negate_it():
    # The German army at Belomorsk covers 2813, 2713, 2714 and 2815.
    g = soviet({BELOMORSK: ["GE-4A"], "2813": ["SU-20R"]})
    assert supply(g, "SU-20R") == "none"
    g = soviet({BELOMORSK: ["GE-4A"], "2813": ["SU-20R"], "2713": ["SU-21R"], "2714": ["SU-22R"]})
    assert supply(g, "SU-20R") == "full"    # 2713-2714-2715-2816: four hexes, the ZOC negated


def test_13_1_3_enemy_held_cities_block():
    # Kirov (3421), a city, is the way out of the north-east corner.
    assert hexinfo("3421").settlement == "city"
    assert supply(soviet({"3716": ["SU-20R"]}), "SU-20R") == "full"
    assert supply(soviet({"3716": ["SU-20R"]}, control={"3421": "axis"}), "SU-20R") == "none"


def test_13_1_3_enemy_festungs_and_trenches_block_enemy_held_towns_do_not():
    # Belomorsk (2814) is a town on the Murmansk railway.
    assert hexinfo(BELOMORSK).settlement == "town"
    axis_town = {BELOMORSK: "axis"}
    assert supply(soviet({KANDALAKSHA: ["SU-20R"]}, control=axis_town), "SU-20R") == "full"
    g = soviet({KANDALAKSHA: ["SU-20R"]}, control=axis_town, markers={"festung": [BELOMORSK]})
    assert supply(g, "SU-20R") == "none"
    g = soviet({KANDALAKSHA: ["SU-20R"]}, control=axis_town, markers={"trench": {BELOMORSK: "axis"}})
    assert supply(g, "SU-20R") == "none"


def test_13_1_3_active_partisans_block_inactive_ones_do_not():
    # Two fronts next to Bucharest leave a German corps there one way out: 1430 to Varna (1431).
    two_fronts = {"1328": ["SU-WestF"], "1528": ["SU-SouthF"], BUCHAREST: ["GE-43K"]}
    assert supply(axis(two_fronts, markers={"partisans": ["1430"]}), "GE-43K") == "full"
    assert supply(axis({**two_fronts, "1430": ["SU-P1"]}), "GE-43K") == "none"


def test_13_1_1_active_side_judged_at_the_start_of_its_round():
    # The Kandalaksha army is out of supply for the whole round, even after it walks back into supply.
    g = soviet({BELOMORSK: ["GE-43K"], KANDALAKSHA: ["SU-20R"]}, ops=2)
    assert supply(g, "SU-20R") == "none"
    act(g, "soviet", type="move", unit="SU-20R", path=["2812"])
    assert supply(g, "SU-20R") == "none"


def test_13_1_1_non_active_units_keep_their_last_verdict():
    # Soviet units judged OOS keep the marker through the Axis round even if the cut is lifted.
    g = axis({BELOMORSK: ["GE-46Pz"], KANDALAKSHA: ["SU-20R"]}, oos=["SU-20R"], ops=2, control={BELOMORSK: "axis"})
    act(g, "axis", type="move", unit="GE-46Pz", path=["2815"])
    assert supply(g, "SU-20R") == "none"


# ---- 13.2 ---------------------------------------------------------------------------------------

def test_13_2_1_romanians_trace_to_bucharest_germans_to_the_west_edge_and_usir():
    g = axis({**RING, BUCHAREST: ["RO-3A", "GE-43K"]})
    assert supply(g, "RO-3A") == "full"
    assert supply(g, "GE-43K") == "none"
    g = axis({"1223": ["GE-43K", "RO-Mtn"]})  # the USIR
    assert supply(g, "GE-43K") == "full"


def test_13_2_1_italians_trace_to_buda():
    g = axis({**RING, BUCHAREST: ["RO-3A", "IT-CSIR"]})
    assert supply(g, "IT-CSIR") == "none"


def test_13_2_2_soviet_units_trace_to_the_east_edge():
    g = soviet({"3729": ["SU-20R"]})
    assert supply(g, "SU-20R") == "full"


BAKU_CUT = {"3038": ["GE-43K"], "2938": ["GE-42K"]}  # Baku's only way out is then 3039, a dead end


def test_13_2_3_baku_full_source_while_another_caspian_port_traces_supply():
    g = soviet({**BAKU_CUT, "3039": ["SU-20R"]})
    assert supply(g, "SU-20R") == "full"


def test_13_2_3_baku_alone_gives_supply_for_defence_and_attrition_only():
    caspian = {h: "axis" for h in ("2935", "3032", "3037", "3331")}
    g = soviet({**BAKU_CUT, "3039": ["SU-20R"]}, control=caspian)
    assert supply(g, "SU-20R") == "limited"


def test_13_2_4_fortress_supply():
    units = {PEREKOP: ["GE-43K"], KERCH: ["GE-42K"], SEVASTOPOL: ["SU-20R"], "2031": ["SU-21R"]}
    g = soviet(units, control=black_sea_ports_to_the_axis())
    assert supply(g, "SU-20R") == "limited"
    assert supply(g, "SU-21R") == "none"
    g = soviet(units, control=black_sea_ports_to_the_axis(), markers={"fortress_destroyed": [SEVASTOPOL]})
    assert supply(g, "SU-20R") == "none"


def test_13_2_4_festung_supply():
    g = axis({**RING, BUCHAREST: ["GE-43K"]}, markers={"festung": [BUCHAREST]})
    assert supply(g, "GE-43K") == "limited"


# ---- 13.3 ---------------------------------------------------------------------------------------

def test_13_3_1_out_of_supply_ma_is_two():
    g = soviet({BELOMORSK: ["GE-43K"], KANDALAKSHA: ["SU-1T"]}, ops=2)
    assert supply(g, "SU-1T") == "none"
    from .helpers import moves

    assert max(len(p) for p in moves(g, "soviet", "SU-1T").values()) <= 2


def test_13_3_8_oos_units_are_eliminated_in_attrition():
    g = end_of_turn_attrition("soviet", {BELOMORSK: ["GE-43K"], KANDALAKSHA: ["SU-20R"], "2812": ["SU-28RK"]})
    assert where(g, "SU-20R") == "eliminated"
    assert where(g, "SU-28RK") == "2812"


def test_13_3_8_soviet_lcus_go_to_the_eliminated_units_box():
    g = end_of_turn_attrition("soviet", {BELOMORSK: ["GE-43K"], KANDALAKSHA: ["SU-NWF"]})
    assert where(g, "SU-NWF") == "eliminated"


def test_13_3_8_axis_lcus_go_to_the_turn_track_three_turns_on():
    g = end_of_turn_attrition("axis", {**RING, BUCHAREST: ["GE-4A", "RO-Mtn", "GE-43K"]})
    assert where(g, "GE-4A") == "track:8"
    assert where(g, "GE-43K") == "eliminated"
    assert where(g, "RO-Mtn") == BUCHAREST


def test_13_3_8_units_in_fortress_or_baku_supply_survive():
    units = {PEREKOP: ["GE-43K"], KERCH: ["GE-42K"], SEVASTOPOL: ["SU-20R"], "2031": ["SU-21R"]}
    g = end_of_turn_attrition("soviet", units, control=black_sea_ports_to_the_axis())
    assert where(g, "SU-20R") == SEVASTOPOL and where(g, "SU-21R") == "eliminated"


def test_13_3_9_cut_off_cities_ports_oil_and_vp_hexes_change_hands():
    g = end_of_turn_attrition("soviet", {BELOMORSK: ["GE-43K"]})
    assert control(g, MURMANSK) == "axis"           # a city and port, cut off
    assert control(g, KANDALAKSHA) == "soviet"      # a town: not subject to 13.3.9


def test_13_3_9_vp_level_follows():
    units = {PEREKOP: ["GE-43K"], KERCH: ["GE-42K"]}
    g = end_of_turn_attrition("soviet", units, control=black_sea_ports_to_the_axis(),
                              markers={"fortress_destroyed": [SEVASTOPOL]})
    assert control(g, SEVASTOPOL) == "axis"
    assert g.view(None)["vp"] == 8


def test_13_3_9_a_standing_friendly_fortress_keeps_its_hex():
    units = {PEREKOP: ["GE-43K"], KERCH: ["GE-42K"]}
    g = end_of_turn_attrition("soviet", units, control=black_sea_ports_to_the_axis())
    assert control(g, SEVASTOPOL) == "soviet"
    assert g.view(None)["vp"] == 7


def test_13_3_9_hexes_tracing_to_a_cut_off_baku_keep_their_control():
    caspian = {h: "axis" for h in ("2935", "3032", "3037", "3331")}
    g = end_of_turn_attrition("soviet", dict(BAKU_CUT), control=caspian)
    assert control(g, BAKU) == "soviet"


def test_13_1_4_a_landed_marine_army_is_in_supply_on_the_black_sea_coast():
    # The Maritime Army, landed by Black Sea, Black Death (7.5.4), cut off at 2031 in the Crimea.
    import engine

    def judged(control):
        g = game(turn=5, active="axis", units={PEREKOP: ["GE-43K"], KERCH: ["GE-42K"], "2031": ["SU-Mar"]},
                 control=control)
        data = g.to_json()
        data["units"]["SU-Mar"]["landed_marine"] = True
        g = engine.load(data)
        act(g, "axis", type="zero_ops", option="pass", discard=None)  # the Soviet round begins: judged
        return supply(g, "SU-Mar")

    assert judged(black_sea_ports_to_the_axis()) == "full"   # Sevastopol is still Soviet
    assert judged({**black_sea_ports_to_the_axis(), SEVASTOPOL: "axis"}) == "none"


def test_13_3_6_units_out_of_supply_have_no_zoc():
    g = soviet({"3426": ["SU-13R"], "3528": ["GE-4A"]}, ops=2, oos=["GE-4A"])
    act(g, "soviet", type="move", unit="SU-13R", path=["3427", "3428", "3429"])
    assert where(g, "SU-13R") == "3429"
