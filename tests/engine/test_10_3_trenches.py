"""10.3 Trenches (and 23.1.3's extra OPS, 13.3.3)."""
from __future__ import annotations

from .helpers import act, decision, game, legal, ops_left, refused

HEX = "3427"


def soviet(units, ops=2, militia=True, **kw):
    flags = {"peoples_militia": True} if militia else {}
    return game(turn=5, active="soviet", ops=ops, units=units, flags=flags, **kw)


def trenches(g) -> dict:
    return g.view(None)["markers"]["trench"]


def test_10_3_1_only_after_peoples_militia_or_hedgehogs():
    g = soviet({HEX: ["SU-WestF"]}, militia=False)
    assert legal(g, "soviet", "entrench") == []
    refused(g, "soviet", "10.3.1", type="entrench", hex=HEX, bonus=False)
    g = game(turn=5, active="axis", ops=2, units={"1521": ["GE-4A"]})
    refused(g, "axis", "10.3.1", type="entrench", hex="1521", bonus=False)
    g = game(turn=5, active="axis", ops=2, units={"1521": ["GE-4A"]}, flags={"hedgehogs": True})
    assert legal(g, "axis", "entrench", hex="1521")


def test_10_3_1_a_roll_of_1_to_3_digs_a_trench_after_movement():
    g = soviet({HEX: ["SU-WestF"]}, dice=[3])
    act(g, "soviet", type="entrench", hex=HEX, bonus=False)
    assert ops_left(g) == 1 and trenches(g) == {}
    act(g, "soviet", type="end_movement")
    assert trenches(g) == {HEX: "soviet"}


def test_10_3_1_a_roll_of_4_to_6_fails():
    g = soviet({HEX: ["SU-WestF"]}, dice=[4])
    act(g, "soviet", type="entrench", hex=HEX, bonus=False)
    act(g, "soviet", type="end_movement")
    assert trenches(g) == {}


def test_10_3_1_needs_an_lcu():
    g = soviet({HEX: ["SU-13R"]})
    refused(g, "soviet", "10.3.1", type="entrench", hex=HEX, bonus=False)


def test_10_3_1_the_lcu_stays_but_the_others_may_move():
    g = soviet({HEX: ["SU-WestF", "SU-13R"]}, dice=[1])
    act(g, "soviet", type="entrench", hex=HEX, bonus=False)
    refused(g, "soviet", "10.3.1", type="move", unit="SU-WestF", path=["3428"])
    act(g, "soviet", type="move", unit="SU-13R", path=["3428"])
    act(g, "soviet", type="end_movement")
    assert trenches(g) == {HEX: "soviet"}


def test_10_3_1_an_lcu_that_moved_cannot_entrench():
    g = soviet({"3426": ["SU-WestF"]})
    act(g, "soviet", type="move", unit="SU-WestF", path=[HEX])
    refused(g, "soviet", "10.3.1", type="entrench", hex=HEX, bonus=False)


def test_10_3_1_one_attempt_per_hex_per_round():
    g = soviet({HEX: ["SU-WestF"]}, ops=3)
    act(g, "soviet", type="entrench", hex=HEX, bonus=False)
    refused(g, "soviet", "10.3.1", type="entrench", hex=HEX, bonus=False)


def test_13_3_3_units_out_of_supply_may_not_entrench():
    g = soviet({HEX: ["SU-WestF"]}, oos=["SU-WestF"])
    refused(g, "soviet", "10.3.1", type="entrench", hex=HEX, bonus=False)
    assert legal(g, "soviet", "entrench") == []


def test_10_3_2_trench_markers_are_an_absolute_limit():
    eight = {h: "soviet" for h in ("3424", "3425", "3524", "3525", "3624", "3625", "3724", "3725")}
    g = soviet({HEX: ["SU-WestF"]}, markers={"trench": eight})
    refused(g, "soviet", "10.3.2", type="entrench", hex=HEX, bonus=False)
    seven = dict(list(eight.items())[:7])
    g = soviet({HEX: ["SU-WestF"], "3426": ["SU-NWF"]}, ops=3, markers={"trench": seven})
    act(g, "soviet", type="entrench", hex=HEX, bonus=False)  # a pending attempt holds the last marker
    refused(g, "soviet", "10.3.2", type="entrench", hex="3426", bonus=False)


def test_10_3_2_trench_removed_when_the_enemy_enters_its_hex():
    g = soviet({"3426": ["SU-13R"]}, markers={"trench": {HEX: "axis"}})
    act(g, "soviet", type="move", unit="SU-13R", path=[HEX, "3428"])
    assert trenches(g) == {}


def test_10_3_2_owner_may_remove_trenches_at_the_end_of_turn():
    g = game(turn=5, phase="end_of_turn", markers={"trench": {HEX: "axis", "3428": "soviet"}})
    assert decision(g) == "end_of_turn"
    assert [a["hex"] for a in legal(g, "axis", "remove_trench")] == [HEX]
    act(g, "axis", type="remove_trench", hex=HEX)
    act(g, "axis", type="end_turn")
    assert trenches(g) == {"3428": "soviet"}
    act(g, "soviet", type="remove_trench", hex="3428")
    assert trenches(g) == {}


def test_10_3_3_event_trenches_go_only_with_an_lcu():
    g = game(turn=5, active="soviet", units={HEX: ["SU-WestF"], "3428": ["SU-13R"]}, hands={"soviet": ["S13"]})
    act(g, "soviet", type="play_card", card="S13", **{"as": "event"})
    assert [a["hex"] for a in legal(g, "soviet", "place_trench")] == [HEX]


def test_23_1_3_an_extra_ops_takes_3_off_the_roll():
    g = soviet({HEX: ["SU-WestF"]}, options={"extra_trench_ops": True}, dice=[6])
    act(g, "soviet", type="entrench", hex=HEX, bonus=True)
    assert ops_left(g) == 0
    act(g, "soviet", type="end_movement")
    assert trenches(g) == {HEX: "soviet"}
    g = soviet({HEX: ["SU-WestF"]})
    refused(g, "soviet", "23.1.3", type="entrench", hex=HEX, bonus=True)
