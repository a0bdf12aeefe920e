"""The engine's public API: construction, JSON round trip, determinism, redaction, errors."""
import copy
import json

import pytest

import engine
from engine.core import randomplay


def _play(game, seed, steps):
    import random

    rng = random.Random(seed)
    actions = []
    for _ in range(steps):
        if game.result():
            break
        side = game.active_sides()[0]
        action = {k: v for k, v in rng.choice(game.legal_actions(side)).items() if k != "label"}
        game.apply(side, action)
        actions.append((side, action))
    return actions


def test_new_game_starts_with_the_soviet_free_pick():
    g = engine.new_game("stalins_war", scenario="campaign", seed=1)
    assert g.active_sides() == ["soviet"]
    assert g.legal_actions("axis") == []
    types = {a["type"] for a in g.legal_actions("soviet")}
    assert types == {"pick_card", "decline_pick"}
    assert g.result() is None


def test_unknown_scenario_and_option_are_refused():
    with pytest.raises(ValueError):
        engine.new_game("stalins_war", scenario="kursk", seed=1)
    with pytest.raises(ValueError):
        engine.new_game("stalins_war", scenario="campaign", seed=1, options={"nonsense": True})
    with pytest.raises(ValueError):
        engine.new_game("chess", scenario="campaign", seed=1)


def test_state_is_json_and_load_round_trips():
    g = engine.new_game("stalins_war", scenario="campaign", seed=5)
    _play(g, 5, 40)
    data = g.to_json()
    assert json.loads(json.dumps(data)) == data
    again = engine.load(data)
    assert again.to_json() == data
    assert again.view("axis") == g.view("axis")
    assert again.legal_actions(again.active_sides()[0]) == g.legal_actions(g.active_sides()[0])


def test_determinism_same_seed_same_actions_same_state():
    a = engine.new_game("stalins_war", scenario="campaign", seed=11)
    actions = _play(a, 3, 60)
    b = engine.replay("stalins_war", "campaign", 11, {}, actions)
    assert b.to_json() == a.to_json()
    c = engine.new_game("stalins_war", scenario="campaign", seed=12)
    assert c.to_json()["cards"] != a.to_json()["cards"] or c.to_json()["rng"] != a.to_json()["rng"]


def test_different_seeds_deal_different_hands():
    hands = set()
    for seed in range(6):
        g = engine.new_game("stalins_war", seed=seed)
        g.apply("soviet", {"type": "decline_pick"})
        hands.add(tuple(g.to_json()["cards"]["axis"]["hand"]))
    assert len(hands) > 1


def test_illegal_action_changes_nothing_and_names_the_problem():
    g = engine.new_game("stalins_war", scenario="campaign", seed=2)
    before = copy.deepcopy(g.to_json())
    with pytest.raises(engine.IllegalAction) as exc:
        g.apply("axis", {"type": "decline_pick"})
    assert exc.value.code == "not_your_turn"
    with pytest.raises(engine.IllegalAction) as exc:
        g.apply("soviet", {"type": "pick_card", "card": "S1"})
    assert "4.3.1" in str(exc.value)
    for bad in ([], {"no_type": 1}, {"type": 3}, {"type": "x", "deep": [[[[[[[[[[1]]]]]]]]]]}):
        with pytest.raises(engine.IllegalAction) as exc:
            g.apply("soviet", bad)
        assert exc.value.code == "malformed"
    with pytest.raises(engine.IllegalAction) as exc:
        g.apply("soviet", {"type": "launch_rockets"})
    assert exc.value.code == "unknown_action"
    assert g.to_json() == before


def test_labels_are_ignored_when_applying():
    g = engine.new_game("stalins_war", scenario="campaign", seed=2)
    action = g.legal_actions("soviet")[-1]
    assert "label" in action
    g.apply("soviet", dict(action, label="anything at all"))
    assert g.active_sides() == ["axis"]


def _hidden_leaks(view, secrets):
    text = json.dumps(view)
    return [s for s in secrets if s in text]


def test_views_redact_hands_draw_order_and_seed():
    g = engine.new_game("stalins_war", scenario="campaign", seed=9)
    g.apply("soviet", {"type": "decline_pick"})
    state = g.to_json()
    axis_hand = state["cards"]["axis"]["hand"]
    soviet_hand = state["cards"]["soviet"]["hand"]
    for viewer, foe_hand in (("axis", soviet_hand), ("soviet", axis_hand), (None, axis_hand + soviet_hand)):
        v = g.view(viewer)
        assert "rng" not in v and "forced" not in v
        # the opponent's hand is only a count
        for cid in foe_hand:
            assert f'"{cid}"' not in json.dumps(v), (viewer, cid)
        # the order of the draw piles never appears
        assert all(k != "draw" for k in v["cards"]["axis"])
    own = g.view("axis")
    assert [c["id"] for c in own["hand"]] == axis_hand
    assert own["cards"]["soviet"]["hand_count"] == len(soviet_hand)
    assert g.view(None)["hand"] is None


def test_view_never_shows_the_random_state():
    g = engine.new_game("stalins_war", scenario="campaign", seed=123456789)
    rng = str(g.to_json()["rng"])
    for viewer in ("axis", "soviet", None):
        assert rng not in json.dumps(g.view(viewer))


def test_log_entries_hide_drawn_cards_from_the_other_side():
    g = engine.new_game("stalins_war", scenario="campaign", seed=4)
    log = g.apply("soviet", {"type": "decline_pick"})
    private = [e for e in log if e["to"] is not None]
    assert private and all(e["to"] in ("axis", "soviet") for e in private)
    public_text = json.dumps([e for e in log if e["to"] is None])
    for cid in g.to_json()["cards"]["axis"]["hand"] + g.to_json()["cards"]["soviet"]["hand"]:
        assert f'"{cid}"' not in public_text


def test_render_svg_from_a_view():
    g = engine.new_game("stalins_war", scenario="campaign", seed=1)
    svg = engine.render_svg(g.view("axis"))
    assert svg.startswith("<svg") or svg.startswith("<?xml")
    assert "GE-4A" in svg or "4" in svg


def test_random_playout_reaches_a_result():
    g = engine.new_game("stalins_war", scenario="tournament", seed=21)
    out = randomplay.play(g, 21)
    assert out.result is not None and out.result["winner"] in ("axis", "soviet")
