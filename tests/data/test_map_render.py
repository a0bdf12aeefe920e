"""The SVG board (engine/stalins_war/render.py)."""
from __future__ import annotations

import ast
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from engine.stalins_war import render
from engine.stalins_war.data import mapdata
from engine.stalins_war.data.loading import DATA_DIR

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def board():
    return mapdata.load_map(DATA_DIR)


def counters_for(board, n=60):
    hexes = sorted(h for h, x in board.hexes.items() if x.playable)[:n]
    out = []
    for i, hid in enumerate(hexes):
        out.append({"hex": hid, "id": f"GE-{i}Pz", "label": f"{i} Pz", "side": "axis", "nationality": "GE",
                    "kind": "panzer", "size": "corps", "lcu": i % 5 == 0, "attack": 4, "defense": 3, "ma": 5,
                    "reduced": i % 2 == 0, "hidden": False})
    return out


START = [
    {"hex": "2722", "id": "SU-Stalin", "label": "Stalin", "side": "soviet", "nationality": "SU", "kind": "stalin",
     "size": "corps", "lcu": False, "attack": 0, "defense": 1, "ma": 0, "reduced": False, "hidden": False},
    {"hex": "2722", "id": "SU-ResF", "label": "Reserve", "side": "soviet", "nationality": "SU", "kind": "infantry",
     "size": "front", "lcu": True, "attack": 3, "defense": 3, "ma": 3, "reduced": False, "hidden": False},
    {"hex": "1622", "id": "GE-46Pz", "label": "46 Pz", "side": "axis", "nationality": "GE", "kind": "panzer",
     "size": "corps", "lcu": False, "attack": 4, "defense": 3, "ma": 5, "reduced": True, "hidden": False},
    {"hex": "1025", "id": "HU-3A", "label": "3", "side": "axis", "nationality": "HU", "kind": "infantry",
     "size": "army", "lcu": True, "attack": 3, "defense": 3, "ma": 3, "reduced": False, "hidden": False},
    {"hex": "1627", "id": "RO-3A", "label": "3", "side": "axis", "nationality": "RO", "kind": "infantry",
     "size": "army", "lcu": True, "attack": 3, "defense": 3, "ma": 3, "reduced": False, "hidden": False},
    {"hex": "2123", "id": "partisans-2123", "label": "Partisans", "side": "soviet", "nationality": "SU",
     "kind": "partisan", "size": "corps", "lcu": False, "attack": None, "defense": None, "ma": None,
     "reduced": False, "hidden": True},
    {"hex": "2530", "id": "IT-8A", "label": "8", "side": "axis", "nationality": "IT", "kind": "infantry",
     "size": "army", "lcu": True, "attack": 3, "defense": 3, "ma": 3, "reduced": False, "hidden": False,
     "oos": True},
]


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_svg_is_well_formed_and_has_every_hex(board):
    root = parse(render.render_svg(board))
    assert root.tag == f"{SVG}svg"
    ids = {el.get("data-hex") for el in root.iter(f"{SVG}polygon") if el.get("id", "").startswith("hex-")}
    assert ids == set(board.hexes)
    for el in root.iter(f"{SVG}polygon"):
        if el.get("id", "").startswith("hex-"):
            assert el.get("id") == f"hex-{el.get('data-hex')}"


def test_counters_are_drawn_in_their_hexes(board):
    root = parse(render.render_svg(board, START))
    groups = {g.get("data-unit"): g for g in root.iter(f"{SVG}g") if g.get("data-unit")}
    assert set(groups) == {c["id"] for c in START}
    for c in START:
        g = groups[c["id"]]
        assert g.get("data-hex") == c["hex"]
        assert g.get("id") == "unit-" + c["id"].replace(" ", "_")
        assert "counter" in g.get("class")
    assert "lcu" in groups["SU-ResF"].get("class")
    assert "hidden" in groups["partisans-2123"].get("class")
    text = "".join(groups["partisans-2123"].itertext())
    assert "Partisans" in text and "?" in text
    assert any(el.get("class") == "reduced" for el in groups["GE-46Pz"].iter())
    assert "4-3-5" in "".join(groups["GE-46Pz"].itertext())
    assert "OOS" in "".join(groups["IT-8A"].itertext())
    # nationality colours differ
    fills = {c["nationality"]: groups[c["id"]].find(f"{SVG}rect").get("fill") for c in START if not c["hidden"]}
    assert len(set(fills.values())) == len(fills)


def test_stack_order_puts_stalin_on_top_and_lcus_below(board):
    root = parse(render.render_svg(board, START))
    order = [g.get("data-unit") for g in root.iter(f"{SVG}g") if g.get("data-hex") == "2722"]
    assert order == ["SU-ResF", "SU-Stalin"]


def test_board_features_are_drawn(board):
    svg = render.render_svg(board)
    root = parse(svg)
    classes = {el.get("class") for el in root.iter() if el.get("class")}
    for cls in ("coast", "grid", "river-course", "hexside-river", "hexside-major", "volga-line", "kerch", "border",
                "zone-line paulus-line", "zone-line caucasus-line", "board-edge", "west-edge", "east-edge", "rail",
                "features", "port", "oil", "usir", "fortress", "supply-source", "hex-ids", "names", "legend"):
        assert cls in classes, cls
    texts = {el.text for el in root.iter(f"{SVG}text")}
    for name in ("Moscow", "Leningrad", "Stalingrad", "Kiev", "Berlin", "Buda", "Pest", "Baku", "2722", "1025",
                 "Black Sea", "Caspian Sea", "Baltic Sea", "Sea of Azov", "FINLAND", "TURKEY"):
        assert name in texts, name
    stars = [el for el in root.iter(f"{SVG}use") if el.get("href") == "#sw-star"]
    assert len(stars) == sum(1 for h in board.hexes.values() if h.vp)


def test_options(board):
    plain = render.render_svg(board, show_ids=False, show_names=False, legend=False)
    root = parse(plain)
    classes = {el.get("class") for el in root.iter() if el.get("class")}
    assert "hex-ids" not in classes and "names" not in classes and "legend" not in classes
    crop = parse(render.render_svg(board, view=("1316", "2127"), scale=20))
    x, y, w, h = map(float, crop.get("viewBox").split())
    full = parse(render.render_svg(board, scale=20))
    fx, fy, fw, fh = map(float, full.get("viewBox").split())
    assert w < fw and h < fh
    hl = parse(render.render_svg(board, highlight=["2722", "9999"]))
    assert len([g for g in hl.iter(f"{SVG}g") if g.get("class") == "highlight"][0]) == 1


def test_unknown_hex_and_odd_text_are_safe(board):
    odd = [{"hex": "9999", "id": "GE-x", "label": "x"},
           {"hex": "2722", "id": "SU-<&>", "label": 'A "b" <c> & d', "nationality": "SU", "kind": "infantry",
            "size": "army", "lcu": False, "attack": 2, "defense": 2, "ma": 3}]
    root = parse(render.render_svg(board, odd, title="<Test & title>"))
    units = [g.get("data-unit") for g in root.iter(f"{SVG}g") if g.get("data-unit")]
    assert units == ["SU-<&>"]


def test_render_module_does_no_io():
    """The engine package may not import web, database or I/O modules; render is pure string building."""
    tree = ast.parse(Path(render.__file__).read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            imported.add(node.module.split(".")[0])
    assert imported <= {"__future__", "math", "re", "typing"}, imported
    source = Path(render.__file__).read_text(encoding="utf-8")
    assert "open(" not in source
