"""bots.choose: always a legal action, decided only from what the side may know, the same for a seed."""
from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest

import bots
import engine
from tests.engine import card_support
from bots import fast, rounds, search
from bots.situation import Situation
from engine.core import randomplay
from tests import fuzzing


def _strip(action):
    return {k: v for k, v in action.items() if k != "label"}


def _random_positions(seed: int, steps: int):
    """The game at every step of a random campaign (the fuzzer's policy), as (game, side)."""
    rng = random.Random(seed)
    game = engine.new_game("stalins_war", scenario="campaign", seed=seed)
    for _ in range(steps):
        if game.result() is not None:
            return
        side = game.active_sides()[0]
        yield game, side
        game.apply(side, _strip(randomplay.choose(rng, game.legal_actions(side), fuzzing.WEIGHTS, fuzzing.classify)))


def test_choose_always_returns_a_legal_action_on_random_positions():
    kinds = set()
    for seed in (21, 22):
        for game, side in _random_positions(seed, 450):
            action = bots.choose(game, side, seed=seed)
            assert action in game.legal_actions(side)
            kinds.add(action["type"])
    # The walk met the main steps of the sequence of play.
    assert {"play_card", "move", "end_movement", "commit"} <= kinds, kinds


def test_bot_plays_the_barbarossa_turn_against_itself():
    game = engine.new_game("stalins_war", scenario="campaign", seed=4)
    seen = set()
    while game.view(None)["turn"] == 1 and game.result() is None:
        side = game.active_sides()[0]
        action = bots.choose(game, side, seed=4)
        game.apply(side, _strip(action))
        seen.add(action["type"])
    assert {"play_card", "mark_combat", "attack", "resolve", "advance"} <= seen, seen


def test_choose_is_deterministic_for_a_seed():
    for game, side in _random_positions(5, 120):
        pass
    assert bots.choose(game, side, seed=3) == bots.choose(engine.load(game.to_json()), side, seed=3)


_PLAY_TWO_TURNS = """
import hashlib, json, engine, bots
game, digest = engine.new_game("stalins_war", scenario="campaign", seed=40), hashlib.sha256()
while game.result() is None and game.view(None)["turn"] <= 2:
    side = game.active_sides()[0]
    action = bots.choose(game, side, seed=40)
    digest.update(json.dumps(action, sort_keys=True).encode())
    game.apply(side, {k: v for k, v in action.items() if k != "label"})
print(digest.hexdigest())
"""


def test_choose_is_the_same_in_every_process():
    # Python salts string hashes per process: a choice that followed a set's order would differ.
    def digest(hash_seed: str) -> str:
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", _PLAY_TWO_TURNS], env=env, capture_output=True, text=True,
                              check=True, timeout=300)
        return done.stdout.strip()

    assert digest("1") == digest("2") == digest("3")


def _twin_games():
    """Two games the Axis cannot tell apart: same public state, other Soviet hand, other seed."""
    axis = ["A1", "A2", "A3", "A4", "A12", "A14"]
    one = engine.new_game("stalins_war", seed=1, position={
        "setup": True, "turn": 2, "hands": {"axis": axis, "soviet": ["S9", "S10", "S12", "S13", "S18", "S19"]}})
    two = engine.new_game("stalins_war", seed=77, position={
        "setup": True, "turn": 2, "hands": {"axis": axis, "soviet": ["S11", "S14", "S15", "S16", "S22", "S25"]}})
    assert one.view("axis") == two.view("axis") and one.to_json() != two.to_json()
    return one, two


@pytest.mark.parametrize("level, decisions", [("fast", 3), ("search", 1)])
def test_hidden_information_does_not_change_the_choice(level, decisions):
    one, two = _twin_games()
    for _ in range(decisions):  # the card play, then the first moves
        # An iteration budget and no practical time cap: the search is then deterministic.
        a = bots.choose(one, "axis", level=level, seed=9, budget=2, time_limit=1e6)
        b = bots.choose(two, "axis", level=level, seed=9, budget=2, time_limit=1e6)
        assert a == b
        one.apply("axis", _strip(a))
        two.apply("axis", _strip(b))


def test_unknown_level_and_idle_side_are_refused():
    game = engine.new_game("stalins_war", seed=1)
    with pytest.raises(ValueError):
        bots.choose(game, "soviet", level="genius")
    with pytest.raises(ValueError):
        bots.choose(game, "axis")  # the Soviet free pick comes first


def _play_round(game, side, seed=0, limit=200):
    """Let the bot act for `side` until the other side must act; return (actions, log)."""
    actions, log = [], []
    for _ in range(limit):
        if game.result() is not None or side not in game.active_sides():
            break
        action = bots.choose(game, side, seed=seed)
        actions.append(action)
        log += game.apply(side, _strip(action))
    return actions, log


def test_fast_attacks_a_weak_neighbour_with_good_odds():
    game = engine.new_game("stalins_war", seed=3, position={
        "turn": 2, "units": {"1721": ["GE-4A", "GE-46Pz", "GE-47Pz"], "1722": ["SU-28RK"], "2722": ["SU-16R"]},
        "ops": 2})
    game.apply("axis", {"type": "end_movement"})  # (the bot would rather drive on to the empty VP hexes)
    actions, _ = _play_round(game, "axis")
    attacks = [a["target"] for a in actions if a["type"] == "attack"]
    assert attacks == ["1722"]
    assert any(a["type"] == "resolve" for a in actions)


def test_11_2_1_an_attack_sure_to_clear_a_hex_leaves_the_units_it_does_not_need_for_another():
    # One OPS marks one hex; its army and two Panzer corps face two lone one-step corps. The fire tables
    # read the attacker's strength alone, so the corps alone clear the first hex and the army the second.
    game = engine.new_game("stalins_war", seed=3, position={
        "turn": 2, "units": {"1721": ["GE-4A", "GE-46Pz", "GE-47Pz"], "1722": ["SU-28RK"], "1821": ["SU-5RK"],
                             "2722": ["SU-16R"]},
        "ops": 1})
    game.apply("axis", {"type": "end_movement"})
    actions, _ = _play_round(game, "axis")
    assert [a["hex"] for a in actions if a["type"] == "mark_combat"] == ["1721"]
    attacks, commits = [], {}
    for a in actions:
        if a["type"] == "attack":
            attacks.append(a["target"])
        elif a["type"] == "commit":
            commits.setdefault(attacks[-1], []).append(a["unit"])
    assert attacks == ["1821", "1722"]
    assert sorted(commits["1821"]) == ["GE-46Pz", "GE-47Pz"] and commits["1722"] == ["GE-4A"]
    assert sum(a["type"] == "resolve" for a in actions) == 2


def test_fast_does_not_attack_a_strong_stack_at_bad_odds():
    game = engine.new_game("stalins_war", seed=3, position={
        "turn": 2, "units": {"1721": ["GE-46Pz:1"], "1722": ["SU-WestF", "SU-16R", "SU-19R"], "2722": ["SU-20R"]},
        "ops": 1})
    game.apply("axis", {"type": "end_movement"})
    actions, _ = _play_round(game, "axis")
    assert not any(a["type"] == "resolve" for a in actions)


# An Axis stack next to Riga (a Soviet VP hex, a city held by a front and two corps), and a Soviet unit far off.
_BEFORE_RIGA = {"1819": ["GE-4A", "GE-46Pz", "GE-47Pz"], "1918": ["SU-WestF", "SU-16R", "SU-19R"],
                "2722": ["SU-20R"]}


def _urgent_round(control=None):
    """Turn 2, the last round, one OPS: the stack before Riga is also next to a lone corps in the open."""
    game = engine.new_game("stalins_war", seed=3, position={
        "turn": 2, "round": 5, "ops": 1, "control": control or {},
        "units": {**_BEFORE_RIGA, "1919": ["SU-28RK"]}})
    game.apply("axis", {"type": "end_movement"})
    actions, _ = _play_round(game, "axis")
    return [a["target"] for a in actions if a["type"] == "attack"]


def test_5_1_3_holding_no_soviet_vp_hex_the_axis_attacks_one_whatever_the_odds():
    # At the end of the turn an Axis holding no Soviet VP hex loses the war: Riga it must be.
    assert _urgent_round() == ["1918"]
    # Holding one (Minsk), the same stack takes the easier fight first.
    assert _urgent_round({"2022": "axis"})[0] == "1919"


def _turn_10_round(vp: int, turn: int = 10) -> list[str]:
    """The last round of `turn`, one OPS, Minsk held, the VP level at `vp`: the stack before Riga
    is also next to a lone corps in the open."""
    game = engine.new_game("stalins_war", seed=3, position={
        "turn": turn, "round": 5, "ops": 1, "vp": vp, "control": {"2022": "axis"},
        "units": {**_BEFORE_RIGA, "1919": ["SU-28RK"]}})
    game.apply("axis", {"type": "end_movement"})
    actions, _ = _play_round(game, "axis")
    return [a["target"] for a in actions if a["type"] == "attack"]


def test_5_1_3_at_nine_vp_in_turn_10_the_axis_attacks_a_vp_hex_whatever_the_odds():
    # At 9 VP or less at the end of turn 10 the Soviets win: only a VP hex taken now saves the war.
    assert _turn_10_round(9)[0] == "1918"
    # At 10 VP, or in turn 9, the same stack takes the easier fight first.
    assert _turn_10_round(10)[0] == "1919"
    assert _turn_10_round(9, turn=9)[0] == "1919"


def test_5_1_3_holding_no_soviet_vp_hex_the_axis_plays_for_the_ops_it_needs():
    # The turn's last round, consecutive OPS count 1: Dora (2 OPS, a combat card) gives 1 OPS, one combat
    # marker (7.3.5). A 0-OPS round moves every unit but buys no marker: without a Soviet VP hex the
    # marker it is.
    def play(control):
        game = engine.new_game("stalins_war", seed=3, position={
            "turn": 2, "round": 5, "consec": {"axis": 1, "soviet": 0}, "control": control,
            "hands": {"axis": ["A13", "A21"]}, "units": _BEFORE_RIGA})
        return bots.choose(game, "axis")

    choice = play({})
    assert (choice["type"], choice.get("card"), choice.get("as")) == ("play_card", "A13", "ops")
    assert play({"2022": "axis"})["type"] == "zero_ops"


class _TickClock:
    """A clock that advances one tick each time it is read: the search's deadline checks are
    counted, not timed."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        self.now += 1.0
        return self.now


def _card_play():
    game, _ = _twin_games()
    return game, game.view("axis"), game.legal_actions("axis")


def test_search_runs_its_whole_budget_when_time_allows():
    game, view, legal = _card_play()
    action, stats = search.run(game, "axis", view, legal, 9, 3, search.Deadline(1e9, clock=_TickClock(), margin=0))
    assert action in legal
    assert stats == {"simulations": 3, "cut": 0}


@pytest.mark.parametrize("limit", [8, 150, 400])
def test_search_stops_simulating_once_its_time_is_spent(limit):
    """The deadline is checked before every rollout step: a rollout it cuts off is dropped, no
    other starts, and the last step began while it still fitted."""
    game, view, legal = _card_play()
    clock = _TickClock()
    deadline = search.Deadline(limit, clock=clock, margin=0)
    action, stats = search.run(game, "axis", view, legal, 9, 24, deadline)
    assert action in legal
    assert stats["cut"] == 1 and stats["simulations"] < 24
    assert clock.now <= deadline.end + 1  # the check that said no is the last reading
    if stats["simulations"] == 0:
        # Nothing finished: the fast level's choice stands.
        assert action == bots.choose(game, "axis", seed=9)


def _axis_moves(game, limit=30):
    """The moves the bot makes for the Axis in this round's movement stage, as (unit, to)."""
    moves = []
    for _ in range(limit):
        if "axis" not in game.active_sides():
            break
        action = bots.choose(game, "axis", seed=3)
        if action["type"] not in ("move", "rail", "sea"):
            break
        moves.append((action["unit"], action["to"]))
        game.apply("axis", _strip(action))
    return moves


def test_5_1_3_the_axis_never_leaves_its_only_soviet_vp_hex_empty():
    # A Panzer corps alone in Riga, empty Soviet towns and cities to take all around, a Soviet corps
    # in Minsk: leaving Riga empty would lose the war at the turn's end if that corps walked in.
    def moves(control):
        game = engine.new_game("stalins_war", seed=3, position={
            "turn": 2, "round": 3, "ops": 2, "control": {"1918": "axis", **control},
            "units": {"1918": ["GE-41Pz"], "2022": ["SU-28RK"], "2722": ["SU-16R"]}})
        return _axis_moves(game)

    assert moves({}) == []
    # Holding Kiev and Odessa as well, the Panzers drive on.
    assert [unit for unit, _to in moves({"2025": "axis", "1829": "axis"})] == ["GE-41Pz"]


def test_13_3_8_in_its_last_round_the_axis_plays_for_ops_to_bring_cut_off_units_back():
    # An army and a Panzer corps stand at Luga, far beyond any Axis supply line. A Hungarian
    # reinforcement card is worth more as its event (7.5.2) in round 3; in round 5, the last before
    # the Axis attrition phase, only a round with OPS lets the two walk back.
    def choice(round_, deep):
        game = engine.new_game("stalins_war", seed=3, position={
            "turn": 6, "round": round_, "hands": {"axis": ["A7", "A21"]},
            "units": {"1819": ["GE-18A:2", "GE-3Pz:1"], "1621": ["GE-9A:2"], deep: ["GE-4A", "GE-41Pz"],
                      "2722": ["SU-16R"]}})
        action = bots.choose(game, "axis", seed=3)
        return action.get("card"), action.get("as")

    assert choice(3, "2418") == ("A7", "event")
    assert choice(5, "2418") == ("A7", "ops")
    assert choice(5, "1920") == ("A7", "event")  # in supply at Vilnius: nothing to bring back


def test_13_3_8_in_summer_1941_the_panzer_drive_keeps_clear_of_pockets_the_soviets_can_close():
    # Seed 60, bot against bot. The Panzer corps used to drive on Narva and Luga in turn 2 along a line
    # one Soviet move could cut (Situation.supply_at_risk); cut off in round 3, six of them and an army
    # died at the Axis attrition phase (13.3.8). The Axis now weighs that risk from turn 2, not 5.
    game = engine.new_game("stalins_war", scenario="campaign", seed=60)
    lost = []
    while game.view(None)["turn"] <= 2:
        side = game.active_sides()[0]
        log = game.apply(side, _strip(bots.choose(game, side, seed=60)))
        lost += [e["unit"] for e in log if e.get("kind") == "eliminated" and "13.3.8" in e["text"]
                 and e["unit"].startswith("GE-")]
    assert lost == []


def _riga_view(units):
    """The Axis's view of a turn-3 position with Riga held."""
    game = engine.new_game("stalins_war", seed=3, position={
        "turn": 3, "round": 2, "ops": 1, "control": {"1918": "axis"}, "units": units})
    return game.view("axis")


def test_9_1_4_an_exploiting_unit_never_ends_in_a_hex_it_would_overstack():
    # Four Axis units hold Riga; a Panzer corps in Memel, two Soviet stacks next to it, may exploit into
    # Riga or Panevezys. Stacking holds again when exploitation ends (9.1.4): a fifth unit in Riga would
    # cost a unit there, so the corps goes to Panevezys (or stays).
    view = _riga_view({"1819": ["GE-41Pz"], "1918": ["GE-18A", "GE-3Pz", "GE-39Pz", "GE-40Pz"],
                       "2119": ["SU-WestF", "SU-16R", "SU-19R"], "1820": ["SU-NWF", "SU-20R"], "2722": ["SU-22R"]})
    legal = [{"type": "exploit", "unit": "GE-41Pz", "to": "1918"}, {"type": "exploit", "unit": "GE-41Pz", "to": "1919"},
             {"type": "end_exploitation"}]
    assert fast.decide(view, legal, "axis", random.Random(0)) == legal[1]


def test_9_1_4_an_overstacked_hex_gives_up_its_weakest_unit():
    view = _riga_view({"1918": ["GE-18A", "GE-3Pz:1", "GE-39Pz", "GE-40Pz"], "2722": ["SU-22R"]})
    legal = [{"type": "eliminate_overstack", "unit": u} for u in ("GE-18A", "GE-39Pz", "GE-3Pz", "GE-40Pz")]
    assert fast.decide(view, legal, "axis", random.Random(0))["unit"] == "GE-3Pz"


def _marks(position: dict) -> list[str]:
    """The hexes the fast Axis marks for combat (7.3.5) in a round that starts with `position`."""
    game = engine.new_game("stalins_war", seed=3, position=position)
    game.apply("axis", {"type": "end_movement"})
    marks = []
    while "axis" in game.active_sides():
        action = bots.choose(game, "axis")
        if action["type"] != "mark_combat":
            return marks
        marks.append(action["hex"])
        game.apply("axis", _strip(action))
    return marks


def test_11_1_3_the_axis_spends_no_ops_marking_a_hex_that_cannot_join_the_attack():
    # Two German armies next to one Soviet corps: one LCU a combat, and a second hex joins only
    # with a Panzer corps attacking from it, so the second combat marker would buy nothing.
    marks = _marks({"turn": 2, "ops": 2, "units": {
        "1721": ["GE-4A"], "1822": ["GE-9A"], "1722": ["SU-28RK"], "2722": ["SU-16R"]}})
    assert len(marks) == 1 and marks[0] in ("1721", "1822")
    # With a Panzer corps beside the second army both hexes may attack together: both are marked.
    marks = _marks({"turn": 2, "ops": 2, "units": {
        "1721": ["GE-4A"], "1822": ["GE-46Pz", "GE-47Pz"], "1722": ["SU-WestF"], "2722": ["SU-16R"]}})
    assert sorted(marks) == ["1721", "1822"]


def test_11_1_9_a_garrisoned_city_the_axis_may_not_attack_yet_draws_it_less():
    # Leningrad held by the Soviets before Nordlicht: the Axis drive aims elsewhere unless the card that
    # opens it is in hand.
    def worth(hand, flags=None):
        game = engine.new_game("stalins_war", seed=3, position={
            "turn": 3, "hands": {"axis": hand}, "flags": flags or {},
            "units": {"1819": ["GE-4A"], "2517": ["SU-28RK"], "2722": ["SU-16R"]}})
        return Situation(game.view("axis"), "axis").objectives("axis")[bots.board.board().by_name["Leningrad"]]

    barred, in_hand, opened = worth(["A21"]), worth(["A14"]), worth(["A21"], {"nordlicht": True})
    assert barred < in_hand < opened


def _festung_choice(turn: int, units: dict) -> list[str]:
    """The Festungs the fast Axis builds (16.3.2) in a round with 2 OPS, Riga held and the Festung event played."""
    game = engine.new_game("stalins_war", seed=3, position={
        "turn": turn, "round": 2, "ops": 2, "control": {"1918": "axis"}, "units": units,
        "flags": {"hitler_takes_command": True, "festung": True}})
    built = []
    while "axis" in game.active_sides():
        action = bots.choose(game, "axis")
        if action["type"] in ("end_movement", "mark_combat", "end_marking"):
            return built
        if action["type"] == "build_festung":
            built.append(action["hex"])
        game.apply("axis", _strip(action))
    return built


def test_16_3_the_axis_on_the_defensive_makes_a_festung_of_a_threatened_vp_hex():
    # Spring 1943: a German army holds Riga with a Soviet front and army next to it. A Festung keeps the
    # garrison from being thrown out (16.3.5) and the hex Axis at the attrition phase.
    riga = {"1918": ["GE-18A"], "2019": ["SU-WestF", "SU-16R"], "2722": ["SU-20R"]}
    assert _festung_choice(7, riga) == ["1918"]
    # A Panzer corps would be shut in for good (16.3.4): no Festung for a Panzer garrison.
    assert _festung_choice(7, {**riga, "1918": ["GE-46Pz"]}) == []


def test_10_3_1_the_axis_plays_hedgehogs_as_the_event_before_its_first_winter():
    # Fall 1941's last rounds, Minsk held, the Paulus line crossed (5.1.3): without Hedgehogs the Axis never entrenches (10.3.1); two OPS are worth less.
    game = engine.new_game("stalins_war", seed=3, position={
        "turn": 3, "round": 4, "hands": {"axis": ["A17", "A21"]}, "control": {"2022": "axis"},
        "stats": {"axis_east_of_paulus": True}, "units": _BEFORE_RIGA})
    choice = bots.choose(game, "axis")
    assert (choice["type"], choice.get("card"), choice.get("as")) == ("play_card", "A17", "event")


def test_10_3_1_from_1942_the_axis_digs_in_at_the_vp_hexes_it_holds():
    # Summer 1942, Hedgehogs played: the army in Riga faces a stronger Soviet stack it cannot attack with profit.
    game = engine.new_game("stalins_war", seed=3, position={
        "turn": 6, "round": 2, "ops": 2, "control": {"1918": "axis"}, "flags": {"hedgehogs": True},
        "units": {"1918": ["GE-18A"], "2019": ["SU-WestF", "SU-16R"], "2722": ["SU-20R"]}})
    actions, _ = _play_round(game, "axis")
    assert {"type": "entrench", "hex": "1918", "bonus": False} in [
        {k: a.get(k) for k in ("type", "hex", "bonus")} for a in actions if a["type"] == "entrench"]


def test_5_1_3_by_the_last_round_of_turn_4_a_supplied_axis_unit_crosses_the_paulus_line():
    # Winter 1942, the last round, no Axis unit has yet been east of the Paulus line: the Soviets win at
    # the end of the turn unless one moves there now, in supply.
    game = engine.new_game("stalins_war", seed=3, position={
        "turn": 4, "round": 5, "ops": 1, "control": {"1918": "axis"},
        "units": {"1918": ["GE-18A"], "1819": ["GE-4A", "GE-46Pz"], "2222": ["SU-WestF"], "2722": ["SU-20R"]}})
    actions, _ = _play_round(game, "axis")
    east = [a["to"] for a in actions if a["type"] in ("move", "rail") and bots.board.board().hexes[a["to"]].get("paulus_zone")]
    assert east


def test_7_3_5_the_ops_open_a_second_attack_before_they_back_the_first():
    # Two OPS, two Soviet corps in the open: one next to an army and two Panzer corps in two hexes, the
    # other next to a lone army. A marker on each attacking force makes two attacks; two markers on the
    # first force make one.
    marks = _marks({"turn": 2, "ops": 2, "units": {
        "1721": ["GE-4A"], "1822": ["GE-46Pz", "GE-47Pz"], "1722": ["SU-28RK"], "1819": ["GE-18A"], "1919": ["SU-5RK"],
        "2722": ["SU-16R"]}})
    assert "1819" in marks and len(marks) == 2


def test_7_3_2_a_round_that_resets_the_consecutive_count_beats_moving_without_ops():
    # Fall 1941, no banked OPS (Hitler Takes Command, 18.2.2), consecutive count 2: Guderian now gives 1 OPS.
    # An 'operate' round moves every unit but keeps the count (7.2.6); a round that neither moves nor
    # fights resets it, and the next round Guderian gives all 3.
    game = engine.new_game("stalins_war", seed=3, position={
        "turn": 3, "round": 2, "consec": {"axis": 2, "soviet": 0}, "flags": {"hitler_takes_command": True},
        "hands": {"axis": ["A9", "A13"]}, "control": {"2022": "axis"}, "units": _BEFORE_RIGA})
    choice = bots.choose(game, "axis")
    assert (choice["type"], choice.get("option")) == ("zero_ops", "pass")


def test_card_A33_the_bot_makes_the_attack_backhand_blow_owes_even_at_bad_odds():
    # A Guards army and a front advanced into 2021 next to a lone corps; Backhand Blow obliges an attack on
    # them before the round's combats may end. Cancelling it as a loser would only bring the bot back to
    # declare it again, forever: it is resolved, and the round goes on to the Soviets.
    units = {"1920": ["GE-43K"], "2021": ["SU-13R", "SU-1UkrF", "SU-4G"], "1821": ["GE-4A"]}
    stats = {"after_combat_moves": {"soviet": {"turn": 10, "round": 2, "units": ["SU-13R"]}}}
    game = engine.new_game("stalins_war", seed=1, position={
        "turn": 10, "round": 3, "active": "axis", "hands": {"axis": ["A33"]}, "units": units,
        "control": card_support.axis_west(20), "stats": stats})
    game.apply("axis", {"type": "play_card", "card": "A33", "as": "event"})
    game.apply("axis", {"type": "end_movement"})
    labels = []
    while game.active_sides() == ["axis"] and len(labels) < 40:
        choice = bots.choose(game, "axis")
        labels.append(choice["label"])
        game.apply("axis", _strip(choice))
    assert game.active_sides() == ["soviet"]
    assert "Resolve the attack on 2021" in labels and "Cancel this attack" not in labels


def _turn_1_plays(hand: list[str]) -> list[tuple]:
    """The Axis's card plays in turn 1's single round (4.4.1) from `hand`."""
    game = engine.new_game("stalins_war", seed=3, position={
        "turn": 1, "round": 1, "hands": {"axis": hand}, "units": _BEFORE_RIGA})
    plays = []
    while game.active_sides() == ["axis"] and any(a["type"] == "play_card" for a in game.legal_actions("axis")):
        choice = bots.choose(game, "axis")
        plays.append((choice.get("card"), choice.get("as")))
        game.apply("axis", _strip(choice))
    return plays


def test_4_4_1_on_turn_1_the_axis_plays_the_card_with_most_ops_even_a_combat_card():
    # Turn 1 is one round and no unit moves (4.4.2): its OPS are every combat marker of the opening blow.
    assert _turn_1_plays(["A17", "A24", "A11"]) == [("A24", "ops")]


def test_4_4_1_on_turn_1_steppe_fox_is_kept_when_a_card_has_more_ops():
    # Steppe Fox's event would only let the second card be played, for no more OPS than played alone; it
    # is kept for a turn with rounds to spare.
    assert _turn_1_plays(["A10", "A24", "A17"]) == [("A24", "ops")]


def _rp_or_pass(turn: int) -> tuple:
    # Consecutive count 2, Guderian (3 OPS) and Partisan Sweep (RP: GE 1) in hand, the 4th Army two steps short.
    game = engine.new_game("stalins_war", seed=3, position={
        "turn": turn, "round": 3, "consec": {"axis": 2, "soviet": 0}, "flags": {"hitler_takes_command": True},
        "hands": {"axis": ["A9", "A21"]}, "control": {"2022": "axis"}, "stats": {"axis_east_of_paulus": True},
        "units": {**_BEFORE_RIGA, "1819": ["GE-4A:2", "GE-46Pz", "GE-47Pz"]}})
    choice = bots.choose(game, "axis")
    return choice["type"], choice.get("card"), choice.get("as") or choice.get("option")


def test_4_4_9_7_3_2_from_1942_an_rp_play_that_resets_the_count_beats_a_round_that_only_resets_it():
    # Spring 1942: the RP play mends the army's step and resets the count as a round that does nothing
    # would; Guderian's 3 OPS come back in full after either.
    assert _rp_or_pass(5) == ("play_card", "A21", "rp")
    # Winter 1942: the Axis's RP plays of turns 1-4 leave the count where it is (4.4.9); only the empty round resets it.
    assert _rp_or_pass(4) == ("zero_ops", None, "pass")


def _summer_1941_play(rnd: int, consec: int) -> tuple:
    # Convoy PQ-17 (2 OPS) and Partisan Sweep (1 OPS) in hand, Minsk held.
    game = engine.new_game("stalins_war", seed=3, position={
        "turn": 2, "round": rnd, "consec": {"axis": consec, "soviet": 0}, "control": {"2022": "axis"},
        "hands": {"axis": ["A20", "A21"]}, "units": _BEFORE_RIGA})
    choice = bots.choose(game, "axis")
    return choice["type"], choice.get("card"), choice.get("as") or choice.get("option")


def test_7_3_2_a_round_that_resets_the_count_comes_before_the_card_it_gives_full_ops():
    # Count 2, round 4: either card now gives nothing, and a 0-OPS round that moves keeps the count
    # (7.2.6), leaving round 5 with nothing too. Passing resets it: round 5's card gives its 2 OPS.
    assert _summer_1941_play(4, 2)[::2] == ("zero_ops", "pass")
    assert _summer_1941_play(5, 0) == ("play_card", "A20", "ops")


def test_7_3_2_the_rest_of_the_turn_is_planned_over_the_count_and_the_cards_left():
    # Count 2, three rounds, cards of 2, 2 and 1 OPS: pass, then 2 and 2 - 1 (3 OPS); playing at once
    # gives 0, 0 and 0.
    assert rounds.rest_of_turn(2, ((2, 0.0), (2, 0.0), (1, 0.0)), (False,) * 3, moving=0.0, carry=0.0) == 3
    # A round that moves is worth `moving`; the count left at the turn's end costs `carry` a point.
    assert rounds.rest_of_turn(0, (), (False, False), moving=0.5, carry=0.0) == 1.0
    assert rounds.rest_of_turn(2, (), (), moving=0.5, carry=0.5) == -1.0


def test_15_1_1_a_rasputitsa_round_in_the_plan_neither_plays_nor_resets():
    # Count 2, a Rasputitsa round and then a clear one: the count is still 2 when the 3-OPS card is played.
    assert rounds.rest_of_turn(2, ((3, 0.0),), (True, False), moving=0.0, carry=0.0) == 1
    assert rounds.rest_of_turn(2, ((3, 0.0),), (False, False), moving=0.0, carry=0.0) == 3


def test_5_1_3_in_summer_1942_the_axis_drives_on_though_the_soviets_outnumber_it():
    # Two Panzer corps and two armies against eight Soviet LCUs: in Spring and Fall 1942 the outnumbered Axis
    # weighs holding what it has as much as taking more; in Summer 1942, its last summer on the attack, it
    # presses on as in 1941 (the VP level it reaches is what 5.1.3's test at the end of turn 10 reads).
    def weight(turn):
        game = engine.new_game("stalins_war", seed=3, position={
            "turn": turn, "round": 3, "control": {"2025": "axis", "2327": "axis"},
            "units": {"2025": ["GE-6A"], "2327": ["GE-17A"], "2226": ["GE-46Pz", "GE-47Pz"],
                      "2428": ["SU-WestF", "SU-16R"], "2722": ["SU-20R", "SU-SWF"], "2723": ["SU-NWF"],
                      "3023": ["SU-CenF"], "3024": ["SU-LenF"], "3124": ["SU-TCF"], "3125": ["SU-ResF"]}})
        return Situation(game.view("axis"), "axis").offensive_weight()

    assert weight(6) == 1.0
    assert weight(5) < 1.0 and weight(7) < 1.0


def test_5_1_3_in_winter_1942_the_axis_attacks_across_the_paulus_line_if_no_unit_has_crossed_it():
    # One OPS, one marker: the corps in the open at 1722 is the easier fight, but taking 2019 (east of
    # the Paulus line, held by a front) and advancing into it is what keeps the war going past turn 4.
    marks = _marks({"turn": 4, "round": 3, "ops": 1, "control": {"1918": "axis"}, "units": {
        "1918": ["GE-4A", "GE-46Pz"], "2019": ["SU-WestF"], "1721": ["GE-9A", "GE-47Pz"], "1722": ["SU-28RK"],
        "2722": ["SU-20R"]}})
    assert marks == ["1918"]


def test_14_1_3_an_rp_play_is_worth_the_steps_it_buys_back():
    # Summer 1942, four Panzer corps a step short each. Guderian's two PZ RPs buy back all four steps
    # (an SCU step costs half an RP, 14.1.3; PZ RPs mend Panzer corps, 14.1.7): more than its OPS.
    game = engine.new_game("stalins_war", seed=3, position={
        "turn": 6, "round": 1, "hands": {"axis": ["A9", "A21"]}, "control": {"2022": "axis"},
        "units": {"1819": ["GE-4A", "GE-46Pz:1", "GE-47Pz:1"], "1820": ["GE-39Pz:1", "GE-41Pz:1"],
                  "1918": ["SU-WestF", "SU-16R", "SU-19R"], "2722": ["SU-20R"]}})
    choice = bots.choose(game, "axis")
    assert (choice["type"], choice.get("card"), choice.get("as")) == ("play_card", "A9", "rp")


def test_20_1_1_a_panzer_corps_stands_with_the_army_a_soviet_stack_would_attack():
    # A lone army in Siedlce next to a Soviet front and two armies in Brest would be attacked: the fire
    # tables read the attacker's strength alone, so a stack is hit as hard as a lone unit. A Panzer corps
    # beside the army makes German Mobile Defense (20.1.1: both fires shift a column the Axis's way) and
    # fires back: a stack the Soviets would not attack. Alone in Chelm, the corps would be.
    units = {"1622": ["GE-4A"], "1722": ["SU-WestF", "SU-16R", "SU-19R"], "1620": ["GE-46Pz"], "2722": ["SU-20R"]}
    sit = Situation(_riga_view(units), "axis")
    corps = sit.units["GE-46Pz"]
    assert fast.expected_loss(sit, "1622", sit.own_at("1622")) > 2.0
    assert fast.expected_loss(sit, "1622", sit.own_at("1622") + [corps]) == 0.0
    assert fast.exposure(sit, corps, "1622") < 0.0 < fast.exposure(sit, corps, "1623")
    assert fast.mobile_defense(sit, sit.own_at("1622") + [corps])
    winter = Situation(_riga_view(units), "axis")
    winter.winter = True  # no Mobile Defense in winter turns (20.1.1)
    assert not fast.mobile_defense(winter, winter.own_at("1622") + [corps])


def _kharkov_situation(turn: int) -> Situation:
    """The Axis holds Kharkov with a lone Panzer corps and Bucharest with nobody; a Soviet corps stands
    three hexes from Kharkov and another five from Bucharest (a gap in the southern front)."""
    game = engine.new_game("stalins_war", seed=3, position={
        "turn": turn, "round": 2, "ops": 1, "control": {"2327": "axis", "1918": "axis", "2022": "axis"},
        "units": {"2327": ["GE-41Pz"], "1428": ["RO-4A"], "1826": ["SU-28RK"], "2627": ["SU-5RK"], "2022": ["GE-9A"]}})
    return Situation(game.view("axis"), "axis")


def test_5_1_1_a_panzer_corps_stays_in_the_soviet_vp_hex_it_took_while_the_soviets_are_near():
    sit = _kharkov_situation(3)
    panzer = sit.units["GE-41Pz"]
    # Left empty, Kharkov is walked back into: staying beats every step on toward the next objective.
    assert fast.hex_value(sit, panzer, "2327") > max(fast.hex_value(sit, panzer, n) for n in sit.b.adj["2327"]) + 1.0


def test_5_1_1_from_1942_a_home_vp_hex_the_soviets_near_draws_a_garrison():
    romanians = "RO-4A"
    # In 1941 Bucharest, five hexes from the nearest Soviet unit, is behind the front: no garrison is wanted.
    sit = _kharkov_situation(3)
    assert fast.hex_value(sit, sit.units[romanians], "1429") < fast.hex_value(sit, sit.units[romanians], "1428") + 1.0
    # From turn 5 a Soviet unit that close has come through a broken front: the army goes in.
    sit = _kharkov_situation(6)
    assert fast.hex_value(sit, sit.units[romanians], "1429") > fast.hex_value(sit, sit.units[romanians], "1428") + 3.0
