"""Events whose text changes the combats of the round they are played in (read from the round's plays)."""
from engine.stalins_war.data import load_data
from tests.engine.combat_support import (
    battle,
    declare,
    shift_reasons,
    with_state,
)
from tests.engine.test_12_exploitation import _reach

MAP = load_data().map


def _with_event(g, card):
    return with_state(g, lambda s: s["rs"]["played"].append([card, "event"]))


def test_card_A30_zitadelle_shifts_axis_attacks_that_include_a_panzer_corps():
    g = _with_event(battle({"2021": ["SU-13R"], "1920": ["GE-9A", "GE-39Pz"]}, ["1920"]), "A30")
    declare(g, "axis", "2021", ["GE-9A"])
    assert "Zitadelle" not in shift_reasons(g, "axis")
    g.apply("axis", {"type": "commit", "unit": "GE-39Pz"})
    assert "Zitadelle (A30)" in shift_reasons(g, "axis")


def test_card_A1_brandenburgers_cancel_the_river_shift():
    assert "river" in MAP.hexside("1822", "1921").tec_keys
    units = {"1921": ["SU-13R"], "1822": ["GE-9A"]}
    g = battle(units, ["1822"])
    declare(g, "axis", "1921", ["GE-9A"])
    assert "river" in shift_reasons(g, "axis")
    g = _with_event(battle(units, ["1822"]), "A1")
    declare(g, "axis", "1921", ["GE-9A"])
    assert "river" not in shift_reasons(g, "axis")


def test_card_S49_operation_bagration_shifts_soviet_attacks_on_hexes_without_panzers():
    units = {"1921": ["GE-43K"], "1822": ["GE-39Pz"], "1821": ["GE-42K"], "2021": ["SU-WestF"], "1922": ["SU-13R"]}
    g = _with_event(battle(units, ["2021", "1922"], active="soviet"), "S49")
    declare(g, "soviet", "1921", ["SU-WestF"])
    assert "Operation Bagration (S49)" in shift_reasons(g, "soviet")
    g.apply("soviet", {"type": "cancel"})
    declare(g, "soviet", "1822", ["SU-13R"])
    assert "Bagration" not in shift_reasons(g, "soviet")


def test_combat_round_events_of_the_other_side_do_not_count():
    units = {"1921": ["GE-43K"], "1821": ["GE-42K"], "2021": ["SU-WestF"]}
    g = _with_event(battle(units, ["2021"], active="soviet"), "A30")
    declare(g, "soviet", "1921", ["SU-WestF"])
    assert "Zitadelle" not in shift_reasons(g, "axis")


def _exploit_ready(event=None, flags=None, target="1921", start="2021"):
    """The 1st Tank Army (MA 4) has crushed the target and placed a Blitz marker: it may exploit next."""
    from tests.engine.test_11_5_advance import _crush

    units = {target: ["GE-43K"], start: ["SU-1T", "SU-13R"]}
    g = battle(units, [start], active="soviet", flags=flags or {})
    if event:
        g = _with_event(g, event)
    _crush(g, "soviet", target, ["SU-1T", "SU-13R"])
    g = with_state(g, lambda s: s["tc"].update(lend_lease_banked=True))
    g.apply("soviet", {"type": "advance", "unit": "SU-1T"})
    g.apply("soviet", {"type": "place_blitz"})
    if g.view(None)["decision"]["kind"] == "combat":
        g.apply("soviet", {"type": "end_advance"})
    g.apply("soviet", {"type": "end_combat"})
    return g


def _longest(g):
    return max(len(p) for p in _reach(g, "soviet", "SU-1T"))


def test_card_S54_vistula_oder_stretches_soviet_exploitation_one_hex():
    assert _longest(_exploit_ready()) == 2  # MA 4: half, 12.2.2
    assert _longest(_exploit_ready("S54")) == 3


def test_card_S43_studebakers_stretch_soviet_exploitation_one_hex():
    assert _longest(_exploit_ready(flags={"studebakers": True})) == 3


def test_card_S46_deep_operations_lets_soviet_exploitation_run_through_forest():
    # 2321 (clear) falls to an attack from 2421; the forest of 2422 lies next to it
    assert MAP.hexes["2422"].terrain == ["forest"] and MAP.hexes["2321"].terrain == ["clear"]

    def through_forest(g):
        return [p for p in _reach(g, "soviet", "SU-1T") if "2422" in p[:-1]]

    assert not through_forest(_exploit_ready(target="2321", start="2421"))  # 12.2.5: it halts in the forest
    assert through_forest(_exploit_ready("S46", target="2321", start="2421"))
