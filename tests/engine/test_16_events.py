"""The events of the special units (16.1, 16.2.3, 16.3) and of Zhukov and Backhand Blow."""

import engine
from engine.stalins_war.data import load_data
from tests.engine.combat_support import has, legal, unit

MAP = load_data().map
SWAMP = "1923"


def _round(side, hand, units, **position):
    pos = {"turn": 6, "round": 2, "active": side, "units": units, "hands": {side: hand}}
    pos.update(position)
    return engine.new_game("stalins_war", seed=5, position=pos)


def test_16_1_1_partisan_formation_places_two_partisans_free():
    g = _round("soviet", ["S14"], {"1822": ["GE-43K"], "3525": ["SU-13R"]})
    g.apply("soviet", {"type": "play_card", "card": "S14", "as": "event"})
    v = g.view(None)
    assert v["flags"]["partisan_formation"] and v["decision"]["kind"] == "place_partisans"
    first, second = [a["hex"] for a in legal(g, "soviet", "place_partisan")][:2]
    g.apply("soviet", {"type": "place_partisan", "hex": first})
    g.apply("soviet", {"type": "place_partisan", "hex": second})
    v = g.view(None)
    assert sorted(v["markers"]["inactive_partisans"]) == sorted([first, second])
    assert not g.to_json()["tc"]["partisans_placed"]  # the once-a-turn OPS placement is still there


def test_16_1_5_partisan_sweep_removes_up_to_three_inactive_partisans():
    four = ["1923", "2024", "3114", "3113"]
    g = _round("axis", ["A21"], {"1822": ["GE-43K"]}, markers={"partisans": four})
    g.apply("axis", {"type": "play_card", "card": "A21", "as": "event"})
    for h in four[:3]:
        g.apply("axis", {"type": "sweep_partisans", "hex": h})
    assert g.view(None)["markers"]["inactive_partisans"] == ["3113"]
    assert g.view(None)["decision"]["kind"] != "partisan_sweep"


def test_16_1_6_operation_bagration_activates_partisans_at_random():
    g = _round("soviet", ["S49"], {"1822": ["GE-43K"], "2024": ["GE-42K"]}, markers={"partisans": ["1923", "2024"]})
    g.apply("soviet", {"type": "play_card", "card": "S49", "as": "event"})
    v = g.view(None)
    active = [u for u in v["units"] if u["kind"] == "partisan"]
    assert len(active) == 1 and active[0]["hex"] == "1923"  # not where an Axis unit stands
    assert v["markers"]["inactive_partisans"] == ["2024"]
    assert v["round_ops"] == 4


def test_16_2_3_the_volga_has_only_one_bank_builds_one_soviet_fortress():
    g = _round("soviet", ["S16"], {"1822": ["GE-43K"]})
    g.apply("soviet", {"type": "play_card", "card": "S16", "as": "event"})
    spots = [a["hex"] for a in legal(g, "soviet", "place_volga_fortress")]
    assert spots and all(MAP.hexes[h].settlement for h in spots)
    stalingrad = MAP.places["Stalingrad"]
    assert stalingrad in spots
    g.apply("soviet", {"type": "place_volga_fortress", "hex": stalingrad})
    assert g.view(None)["markers"]["volga_fortress"] == stalingrad


def test_16_3_1_the_festung_event_enables_festungs_and_places_one():
    g = _round("axis", ["A27"], {"1821": ["GE-9A"]}, flags={"hitler_takes_command": True})
    g.apply("axis", {"type": "play_card", "card": "A27", "as": "event"})
    assert g.view(None)["flags"]["festung"] and g.view(None)["decision"]["kind"] == "place_festung"
    g.apply("axis", {"type": "place_festung", "hex": "1720"})
    assert g.view(None)["markers"]["festung"] == ["1720"]


def test_16_3_1_the_festung_event_needs_hitler_takes_command():
    g = _round("axis", ["A27"], {"1821": ["GE-9A"]})
    assert not has(g, "axis", type="play_card", card="A27", **{"as": "event"})


def test_11_1_3_the_zhukov_event_sets_its_flag_and_gives_two_ops():
    g = _round("soviet", ["S9"], {"1822": ["GE-43K"], "2021": ["SU-13R"]})
    g.apply("soviet", {"type": "play_card", "card": "S9", "as": "event"})
    v = g.view(None)
    assert v["flags"]["zhukov"] == 6 and v["round_ops"] == 2


def test_combat_backhand_blow_only_after_a_soviet_advance_or_exploitation():
    g = _round("axis", ["A33"], {"1821": ["GE-9A"]})
    assert not has(g, "axis", type="play_card", card="A33", **{"as": "event"})
    g2 = _round("axis", ["A33"], {"1821": ["GE-9A"]},
                stats={"after_combat_moves": {"soviet": {"turn": 6, "round": 1, "units": ["SU-13R"]}}})
    assert has(g2, "axis", type="play_card", card="A33", **{"as": "event"})


def test_16_1_2_airborne_corps_drops_in_a_clear_hex():
    g = _round("soviet", ["S20"], {"1822": ["GE-43K"]})
    g.apply("soviet", {"type": "play_card", "card": "S20", "as": "event"})
    spots = [a["hex"] for a in legal(g, "soviet", "place_airborne")]
    assert spots and all(MAP.hexes[h].terrain == ["clear"] for h in spots) and "1822" not in spots
    g.apply("soviet", {"type": "place_airborne", "hex": "1520"})
    assert unit(g, "SU-4Abn")["hex"] == "1520"
