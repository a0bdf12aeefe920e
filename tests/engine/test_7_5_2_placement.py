"""7.5.2c and 7.5.3: where reinforcements arrive (recreated units: test_14_replacements)."""
from __future__ import annotations

from .helpers import act, game, legal, lost, place, where

BERLIN, WARSAW, LUBLIN, KONIGSBERG, BRESLAU = "1118", "1521", "1522", "1619", "1221"
BUCHAREST, ODESSA, BUDA, PEST, MOSCOW = "1429", "1829", "1025", "1125", "2722"


def reinforce(side: str, card: str, units=None, **kw):
    g = game(turn=5, active=side, hands={side: [card]}, units=units or {}, **kw)
    act(g, side, type="play_card", card=card, **{"as": "event"})
    return g


def hexes_for(g, side: str, uid: str) -> set[str]:
    return {a["hex"] for a in legal(g, side, "place", unit=uid)}


def test_7_5_2c_axis_units_arrive_in_the_capital_and_in_supplied_sources_cities_and_fortresses_of_their_nation():
    g = reinforce("axis", "A5")  # German Reinforcements: 2nd Army, 40th Panzer Corps, 42nd Corps
    hexes = hexes_for(g, "axis", "GE-42K")
    assert {BERLIN, BRESLAU, WARSAW, KONIGSBERG, "1217"} <= hexes   # capital, city, General Government, fortress, source
    assert "1620" not in hexes        # Allenstein: a German town
    assert ODESSA not in hexes and BUCHAREST not in hexes  # other nations' cities


def test_7_5_2c_cities_must_be_in_full_supply():
    # Three Soviet fronts whose ZOCs close every way out of Warsaw and Lublin.
    fronts = {"1623": ["SU-WestF"], "1423": ["SU-NWF"], "1520": ["SU-SouthF"]}
    hexes = hexes_for(reinforce("axis", "A5", fronts), "axis", "GE-42K")
    assert WARSAW not in hexes and LUBLIN not in hexes and BERLIN in hexes


def test_7_5_2c_the_capital_must_be_friendly():
    hexes = hexes_for(reinforce("axis", "A5", control={BERLIN: "soviet"}), "axis", "GE-42K")
    assert BERLIN not in hexes


def test_7_5_2c_soviet_units_may_also_arrive_in_supplied_towns():
    g = reinforce("soviet", "S1")
    hexes = hexes_for(g, "soviet", "SU-16R")
    assert {MOSCOW, "3326", "3226"} <= hexes    # the capital, Kuibyshev (city), Syzran (town)
    assert "3427" not in hexes                  # open country
    assert "1521" not in hexes                  # Warsaw: outside the Soviet Union


def test_7_5_2c_italians_arrive_at_bucharest_or_odessa_while_the_axis_holds_them():
    assert hexes_for(reinforce("axis", "A6"), "axis", "IT-CSIR") == {BUCHAREST}
    assert hexes_for(reinforce("axis", "A6", control={ODESSA: "axis"}), "axis", "IT-CSIR") == {BUCHAREST, ODESSA}


def test_7_5_2c_buda_is_hungarys_capital():
    hexes = hexes_for(reinforce("axis", "A7"), "axis", "HU-2A")
    assert BUDA in hexes and place("Buda") == BUDA
    assert BUCHAREST not in hexes


def test_7_5_2c_total_war_fronts_replace_supplied_blitzkrieg_fronts():
    units = {"3427": ["SU-WestF"], "3428": ["SU-NWF:1"], "2811": ["SU-ResF"], "2814": ["GE-43K"]}
    g = reinforce("soviet", "S31", units)  # the Reserve Front at Kandalaksha is cut off (test_13_supply)
    options = {a["replacing"] for a in legal(g, "soviet", "place", unit="SU-1UkrF")}
    assert options == {"SU-WestF", "SU-NWF"}      # full or reduced, but fully supplied
    act(g, "soviet", type="place", unit="SU-1UkrF", hex="3428", replacing="SU-NWF")
    assert where(g, "SU-1UkrF") == "3428" and lost(g, "SU-1UkrF") == 0
    assert where(g, "SU-NWF") == "removed"


def test_7_5_2c_guards_armies_replace_army_scus_only():
    units = {"3427": ["SU-13R:1", "SU-1S", "SU-Mar"], "3428": ["SU-1T", "SU-1G", "SU-28RK"], "3429": ["SU-WestF"]}
    g = reinforce("soviet", "S27", units)
    options = {a["replacing"] for a in legal(g, "soviet", "place", unit="SU-4G")}
    assert options == {"SU-13R", "SU-1S", "SU-Mar"}
    act(g, "soviet", type="place", unit="SU-4G", hex="3427", replacing="SU-13R")
    assert where(g, "SU-13R") == "removed" and lost(g, "SU-4G") == 0


def test_7_5_2c_guards_tank_armies_replace_tank_armies():
    g = reinforce("soviet", "S30", {"3427": ["SU-1T:1", "SU-13R"]})
    assert {a["replacing"] for a in legal(g, "soviet", "place", unit="SU-3GT")} == {"SU-1T"}


def test_7_5_2c_a_tank_army_placed_first_may_then_be_replaced_by_a_guards_tank_army():
    g = reinforce("soviet", "S44")  # 6th Tank Army, 1st, 2nd and 6th Guards Tank Armies
    assert legal(g, "soviet", "place", unit="SU-1GT") == []
    act(g, "soviet", type="place", unit="SU-6T", hex=MOSCOW)
    act(g, "soviet", type="place", unit="SU-1GT", hex=MOSCOW, replacing="SU-6T")
    assert where(g, "SU-1GT") == MOSCOW and where(g, "SU-6T") == "removed"


def test_7_5_2b_units_that_cannot_be_placed_leave_the_game():
    g = reinforce("soviet", "S30")  # no tank army on the map
    assert all(where(g, u) == "removed" for u in ("SU-3GT", "SU-4GT", "SU-5GT"))


def test_7_5_3_units_in_parentheses_arrive_reduced():
    g = reinforce("soviet", "S1")  # (24th Army)
    act(g, "soviet", type="place", unit="SU-24R", hex=MOSCOW)
    act(g, "soviet", type="place", unit="SU-16R", hex=MOSCOW)
    assert lost(g, "SU-24R") == 1 and lost(g, "SU-16R") == 0
