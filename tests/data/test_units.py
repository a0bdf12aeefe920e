"""Counters and marker limits (units.toml)."""
from __future__ import annotations

import math
import re

import pydantic
import pytest

from engine.stalins_war.data import units
from engine.stalins_war.data.loading import DataError
from engine.stalins_war.data.units import UnitDef, parse_step


def make_unit(**over) -> UnitDef:
    base = dict(id="SU-99R", side="soviet", nationality="SU", rp_type="SU", name="99th Army", label="99R",
                kind="infantry", size="army", lcu=False, guards=False, arrival="reinforcement",
                counters=[["2-3", "1-3"]])
    base.update(over)
    return UnitDef.model_validate(base)


def of_kind(unit_defs, kind, side=None):
    return [u for u in unit_defs.values() if u.kind == kind and (side is None or u.side == side)]


# ---- the file ---------------------------------------------------------------------------

def test_units_file_validates(unit_defs, unit_data):
    assert len(unit_defs) > 120
    assert {u.side for u in unit_defs.values()} == {"axis", "soviet"}
    assert {u.nationality for u in unit_defs.values()} == {"GE", "HU", "RO", "IT", "SU"}
    assert unit_data.partisans_on_map_max == 6


def test_id_scheme(unit_defs):
    for uid, u in unit_defs.items():
        assert re.match(r"^[A-Z]{2}-[A-Za-z0-9]+$", uid)
        assert uid.startswith(u.nationality + "-")
    for uid in ("GE-4A", "GE-46Pz", "GE-43K", "GE-49Mtn", "HU-3A", "RO-3A", "IT-CSIR", "GE-Vlassov", "SU-WestF",
                "SU-SWF", "SU-SWF2", "SU-16M", "SU-28RK", "SU-13R", "SU-1S", "SU-1T", "SU-1GT", "SU-4G", "SU-1GC",
                "SU-Stalin", "SU-P1"):
        assert uid in unit_defs, uid


def test_step_notation():
    assert parse_step("4-3", 0) == units.Step(attack=4, defense=4, ma=3, replaceable=True, counter=0)
    assert parse_step("4-3-2", 1) == units.Step(attack=4, defense=3, ma=2, replaceable=True, counter=1)
    s = parse_step("*5-3", 0)
    assert (s.attack, s.defense, s.ma, s.replaceable) == (5, 5, 3, False)
    assert s.text == "*5-3" and parse_step("4-3-2", 0).text == "4-3-2"
    with pytest.raises(ValueError):
        parse_step("four-3", 0)


def test_computed_fields_are_exported(unit_defs):
    dumped = unit_defs["GE-46Pz"].model_dump()
    assert dumped["zoc"] is True and dumped["can_exploit"] is True and dumped["exploit_after_uranus"] is False


# ---- 2.2.1 sizes and steps ------------------------------------------------------------------

def test_2_2_1_lcus_are_armies_and_soviet_fronts(unit_defs):
    for u in unit_defs.values():
        if u.side == "soviet":
            assert u.lcu == (u.size == "front"), u.id
        else:
            assert u.lcu == (u.size == "army"), u.id
            assert u.size != "front"


def test_2_2_1_german_armies_four_steps_on_two_counters(unit_defs):
    armies = [u for u in unit_defs.values() if u.nationality == "GE" and u.size == "army" and len(u.steps) == 4]
    assert {"GE-2A", "GE-4A", "GE-6A", "GE-9A", "GE-11A", "GE-16A", "GE-17A", "GE-18A"} <= {u.id for u in armies}
    for u in armies:
        assert [s.text for s in u.steps] == ["*5-3", "4-3", "3-3", "2-3"], u.id
        assert [[s.text for s in c] for c in u.counters] == [["*5-3", "4-3"], ["3-3", "2-3"]]


def test_14_1_6_german_army_top_step_not_replaceable(unit_defs):
    for uid in ("GE-4A", "GE-6A", "GE-18A"):
        steps = unit_defs[uid].steps
        assert not steps[0].replaceable
        assert all(s.replaceable for s in steps[1:])
        assert not unit_defs[uid].permanent_on_elimination


def test_2_2_1_units_with_every_step_asterisked_leave_the_game(unit_defs):
    assert unit_defs["SU-16M"].permanent_on_elimination  # 1941 mech corps: irreplaceable
    assert unit_defs["SU-Stalin"].permanent_on_elimination
    assert all(u.permanent_on_elimination for u in of_kind(unit_defs, "partisan"))  # 16.1.6
    assert not unit_defs["SU-1M"].permanent_on_elimination  # the 1942 mech corps can be rebuilt
    assert not unit_defs["SU-WestF"].permanent_on_elimination


def test_single_step_units(unit_defs):
    singles = {u.id for u in unit_defs.values() if len(u.steps) == 1}
    assert {"SU-28RK", "SU-5RK", "SU-Stalin", "SU-FZ", "GE-Bunker"} <= singles
    assert all(len(unit_defs[u].counters) == 1 for u in singles)


def test_25_1_southwest_front_is_5_3_and_has_a_weaker_successor(unit_defs):
    swf, swf2 = unit_defs["SU-SWF"], unit_defs["SU-SWF2"]
    assert swf.steps[0].text.lstrip("*") == "5-3"
    assert swf.successor == "SU-SWF2"          # 11.3.6, 14.2.1
    assert swf.permanent_on_elimination        # the original leaves the game
    assert swf2.arrival == "successor" and swf2.lcu and swf2.size == "front"
    assert swf2.steps[0].attack < swf.steps[0].attack


# ---- movement and exploitation facts -------------------------------------------------------

def test_10_1_4_shock_armies_have_ma_2(unit_defs):
    shock = of_kind(unit_defs, "shock")
    assert {u.id for u in shock} == {"SU-1S", "SU-2S", "SU-3S", "SU-4S", "SU-5S"}
    assert all(s.ma == 2 for u in shock for s in u.steps)


def test_12_2_2_panzer_corps_ma_5_exploit_3_hexes_and_2_on_paulus_turns(unit_defs):
    panzers = of_kind(unit_defs, "panzer")
    assert len(panzers) >= 10
    for u in panzers:
        assert u.full.ma == 5 and math.ceil(u.full.ma / 2) == 3
        assert math.ceil((u.full.ma - 1) / 2) == 2  # 12.2.3: MA 4 east of the Paulus line, turns 1-4


def test_16_4_stalin_no_attack_no_ma_no_zoc(unit_defs):
    st = unit_defs["SU-Stalin"]
    assert not st.lcu and st.kind == "stalin" and st.size == "corps"
    assert st.full.attack == 0 and st.full.ma == 0 and st.full.defense > 0
    assert not st.zoc and not st.counts_for_stacking


def test_8_1_zoc_units(unit_defs):
    with_zoc = ["GE-4A", "HU-3A", "RO-3A", "IT-8A", "SU-WestF", "SU-1UkrF", "SU-16M", "SU-1M", "SU-1T",
                "SU-4G", "SU-1G", "SU-1GT", "GE-46Pz", "GE-2SSPz"]
    without = ["SU-13R", "SU-1S", "SU-Mar", "SU-28RK", "SU-1GC", "GE-43K", "GE-49Mtn", "HU-Mob", "RO-Cav",
               "IT-CSIR", "GE-Vlassov", "SU-Stalin", "SU-P1", "SU-FZ", "GE-Bunker"]
    assert all(unit_defs[u].zoc for u in with_zoc), [u for u in with_zoc if not unit_defs[u].zoc]
    assert not any(unit_defs[u].zoc for u in without), [u for u in without if unit_defs[u].zoc]
    # Every LCU has a ZOC.
    assert all(u.zoc for u in unit_defs.values() if u.lcu)


def test_8_1_zoc_is_derived_not_typed():
    assert make_unit(kind="tank", counters=[["4-3-4"]]).zoc
    assert not make_unit().zoc
    with pytest.raises(pydantic.ValidationError):
        make_unit(zoc=True)  # not an input field


def test_12_1_1_exploit_capable(unit_defs):
    capable = {u.id for u in unit_defs.values() if u.can_exploit}
    assert {"GE-46Pz", "SU-1T", "SU-1GT", "SU-1GC", "SU-7GC"} <= capable
    assert not capable & {"SU-16M", "SU-1M", "SU-4G", "SU-1S", "GE-4A", "HU-Mob", "IT-CSIR", "SU-WestF"}
    assert all(unit_defs[u].kind in ("panzer", "tank", "guards_tank", "guards_cavalry") for u in capable)
    after_uranus = {u.id for u in unit_defs.values() if u.exploit_after_uranus}
    assert after_uranus == {u.id for u in of_kind(unit_defs, "mech", "soviet")}
    assert "HU-Mob" not in after_uranus


def test_11_2_1_tie_breaker_and_mechanized(unit_defs):
    assert unit_defs["GE-46Pz"].wins_ties and unit_defs["SU-4G"].wins_ties and unit_defs["SU-1GC"].wins_ties
    assert not unit_defs["SU-WestF"].wins_ties and not unit_defs["SU-13R"].wins_ties
    assert unit_defs["SU-16M"].mechanized and unit_defs["SU-1GT"].mechanized
    assert not unit_defs["SU-1GC"].mechanized and not unit_defs["SU-4G"].mechanized


def test_3_0_guards_exactly_when_g_in_id(unit_defs):
    for u in unit_defs.values():
        assert u.guards == (u.side == "soviet" and "G" in u.id.split("-", 1)[1]), u.id
    assert {u.id for u in unit_defs.values() if u.kind == "guards"} == {f"SU-{n}G" for n in range(1, 12)}
    assert {u.id for u in unit_defs.values() if u.kind == "guards_tank"} == {f"SU-{n}GT" for n in range(1, 7)}
    assert {f"SU-{n}T" for n in range(1, 7)} <= set(unit_defs)


def test_14_1_7_rp_types(unit_defs):
    for u in unit_defs.values():
        if u.side == "soviet":
            assert u.rp_type == "SU"
        elif u.kind == "panzer":
            assert u.rp_type == "PZ"
        elif u.nationality == "GE" and u.id != "GE-Vlassov":
            assert u.rp_type == "GE"
        elif u.nationality != "GE":
            assert u.rp_type == "AX"


def test_3_0_vlassov_german_command_axis_quality(unit_defs):
    v = unit_defs["GE-Vlassov"]
    assert v.nationality == "GE" and v.side == "axis"  # supply and placement as German (13.2.1)
    assert v.rp_type == "AX" and v.rp_note


def test_7_5_2c_replacement_classes(unit_defs):
    by = lambda r: {u.id for u in unit_defs.values() if u.replaces == r}
    assert by("army") == {f"SU-{n}G" for n in range(4, 12)}
    assert all(unit_defs[f"SU-{n}G"].replaces is None for n in (1, 2, 3))  # design note
    assert by("tank_army") == {f"SU-{n}GT" for n in range(1, 7)}
    tw = by("blitz_front")
    assert {"SU-1UkrF", "SU-4UkrF", "SU-1BelF", "SU-3BelF", "SU-1BaltF", "SU-2BaltF", "SU-KarF"} <= tw
    assert all(unit_defs[u].total_war_front and unit_defs[u].total_war for u in tw)
    blitz_fronts = [u for u in unit_defs.values() if u.blitz_front]
    assert len(blitz_fronts) >= len(tw)  # enough Blitzkrieg fronts to exchange
    for name in ("SU-BryF", "SU-KalF", "SU-VolF", "SU-StalF", "SU-DonF", "SU-VorF", "SU-NCF", "SU-SouthF"):
        assert unit_defs[name].blitz_front


def test_total_war_fronts_hit_harder_than_blitzkrieg_fronts(unit_defs):
    tw = [u.full.attack for u in unit_defs.values() if u.total_war_front]
    blitz = [u.full.attack for u in unit_defs.values() if u.blitz_front]
    assert min(tw) >= max(blitz) and sum(tw) / len(tw) > sum(blitz) / len(blitz)


def test_germans_much_stronger_per_unit_in_1941(unit_defs):
    ge_army = [u.full.attack for u in unit_defs.values() if u.nationality == "GE" and u.lcu and u.arrival == "setup"]
    su_front = [u.full.attack for u in unit_defs.values() if u.blitz_front and u.arrival == "setup"]
    pz = [u.full.attack for u in unit_defs.values() if u.kind == "panzer" and u.arrival == "setup"]
    mech = [u.full.attack for u in unit_defs.values() if u.kind == "mech" and u.arrival == "setup"]
    assert sum(ge_army) / len(ge_army) > sum(su_front) / len(su_front)
    assert min(pz) > max(mech)


# ---- special units and markers ------------------------------------------------------------

def test_9_1_3_units_that_do_not_count_for_stacking(unit_defs):
    uncounted = {u.kind for u in unit_defs.values() if not u.counts_for_stacking}
    assert uncounted == {"stalin", "bunker", "fortified_zone", "partisan"}
    assert unit_defs["SU-4Abn"].stack_class == "partisan"


def test_10_2_1_bunker_cannot_use_strategic_movement(unit_defs):
    b = unit_defs["GE-Bunker"]
    assert b.kind == "bunker" and b.side == "axis" and not b.can_strategic_move and b.full.ma == 0
    assert not unit_defs["GE-4A"].can_strategic_move  # only SCUs (10.2.1)
    assert unit_defs["GE-46Pz"].can_strategic_move and unit_defs["SU-Stalin"].can_strategic_move  # 16.4.5


def test_8_2_fortified_zone(unit_defs):
    fz = unit_defs["SU-FZ"]
    assert fz.kind == "fortified_zone" and fz.side == "soviet" and not fz.counts_for_stacking


def test_16_1_3_partisan_mix_exceeds_six_and_hides_varied_strengths(unit_defs, unit_data):
    pool = [u for u in unit_defs.values() if u.arrival == "partisan_pool"]
    assert len(pool) > unit_data.partisans_on_map_max
    assert len({u.full.text for u in pool}) >= 3
    assert all(u.kind == "partisan" and len(u.steps) == 1 for u in pool)
    airborne = [u for u in unit_defs.values() if u.airborne]
    assert [u.id for u in airborne] == ["SU-4Abn"] and airborne[0].arrival == "event"


def test_marker_limits(unit_data):
    m = unit_data.markers
    assert m["trench"].limiting and m["trench"].per == "side" and m["trench"].count > 0    # 10.3.2
    assert m["festung"].limiting and m["festung"].sides == ["axis"] and m["festung"].count > 0  # 16.3.1
    assert m["blitz"].count == 4                                                       # 11.2.1 step 9
    assert m["volga_fortress"].count == 1 and m["volga_fortress"].sides == ["soviet"]  # 16.2.3
    assert not m["combat"].limiting and not m["move"].limiting
    assert m["fortress_destroyed"].count >= 1


def test_italians_and_minor_allies(unit_defs):
    assert unit_defs["IT-CSIR"].size == "corps" and unit_defs["IT-8A"].lcu
    assert {"HU-1A", "HU-2A", "HU-3A", "RO-3A", "RO-4A"} <= set(unit_defs)


# ---- broken files -------------------------------------------------------------------------

@pytest.mark.parametrize(
    "old, new, entry, problem",
    [
        ('{ id = "SU-1S", name = "1st Shock Army", label = "1S" }',
         '{ id = "SU-1S", name = "1st Shock Army", label = "1S", counters = [["4-3-3", "2-2-3"]] }',
         "SU-1S", "10.1.4"),
        ('{ id = "GE-14Pz", name = "XIV Panzer Corps",     label = "14 Pz" }',
         '{ id = "GE-14Pz", name = "XIV Panzer Corps",     label = "14 Pz", rp_type = "GE" }',
         "GE-14Pz", "rp_type GE differs"),
        ('{ id = "SU-13R", name = "13th Army", label = "13R" }',
         '{ id = "SU-13R", name = "13th Army", label = "13R", guards = true }',
         "SU-13R", "3.0"),
        ('{ id = "SU-20R", name = "20th Army", label = "20R" }',
         '{ id = "SU-13R", name = "20th Army", label = "20R" }',
         "SU-13R", "duplicate unit id"),
        ('{ id = "GE-4A",  name = "4th Army",  label = "4" }',
         '{ id = "GE-4A",  name = "4th Army",  label = "4", counters = [["4-3", "5-3"]] }',
         "GE-4A", "stronger than the step before"),
        ('{ id = "SU-WestF", name = "West Front",           label = "West", counters = [["4-3", "2-3"]] }',
         '{ id = "SU-WestF", name = "West Front",           label = "West", counters = [["4-3", "2-3"]], lcu = false }',
         "SU-WestF", "2.2.1"),
        ('{ id = "SU-P1",  name = "Partisans", label = "P", counters = [["*0-1-2"]] }',
         '{ id = "SU-P1",  name = "Partisans", label = "P", counters = [["*0-1-2"]], arrival = "setup" }',
         "SU-P1", "partisan pool"),
        ('successor = "SU-SWF2"', 'successor = "SU-SWF9"', "SU-SWF", "successor"),
        ("partisans_on_map_max = 6", "partisans_on_map_max = 10", "partisans_on_map_max", "16.1.3"),
        ("[markers.blitz]", "[markers.blitzen]", "markers.blitz", "missing marker limit"),
        ('{ id = "SU-16R", name = "16th Army", label = "16R", arrival = "reinforcement" }',
         '{ id = "SU-16R", name = "16th Army", label = "16R", arrival = "reinforcement", counters = [["2-x"]] }',
         "SU-16R", "step"),
    ],
)
def test_broken_units_file_names_file_entry_and_problem(broken_copy, old, new, entry, problem):
    d = broken_copy("units.toml", old, new)
    with pytest.raises(DataError) as exc:
        units.load_unit_data(d)
    msg = str(exc.value)
    assert msg.startswith("units.toml: "), msg
    assert entry in msg and problem in msg, msg


def test_broken_units_toml_syntax(broken_copy):
    d = broken_copy("units.toml", "partisans_on_map_max = 6", "partisans_on_map_max = = 6")
    with pytest.raises(DataError, match=r"^units\.toml: not valid TOML"):
        units.load_units(d)
