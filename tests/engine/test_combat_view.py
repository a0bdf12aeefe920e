"""The combat as the view shows it (public), hidden information, and the speed of combat decisions."""
import json
import time

import engine
from tests.engine.combat_support import (
    battle,
    combat,
    declare,
    die_for,
    first_choices,
    result,
)

FIELD = "2021"


def test_combat_view_shows_the_declaration_and_the_fire_publicly():
    g = battle({FIELD: ["SU-WestF"], "1920": ["GE-9A", "GE-39Pz"]}, ["1920"], hands={"soviet": ["S32"]})
    declare(g, "axis", FIELD, ["GE-9A", "GE-39Pz"])
    for viewer in ("axis", "soviet", None):
        d = g.view(viewer)["decision"]
        assert d["kind"] == "combat" and d["sides"] == ["axis"]
        cb = d["combat"]
        assert cb["phase"] == "declare" and cb["target"] == FIELD
        assert [u["id"] for u in cb["attackers"]] == ["GE-9A", "GE-39Pz"]
        assert [u["id"] for u in cb["defenders"]] == ["SU-WestF"]
        assert cb["fire"]["axis"]["strength"] == 9 and cb["fire"]["axis"]["table"] == "lcu"
        assert cb["fire"]["axis"]["column_label"]
    assert "S32" not in json.dumps(g.view("axis")) and "S32" not in json.dumps(g.view(None))
    assert "S32" in json.dumps(g.view("soviet")["hand"])


def test_the_fire_preview_gives_every_die_roll_and_the_rule_of_each_shift():
    from engine.stalins_war.data import load_data

    g = battle({FIELD: ["SU-WestF"], "1920": ["GE-9A", "GE-39Pz"]}, ["1920"])
    declare(g, "axis", FIELD, ["GE-9A", "GE-39Pz"])
    fire = combat(g)["fire"]
    for side, p in fire.items():
        table = load_data().tables.fire[p["table"]]
        column = table.shifted(table.column_for(p["strength"]), p["net"])
        assert p["rolls"] == [list(table.result(column, die)) for die in range(1, 7)], side
        assert all(s.get("rule") or "(" in s["why"] for s in p["shifts"])  # every shift names its rule
    g.force_dice(4, 2)
    log = g.apply("axis", {"type": "resolve"})
    rolled = {e["side"]: e for e in log if e.get("kind") == "combat" and "die" in e}
    assert [rolled["axis"]["result"], rolled["axis"]["asterisk"]] == fire["axis"]["rolls"][3]
    assert [rolled["soviet"]["result"], rolled["soviet"]["asterisk"]] == fire["soviet"]["rolls"][1]


def test_combat_view_after_the_dice_and_the_final_picture_in_the_log():
    g = battle({FIELD: ["SU-WestF", "SU-13R"], "1920": ["GE-9A", "GE-39Pz"]}, ["1920"])
    declare(g, "axis", FIELD, ["GE-9A", "GE-39Pz"])
    cb = combat(g)
    a, d = cb["fire"]["axis"], cb["fire"]["soviet"]
    g.force_dice(die_for(a["table"], a["strength"], a["net"], 3), die_for(d["table"], d["strength"], d["net"], 1))
    log = first_choices(g, g.apply("axis", {"type": "resolve"}))
    cb = combat(g)
    assert cb["fired"] and cb["fire"]["axis"]["die"] and cb["fire"]["soviet"]["die"]
    assert cb["fire"]["axis"]["result"] == 3 and cb["winner"] == "axis"
    assert cb["retreat"]["hexes"] == 2
    while g.view(None)["decision"]["kind"] == "combat":
        side = g.active_sides()[0]
        acts = g.legal_actions(side)
        a = next((x for x in acts if x["type"] in ("end_advance",)), acts[0])
        log += g.apply(side, {k: v for k, v in a.items() if k != "label"})
    final = result(log)
    assert final["winner"] == "axis" and final["retreat"]["done"]
    assert all(e["to"] is None for e in log)  # combat entries are public


def test_combat_decisions_are_fast():
    g = engine.new_game("stalins_war", seed=3, position={"setup": True, "turn": 2, "round": 2, "active": "axis", "ops": 4})
    g.apply("axis", {"type": "end_movement"})
    for h in ("1622", "1623", "1720", "1820"):
        g.apply("axis", {"type": "mark_combat", "hex": h})
    g.apply("axis", {"type": "end_marking"})
    g.apply("axis", {"type": "attack", "target": "1722"})
    for u in ("GE-46Pz", "GE-24Pz", "GE-47Pz", "GE-6A"):
        g.apply("axis", {"type": "commit", "unit": u})
    started = time.perf_counter()
    for _ in range(50):
        g.legal_actions("axis")
    per_call = (time.perf_counter() - started) / 50
    assert per_call < 0.02
