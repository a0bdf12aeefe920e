"""17.0 Oil and hand size (read through the view's hand limit)."""
from __future__ import annotations

from .helpers import game

PLOESTI, MAIKOP, GROZNY, BAKU = "1428", "2433", "2835", "3138"


def everything_axis(*except_hexes: str) -> dict:
    out = {h: "axis" for h in game().view(None)["control"]}
    for h in except_hexes:
        out[h] = "soviet"
    return out


def limits(**kw) -> dict:
    cards = game(turn=5, **kw).view(None)["cards"]
    return {side: cards[side]["hand_limit"] for side in ("axis", "soviet")}


def test_17_1_2_the_four_oil_hexes_at_the_start():
    # Axis: Ploesti (one oil hex, no change); Soviets: three (no change).
    assert limits() == {"axis": 6, "soviet": 6}


def test_17_1_4_no_oil_costs_the_axis_a_card():
    assert limits(control={PLOESTI: "soviet"})["axis"] == 5


def test_17_1_5_three_oil_hexes_give_the_axis_a_card():
    control = everything_axis(BAKU, "2722")
    assert limits(control=control)["axis"] == 7


def test_17_1_3_an_oil_hex_counts_only_if_it_traces_supply():
    # Maikop and Grozny held by the Axis but cut off behind Soviet-held cities: they do not count.
    assert limits(control={MAIKOP: "axis", GROZNY: "axis"})["axis"] == 6


def test_17_1_6_one_oil_hex_costs_the_soviets_a_card():
    assert limits(control={MAIKOP: "axis", GROZNY: "axis"})["soviet"] == 5


def test_17_1_7_no_oil_costs_the_soviets_two_cards():
    assert limits(control={MAIKOP: "axis", GROZNY: "axis", BAKU: "axis"})["soviet"] == 4


def test_17_1_3_baku_cut_off_from_the_caspian_does_not_count():
    # Ruling: Baku's limited supply (13.2.3) serves defence and attrition, not the hand.
    caspian = {h: "axis" for h in ("2935", "3032", "3037", "3331", MAIKOP, GROZNY)}
    units = {"3038": ["GE-43K"], "2938": ["GE-42K"]}
    assert limits(control=caspian, units=units)["soviet"] == 4
