"""Combat cards (7.5.5, 11.2.1 step 3, 11.3.5, 13.3.4) and the card effects on combat."""
import pytest

import engine
from engine.stalins_war.data import load_data
from tests.engine.helpers import exploits
from tests.engine.combat_support import (
    battle,
    combat,
    declare,
    die_for,
    finish_combat,
    first_choices,
    has,
    legal,
    outcome,
    phase,
    shift_reasons,
    unit,
    where,
    with_state,
)

FIELD = "2021"
MAP = load_data().map


def cards(g, side):
    return g.view(None)["cards"][side]


def _play_and_fire(g, side, target, attackers, plays, a_loss=None, d_loss=None):
    """Declare, force dice for the given Loss Numbers (computed with the cards' shifts), play the cards, fire."""
    declare(g, side, target, attackers)
    log = g.apply(side, {"type": "resolve"})
    while phase(g) == "cards":
        who = g.active_sides()[0]
        mine = [c for c in plays.get(who, []) if any(a.get("card") == c for a in legal(g, who, "combat_card"))]
        if mine:
            # the dice are forced just before the last card that could be played goes down
            if _last_card(g, who, plays):
                _force(g, who, mine[0], a_loss, d_loss)
            log += g.apply(who, {"type": "combat_card", "card": mine[0]})
        else:
            if _last_decision(g, who):
                _force(g, None, None, a_loss, d_loss)
            log += g.apply(who, {"type": "done_combat_cards"})
    return first_choices(g, log)


def _last_card(g, who, plays):
    cb = combat(g)
    other = cb["defender"] if who == cb["attacker"] else None
    pending = [c for c in plays.get(who, []) if any(a.get("card") == c for a in legal(g, who, "combat_card"))]
    return len(pending) == 1 and (other is None or not plays.get(other))


def _last_decision(g, who):
    cb = combat(g)
    return who == cb["defender"]


def _force(g, who, card, a_loss, d_loss):
    """Force dice for the Loss Numbers wanted, counting the +1 of `card` for `who` if it is a plain +1 card."""
    cb = combat(g)
    extra = {}
    if card:
        key = load_data().cards[card].key
        if key in ("nebelwerfer", "stuka", "luftwaffe_support", "katyusha", "sturmovik", "panther", "t34",
                   "defense_in_depth", "penal_battalions", "breakthrough_artillery", "fridericus", "katukovs_tanks"):
            extra[who] = 1
        if key == "elastic_defense":
            extra[cb["attacker"]] = -1
    dice = []
    for side, want in ((cb["attacker"], a_loss), (cb["defender"], d_loss)):
        p = cb["fire"][side]
        net = p["net"] + extra.get(side, 0)
        if want is None:
            dice.append(next(d for n in range(7) for d in [_maybe(p, net, n)] if d))
        else:
            dice.append(die_for(p["table"], p["strength"], net, want))
    g.force_dice(*dice)


def _maybe(p, net, n):
    try:
        return die_for(p["table"], p["strength"], net, n)
    except AssertionError:
        return None


AXIS_ATTACK = {FIELD: ["SU-WestF", "SU-13R"], "1920": ["GE-9A", "GE-39Pz"]}


def test_7_5_5b_the_winner_keeps_its_combat_card_face_up():
    g = battle(AXIS_ATTACK, ["1920"], hands={"axis": ["A42"]})
    _play_and_fire(g, "axis", FIELD, ["GE-9A"], {"axis": ["A42"]}, a_loss=2, d_loss=1)
    assert "A42" in cards(g, "axis")["face_up"] and "A42" not in g.view("axis")["hand"]


def test_7_5_5c_the_loser_discards_its_combat_cards():
    g = battle(AXIS_ATTACK, ["1920"], hands={"axis": ["A42"]})
    _play_and_fire(g, "axis", FIELD, ["GE-9A"], {"axis": ["A42"]}, a_loss=1, d_loss=2)
    assert "A42" in cards(g, "axis")["discard"]


def test_7_5_5b_starred_combat_cards_leave_the_game():
    # Katukov's Tanks (S24*): the Soviets defend against a panzer attack
    g = battle({FIELD: ["SU-WestF"], "1920": ["GE-9A", "GE-39Pz"]}, ["1920"], hands={"soviet": ["S24"]})
    before = g.view(None)["starred_events"]["soviet"]
    _play_and_fire(g, "axis", FIELD, ["GE-9A", "GE-39Pz"], {"soviet": ["S24"]}, a_loss=None, d_loss=None)
    assert "S24" in cards(g, "soviet")["removed"]
    assert g.view(None)["starred_events"]["soviet"] == before + 1


def test_7_5_5b_once_per_turn_cards_are_discarded_even_after_a_win():
    # Fridericus (A24): the Axis defends against a Soviet front; if it wins, the attackers lose one step more
    g = battle({"1920": ["GE-9A"], FIELD: ["SU-WestF", "SU-13R"]}, [FIELD], active="soviet", hands={"axis": ["A24"]})
    log = _play_and_fire(g, "soviet", "1920", ["SU-WestF", "SU-13R"], {"axis": ["A24"]}, a_loss=1, d_loss=2)
    assert outcome(g, log)["winner"] == "axis"
    assert "A24" in cards(g, "axis")["discard"]
    soviet = sum(r["lost_here"] for r in outcome(g, log)["attackers"])
    assert soviet == 3 and any("Fridericus" in e["text"] for e in log)


def test_7_5_5e_a_face_up_card_serves_once_a_round_and_not_in_the_round_it_was_won():
    units = {FIELD: ["SU-WestF", "SU-13R"], "1920": ["GE-9A", "GE-39Pz"], "1921": ["SU-20R"]}
    g = battle(units, ["1920"], hands={"axis": ["A42"]})
    _play_and_fire(g, "axis", FIELD, ["GE-9A"], {"axis": ["A42"]}, a_loss=2, d_loss=1)
    finish_combat(g)
    assert "A42" in cards(g, "axis")["face_up"]
    declare(g, "axis", "1921", ["GE-39Pz"])
    g.apply("axis", {"type": "resolve"})
    assert not has(g, "axis", type="combat_card", card="A42")
    # won in an earlier round: usable once in this one
    g2 = face_up(battle(units, ["1920"], hands={"axis": []}), "axis", "A42")
    _play_and_fire(g2, "axis", FIELD, ["GE-9A"], {"axis": ["A42"]}, a_loss=2, d_loss=1)
    finish_combat(g2)
    assert "A42" in cards(g2, "axis")["face_up"]  # won again: still face up
    declare(g2, "axis", "1921", ["GE-39Pz"])
    g2.apply("axis", {"type": "resolve"})
    assert not has(g2, "axis", type="combat_card", card="A42")  # but used once this round already


def face_up(g, side, card):
    def put(s):
        for pile in s["cards"][side].values():
            if card in pile:
                pile.remove(card)
        s["cards"][side]["face_up"].append(card)
    return with_state(g, put)


def test_7_5_5e_luftwaffe_support_serves_in_every_combat_of_the_round():
    units = {FIELD: ["SU-WestF", "SU-13R"], "1920": ["GE-9A", "GE-39Pz"], "1921": ["SU-20R"]}
    g = battle(units, ["1920"], hands={"axis": ["A3"]})
    _play_and_fire(g, "axis", FIELD, ["GE-9A"], {"axis": ["A3"]}, a_loss=2, d_loss=1)
    finish_combat(g)
    assert "A3" in cards(g, "axis")["face_up"]
    declare(g, "axis", "1921", ["GE-39Pz"])
    g.apply("axis", {"type": "resolve"})
    assert has(g, "axis", type="combat_card", card="A3")


def test_7_5_5b_round_wide_cards_act_in_every_later_combat_of_the_round_then_go():
    # Sturmovik (S29): played in the first Soviet attack, it shifts the next one too, won or lost
    units = {"1920": ["GE-9A"], "1921": ["GE-43K"], FIELD: ["SU-WestF", "SU-13R"], "2022": ["SU-20R"]}
    g = battle(units, [FIELD, "2022"], active="soviet", hands={"soviet": ["S29"]})
    _play_and_fire(g, "soviet", "1920", ["SU-WestF"], {"soviet": ["S29"]}, a_loss=1, d_loss=2)
    finish_combat(g)
    assert "S29" in cards(g, "soviet")["played"]
    declare(g, "soviet", "1921", ["SU-20R"])
    assert "Sturmovik (S29)" in shift_reasons(g, "soviet")
    g.apply("soviet", {"type": "cancel"})
    g.apply("soviet", {"type": "end_combat"})
    while g.view(None)["decision"]["kind"] == "operations":
        a = next(x for x in g.legal_actions("soviet") if x["type"].startswith("end_"))
        g.apply("soviet", {"type": a["type"]})
    assert "S29" in cards(g, "soviet")["discard"]


def test_card_A2_stuka_not_on_a_winter_turn():
    g = battle(AXIS_ATTACK, ["1920"], hands={"axis": ["A2", "A42"]}, turn=4, flags={"winter_uniforms": True})
    declare(g, "axis", FIELD, ["GE-9A"])
    g.apply("axis", {"type": "resolve"})
    assert not has(g, "axis", type="combat_card", card="A2") and has(g, "axis", type="combat_card", card="A42")
    with pytest.raises(engine.IllegalAction, match="Winter"):
        g.apply("axis", {"type": "combat_card", "card": "A2"})


def test_card_A29_tiger_needs_a_panzer_in_the_combat():
    g = battle(AXIS_ATTACK, ["1920"], hands={"axis": ["A29", "A42"]})
    declare(g, "axis", FIELD, ["GE-9A"])
    g.apply("axis", {"type": "resolve"})
    assert not has(g, "axis", type="combat_card", card="A29")
    g2 = battle(AXIS_ATTACK, ["1920"], hands={"axis": ["A29", "A42"]})
    declare(g2, "axis", FIELD, ["GE-9A", "GE-39Pz"])
    g2.apply("axis", {"type": "resolve"})
    assert has(g2, "axis", type="combat_card", card="A29")


# The Axis holds Molodechno (1921, clear town) with the 42nd Corps at Grodno (1821) keeping its supply line
# open; the Soviets attack from 2021 and Minsk (2022).
AXIS_DEFENCE = {"1921": ["GE-9A", "GE-43K"], "1821": ["GE-42K"], "2022": ["SU-WestF"], "2021": ["SU-1T"]}


def test_card_A55_halt_order_allows_the_no_retreat_option_anywhere():
    g = battle(AXIS_DEFENCE, ["2022", "2021"], active="soviet", hands={"axis": ["A55"]})
    _play_and_fire(g, "soviet", "1921", ["SU-WestF", "SU-1T"], {"axis": ["A55"]}, a_loss=2, d_loss=1)
    assert phase(g) == "no_retreat" and has(g, "axis", type="accept_retreat")
    assert legal(g, "axis", "no_retreat")


def test_card_A37_elastic_defense_shifts_the_soviets_and_shortens_the_retreat():
    g = battle(AXIS_DEFENCE, ["2022", "2021"], active="soviet", hands={"axis": ["A37"]})
    declare(g, "soviet", "1921", ["SU-WestF", "SU-1T"])
    g.apply("soviet", {"type": "resolve"})
    _force(g, "axis", "A37", 3, 1)
    g.apply("axis", {"type": "combat_card", "card": "A37"})
    first_choices(g, [])
    cb = combat(g)
    assert "Elastic Defense (A37)" in " ".join(x["why"] for x in cb["fire"]["soviet"]["shifts"])
    assert cb["fire"]["soviet"]["result"] - cb["fire"]["axis"]["result"] >= 2
    paths = [a["path"] for a in legal(g, "axis", "retreat")]
    assert paths and all(len(p) == 1 for p in paths)


def test_card_A50_sleighride_cancels_soviet_attacks_for_the_round():
    units = {**AXIS_DEFENCE, "1822": ["SU-13R"]}
    g = battle(units, ["2022", "2021", "1822"], active="soviet", hands={"axis": ["A50"]})
    declare(g, "soviet", "1921", ["SU-WestF", "SU-1T"])
    g.apply("soviet", {"type": "resolve"})
    g.apply("axis", {"type": "combat_card", "card": "A50"})
    assert phase(g) == "sleighride" and g.active_sides() == ["axis"]
    log = g.apply("axis", {"type": "sleighride"})
    while phase(g) == "retreat":
        a = legal(g, "axis", "retreat")[0]
        log += g.apply("axis", {"type": "retreat", "unit": a["unit"], "path": a["path"]})
    assert where(g, "GE-9A") != "1921" and unit(g, "GE-9A")["lost"] == 0
    assert combat(g) is None  # cancelled: no fire, no advance
    assert not any(e.get("kind") == "advance" for e in log)
    # the next Soviet attack this round offers the same choice without a new card
    declare(g, "soviet", "1821", ["SU-13R"])
    g.apply("soviet", {"type": "resolve"})
    assert phase(g) == "sleighride"


def test_card_A11_kampfgruppe_brings_back_a_destroyed_german_scu():
    units = {**AXIS_DEFENCE, "1921": ["GE-9A", "GE-43K:1"]}
    g = battle(units, ["2022", "2021"], active="soviet", hands={"axis": ["A11"]})
    declare(g, "soviet", "1921", ["SU-WestF", "SU-1T"])
    g.apply("soviet", {"type": "resolve"})
    _force(g, "axis", None, 2, 1)
    log = g.apply("axis", {"type": "combat_card", "card": "A11"})
    log = first_choices(g, log, phases=("losses", "kampfgruppe"))
    assert unit(g, "GE-43K") is not None and unit(g, "GE-43K")["lost"] == 1
    assert "A11" in cards(g, "axis")["discard"]


def test_card_A13_dora_cancels_the_fortress_and_never_allows_a_blitz():
    sev = MAP.places["Sevastopol"]
    assert MAP.hexes[sev].fortress == "soviet"
    near = next(n for n in MAP.neighbours(sev) if MAP.hexes[n].playable and MAP.hexside(sev, n) is None)
    units = {sev: ["SU-13R"], near: ["GE-9A", "GE-39Pz"]}
    from engine.stalins_war.state import default_control

    control = {h: "axis" for h in default_control(load_data()) if h != sev}  # an Axis supply line into the Crimea
    g = battle(units, [near], hands={"axis": ["A13"]}, control=control)
    declare(g, "axis", sev, ["GE-9A", "GE-39Pz"])
    assert "fortress" in shift_reasons(g, "axis")
    g.apply("axis", {"type": "resolve"})
    cb = combat(g)
    p, d = cb["fire"]["axis"], cb["fire"]["soviet"]
    g.force_dice(die_for(p["table"], p["strength"], p["net"] + 2, 3), die_for(d["table"], d["strength"], d["net"], 1))
    log = first_choices(g, g.apply("axis", {"type": "combat_card", "card": "A13"}))
    cb = outcome(g, log)
    reasons = " ".join(x["why"] for x in cb["fire"]["axis"]["shifts"])
    assert "fortress" not in reasons and "Dora (A13)" in reasons
    assert cb["winner"] == "axis"
    assert not has(g, "soviet", type="no_retreat")  # the fortress gives no No Retreat option either
    assert "A13" in cards(g, "axis")["removed"]


def test_card_A9_guderian_stretches_exploitation_from_its_marker():
    units = {"1720": ["SU-28RK"], "1719": ["GE-9A", "GE-39Pz"], "1821": ["GE-57Pz"]}
    g = battle(units, ["1719"], hands={"axis": ["A9"]})
    declare(g, "axis", "1720", ["GE-9A", "GE-39Pz"])
    g.apply("axis", {"type": "resolve"})
    cb = combat(g)
    p, d = cb["fire"]["axis"], cb["fire"]["soviet"]
    g.force_dice(die_for(p["table"], p["strength"], p["net"], 2), die_for(d["table"], d["strength"], d["net"], 0))
    first_choices(g, g.apply("axis", {"type": "combat_card", "card": "A9"}))
    g.apply("axis", {"type": "advance", "unit": "GE-39Pz"})
    g.apply("axis", {"type": "place_blitz"})
    if combat(g):
        g.apply("axis", {"type": "end_advance"})
    g.apply("axis", {"type": "end_combat"})
    reach = {tuple(p) for p in exploits(g, "axis", "GE-57Pz").values()}
    assert max(len(p) for p in reach) == 4
    assert any(p[0] == "1620" and len(p) > 1 for p in exploits(g, "axis", "GE-39Pz").values())


def test_card_S34_breakthrough_artillery_ignores_the_trench_shift():
    g = battle({FIELD: ["GE-9A"], "1821": ["GE-42K"], "2022": ["SU-WestF"]}, ["2022"], active="soviet",
               hands={"soviet": ["S34"]}, markers={"trench": {FIELD: "axis"}})
    declare(g, "soviet", FIELD, ["SU-WestF"])
    assert "trench" in shift_reasons(g, "soviet")
    g.apply("soviet", {"type": "resolve"})
    log = g.apply("soviet", {"type": "combat_card", "card": "S34"})
    reasons = " ".join(x["why"] for x in outcome(g, log)["fire"]["soviet"]["shifts"])
    assert "trench" not in reasons and "Breakthrough Artillery (S34)" in reasons


def test_card_S32_defense_in_depth_bars_the_axis_blitz():
    g = battle({FIELD: ["SU-28RK"], "1920": ["GE-9A", "GE-39Pz"]}, ["1920"], hands={"soviet": ["S32"]})
    declare(g, "axis", FIELD, ["GE-9A", "GE-39Pz"])
    g.apply("axis", {"type": "resolve"})
    _force(g, "soviet", "S32", 2, 0)
    first_choices(g, g.apply("soviet", {"type": "combat_card", "card": "S32"}))
    assert phase(g) == "advance"
    g.apply("axis", {"type": "advance", "unit": "GE-39Pz"})
    assert not has(g, "axis", type="place_blitz")
    with pytest.raises(engine.IllegalAction, match="Defense in Depth"):
        g.apply("axis", {"type": "place_blitz"})


def test_card_S42_penal_battalions_cost_the_attacker_a_step_after_the_winner():
    units = {"1921": ["GE-43K"], "1821": ["GE-42K"], "2021": ["SU-13R", "SU-20R"]}
    g = battle(units, ["2021"], active="soviet", hands={"soviet": ["S42"]})
    log = _play_and_fire(g, "soviet", "1921", ["SU-13R", "SU-20R"], {"soviet": ["S42"]}, a_loss=1, d_loss=0)
    cb = outcome(g, log)
    assert "Penal Battalions (S42)" in " ".join(x["why"] for x in cb["fire"]["soviet"]["shifts"])
    assert sum(r["lost_here"] for r in cb["attackers"]) == 1 and cb["winner"] == "soviet"


def test_card_S24_katukovs_tanks_the_soviet_player_picks_the_panzer():
    units = {FIELD: ["SU-WestF", "SU-13R"], "1920": ["GE-39Pz", "GE-57Pz", "GE-41Pz"]}
    g = battle(units, ["1920"], hands={"soviet": ["S24"]})
    declare(g, "axis", FIELD, ["GE-39Pz", "GE-57Pz", "GE-41Pz"])
    cb = combat(g)
    a, d = cb["fire"]["axis"], cb["fire"]["soviet"]
    g.force_dice(die_for(a["table"], a["strength"], a["net"], 2), die_for(d["table"], d["strength"], d["net"] + 1, 1))
    g.apply("axis", {"type": "resolve"})
    g.apply("soviet", {"type": "combat_card", "card": "S24"})
    # the two Soviet steps are spread (forced); the Axis places its own fire loss
    assert phase(g) == "losses" and g.active_sides() == ["axis"]
    g.apply("axis", {"type": "take_loss", "unit": "GE-39Pz"})
    # then the Katukov step, after the winner: the Soviet player picks one of the untouched panzers
    assert phase(g) == "losses" and g.active_sides() == ["soviet"]
    assert {x["unit"] for x in legal(g, "soviet", "take_loss")} == {"GE-57Pz", "GE-41Pz"}
    g.apply("soviet", {"type": "take_loss", "unit": "GE-41Pz"})
    assert unit(g, "GE-41Pz")["lost"] == 1 and unit(g, "GE-57Pz")["lost"] == 0


def test_card_S17_operation_uranus_acts_all_round_and_unlocks_soviet_mech_exploitation():
    units = {"1921": ["RO-3A"], "1821": ["GE-42K"], "1822": ["GE-43K"], "2021": ["SU-WestF"], "1922": ["SU-20R"]}
    g = battle(units, ["2021", "1922"], active="soviet", turn=6, hands={"soviet": ["S17"]})
    declare(g, "soviet", "1921", ["SU-WestF"])
    g.apply("soviet", {"type": "resolve"})
    log = g.apply("soviet", {"type": "combat_card", "card": "S17"})
    assert g.view(None)["flags"]["operation_uranus"]
    cb = outcome(g, log)
    assert [x["n"] for x in cb["fire"]["soviet"]["shifts"] if "Operation Uranus" in x["why"]] == [2]  # Romanians
    finish_combat(g)
    declare(g, "soviet", "1822", ["SU-20R"])
    assert [x["n"] for x in combat(g)["fire"]["soviet"]["shifts"] if "Operation Uranus" in x["why"]] == [1]
    g2 = battle(units, ["2021"], active="soviet", turn=5, round=3, hands={"soviet": ["S17", "S19"]})
    declare(g2, "soviet", "1921", ["SU-WestF"])
    g2.apply("soviet", {"type": "resolve"})
    assert has(g2, "soviet", type="combat_card", card="S19")
    assert not has(g2, "soviet", type="combat_card", card="S17")  # not before turn 6


def test_card_A28_fuhrers_firemen_shift_every_later_german_defence_of_the_round():
    units = {"1921": ["GE-9A"], "1821": ["GE-42K"], "1822": ["GE-43K"], "2021": ["SU-WestF"], "1922": ["SU-13R"]}
    g = battle(units, ["2021", "1922"], active="soviet", hands={"axis": ["A28"]})
    declare(g, "soviet", "1921", ["SU-WestF"])
    g.apply("soviet", {"type": "resolve"})
    log = g.apply("axis", {"type": "combat_card", "card": "A28"})
    cb = outcome(g, log)
    assert "Führer's Firemen (A28)" in " ".join(x["why"] for x in cb["fire"]["axis"]["shifts"])
    finish_combat(g)
    declare(g, "soviet", "1822", ["SU-13R"])
    assert "Führer's Firemen (A28)" in " ".join(x["why"] for x in combat(g)["fire"]["axis"]["shifts"])


def test_7_5_5e_a_card_used_in_the_axis_half_of_a_round_waits_for_the_next_round():
    # the Soviets win a defence with T-34 in Axis round 2; attacking in Soviet round 2 they may not use it
    # again: an Action Round is both halves (6.0 A)
    units = {FIELD: ["SU-WestF", "SU-1T"], "1920": ["GE-9A"]}
    g = battle(units, ["1920"], hands={"soviet": ["S18", "S19"]})
    _play_and_fire(g, "axis", FIELD, ["GE-9A"], {"soviet": ["S18"]}, a_loss=1, d_loss=2)
    finish_combat(g)
    assert "S18" in cards(g, "soviet")["face_up"]
    while g.view(None)["decision"]["kind"] in ("operations", "fix_stacking"):
        a = next(x for x in g.legal_actions("axis") if x["type"].startswith("end_") or x["type"] == "eliminate_overstack")
        g.apply("axis", {k: v for k, v in a.items() if k != "label"})
    assert g.view(None)["active"] == "soviet" and g.view(None)["round"] == 2
    g.apply("soviet", {"type": "play_card", "card": "S19", "as": "ops"})
    g.apply("soviet", {"type": "end_movement"})
    g.apply("soviet", {"type": "mark_combat", "hex": FIELD})
    g.apply("soviet", {"type": "end_marking"})
    declare(g, "soviet", "1920", ["SU-1T"])
    g.apply("soviet", {"type": "resolve"})
    assert not has(g, "soviet", type="combat_card", card="S18")
