"""What a client needs once per map version to draw the game itself (pure: reads the game's data).

`board_assets()` returns the static board as SVG (terrain, rivers, rail, names: the
`render` module's layers, drawn once) and, as JSON-ready data, the geometry and facts of
every hex (its rail links and lake or sea hexsides among them), who held each tracked hex in
June 1941 (3.0, so a client can mark the hexes that changed hands), the counters' printed
values, every card's face (name, OPS, RP, text), the Turn Record Track and the fire tables,
and the map's key. None of it depends on a game in progress: it may be cached forever under a
content hash. Pieces and markers come from each view.
"""
from __future__ import annotations

from functools import lru_cache

from ..core import hexgrid
from .data import load_data
from .render import map_key_svg, render_svg
from .state import default_control

SCALE = 40.0  # SVG units per hex corner radius (the renderer's)


def _hex(h, m) -> dict:
    x, y = hexgrid.center(h.id, SCALE)
    out: dict = {"x": round(x, 1), "y": round(y, 1), "terrain": list(h.terrain), "country": h.country}
    for key in ("name", "settlement", "port", "fortress", "capital", "region"):
        value = getattr(h, key)
        if value:
            out[key] = value
    for key in ("vp", "oil", "usir", "rail", "paulus_zone", "caucasus_zone"):
        if getattr(h, key):
            out[key] = True
    if h.is_water:
        out["water"] = True
    if not h.playable:
        out["neutral"] = True
    if h.supply_source:
        out["supply_source"] = list(h.supply_source)
    barred = sorted(n for n in m.neighbours(h.id)
                    if (side := m.hexside(h.id, n)) is not None and side.impassable)
    if barred:
        out["impassable_sides"] = barred  # 8.2: a lake or sea hexside: no step, no supply line across
    links = m.rail_links(h.id)
    if links:
        # The railway's own links: two rail hexes side by side need not be joined by a line (13.1.2).
        out["rail_links"] = sorted(links)
    return out


def _card(cdef) -> dict:
    # Public: every card's printed face (the deck a card is printed with is shown, 4.3.3).
    out = {"side": cdef.side, "number": cdef.number, "name": cdef.name, "deck": cdef.deck, "kind": cdef.kind,
           "ops": cdef.ops, "rp": dict(cdef.rp), "starred": cdef.starred, "text": cdef.text}
    if cdef.combat_role:
        out["combat_role"] = cdef.combat_role
    return out


def _unit(u) -> dict:
    return {"side": u.side, "nationality": u.nationality, "name": u.name, "label": u.label, "kind": u.kind,
            "size": u.size, "lcu": u.lcu, "steps": [[s.attack, s.defense, s.ma] for s in u.steps]}


@lru_cache(maxsize=1)
def board_assets() -> dict:
    data = load_data()
    m = data.map
    svg = render_svg(m, [], legend=False)
    view_box = [float(v) for v in svg.split('viewBox="', 1)[1].split('"', 1)[0].split()]
    fire = {}
    for key, table in data.tables.fire.items():
        fire[key] = {"name": table.name, "rule": table.rule, "columns": [c.label for c in table.columns],
                     "results": [[[r.loss, r.asterisk] for r in row] for row in table.results]}
    turns = [{"number": t.number, "name": t.name, "season": t.season, "year": t.year,
              "rasputitsa_rounds": list(t.rasputitsa_rounds), "winter_1942": t.winter_1942}
             for t in data.scenarios["campaign"].turns]
    return {
        "svg": svg,
        "data": {
            "scale": SCALE,
            "view_box": view_box,
            "hexes": {hid: _hex(h, m) for hid, h in m.hexes.items()},
            "owner_1941": default_control(data),
            "units": {uid: _unit(u) for uid, u in data.units.items()},
            "cards": {cid: _card(c) for cid, c in data.cards.items()},
            "turns": turns,
            "fire_tables": fire,
            "key_svg": map_key_svg(m, SCALE),
        },
    }
