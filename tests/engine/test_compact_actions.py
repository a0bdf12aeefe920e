"""The compact action protocol: moves listed once per destination (`to`, `mp`, `ops`), `apply`
taking a destination and finding the cheapest path itself, and the packed wire form."""
import copy
import json

import pytest
from hypothesis import given, settings, strategies as st

import engine
from tests.engine.helpers import act, game, legal, refused, where


def soviet_moving(**keys):
    """The 1941 set-up, the Soviet round with 3 OPS to spend: the movement stage."""
    return game(setup=True, active="soviet", ops=3, **keys)


def test_move_actions_name_the_destination_and_its_cost_not_a_path():
    g = soviet_moving()
    moves = legal(g, "soviet", "move")
    assert moves
    for a in moves:
        assert set(a) == {"type", "unit", "to", "mp", "ops", "label"}
        assert isinstance(a["mp"], int) and a["mp"] >= 1 and a["ops"] in (0, 1)
    # one action per unit and destination
    assert len({(a["unit"], a["to"]) for a in moves}) == len(moves)


def test_a_move_to_a_destination_takes_the_cheapest_path_and_logs_it():
    g = soviet_moving()
    a = max(legal(g, "soviet", "move", unit="SU-22M"), key=lambda a: a["mp"])
    start = where(g, "SU-22M")
    copy = engine.load(g.to_json())
    log = act(g, "soviet", type="move", unit="SU-22M", to=a["to"])
    assert where(g, "SU-22M") == a["to"]
    path = next(e["path"] for e in log if e.get("kind") == "move")
    assert path[0] == start and path[-1] == a["to"] and len(path) >= 3
    # the same move by its explicit path gives the same game
    copy.apply("soviet", {"type": "move", "unit": "SU-22M", "path": path[1:]})
    assert copy.to_json() == g.to_json()


def test_the_listed_action_may_be_sent_back_whole():
    g = soviet_moving()
    a = legal(g, "soviet", "move", unit="SU-22M")[0]
    g.apply("soviet", a)  # label, mp and ops are information only
    assert where(g, "SU-22M") == a["to"]


def test_a_move_to_a_hex_out_of_reach_is_refused_with_the_rule():
    # open country east of the Volga; GE-4A at 3528 covers 3527, 3628, 3629, 3529, 3429 and 3428
    g = game(turn=5, active="soviet", ops=2, units={"3426": ["SU-13R"], "3528": ["GE-4A"]})
    refused(g, "soviet", "10.1.6", type="move", unit="SU-13R", to="3528")
    refused(g, "soviet", "8.3", type="move", unit="SU-13R", to="3429")  # 3 MP, but the ZOC stops it at 3428
    refused(g, "soviet", "10.1.4", type="move", unit="SU-13R", to="3422")
    refused(g, "soviet", "already", type="move", unit="SU-13R", to="3426")


def test_4_4_2_the_view_says_why_units_may_not_move():
    g = game(setup=True, active="axis", ops=3)  # turn 1: no Axis movement
    immobile = g.view("axis")["decision"]["immobile"]
    axis_units = {u["id"] for u in g.view(None)["units"] if u["side"] == "axis"}
    assert len(immobile) == 1 and immobile[0]["why"].startswith("4.4.2")
    assert set(immobile[0]["units"]) == axis_units
    g.apply("axis", {"type": "end_movement"})
    assert "immobile" not in g.view("axis")["decision"]  # only in the movement stage


def test_the_view_shows_what_the_round_s_units_have_done():
    g = soviet_moving()
    a = legal(g, "soviet", "move", unit="SU-22M")[0]
    g.apply("soviet", a)
    d = g.view(None)["decision"]
    assert d["mp_spent"] == {"SU-22M": a["mp"]}
    rail = legal(g, "soviet", "rail")[0]
    g.apply("soviet", rail)
    assert g.view("axis")["decision"]["strategic"] == [rail["unit"]]


def test_a_move_needs_a_destination_or_a_path():
    g = soviet_moving()
    before = copy.deepcopy(g.to_json())
    for bad, code in (({"type": "move", "unit": "SU-22M"}, "malformed"),
                      ({"type": "move", "unit": "SU-22M", "to": 3327}, "malformed"),
                      ({"type": "move", "unit": "SU-22M", "to": "9999"}, "unknown_id"),
                      ({"type": "move", "unit": "SU-22M", "to": "3327", "path": ["3326"]}, "malformed")):
        with pytest.raises(engine.IllegalAction) as err:  # noqa: PT012
            g.apply("soviet", bad)
        assert err.value.code == code, bad
    assert g.to_json() == before


def test_rail_moves_list_their_ops_and_accept_them_back():
    g = soviet_moving()
    rail = legal(g, "soviet", "rail")
    assert rail and all(set(a) == {"type", "unit", "to", "ops", "label"} and a["ops"] == 1 for a in rail)
    g.apply("soviet", rail[0])
    assert where(g, rail[0]["unit"]) == rail[0]["to"]


def _strip(actions):
    return sorted(json.dumps({k: v for k, v in a.items() if k != "label"}, sort_keys=True) for a in actions)


def test_packed_actions_stand_for_exactly_the_legal_actions():
    g = soviet_moving()
    actions = g.legal_actions("soviet")
    packed = engine.pack_actions(actions)
    assert _strip(engine.unpack_actions(packed["actions"], packed["action_groups"])) == _strip(actions)
    assert all(a["type"] not in ("move", "rail", "sea", "exploit") for a in packed["actions"])
    # rail moves share groups: the network, less the hex each unit stands in
    rail_groups = [gr for gr in packed["action_groups"] if gr["type"] == "rail"]
    assert len(rail_groups) < len({a["unit"] for a in actions if a["type"] == "rail"})


def test_packed_legal_actions_are_the_legal_actions_packed_exactly():
    """`packed_legal_actions` (the movement stage's wire form made without listing each move)
    equals `pack_actions(legal_actions)`, order and JSON included, in movement stages and along
    random campaigns at every kind of decision."""
    import random

    from engine.core import randomplay
    from tests import fuzzing

    def same(g):
        for side in ("axis", "soviet"):
            assert json.dumps(g.packed_legal_actions(side)) == json.dumps(engine.pack_actions(g.legal_actions(side)))

    kinds = set()
    for g in (soviet_moving(), game(setup=True, turn=3, active="soviet", ops=4),  # rail and sea
              game(setup=True, turn=5, active="axis", ops=4, flags={"festung": 5, "hedgehogs": 5}),
              game(setup=True, turn=4, active="soviet", ops=4, options={"extra_trench_ops": True},
                   flags={"peoples_militia": 4, "partisan_formation": 4})):
        same(g)
        kinds |= {a["type"] for a in g.legal_actions(g.active_sides()[0])}
    assert {"move", "rail", "sea", "entrench", "build_festung", "place_partisans"} <= kinds
    moving = 0
    for seed in (41, 42):
        rng = random.Random(seed)
        g = engine.new_game("stalins_war", scenario="campaign", seed=seed)
        for _ in range(300):
            if g.result() is not None:
                break
            same(g)
            stack = g.to_json()["stack"]
            moving += bool(stack) and stack[-1].get("stage") == "move"
            side = g.active_sides()[0]
            a = randomplay.choose(rng, g.legal_actions(side), fuzzing.WEIGHTS, fuzzing.classify)
            g.apply(side, {k: v for k, v in a.items() if k != "label"})
    assert moving > 20


def test_the_turn_1_soviet_movement_message_is_small():
    g = soviet_moving()
    packed = engine.pack_actions(g.legal_actions("soviet"))
    size = len(json.dumps({"view": g.view("soviet"), **packed}, separators=(",", ":")))
    flat = len(json.dumps(g.legal_actions("soviet"), separators=(",", ":")))
    assert size <= 60_000 < flat


hexes = st.sampled_from(["1001", "1002", "2020", "2021", "3030", "3031", "3032"])
unit_ids = st.sampled_from(["A", "B", "C", "D"])
movelike = st.fixed_dictionaries({"type": st.sampled_from(["move", "rail", "exploit"]), "unit": unit_ids, "to": hexes},
                                 optional={"mp": st.integers(0, 3), "ops": st.integers(0, 1), "label": st.just("x")})
placelike = st.fixed_dictionaries({"type": st.sampled_from(["place", "recreate"]), "unit": unit_ids, "hex": hexes},
                                  optional={"replacing": unit_ids, "label": st.just("z")})
others = st.fixed_dictionaries({"type": st.sampled_from(["end_movement", "entrench", "attack"])},
                               optional={"hex": hexes, "label": st.just("y")})


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(movelike, placelike, others), max_size=30))
def test_pack_and_unpack_round_trip_any_list(actions):
    # as the engine does, list each unit's move of one kind to one hex at most once
    seen, unique = set(), []
    for a in actions:
        key = (a["type"], a.get("unit"), a.get("to"), a.get("hex"), a.get("replacing"))
        if key not in seen:
            seen.add(key)
            unique.append(a)
    packed = engine.pack_actions(unique)
    assert _strip(engine.unpack_actions(**packed)) == _strip(unique)
