"""7.5.1b: an event may be played even when some or all of its effects cannot apply.

Each test: the play is offered by `legal_actions`, it is applied, nothing of the effect
that cannot happen happens (a log line says why), the consecutive OPS count resets as
for any event play (7.3.2; Steppe Fox's own text keeps it), and the card goes where an
event play sends it: the discards, or out of the game if starred (7.5.1c).
Refusals that remain are those of the play itself: prerequisites (3.0), turn limits on
the card, 4.4.1 on turn 1, 7.4.3's one Axis RP event, 7.5.2a's reinforcement limits, and
a card's own "playable only if" (Backhand Blow, Antonescu, Margarethe).
"""
from tests.engine.card_support import P, act, axis_west, cards, decision, game, offered, play, texts, view, where


def _played(g, side, card, log, *, starred):
    assert view(g)["consec"][side] == 0  # an event play resets the count (7.3.2)
    assert card in cards(g, side)["removed" if starred else "discard"]
    return texts(log)


def test_7_5_1b_stavka_with_stalin_away_from_moscow_banks_nothing_but_is_played():
    g = game("soviet", ["S12"], consec={"soviet": 2}, units={P["Gorki"]: ["SU-Stalin"]})
    assert offered(g, "soviet", "S12")
    log = play(g, "soviet", "S12")
    assert view(g)["banked"]["soviet"] == 0
    assert "18.3.1" in _played(g, "soviet", "S12", log, starred=False)


def test_7_5_1b_the_volga_has_only_one_bank_when_the_fortress_stands_already():
    g = game("soviet", ["S16"], consec={"soviet": 2}, units={P["Stalingrad"]: ["SU-13R"]},
             markers={"volga_fortress": P["Saratov"]}, stats={"volga_fortress_built": True})
    assert offered(g, "soviet", "S16")
    log = play(g, "soviet", "S16")
    assert decision(g) != "place_volga_fortress" and view(g)["markers"]["volga_fortress"] == P["Saratov"]
    assert "16.2.3" in _played(g, "soviet", "S16", log, starred=True)


def test_7_5_1b_steppe_fox_with_no_other_card_to_play():
    g = game("axis", ["A10"], consec={"axis": 2})
    assert offered(g, "axis", "A10")
    log = play(g, "axis", "A10")
    assert g.active_sides() == ["soviet"]  # no second card: the round is over
    assert view(g)["consec"]["axis"] == 2  # Steppe Fox itself neither advances nor resets the count
    assert "A10" in cards(g, "axis")["removed"] and "no second card" in texts(log)


def test_7_5_1b_steppe_fox_in_rasputitsa_the_second_card_may_still_go_for_rp_or_event():
    g = game("axis", ["A10", "A22"], turn=7, round=1)  # Fall: round 1 is a Rasputitsa round (15.1.1)
    assert offered(g, "axis", "A10")
    play(g, "axis", "A10")
    assert offered(g, "axis", "A22", "rp") and not offered(g, "axis", "A22", "ops")


def test_7_5_1b_air_bridge_with_no_german_unit_out_of_supply():
    g = game("axis", ["A23"], consec={"axis": 2}, units={P["Berlin"]: ["GE-9A"]})
    assert offered(g, "axis", "A23")
    log = play(g, "axis", "A23")
    assert view(g)["grants"] == [] and decision(g) != "air_bridge"
    assert "7.5.1b" in _played(g, "axis", "A23", log, starred=False)


def test_7_5_1b_ostwall_with_no_german_lcu_in_a_supplied_hex():
    g = game("axis", ["A32"], turn=10, consec={"axis": 1})
    assert offered(g, "axis", "A32")
    log = play(g, "axis", "A32")
    assert where(g, "GE-Bunker") == "pool"
    assert "7.5.1b" in _played(g, "axis", "A32", log, starred=False)


def test_7_5_1b_transfers_from_the_west_with_an_empty_other_fronts_box():
    g = game("axis", ["A41"], turn=10, consec={"axis": 1})
    assert offered(g, "axis", "A41")
    log = play(g, "axis", "A41")
    assert decision(g) != "transfers_from_the_west"
    assert "7.5.1b" in _played(g, "axis", "A41", log, starred=False)


def test_7_5_1b_operation_torch_when_the_axis_has_no_german_scu_on_the_map():
    g = game("soviet", ["S40"], turn=10, consec={"soviet": 1}, units={"1920": ["GE-9A"]})
    assert offered(g, "soviet", "S40")
    log = play(g, "soviet", "S40")
    assert where(g, "GE-9A") == "1920" and view(g)["boxes"]["other_fronts"] == []
    assert "7.5.1b" in _played(g, "soviet", "S40", log, starred=True)


def test_7_5_1b_italy_capitulates_with_no_panzer_corps_on_the_map():
    g = game("soviet", ["S39"], turn=11, consec={"soviet": 1}, units={P["Odessa"]: ["IT-8A"]},
             control={P["Odessa"]: "axis"})
    log = play(g, "soviet", "S39")
    assert where(g, "IT-8A") == "removed" and view(g)["boxes"]["other_fronts"] == []
    assert "7.5.1b" in _played(g, "soviet", "S39", log, starred=True)


def test_7_5_1b_mozhaisk_line_once_the_fortified_zone_is_gone():
    g = game("soviet", ["S22"], consec={"soviet": 3}, units={"2021": ["SU-13R"]}, boxes={"removed": ["SU-FZ"]})
    assert offered(g, "soviet", "S22")
    log = play(g, "soviet", "S22")
    assert where(g, "SU-FZ") == "removed"
    assert "7.5.1b" in _played(g, "soviet", "S22", log, starred=False)


def test_7_5_1b_hubes_pocket_with_no_german_unit_out_of_supply_still_grants_its_ops():
    g = game("axis", ["A40"], turn=10, consec={"axis": 2}, banked={"axis": 0},
             units={"1920": ["GE-9A"], "2021": ["SU-13R"]}, control=axis_west(21))
    assert offered(g, "axis", "A40")
    log = play(g, "axis", "A40")
    assert decision(g) == "operations" and view(g)["grants"] == []
    assert "7.5.1b" in texts(log) and view(g)["consec"]["axis"] == 0
    act(g, "axis", type="end_movement")
    # GE-9A could attack 2021, but the event's OPS serve no unit and no OPS are banked
    assert not [a for a in g.legal_actions("axis") if a["type"] == "mark_combat"]
