"""The static data a client draws from (engine.board_assets): the card faces it shows for
cards that are not in the viewer's hand (discards, removed, face-up combat cards)."""
from __future__ import annotations

import engine
from engine.stalins_war.data import load_data


def test_board_assets_carry_every_card_face_in_our_words():
    cards = engine.board_assets()["data"]["cards"]
    data = load_data()
    assert set(cards) == set(data.cards) and len(cards) == 110
    taifun = cards["A12"]
    assert taifun["name"] == data.cards["A12"].name and taifun["side"] == "axis"
    assert taifun["ops"] == data.cards["A12"].ops and taifun["text"] == data.cards["A12"].text
    stuka = cards["A2"]
    assert stuka["kind"] == "combat" and stuka["combat_role"] == "attacker" and stuka["rp"] == {"PZ": 1}
    assert all("combat_role" not in c for c in cards.values() if c["kind"] != "combat")


def test_board_assets_hold_no_game_state():
    data = engine.board_assets()["data"]
    # a card face never says where the card is: no hand, pile or seed in the static data
    assert not any({"hand", "pile", "location", "seed"} & set(c) for c in data["cards"].values())


def test_13_1_2_board_assets_give_the_railway_its_own_links():
    # Supply runs along the railway (13.1.2), which does not join every pair of rail hexes that
    # stand side by side: a client or bot reckoning supply needs the links themselves.
    hexes = engine.board_assets()["data"]["hexes"]
    m = load_data().map
    for hid, h in hexes.items():
        assert h.get("rail_links", []) == sorted(m.rail_links(hid))
        for n in h.get("rail_links", []):
            assert hid in hexes[n]["rail_links"] and n in m.neighbours(hid)
    beside = [(a, b) for a, h in hexes.items() if h.get("rail") for b in m.neighbours(a)
              if hexes.get(b, {}).get("rail") and b not in h.get("rail_links", [])]
    assert beside  # rail hexes side by side, not joined by the line


def test_8_2_board_assets_name_the_lake_and_sea_hexsides():
    # No unit steps, and no supply line runs, across a lake or sea hexside (8.2, 13.1.3): Lake
    # Peipus lies between Tartu and Pskov, which stand side by side on the grid.
    hexes = engine.board_assets()["data"]["hexes"]
    m = load_data().map
    tartu, pskov = m.hex_of("Tartu"), m.hex_of("Pskov")
    assert pskov in m.neighbours(tartu)
    assert pskov in hexes[tartu]["impassable_sides"] and tartu in hexes[pskov]["impassable_sides"]
    for hid, h in hexes.items():
        for n in h.get("impassable_sides", []):
            assert m.hexside(hid, n).impassable in ("lake", "sea")
