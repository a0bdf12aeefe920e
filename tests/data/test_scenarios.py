"""Scenarios: marker set-up, turn track, decks, unit set-up (scenarios.toml)."""
from __future__ import annotations

import importlib.util
from types import SimpleNamespace

import pytest

from engine.stalins_war.data import scenarios, tables, units
from engine.stalins_war.data.loading import DATA_DIR, DataError

# 25.0 exactly as the rulebook lists it (unit id -> hex).
SETUP_25_0 = {
    # 25.1 Soviets
    "SU-SWF": "1724", "SU-16M": "1625", "SU-WestF": "1721", "SU-28RK": "1722", "SU-4M": "1723",
    "SU-8M": "1624", "SU-SouthF": "1726", "SU-6M": "1821", "SU-5RK": "1823", "SU-15M": "1824",
    "SU-5M": "1826", "SU-18M": "1827", "SU-Mar": "1829", "SU-12M": "1918", "SU-NWF": "2118",
    "SU-3M": "1920", "SU-22M": "1924", "SU-13R": "2022", "SU-CenF": "2123", "SU-21R": "2123",
    "SU-22R": "2320", "SU-LenF": "2517", "SU-10M": "2517", "SU-TCF": "2532", "SU-ResF": "2722",
    "SU-7M": "2722", "SU-20R": "2722", "SU-Stalin": "2722",
    # 25.2 Axis
    "GE-49Mtn": "1424", "GE-11A": "1527", "GE-17A": "1523", "GE-4A": "1621", "GE-46Pz": "1622",
    "GE-24Pz": "1622", "GE-47Pz": "1622", "GE-43K": "1622", "GE-6A": "1623", "GE-48Pz": "1623",
    "GE-3Pz": "1623", "GE-14Pz": "1623", "GE-9A": "1720", "GE-39Pz": "1720", "GE-57Pz": "1720",
    "GE-18A": "1819", "GE-16A": "1820", "GE-56Pz": "1820", "GE-41Pz": "1820", "HU-3A": "1025",
    "RO-3A": "1627", "RO-4A": "1629",
}

TRACK = ["June 1941", "Summer 1941", "Fall 1941", "Winter 1942", "Spring 1942", "Summer 1942", "Fall 1942",
         "Winter 1943", "Spring 1943", "Summer 1943", "Fall 1943", "Winter 1944", "Spring 1944", "Summer 1944",
         "Fall 1944", "Winter 1945", "Spring 1945", "Summer 1945"]


@pytest.fixture(scope="module")
def campaign(scenario_defs):
    return scenario_defs["campaign"]


@pytest.fixture(scope="module")
def tournament(scenario_defs):
    return scenario_defs["tournament"]


def stand_in_board(hexes, **attrs):
    return SimpleNamespace(hexes={h: SimpleNamespace(terrain=["clear"], country="x", playable=True, **attrs)
                                  for h in hexes})


def test_scenarios_file_validates(scenario_defs):
    assert set(scenario_defs) == {"campaign", "tournament"}


def test_25_0_every_setup_unit_is_in_its_hex(campaign, unit_defs):
    placed = {uid: hid for hid, uids in campaign.setup.items() for uid in uids}
    assert placed == SETUP_25_0
    for uid in SETUP_25_0:
        assert unit_defs[uid].arrival == "setup"
    assert {u for u, d in unit_defs.items() if d.arrival == "setup"} == set(SETUP_25_0)


def test_25_0_rifle_corps_and_rifle_armies(unit_defs):
    assert unit_defs["SU-28RK"].size == unit_defs["SU-5RK"].size == "corps"
    for a in ("SU-13R", "SU-20R", "SU-21R", "SU-22R"):
        assert unit_defs[a].size == "army" and unit_defs[a].kind == "infantry"


def test_25_1_moscow_and_leningrad(campaign):
    assert sorted(campaign.setup["2722"]) == ["SU-20R", "SU-7M", "SU-ResF", "SU-Stalin"]
    assert sorted(campaign.setup["2517"]) == ["SU-10M", "SU-LenF"]


def test_22_0_tournament_set_up_identical(campaign, tournament):
    assert campaign.setup == tournament.setup and campaign.markers == tournament.markers
    assert campaign.decks == tournament.decks


def test_9_1_setup_stacking_legal(campaign, unit_defs):
    for hid, uids in campaign.setup.items():
        defs = [unit_defs[u] for u in uids]
        assert scenarios.stacking_problems(defs) == [], hid
        assert sum(d.counts_for_stacking for d in defs) <= 4
        assert sum(d.lcu for d in defs) <= 1


def test_9_stacking_checker_catches_each_rule(unit_defs):
    u = unit_defs
    assert "9.1.1" in scenarios.stacking_problems([u["GE-46Pz"], u["GE-24Pz"], u["GE-47Pz"], u["GE-43K"], u["GE-3Pz"]])[0]
    assert any("9.1.2" in p for p in scenarios.stacking_problems([u["GE-4A"], u["GE-6A"]]))
    assert any("9.1.3" in p for p in scenarios.stacking_problems([u["SU-P1"], u["SU-P2"]]))
    assert any("9.2.1" in p for p in scenarios.stacking_problems([u["HU-3A"], u["RO-Mtn"]]))
    assert any("9.2.2" in p for p in scenarios.stacking_problems([u["SU-P1"], u["SU-13R"]]))
    # Stalin, the FZ and a partisan-free stack of four do not break the limit (9.1.3)
    assert scenarios.stacking_problems([u["SU-ResF"], u["SU-7M"], u["SU-20R"], u["SU-13R"], u["SU-Stalin"], u["SU-FZ"]]) == []


def test_4_1_marker_setup(campaign):
    m = campaign.markers
    assert (m.turn, m.vp, m.hand_size, m.rp, m.banked_ops, m.consecutive_ops) == (1, 7, 6, 0, 0, 0)
    assert campaign.vp == 7 and campaign.hand_size == 6


def test_5_1_turn_track(campaign):
    assert [t.name for t in campaign.turns] == TRACK
    assert [campaign.turn(n).number for n in range(1, 19)] == list(range(1, 19))
    assert campaign.turn(1).season == "june"
    for t in campaign.turns[1:]:
        assert t.name.lower().startswith(t.season) and t.name.endswith(str(t.year))
    with pytest.raises(ValueError):
        campaign.turn(19)


def test_5_1_4_campaign_ends_after_turn_18_axis_wins_without_automatic_victory(campaign):
    assert campaign.last_turn == 18 and campaign.axis_wins_at_end and campaign.vp_space_threshold is None


def test_22_0_tournament_ends_after_turn_8_with_vp_space_count(tournament, card_defs):
    assert tournament.last_turn == 8 and len(tournament.turns) == 8 and not tournament.axis_wins_at_end
    assert tournament.vp_space_threshold == 9
    adj = {a.event: a.change for a in tournament.vp_space_adjustments}
    assert adj == {"industrial_evacuation": 2, "hitler_takes_command": -2}
    keys = {c.key: c.side for c in card_defs.values()}
    assert keys["industrial_evacuation"] == "soviet" and keys["hitler_takes_command"] == "axis"
    with pytest.raises(ValueError):
        tournament.turn(9)


def test_15_1_1_rasputitsa_rounds(campaign):
    for t in campaign.turns:
        expected = {"fall": [1], "spring": [1, 2]}.get(t.season, [])
        assert t.rasputitsa_rounds == expected, t.name


def test_15_1_2_winter_1942_is_turn_4_only(campaign):
    assert [t.number for t in campaign.turns if t.winter_1942] == [4]


def test_7_4_3_axis_two_rp_plays_in_spring_1942_and_1943(campaign):
    assert [t.name for t in campaign.turns if t.axis_rp_plays == 2] == ["Spring 1942", "Spring 1943"]
    assert all(t.soviet_rp_plays == 2 for t in campaign.turns)  # 7.4.2


def test_4_5_2_soviet_automatic_rps(campaign):
    assert campaign.soviet_automatic_rps == {2: 3, 3: 3}


def test_7_1_3_soviet_automatic_draws(campaign):
    assert campaign.soviet_automatic_draws == {1: ["S1", "S2"], 3: ["S3"], 4: ["S4"], 5: ["S5"], 6: ["S6"]}


def test_7_5_2a_and_4_5_1_reinforcement_plays(campaign):
    assert not campaign.turn(1).reinforcements_allowed and campaign.turn(1).axis_reinforcement_plays == 0
    assert campaign.turn(2).soviet_reinforcement_plays == 2
    assert all(t.soviet_reinforcement_plays == 1 for t in campaign.turns[2:])


def test_other_per_turn_facts(campaign):
    assert [t.number for t in campaign.turns if t.paulus_penalties] == [1, 2, 3, 4]        # 10.1.5
    assert [t.number for t in campaign.turns if t.mobile_defense] == [1, 2, 3, 5, 6, 7, 9]  # 20.1.1
    assert [t.number for t in campaign.turns if t.total_war_possible][0] == 6              # 7.6.4
    assert [t.number for t in campaign.turns if t.axis_hand_minimum == 0] == [16, 17, 18]  # 7.6.1
    assert [t.number for t in campaign.turns if t.htc_vp_check] == [
        t.number for t in campaign.turns if t.season in ("spring", "summer")]


def test_4_3_decks_and_first_hands(campaign, card_defs):
    piles = campaign.decks.initial_piles(card_defs)
    assert piles["soviet"]["set_aside"] == ["S1", "S2", "S3", "S4", "S5", "S6"]          # 4.3.1
    assert len(piles["soviet"]["draw"]) == 19 and len(piles["axis"]["draw"]) == 25
    assert {"A51", "A52", "A55"} <= set(piles["axis"]["total_war"])                       # 4.3.3
    assert len(piles["axis"]["total_war"]) == len(piles["soviet"]["total_war"]) == 30
    assert campaign.decks.initial_hand == 6 and campaign.decks.total_war_set_aside
    picks = campaign.decks.free_pick_choices(card_defs)
    assert "S4" in picks and not {"S1", "S2", "S3", "S5", "S6"} & set(picks)
    assert all(card_defs[c].kind != "reinforcement" for c in picks if c != "S4")
    assert all(card_defs[c].deck == "blitzkrieg" for c in picks)


# ---- the map cross-check -------------------------------------------------------------------

def test_setup_checked_against_a_board(unit_defs, card_defs):
    board = stand_in_board(set(SETUP_25_0.values()))
    loaded = scenarios.load_scenarios(DATA_DIR, board, unit_defs, card_defs)
    assert loaded["campaign"].setup["1622"]

    missing = stand_in_board(set(SETUP_25_0.values()) - {"2532"})
    with pytest.raises(DataError, match=r"^scenarios\.toml: setup SU-TCF: hex 2532 is not on the map"):
        scenarios.load_scenarios(DATA_DIR, missing, unit_defs, card_defs)

    unplayable = stand_in_board(set(SETUP_25_0.values()))
    unplayable.hexes["1025"].playable = False
    with pytest.raises(DataError, match=r"HU-3A: hex 1025 is not a playable hex"):
        scenarios.load_scenarios(DATA_DIR, unplayable, unit_defs, card_defs)


@pytest.mark.skipif(importlib.util.find_spec("engine.stalins_war.data.mapdata") is None,
                    reason="the map loader (mapdata.py) is not in the tree yet")
def test_setup_on_the_real_map(unit_defs, card_defs):
    from engine.stalins_war.data import mapdata

    board = mapdata.load_map(DATA_DIR)
    loaded = scenarios.load_scenarios(DATA_DIR, board, unit_defs, card_defs)
    for hid in loaded["campaign"].setup:
        assert hid in board.hexes and board.hexes[hid].playable
    # 16.2.2: a Fortress Destroyed marker for every fortress that can stand on the map
    markers = units.load_unit_data(DATA_DIR).markers
    fortresses = sum(1 for h in board.hexes.values() if getattr(h, "fortress", False))
    assert markers["fortress_destroyed"].count >= fortresses + markers["volga_fortress"].count
    # 10.1.2: Astrakhan (3032) costs 2 MP
    tec = tables.load_tables(DATA_DIR).terrain
    assert tec.hex_mp(board.hexes["3032"].terrain) == 2
    # every land terrain type on the map is on the Terrain Effects Chart
    land = {t for h in board.hexes.values() if not h.is_water for t in h.terrain}
    assert land <= set(tec.terrain)


# ---- broken files -------------------------------------------------------------------------

@pytest.mark.parametrize(
    "old, new, entry, problem",
    [
        ('{ unit = "SU-16M",    hex = "1625" }', '{ unit = "SU-16MX",   hex = "1625" }', "SU-16MX", "not in units.toml"),
        ('{ unit = "RO-4A",    hex = "1629" }', '{ unit = "RO-4A",    hex = "1025" }', "setup hex 1025", "9.2.1"),
        ('{ unit = "GE-49Mtn", hex = "1424" }', '{ unit = "GE-49Mtn", hex = "1622" }', "setup hex 1622", "9.1.1"),
        ('{ unit = "GE-11A",   hex = "1527" }', '{ unit = "GE-11A",   hex = "1623" }', "setup hex 1623", "9.1.2"),
        ('{ unit = "SU-22R",    hex = "2320" }', '{ unit = "SU-22R",    hex = "1622" }', "setup hex 1622", "10.1.6"),
        ('{ unit = "SU-22R",    hex = "2320" },\n', '', "setup SU-22R", "not set up"),
        ('{ unit = "SU-22R",    hex = "2320" }', '{ unit = "SU-16R",    hex = "2320" }', "SU-16R", "arrival"),
        ('soviet_automatic_draws = ["S5"]', 'soviet_automatic_draws = []', "turn", "7.1.3"),
        ('hand_size = 6         # 4.1.2 both players', 'hand_size = 9', "markers", "hand_size"),
        ('name = "Winter 1943"\nseason = "winter"\nyear = 1943\nrasputitsa_rounds = []\nwinter_1942 = false\naxis_rp_plays = 1\nsoviet_rp_plays = 2\nsoviet_automatic_rps = 0\nsoviet_automatic_draws = []\nreinforcements_allowed = true\nsoviet_reinforcement_plays = 1\npaulus_penalties = false\nmobile_defense = false',
         'name = "Winter 1943"\nseason = "winter"\nyear = 1943\nrasputitsa_rounds = []\nwinter_1942 = false\naxis_rp_plays = 1\nsoviet_rp_plays = 2\nsoviet_automatic_rps = 0\nsoviet_automatic_draws = []\nreinforcements_allowed = true\nsoviet_reinforcement_plays = 1\npaulus_penalties = false\nmobile_defense = true',
         "turn 8", "20.1.1"),
        ('axis_misprinted_total_war = ["A51", "A52", "A55"]', 'axis_misprinted_total_war = ["A51", "A52", "A25"]',
         "decks A25", "4.3.3"),
        ('{ event = "hitler_takes_command",', '{ event = "hitler_takes_charge",', "scenario.tournament", "hitler_takes_charge"),
    ],
)
def test_broken_scenarios_file_names_file_entry_and_problem(broken_copy, unit_defs, card_defs, old, new, entry, problem):
    d = broken_copy("scenarios.toml", old, new)
    with pytest.raises(DataError) as exc:
        scenarios.load_scenarios(d, None, unit_defs, card_defs)
    msg = str(exc.value)
    assert msg.startswith("scenarios.toml: "), msg
    assert entry in msg and problem in msg, msg
