"""One real Barbarossa attack from the 25.0 set-up: turn 1, the Axis plays a card for OPS, marks Suwalki,
attacks Grodno, resolves, advances, places a Blitz marker and exploits (4.4.2, 4.4.6, 7.3.5, 11, 12)."""
from engine.stalins_war.data import load_data
from tests.engine.combat_support import (
    combat,
    die_for,
    first_choices,
    legal,
    no_cards,
    phase,
    stage,
    strip,
    unit,
    where,
)
from tests.engine.sw import start

MAP = load_data().map


def test_barbarossa_attack_from_the_set_up():
    g = start(seed=11)
    assert g.view(None)["turn"] == 1 and g.active_sides() == ["axis"]
    play = next(a for a in g.legal_actions("axis") if a["type"] == "play_card" and a["as"] == "ops")
    g.apply("axis", strip(play))
    # 4.4.2: no Axis movement on turn 1
    assert not legal(g, "axis", "move")
    g.apply("axis", {"type": "end_movement"})
    assert stage(g) == "mark"
    g.apply("axis", {"type": "mark_combat", "hex": "1720"})  # Suwalki: 9th Army, 39th and 57th Panzer Corps
    g.apply("axis", {"type": "end_marking"})
    assert {"1821", "1721"} <= {a["target"] for a in legal(g, "axis", "attack")}

    g.apply("axis", {"type": "attack", "target": "1821"})  # Grodno, held by the 6th Mech Corps
    for u in ("GE-9A", "GE-39Pz", "GE-57Pz"):
        g.apply("axis", {"type": "commit", "unit": u})
    cb = combat(g)
    assert [d["id"] for d in cb["defenders"]] == ["SU-6M"]
    assert "river" in " ".join(x["why"] for x in cb["fire"]["axis"]["shifts"])
    a, d = cb["fire"]["axis"], cb["fire"]["soviet"]
    g.force_dice(die_for(a["table"], a["strength"], a["net"], 2), die_for(d["table"], d["strength"], d["net"], 1))
    log = g.apply("axis", {"type": "resolve"})
    log += no_cards(g)  # whatever combat cards either side holds, none is played here
    log = first_choices(g, log)
    cb = combat(g)
    assert cb["winner"] == "axis" and unit(g, "SU-6M") is None
    assert phase(g) == "advance"

    g.apply("axis", {"type": "advance", "unit": "GE-39Pz"})
    assert g.view(None)["control"]["1821"] == "axis"
    g.apply("axis", {"type": "place_blitz"})
    g.apply("axis", {"type": "end_advance"})
    assert g.view(None)["markers"]["blitz"] == ["1821"]
    g.apply("axis", {"type": "end_combat"})

    assert stage(g) == "exploit"
    movers = {a["unit"] for a in legal(g, "axis", "exploit")}
    assert {"GE-39Pz", "GE-57Pz", "GE-56Pz", "GE-41Pz"} <= movers  # in or next to the marker
    far = max((a for a in legal(g, "axis", "exploit") if a["unit"] == "GE-39Pz"), key=lambda a: a["hexes"])
    assert far["hexes"] == 3
    log = g.apply("axis", {"type": "exploit", "unit": "GE-39Pz", "to": far["to"]})
    assert where(g, "GE-39Pz") == far["to"]
    assert len(next(e["path"] for e in log if e.get("kind") == "exploit")) == 4  # the start and 3 hexes
    g.apply("axis", {"type": "end_exploitation"})
    while g.view(None)["decision"]["kind"] == "fix_stacking":
        g.apply("axis", strip(g.legal_actions("axis")[0]))
    # the round is over: the markers are gone and the Soviets act
    assert g.view(None)["markers"]["blitz"] == [] and g.view(None)["markers"]["combat"] == []
    assert "soviet" in g.active_sides()
