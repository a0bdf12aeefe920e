"""11.5 Advance after combat and 11.2.1 step 9 / 11.5.2 Blitz markers (with 15.1.2)."""
import pytest

import engine
from engine.stalins_war.data import load_data
from tests.engine.combat_support import (
    battle,
    combat,
    declare,
    first_choices,
    has,
    legal,
    phase,
    stage,
    unit,
    where,
    with_state,
)

FIELD = "2021"  # clear, no town: Blitz markers allowed; 1920 and 1921 touch it over plain hexsides
MAP = load_data().map


def _crush(g, side, target, attackers):
    """Attack and wipe the defenders out (enough hits), smallest return fire; leave the attacker at its advance."""
    declare(g, side, target, attackers)
    cb = combat(g)
    a, d = cb["fire"][cb["attacker"]], cb["fire"][cb["defender"]]
    a_die = max(range(1, 7), key=lambda x: die_for_any(a, x))
    d_die = min(range(1, 7), key=lambda x: die_for_any(d, x))
    g.force_dice(a_die, d_die)
    log = g.apply(side, {"type": "resolve"})
    return first_choices(g, log)


def die_for_any(p, die):
    t = load_data().tables.fire[p["table"]]
    col = t.shifted(t.column_for(p["strength"]), p["net"])
    loss, star = t.result(col, die)
    return (loss, 0 if star else 1)


def test_11_5_1_surviving_attackers_advance_into_the_vacated_hex():
    g = battle({FIELD: ["SU-28RK"], "1920": ["GE-9A", "GE-39Pz", "GE-43K"]}, ["1920"])
    _crush(g, "axis", FIELD, ["GE-9A", "GE-39Pz"])
    assert phase(g) == "advance"
    assert {a["unit"] for a in legal(g, "axis", "advance")} == {"GE-9A", "GE-39Pz"}  # not the 43rd: it did not fight
    g.apply("axis", {"type": "advance", "unit": "GE-9A"})
    assert where(g, "GE-9A") == FIELD
    assert not has(g, "axis", type="advance", unit="GE-9A")


def test_11_5_1_advancing_takes_control():
    g = battle({"1921": ["SU-28RK"], "1920": ["GE-9A", "GE-39Pz"]}, ["1920"])
    assert g.view(None)["control"]["1921"] == "soviet"
    _crush(g, "axis", "1921", ["GE-9A", "GE-39Pz"])
    g.apply("axis", {"type": "advance", "unit": "GE-39Pz"})
    assert g.view(None)["control"]["1921"] == "axis"


def test_11_5_1_advance_obeys_stacking_unless_a_blitz_marker_is_placed():
    units = {FIELD: ["SU-28RK"], "1920": ["GE-9A", "GE-39Pz", "GE-57Pz", "GE-41Pz"], "1921": ["GE-56Pz"]}
    g = battle(units, ["1920", "1921"])
    _crush(g, "axis", FIELD, ["GE-9A", "GE-39Pz", "GE-57Pz", "GE-41Pz", "GE-56Pz"])
    for u in ("GE-9A", "GE-57Pz", "GE-41Pz", "GE-56Pz"):
        g.apply("axis", {"type": "advance", "unit": u})
    assert not has(g, "axis", type="advance", unit="GE-39Pz")
    with pytest.raises(engine.IllegalAction, match="9.1.1"):
        g.apply("axis", {"type": "advance", "unit": "GE-39Pz"})
    g.apply("axis", {"type": "place_blitz"})
    g.apply("axis", {"type": "advance", "unit": "GE-39Pz"})
    assert where(g, "GE-39Pz") == FIELD
    assert combat(g) is None  # nothing left to decide in this combat
    g.apply("axis", {"type": "end_combat"})
    g.apply("axis", {"type": "end_exploitation"})
    # 9.1.4: stacking is checked once exploitation is over
    assert g.view(None)["decision"]["kind"] == "fix_stacking"


def test_11_5_1_no_advance_into_a_hex_without_supply():
    # deep in Russia the Axis cannot trace supply to 3525
    g = battle({"3525": ["SU-28RK"], "3526": ["GE-9A", "GE-39Pz"]}, ["3526"])
    log = _crush(g, "axis", "3525", ["GE-9A", "GE-39Pz"])
    assert unit(g, "SU-28RK") is None  # the hex is empty: an advance would be possible but for supply
    assert combat(g) is None  # no advance to offer, so the combat closed at once
    assert not any(e.get("kind") == "advance" for e in log)
    assert where(g, "GE-9A") == "3526" and where(g, "GE-39Pz") == "3526"
    # the same crushing attack where the Axis traces supply into the hex: the advance is offered
    g = battle({FIELD: ["SU-28RK"], "1920": ["GE-9A", "GE-39Pz"]}, ["1920"])
    _crush(g, "axis", FIELD, ["GE-9A", "GE-39Pz"])
    assert legal(g, "axis", "advance")


def test_11_5_2_blitz_needs_an_exploitation_capable_unit_to_advance():
    g = battle({FIELD: ["SU-28RK"], "1920": ["GE-9A", "GE-39Pz"]}, ["1920"])
    _crush(g, "axis", FIELD, ["GE-9A", "GE-39Pz"])
    assert not has(g, "axis", type="place_blitz")
    g.apply("axis", {"type": "advance", "unit": "GE-9A"})
    assert not has(g, "axis", type="place_blitz")
    with pytest.raises(engine.IllegalAction, match="exploitation-capable"):
        g.apply("axis", {"type": "place_blitz"})
    g.apply("axis", {"type": "advance", "unit": "GE-39Pz"})
    assert has(g, "axis", type="place_blitz")
    g.apply("axis", {"type": "place_blitz"})
    assert FIELD in g.view(None)["markers"]["blitz"]


def test_11_5_2_no_blitz_in_a_city():
    assert MAP.hexes["2022"].settlement == "city"
    g = battle({"2022": ["SU-28RK"], FIELD: ["GE-9A", "GE-39Pz"]}, [FIELD])
    _crush(g, "axis", "2022", ["GE-9A", "GE-39Pz"])
    g.apply("axis", {"type": "advance", "unit": "GE-39Pz"})
    assert not has(g, "axis", type="place_blitz")
    with pytest.raises(engine.IllegalAction, match="city"):
        g.apply("axis", {"type": "place_blitz"})


def _major_river_spot():
    """A clear, town-less Soviet hex with one neighbour across a major river and one across a plain edge."""
    for key, hs in sorted(MAP.hexsides.items()):
        if "major_river" not in hs.tec_keys or hs.volga_line:
            continue
        for target, frm in ((hs.a, hs.b), (hs.b, hs.a)):
            h = MAP.hexes[target]
            if h.terrain != ["clear"] or h.settlement or h.caucasus_zone or h.paulus_zone or not h.soviet_union:
                continue
            plain = [n for n in MAP.neighbours(target) if n != frm and MAP.hexes[n].playable
                     and MAP.hexes[n].terrain == ["clear"] and MAP.hexside(target, n) is None]
            if plain and MAP.hexes[frm].playable:
                return target, frm, plain[0]
    raise AssertionError("no such place on the board")


def test_11_5_2_no_blitz_across_a_major_river():
    target, over_major, plain = _major_river_spot()
    control = {h: "axis" for h in (over_major, plain) if h in g_control()}
    units = {target: ["SU-28RK"], over_major: ["GE-9A", "GE-39Pz"], plain: ["GE-57Pz"]}
    g = battle(units, [over_major, plain], control=control)
    _crush(g, "axis", target, ["GE-9A", "GE-39Pz", "GE-57Pz"])
    g.apply("axis", {"type": "advance", "unit": "GE-39Pz"})  # over the major river
    assert not has(g, "axis", type="place_blitz")
    g.apply("axis", {"type": "advance", "unit": "GE-57Pz"})  # over a plain hexside
    assert has(g, "axis", type="place_blitz")


def g_control():
    from engine.stalins_war.state import default_control

    return default_control(load_data())


def _blitz_ready(**position):
    g = battle({FIELD: ["SU-28RK"], "1920": ["GE-9A", "GE-39Pz"]}, ["1920"], **position)
    _crush(g, "axis", FIELD, ["GE-9A", "GE-39Pz"])
    g.apply("axis", {"type": "advance", "unit": "GE-39Pz"})
    return g


def test_11_5_2_at_most_four_blitz_markers_a_round():
    g = with_state(_blitz_ready(), lambda s: s["rs"].update(blitz=4))
    with pytest.raises(engine.IllegalAction, match="four"):
        g.apply("axis", {"type": "place_blitz"})


def test_11_5_2_no_blitz_in_a_zero_ops_round():
    g = with_state(_blitz_ready(), lambda s: s["rs"].update(type="zero_operate"))
    with pytest.raises(engine.IllegalAction, match="0-OPS"):
        g.apply("axis", {"type": "place_blitz"})


def test_11_5_2_no_soviet_blitz_without_lend_lease_banked_ops():
    assert MAP.hexes["1921"].settlement == "town"
    units = {"1921": ["GE-43K"], FIELD: ["SU-1T", "SU-13R"]}
    g = battle(units, [FIELD], active="soviet")
    _crush(g, "soviet", "1921", ["SU-1T", "SU-13R"])
    g.apply("soviet", {"type": "advance", "unit": "SU-1T"})
    assert not has(g, "soviet", type="place_blitz")
    with pytest.raises(engine.IllegalAction, match="Lend-Lease"):
        g.apply("soviet", {"type": "place_blitz"})
    g2 = with_state(g, lambda s: s["tc"].update(lend_lease_banked=True))
    assert has(g2, "soviet", type="place_blitz")


def test_11_5_2_axis_one_blitz_a_round_east_of_the_paulus_line_on_turns_1_to_3():
    assert MAP.hexes["2119"].paulus_zone and not MAP.hexes["2020"].paulus_zone
    units = {"2119": ["SU-28RK"], "2020": ["GE-9A", "GE-39Pz"]}
    g = battle(units, ["2020"], turn=3)
    _crush(g, "axis", "2119", ["GE-9A", "GE-39Pz"])
    g.apply("axis", {"type": "advance", "unit": "GE-39Pz"})
    assert has(g, "axis", type="place_blitz")
    g2 = with_state(g, lambda s: s["rs"].update(blitz_east=1))
    assert not has(g2, "axis", type="place_blitz")
    g3 = with_state(g, lambda s: s.update(turn=6) or s["rs"].update(blitz_east=1))
    assert has(g3, "axis", type="place_blitz")


def test_15_1_2_no_axis_blitz_in_winter_1942_unless_winter_uniforms():
    g = _blitz_ready(turn=4)
    assert not has(g, "axis", type="place_blitz")
    with pytest.raises(engine.IllegalAction, match="15.1.2"):
        g.apply("axis", {"type": "place_blitz"})
    g2 = _blitz_ready(turn=4, flags={"winter_uniforms": True})
    assert has(g2, "axis", type="place_blitz")


def test_11_5_2_the_blitz_choice_ends_with_the_advance():
    g = _blitz_ready()
    g.apply("axis", {"type": "end_advance"})
    assert stage(g) in ("combat", "exploit")
    assert not any(a["type"] == "place_blitz" for a in g.legal_actions("axis"))
    assert FIELD not in g.view(None)["markers"]["blitz"]
