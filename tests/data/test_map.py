"""The board (data/stalins_war/map/map.json): every map fact the rules state, and the loader's checks.

Tests are named after the rule they check. MP costs use the Terrain Effects Chart values the
rules engine reads (clear 1; forest, rough, swamp, desert 2; mountain 3; the dearest type counts).
"""
from __future__ import annotations

import copy
import json
import subprocess
import sys
from collections import deque
from pathlib import Path

import pydantic
import pytest

from engine.core import hexgrid
from engine.stalins_war.data import mapdata
from engine.stalins_war.data.loading import DATA_DIR, DataError

ROOT = Path(__file__).resolve().parents[2]
MAP_JSON = DATA_DIR / "map" / "map.json"
MP = {"clear": 1, "forest": 2, "rough": 2, "swamp": 2, "desert": 2, "mountain": 3}

# 25.0, hex -> (nationality, units)
SETUP = {
    "1724": "SU", "1625": "SU", "1721": "SU", "1722": "SU", "1723": "SU", "1624": "SU", "1726": "SU",
    "1821": "SU", "1823": "SU", "1824": "SU", "1826": "SU", "1827": "SU", "1829": "SU", "1918": "SU",
    "2118": "SU", "1920": "SU", "1924": "SU", "2022": "SU", "2123": "SU", "2320": "SU", "2517": "SU",
    "2532": "SU", "2722": "SU",
    "1424": "GE", "1527": "GE", "1523": "GE", "1621": "GE", "1622": "GE", "1623": "GE", "1720": "GE",
    "1819": "GE", "1820": "GE",
    "1025": "HU",
    "1627": "RO", "1629": "RO",
}
RULE_PLACES = ["Moscow", "Leningrad", "Buda", "Pest", "Berlin", "Konigsberg", "USIR", "Bucharest", "Archangel",
               "Astrakhan", "Gorki", "Saratov", "Stalingrad", "Sevastopol", "Rostov", "Novorossiysk", "Odessa",
               "Kiev", "Minsk", "Smolensk", "Warsaw", "Baku", "Ploesti", "Maikop", "Grozny", "Kerch", "Murmansk"]
RAIL_PLACES = ["Buda", "Pest", "Archangel", "Astrakhan", "Gorki", "Saratov", "Stalingrad", "Sevastopol", "Rostov",
               "Novorossiysk", "Odessa", "Kiev", "Minsk", "Smolensk", "Warsaw", "Bucharest", "Berlin", "Konigsberg",
               "USIR", "Moscow", "Leningrad", "Baku", "Murmansk"]


@pytest.fixture(scope="module")
def board() -> mapdata.MapData:
    return mapdata.load_map(DATA_DIR)


def hex_of(board, name):
    return board.hexes[board.places[name]]


def mp(h) -> int:
    return max(MP[t] for t in h.terrain)


def rail_distance(board, a: str, b: str) -> int | None:
    """Rail links from hex a to hex b, or None if the rail net does not join them."""
    seen = {a: 0}
    q = deque([a])
    while q:
        h = q.popleft()
        if h == b:
            return seen[h]
        for n in board.rail_links(h):
            if n not in seen:
                seen[n] = seen[h] + 1
                q.append(n)
    return None


def land_reach(board, start: str, *, kerch: bool = False) -> set[str]:
    """Hexes a unit could walk to from start (playable land, not across water, Kerch only if asked)."""
    seen = {start}
    q = deque([start])
    while q:
        h = q.popleft()
        for n in board.neighbours(h):
            if n in seen or not board.hexes[n].playable:
                continue
            side = board.hexside(h, n)
            if side and (side.impassable or (side.kerch and not kerch)):
                continue
            seen.add(n)
            q.append(n)
    return seen


# ---------------------------------------------------------------------------------- the file

def test_map_file_validates(board):
    assert len(board.hexes) > 600
    land = [h for h in board.hexes.values() if not h.is_water]
    assert len(land) > 500
    assert board.board.columns == (7, 40)
    assert 100 < board.board.hex_km < 135


def test_map_json_is_what_the_generator_builds():
    """tools/build_map.py regenerates map.json (and the README tables) byte for byte."""
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "build_map.py"), "--check"],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr


@pytest.fixture
def broken_map(tmp_path):
    """Write a changed copy of map.json into tmp_path/map/ and return tmp_path."""

    def make(edit) -> Path:
        raw = json.loads(MAP_JSON.read_text(encoding="utf-8"))
        edit(raw)
        (tmp_path / "map").mkdir(exist_ok=True)
        (tmp_path / "map" / "map.json").write_text(json.dumps(raw), encoding="utf-8")
        return tmp_path

    return make


@pytest.mark.parametrize("edit, entry, problem", [
    (lambda r: r["hexes"]["2722"].__setitem__("terrain", ["lava"]), "hex 2722", "terrain.0"),
    (lambda r: r["hexes"]["2722"].pop("country"), "hex 2722", "country: Field required"),
    (lambda r: r["hexes"]["2722"].__setitem__("id", "2723"), "hex 2722", "does not match its key"),
    (lambda r: r["hexsides"].__setitem__("2722-2725", {"river": "river", "river_name": "Moskva"}),
     "hexside 2722-2725", "not adjacent"),
    (lambda r: r["hexsides"].__setitem__("2722-9999", {"river": "river", "river_name": "Moskva"}),
     "hexside 2722-9999", "not on the board"),
    (lambda r: r["hexsides"].__setitem__("2722-2723", {"river": "river"}), "hexside 2722-2723", "name its river"),
    (lambda r: r["rail"].append(["2722", "2725"]), "rail link ['2722', '2725']", "not adjacent"),
    (lambda r: r["rail"].append(["2231", "2232"]), "rail link ['2231', '2232']", "is water"),
    (lambda r: r["places"].__setitem__("Atlantis", "9999"), "place Atlantis", "not on the board"),
    (lambda r: r["places"].pop("Moscow"), "place Moscow", "missing"),
    (lambda r: r["hexes"]["2231"].__setitem__("playable", True), "hex 2231", "cannot be playable"),
    (lambda r: r["hexes"]["2722"].__setitem__("rail", False), "hex 2722", "rail flag"),
    (lambda r: r.pop("geometry"), "geometry", "missing section"),
])
def test_broken_map_names_file_entry_and_problem(broken_map, edit, entry, problem):
    with pytest.raises(DataError) as exc:
        mapdata.load_map(broken_map(edit))
    msg = str(exc.value)
    assert msg.startswith(f"map/map.json: {entry}: "), msg
    assert problem in msg, msg


def test_not_json_fails_with_file_name(tmp_path):
    (tmp_path / "map").mkdir()
    (tmp_path / "map" / "map.json").write_text("{ nope", encoding="utf-8")
    with pytest.raises(DataError, match=r"^map.json: not valid JSON"):
        mapdata.load_map(tmp_path)


# ---------------------------------------------------------------------------------- grid

def test_ids_follow_the_grid(board):
    for hid, h in board.hexes.items():
        assert (h.col, h.row) == hexgrid.col_row(hid)
        assert h.id == hid


def test_neighbours_are_symmetric_and_on_the_board(board):
    for hid in board.hexes:
        ns = board.neighbours(hid)
        assert len(ns) <= 6
        for n in ns:
            assert n in board.hexes
            assert hid in board.neighbours(n)
            assert hexgrid.adjacent(hid, n)


def test_hexsides_join_neighbours(board):
    for key, side in board.hexsides.items():
        assert key == f"{side.a}-{side.b}" and side.a < side.b
        assert hexgrid.adjacent(side.a, side.b)
        assert board.hexside(side.b, side.a) is side
    assert board.hexside("2722", "2725") is None


# ---------------------------------------------------------------------------------- named hexes

def test_25_1_moscow_is_2722(board):
    assert board.places["Moscow"] == "2722"
    h = board.hexes["2722"]
    assert h.name == "Moscow" and h.settlement == "major_city" and h.capital == "SU" and h.vp


def test_25_1_leningrad_is_2517(board):
    assert board.places["Leningrad"] == "2517"
    h = board.hexes["2517"]
    assert h.settlement == "major_city" and h.port == "baltic" and h.fortress == "soviet" and h.vp


def test_25_1_odessa_is_1829(board):
    assert board.places["Odessa"] == "1829"
    assert board.hexes["1829"].port == "black"


def test_5_1_3_budapest_is_buda_and_pest(board):
    buda, pest = board.group("Budapest")
    assert (buda, pest) == ("1025", "1125")
    assert hexgrid.adjacent(buda, pest)
    for hid in (buda, pest):
        h = board.hexes[hid]
        assert h.country == "hungary" and h.vp and h.settlement == "major_city"
    assert board.hexside(buda, pest).river_name == "Danube"


def test_7_5_2c_buda_is_hungarys_capital(board):
    assert hex_of(board, "Buda").capital == "HU"
    assert hex_of(board, "Pest").capital is None
    capitals = {h.capital: h.name for h in board.hexes.values() if h.capital}
    assert capitals == {"GE": "Berlin", "SU": "Moscow", "RO": "Bucharest", "HU": "Buda"}


def test_17_1_2_oil_hexes(board):
    oil = {hid: h.name for hid, h in board.hexes.items() if h.oil}
    assert oil == {"1428": "Ploesti", "2433": "Maikop", "2835": "Grozny", "3138": "Baku"}


def test_10_1_2_astrakhan_costs_two(board):
    h = board.hexes["3032"]
    assert board.places["Astrakhan"] == "3032"
    assert len(h.terrain) >= 2, "several terrain types"
    assert "mountain" not in h.terrain
    assert mp(h) == 2


def test_every_place_the_rules_name_is_on_the_board(board):
    for name in RULE_PLACES:
        assert name in board.places, name
        h = board.hexes[board.places[name]]
        assert not h.is_water and h.playable, name


def test_named_places_sit_where_the_fit_puts_them(board):
    """The fitted positions the geography gives (within a hex of these)."""
    expected = {"Berlin": "1118", "Warsaw": "1521", "Konigsberg": "1619", "Kiev": "2025", "Minsk": "2022",
                "Sevastopol": "1931", "Bucharest": "1429", "Gorki": "3023"}
    for name, hid in expected.items():
        assert hexgrid.distance(board.places[name], hid) <= 1, (name, board.places[name])


def test_cities_keep_their_real_relations(board):
    """Sanity of the geography: compass relations between well-known places survive the grid."""
    def lon(name):
        return hex_of(board, name).lonlat[0]

    def lat(name):
        return hex_of(board, name).lonlat[1]

    assert lat("Leningrad") > lat("Moscow") > lat("Kiev") > lat("Odessa") > lat("Sevastopol")
    assert lon("Berlin") < lon("Warsaw") < lon("Minsk") < lon("Smolensk") < lon("Moscow") < lon("Gorki")
    assert lat("Stalingrad") < lat("Saratov") < lat("Kuibyshev") < lat("Kazan")
    assert lat("Baku") < lat("Grozny") < lat("Maikop") < lat("Rostov")
    assert hexgrid.distance(board.places["Moscow"], board.places["Leningrad"]) in range(4, 7)
    assert hexgrid.distance(board.places["Moscow"], board.places["Stalingrad"]) in range(7, 11)


# ---------------------------------------------------------------------------------- set-up

@pytest.mark.parametrize("hid, nation", sorted(SETUP.items()))
def test_25_0_setup_hex_is_playable_land_in_its_country(board, hid, nation):
    h = board.hexes[hid]
    assert not h.is_water and h.playable
    if nation == "SU":
        assert h.country in ("soviet_union", "baltic")
        assert h.soviet_union
    elif nation == "GE":
        if hid == "1527":
            assert h.country == "romania"   # 11th Army starts in Romania
        else:
            assert h.country == "germany"
            assert h.region in ("general_government", "east_prussia")
    elif nation == "HU":
        assert h.country == "hungary"
    else:
        assert h.country == "romania"


def test_25_2_army_groups_stand_where_they_stood(board):
    # Army Group North in East Prussia
    for hid in ("1819", "1820"):
        assert board.hexes[hid].region == "east_prussia"
    # Centre at Suwalki and either side of Brest
    assert board.places["Suwalki"] == "1720"
    assert hexgrid.adjacent("1622", board.places["Brest"])
    # South in the General Government and Romania
    for hid in ("1623", "1523", "1424"):
        assert board.hexes[hid].general_government
    for hid in ("1527", "1627", "1629"):
        assert board.hexes[hid].country == "romania"
    # 18th Army at Memel, 6th Army at Chelm, Romanian 3rd at Iasi, 4th at Galati
    assert board.places["Memel"] == "1819"
    assert board.places["Chelm"] == "1623"
    assert board.places["Iasi"] == "1627"
    assert board.places["Galati"] == "1629"


def test_25_1_soviet_setup_stands_in_the_west_and_at_moscow_and_leningrad(board):
    frontier = ("1819", "1820", "1720", "1621", "1622", "1623", "1523", "1424", "1527", "1627", "1629")
    west = [h for h, n in SETUP.items() if n == "SU" and h not in ("2517", "2722", "2532", "2320", "2123")]
    for hid in west:
        assert min(hexgrid.distance(hid, f) for f in frontier) <= 3, hid
    assert board.hexes["1722"].name == "Brest"          # 28th Rifle Corps at Brest
    assert board.hexes["1721"].name == "Bialystok"      # West Front in the Bialystok salient
    assert board.hexes["1918"].name == "Riga"
    assert board.hexes["2532"].caucasus_zone            # Trans-Caucasus Front in the Caucasus


def test_4_4_hungary_and_romania_border_the_soviet_union(board):
    """4.4.3/4.4.4 matter only if the two countries touch the Soviet Union."""
    for country in ("hungary", "romania"):
        touching = any(board.hexes[n].soviet_union for hid, h in board.hexes.items() if h.country == country
                       for n in board.neighbours(hid))
        assert touching, country


# ---------------------------------------------------------------------------------- supply

def test_13_2_1_west_edge_runs_from_1316_to_1431(board):
    edge = {hid for hid, h in board.hexes.items() if h.west_edge}
    assert {"1316", "1431"} <= edge
    rows = [hexgrid.col_row(h)[1] for h in edge]
    assert min(rows) == 16 and max(rows) == 31
    # one connected chain of edge hexes from 1316 to 1431
    seen = {"1316"}
    q = deque(["1316"])
    while q:
        h = q.popleft()
        for n in board.neighbours(h):
            if n in edge and n not in seen:
                seen.add(n)
                q.append(n)
    assert "1431" in seen and seen == edge


def test_13_2_1_west_edge_rail_hexes_supply_germans(board):
    for hid, h in board.hexes.items():
        if h.west_edge and h.rail:
            assert "GE" in h.supply_source and h.supply_condition is None, hid
    for hid in ("1316", "1431"):
        h = board.hexes[hid]
        assert h.rail and h.west_edge and "GE" in h.supply_source
    assert "1118" in board.sources("GE"), "Berlin stands on the west edge"


def test_13_2_1_usir_is_one_german_hex(board):
    usir = [hid for hid, h in board.hexes.items() if h.usir]
    assert usir == [board.places["USIR"]]
    h = board.hexes[usir[0]]
    assert h.country == "germany" and not h.general_government
    assert "GE" in h.supply_source and h.rail


def test_13_2_1_minor_allies_supply(board):
    assert board.sources("RO") == (board.places["Bucharest"],)
    assert board.sources("HU") == (board.places["Buda"],)
    assert board.sources("IT") == (board.places["Buda"],)
    ge = set(board.sources("GE"))
    assert ge == {hid for hid, h in board.hexes.items() if (h.west_edge and h.rail) or h.usir}


def test_13_2_2_east_edge_rail_hexes_supply_soviets(board):
    su = set(board.sources("SU"))
    assert su == {hid for hid, h in board.hexes.items() if h.east_edge and h.rail}
    assert len(su) >= 3
    moscow = board.places["Moscow"]
    for hid in su:
        assert rail_distance(board, moscow, hid) is not None, hid
    assert board.places["Sverdlovsk"] in su


def test_13_2_3_baku_is_a_conditional_soviet_source(board):
    baku = hex_of(board, "Baku")
    assert baku.supply_source == ["SU"] and baku.supply_condition == "baku"
    assert baku.id not in board.sources("SU")
    assert baku.id in board.sources("SU", conditional=True)
    other_caspian = [h for h in board.hexes.values() if h.port == "caspian" and h.name != "Baku"]
    assert {h.name for h in other_caspian} >= {"Astrakhan", "Makhachkala"}


def test_13_1_2_ports_touch_their_sea(board):
    ports = {h.name: h.port for h in board.hexes.values() if h.port}
    for name in ("Konigsberg", "Danzig", "Riga", "Tallinn", "Leningrad"):
        assert ports[name] == "baltic", name
    for name in ("Odessa", "Sevastopol", "Kerch", "Novorossiysk", "Constanta", "Varna", "Mariupol", "Taganrog"):
        assert ports[name] == "black", name
    for name in ("Baku", "Astrakhan", "Makhachkala", "Guryev"):
        assert ports[name] == "caspian", name
    for h in board.hexes.values():
        if h.port:
            assert h.port in h.coast


# ---------------------------------------------------------------------------------- rail

def test_rail_places_are_on_rail(board):
    for name in RAIL_PLACES:
        assert hex_of(board, name).rail, name


@pytest.mark.parametrize("a, b", [
    ("Berlin", "Warsaw"), ("Warsaw", "Minsk"), ("Minsk", "Smolensk"), ("Smolensk", "Moscow"),
    ("Berlin", "Moscow"), ("Moscow", "Leningrad"), ("Moscow", "Gorki"), ("Moscow", "Voronezh"),
    ("Voronezh", "Rostov"), ("Moscow", "Stalingrad"), ("Stalingrad", "Saratov"), ("Rostov", "Novorossiysk"),
    ("Rostov", "Grozny"), ("Grozny", "Makhachkala"), ("Makhachkala", "Baku"), ("Rostov", "Baku"),
    ("Kiev", "Odessa"), ("Bucharest", "Buda"), ("Buda", "Pest"), ("Berlin", "Konigsberg"), ("Berlin", "USIR"),
    ("Moscow", "Archangel"), ("Leningrad", "Murmansk"), ("Moscow", "Astrakhan"), ("Moscow", "Sevastopol"),
    ("Berlin", "Bucharest"), ("Moscow", "Kiev"),
])
def test_rail_joins(board, a, b):
    assert rail_distance(board, board.places[a], board.places[b]) is not None, (a, b)


def test_rail_joins_with_short_lines(board):
    """The trunk lines run straight: Moscow-Leningrad and Berlin-Warsaw are a few hexes of rail."""
    assert rail_distance(board, board.places["Moscow"], board.places["Leningrad"]) <= 8
    assert rail_distance(board, board.places["Berlin"], board.places["Warsaw"]) <= 7
    assert rail_distance(board, board.places["Buda"], board.places["Pest"]) == 1


def test_rail_links_are_between_adjacent_land_hexes_not_across_water(board):
    for a, b in board.rail:
        assert hexgrid.adjacent(a, b)
        assert board.has_rail_link(a, b) and board.has_rail_link(b, a)
        assert b in board.rail_links(a) and a in board.rail_links(b)
        for h in (a, b):
            assert not board.hexes[h].is_water and board.hexes[h].playable
        side = board.hexside(a, b)
        assert side is None or not side.impassable


def test_rail_net_is_one_network(board):
    rail = [hid for hid, h in board.hexes.items() if h.rail]
    start = board.places["Moscow"]
    assert all(rail_distance(board, start, hid) is not None for hid in rail)


def test_13_2_1_west_edge_sources_reach_berlin_by_rail(board):
    berlin = board.places["Berlin"]
    for hid in board.sources("GE"):
        assert rail_distance(board, berlin, hid) is not None, hid


# ---------------------------------------------------------------------------------- zones

def test_2_1_paulus_zone(board):
    east = ["Novorossiysk", "Moscow", "Leningrad", "Stalingrad", "Rostov", "Kharkov", "Smolensk", "Voronezh",
            "Taganrog", "Maikop", "Grozny", "Baku", "Tallinn"]
    west = ["Kerch", "Sevastopol", "Simferopol", "Kiev", "Minsk", "Odessa", "Riga", "Vilnius", "Brest", "Lvov",
            "Dnepropetrovsk"]
    for name in east:
        assert hex_of(board, name).paulus_zone, name
    for name in west:
        assert not hex_of(board, name).paulus_zone, name


def test_2_1_paulus_line_runs_along_the_kerch_strait(board):
    (side,) = [s for s in board.hexsides.values() if s.kerch]
    a, b = board.hexes[side.a], board.hexes[side.b]
    assert {a.paulus_zone, b.paulus_zone} == {True, False}


def test_2_1_caucasus_zone(board):
    for name in ("Krasnodar", "Maikop", "Novorossiysk", "Grozny", "Baku", "Tbilisi", "Makhachkala"):
        assert hex_of(board, name).caucasus_zone, name
    for name in ("Rostov", "Stalingrad", "Astrakhan", "Elista", "Voronezh", "Kerch"):
        assert not hex_of(board, name).caucasus_zone, name


def test_2_1_zones_lie_in_the_soviet_union(board):
    for hid, h in board.hexes.items():
        if h.paulus_zone or h.caucasus_zone:
            assert h.soviet_union and not h.is_water, hid
        if h.caucasus_zone:
            assert h.paulus_zone, hid   # the Caucasus lies east of the Paulus line too


def test_5_1_3_paulus_line_is_within_reach_of_the_invasion(board):
    """The Soviets win if no supplied Axis unit has crossed the Paulus line by turn 4: it must be reachable."""
    zone = {hid for hid, h in board.hexes.items() if h.paulus_zone}
    near = min(hexgrid.distance(z, s) for z in zone for s in ("1819", "1820", "1720"))
    assert near <= 3


def test_10_2_3_baltic_states_are_singled_out(board):
    baltic = {h.region for h in board.hexes.values() if h.country == "baltic"}
    assert baltic == {"estonia", "latvia", "lithuania"}
    for name in ("Riga", "Tallinn", "Vilnius"):
        h = hex_of(board, name)
        assert h.country == "baltic" and h.soviet_union


def test_3_0_germany_includes_general_government_and_konigsberg(board):
    assert hex_of(board, "Warsaw").country == "germany" and hex_of(board, "Warsaw").general_government
    assert hex_of(board, "Konigsberg").country == "germany"
    assert hex_of(board, "Berlin").country == "germany"


# ---------------------------------------------------------------------------------- hexsides

def test_11_1_10_volga_line_south_of_saratov(board):
    volga = [s for s in board.hexsides.values() if s.volga_line]
    assert len(volga) >= 8
    saratov = hex_of(board, "Saratov")
    for s in volga:
        assert s.river == "major" and s.river_name == "Volga"
        assert saratov.id not in (s.a, s.b)
        for hid in (s.a, s.b):
            assert board.hexes[hid].lonlat[1] < saratov.lonlat[1] + 0.2
    touched = {h for s in volga for h in (s.a, s.b)}
    assert board.places["Stalingrad"] in touched
    assert board.places["Astrakhan"] in touched
    # and none north of Saratov
    for s in board.hexsides.values():
        if s.river_name == "Volga" and not s.volga_line:
            assert max(board.hexes[h].lonlat[1] for h in (s.a, s.b)) > saratov.lonlat[1] - 0.6


def test_major_rivers_are_dnepr_volga_don(board):
    majors = {s.river_name for s in board.hexsides.values() if s.river == "major"}
    assert majors == {"Dnepr", "Volga", "Don"}
    for name in majors:
        assert sum(1 for s in board.hexsides.values() if s.river_name == name and s.river == "major") >= 10

    def touches(place, river):
        hid = board.places[place]
        return any((s := board.hexside(hid, n)) and s.river_name == river for n in board.neighbours(hid))

    assert touches("Kiev", "Dnepr")
    assert touches("Stalingrad", "Volga")
    assert touches("Rostov", "Don")
    assert touches("Smolensk", "Dnepr")


def test_rivers_the_front_fought_on_are_drawn(board):
    names = {s.river_name for s in board.hexsides.values() if s.river}
    assert {"Western Dvina", "Neman", "Vistula", "Bug", "Pripyat", "Berezina", "Desna", "Dniester", "Prut",
            "Danube", "Northern Donets", "Oka", "Kuban", "Terek", "Volkhov", "Mius"} <= names


def test_kerch_crossing_joins_crimea_and_taman(board):
    (side,) = [s for s in board.hexsides.values() if s.kerch]
    assert {side.a, side.b} == {board.places["Kerch"], board.places["Taman"]}
    assert side.impassable is None
    assert "kerch" in side.tec_keys
    assert board.places["Taman"] == board.places["Novorossiysk"]


def test_crimea_joins_the_mainland_by_land_through_perekop(board):
    crimea = land_reach(board, board.places["Sevastopol"])
    assert board.places["Kerch"] in crimea
    assert board.places["Moscow"] in crimea
    # the land gate is Perekop's hex
    perekop = board.places["Perekop"]
    blocked = land_reach_without(board, board.places["Sevastopol"], perekop)
    assert board.places["Moscow"] not in blocked


def land_reach_without(board, start, barred):
    seen = {start}
    q = deque([start])
    while q:
        h = q.popleft()
        for n in board.neighbours(h):
            if n in seen or n == barred or not board.hexes[n].playable:
                continue
            side = board.hexside(h, n)
            if side and (side.impassable or side.kerch):
                continue
            seen.add(n)
            q.append(n)
    return seen


def test_8_2_water_hexsides_are_impassable(board):
    kinds = {s.impassable for s in board.hexsides.values() if s.impassable}
    assert kinds == {"sea", "lake"}
    for hid, h in board.hexes.items():
        if h.is_water:
            for n in board.neighbours(hid):
                if not board.hexes[n].is_water:
                    side = board.hexside(hid, n)
                    assert side is not None and side.impassable == h.terrain[0], (hid, n)
    # lakes that close hexsides between land hexes
    lakes = {s.water for s in board.hexsides.values() if s.impassable == "lake"}
    assert {"Lake Ladoga", "Lake Peipus"} <= lakes


def test_hexside_tec_keys(board):
    for s in board.hexsides.values():
        for key in s.tec_keys:
            assert key in ("river", "major_river", "kerch", "lake_sea")
    assert board.hexside(board.places["Buda"], board.places["Pest"]).tec_keys == ("river",)


def test_the_board_is_one_land_mass(board):
    """Every playable land hex can be walked to from Moscow (Kerch allowed), islands apart."""
    reach = land_reach(board, board.places["Moscow"], kerch=True)
    stranded = [hid for hid, h in board.hexes.items() if h.playable and hid not in reach]
    assert len(stranded) <= 6, stranded
    for hid in stranded:   # only islands: Novaya Zemlya, Saaremaa ...
        water = sum(1 for n in board.neighbours(hid) if board.hexes[n].is_water)
        assert water + 6 - len(board.neighbours(hid)) >= 3, hid


# ---------------------------------------------------------------------------------- victory, fortresses

def test_5_1_vp_hexes(board):
    vp = {h.name: h for h in board.hexes.values() if h.vp}
    soviet = {n for n, h in vp.items() if h.soviet_union}
    axis = set(vp) - soviet
    # 5.1.2 and 5.1.3 name these
    assert {"Moscow", "Leningrad", "Stalingrad", "Sevastopol", "Rostov"} <= soviet
    assert {"Berlin", "Buda", "Pest", "Bucharest", "Konigsberg"} <= axis
    # 5.1.2: VP 20 from 7 needs 13 Soviet VP hexes; 22.0: 9 VP spaces (+2 adjustment) must be possible
    assert len(soviet) >= 13
    # 5.1.3: VP 0 from 7 by territory alone
    assert len(axis) >= 7
    # 5.1.3: a Soviet VP hex within reach of the invasion on turns 1-2
    axis_setup = [h for h, n in SETUP.items() if n != "SU"]
    assert min(hexgrid.distance(board.places[n], s) for n in soviet for s in axis_setup) <= 2


def test_16_2_fortresses_and_owners(board):
    forts = {h.name: h.fortress for h in board.hexes.values() if h.fortress}
    assert forts == {"Leningrad": "soviet", "Sevastopol": "soviet", "Odessa": "soviet", "Konigsberg": "axis"}


def test_settlements_and_terrain_values(board):
    for h in board.hexes.values():
        if h.is_water:
            assert h.terrain in (["sea"], ["lake"])
            assert not h.settlement and not h.rail and not h.playable
        else:
            assert all(t in MP for t in h.terrain)
    assert hex_of(board, "Kiev").settlement == "major_city"
    assert hex_of(board, "Stalingrad").settlement == "city"
    assert sum(1 for h in board.hexes.values() if h.settlement == "town") > 60


def test_terrain_regions_show_up(board):
    def terrain(name):
        return hex_of(board, name).terrain

    assert "swamp" in terrain("Pinsk")                      # Pripyat marshes
    assert any("mountain" in board.hexes[h].terrain for h in board.neighbours(board.places["Grozny"]))
    assert sum(1 for h in board.hexes.values() if "mountain" in h.terrain and h.caucasus_zone) >= 6
    assert sum(1 for h in board.hexes.values() if "desert" in h.terrain and h.playable) >= 6
    assert sum(1 for h in board.hexes.values() if "forest" in h.terrain and h.playable) >= 60
    assert any("mountain" in board.hexes[h].terrain for h in board.hexes if board.hexes[h].col == 40)  # Urals


def test_neutral_ground(board):
    playable = {h.country for h in board.hexes.values() if h.playable}
    assert playable == {"germany", "hungary", "romania", "baltic", "soviet_union", "slovakia", "bulgaria"}
    neutral = {h.country for h in board.hexes.values() if not h.playable and not h.is_water}
    assert {"finland", "sweden", "turkey", "iran"} <= neutral
    assert "Helsinki" in board.places and not hex_of(board, "Helsinki").playable


def test_lonlat_and_projection(board):
    assert board.projection.kind == "lambert_conformal_conic"
    assert 18 < board.projection.rotation_deg < 25
    for a in board.projection.anchors:
        assert a.residual_hexes < 1.5
    lon, lat = board.lonlat("2722")
    assert abs(lon - 37.62) < 0.05 and abs(lat - 55.75) < 0.05
    # hex centres east of one another are east of one another (for 10.2.5's "east of a port")
    assert board.lonlat(board.places["Odessa"])[0] < board.lonlat(board.places["Sevastopol"])[0] \
        < board.lonlat(board.places["Novorossiysk"])[0]


def test_copy_is_independent(board):
    """MapData is read-only: the hexes are frozen models."""
    h = board.hexes["2722"]
    with pytest.raises(pydantic.ValidationError):
        h.vp = False  # type: ignore[misc]
    assert copy.deepcopy(h) == h
