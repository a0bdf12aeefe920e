"""16.0 Special units: partisans (16.1), fortresses (16.2), festungs (16.3). Stalin (16.4) is tested with
losses (test_11_3_losses) and retreats (test_11_4_retreat)."""
import pytest

import engine
from engine.stalins_war.data import load_data
from engine.stalins_war.state import default_control
from tests.engine.combat_support import (
    battle,
    boxes,
    combat,
    declare,
    die_for,
    first_choices,
    has,
    legal,
    new,
    phase,
    shift_reasons,
    unit,
)
from tests.engine.test_11_5_advance import _crush

MAP = load_data().map
SWAMP = "1923"  # swamp, no town, in the Soviet Union


def _partisan_round(units, **position):
    return new(units, active="soviet", **position)


def test_16_1_1_partisans_only_after_partisan_formation():
    units = {"1822": ["GE-43K"], "3525": ["SU-13R"]}
    g = _partisan_round(units)
    assert not legal(g, "soviet", "place_partisans")
    g = _partisan_round(units, flags={"partisan_formation": True})
    assert has(g, "soviet", type="place_partisans", hex=SWAMP)


def test_16_1_2_one_ops_places_two_partisans_once_a_turn():
    g = _partisan_round({"1822": ["GE-43K"], "3525": ["SU-13R"]}, flags={"partisan_formation": True}, ops=3)
    g.apply("soviet", {"type": "place_partisans", "hex": SWAMP})
    v = g.view(None)
    assert v["round_ops"] == 2 and v["markers"]["inactive_partisans"] == [SWAMP]
    assert v["decision"]["kind"] == "place_partisans"
    second = legal(g, "soviet", "place_partisan")[0]["hex"]
    g.apply("soviet", {"type": "place_partisan", "hex": second})
    v = g.view(None)
    assert sorted(v["markers"]["inactive_partisans"]) == sorted([SWAMP, second])
    assert v["decision"]["kind"] == "operations" and not legal(g, "soviet", "place_partisans")


def test_16_1_2_never_more_than_six_partisans_on_the_map():
    five = ["3114", "3113", "3013", "3012", "2912"]
    g = _partisan_round({"1822": ["GE-43K"], "3525": ["SU-13R"]}, flags={"partisan_formation": True},
                        markers={"partisans": five})
    g.apply("soviet", {"type": "place_partisans", "hex": SWAMP})
    assert g.view(None)["decision"]["kind"] == "operations"  # the sixth: no second one
    g6 = _partisan_round({"1822": ["GE-43K"], "3525": ["SU-13R"]}, flags={"partisan_formation": True},
                         markers={"partisans": five + ["2024"]})
    assert not legal(g6, "soviet", "place_partisans")


def test_16_1_3_placement_hexes():
    # forest or swamp in the Soviet Union; out of Soviet supply or nearer an Axis unit than a Soviet one
    g = _partisan_round({"1822": ["GE-43K"], "3525": ["SU-13R"]}, flags={"partisan_formation": True})
    hexes = {a["hex"] for a in legal(g, "soviet", "place_partisans")}
    assert SWAMP in hexes
    for h in hexes:
        x = MAP.hexes[h]
        assert x.country == "soviet_union" and ({"forest", "swamp"} & set(x.terrain))
    assert "1922" not in hexes  # clear
    # a Soviet unit next door, in supply: the swamp is nearer to it than to the Axis corps
    g2 = _partisan_round({"1822": ["GE-43K"], "1924": ["SU-13R"]}, flags={"partisan_formation": True})
    assert not has(g2, "soviet", type="place_partisans", hex=SWAMP)
    with pytest.raises(engine.IllegalAction, match="16.1.3"):
        g2.apply("soviet", {"type": "place_partisans", "hex": SWAMP})
    # never in a hex with an Axis unit
    g3 = _partisan_round({SWAMP: ["GE-43K"], "3525": ["SU-13R"]}, flags={"partisan_formation": True})
    assert not has(g3, "soviet", type="place_partisans", hex=SWAMP)


def test_16_1_4_inactive_partisans_cannot_be_attacked():
    g = battle({"1922": ["GE-43K"], "1921": ["SU-13R"]}, ["1922"], markers={"partisans": [SWAMP]})
    assert not has(g, "axis", type="attack", target=SWAMP)
    with pytest.raises(engine.IllegalAction, match="16.1.4"):
        g.apply("axis", {"type": "attack", "target": SWAMP})


def test_16_1_6_active_partisans_defend_alone_and_are_lost_for_good():
    g = battle({"1922": ["GE-9A", "GE-39Pz"], SWAMP: ["SU-P7"]}, ["1922"])
    _crush(g, "axis", SWAMP, ["GE-9A", "GE-39Pz"])
    assert unit(g, "SU-P7") is None and "SU-P7" in boxes(g)["removed"]


def test_16_2_a_fortress_shifts_the_attack_offers_no_retreat_and_falls_to_entry():
    sev = MAP.places["Sevastopol"]
    near = next(n for n in MAP.neighbours(sev) if MAP.hexes[n].playable and MAP.hexside(sev, n) is None)
    control = {h: "axis" for h in default_control(load_data()) if h != sev}
    g = battle({sev: ["SU-13R", "SU-20R"], near: ["GE-9A", "GE-39Pz"]}, [near], control=control)
    declare(g, "axis", sev, ["GE-9A", "GE-39Pz"])
    assert "fortress" in shift_reasons(g, "axis")
    cb = combat(g)
    p, d = cb["fire"]["axis"], cb["fire"]["soviet"]
    g.force_dice(die_for(p["table"], p["strength"], p["net"], 2), die_for(d["table"], d["strength"], d["net"], 1))
    first_choices(g, g.apply("axis", {"type": "resolve"}))
    assert phase(g) == "no_retreat"  # 11.4.3: fortresses allow it
    g.apply("soviet", {"type": "accept_retreat"})
    while phase(g) == "retreat":
        a = legal(g, "soviet", "retreat")[0]
        g.apply("soviet", {"type": "retreat", "unit": a["unit"], "path": a["path"]})
    g.apply("axis", {"type": "advance", "unit": "GE-39Pz"})
    assert sev in g.view(None)["markers"]["fortress_destroyed"]


def test_16_3_2_festungs_cost_one_ops_in_supplied_friendly_towns_and_cities():
    g = new({"1821": ["GE-9A"]}, flags={"festung": True}, ops=3)
    spots = {a["hex"] for a in legal(g, "axis", "build_festung")}
    assert "1720" in spots  # Suwalki, an Axis town
    assert "1821" not in spots  # Grodno is still Soviet-controlled: the position only put the army there
    assert all(MAP.hexes[h].settlement for h in spots)
    assert not any(g.view(None)["control"].get(h) == "soviet" for h in spots)
    g.apply("axis", {"type": "build_festung", "hex": "1720"})
    v = g.view(None)
    assert "1720" in v["markers"]["festung"] and v["round_ops"] == 2
    assert not has(g, "axis", type="build_festung", hex="1720")
    g0 = new({"1821": ["GE-9A"]}, ops=3)
    assert not legal(g0, "axis", "build_festung")


def test_16_3_4_units_in_a_festung_never_leave_it_not_even_to_advance():
    g = battle({"1720": ["GE-9A", "GE-39Pz"], "1821": ["SU-28RK"]}, ["1720"], markers={"festung": ["1720"]})
    _crush(g, "axis", "1821", ["GE-9A", "GE-39Pz"])
    assert unit(g, "SU-28RK") is None
    assert not legal(g, "axis", "advance")
