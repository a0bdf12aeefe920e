"""The hand as cards (issue 9, item 1): every card's face and full text, one button per
way of playing it, disallowed plays disabled with the reason and rule, the OPS a play
would give now; the cards on the table by name with their text on tap."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.mapplay import act, engine_view, screenshot, seq, two_players

PHONE = {"width": 390, "height": 844}


def test_the_hand_shows_every_card_with_its_text_and_its_plays(browser, server):
    axis, soviet = two_players(browser, server, soviet_viewport=PHONE)
    both = (axis, soviet)
    act(soviet, '#prompt-buttons button[data-type="decline_pick"]', both)

    hand = engine_view(axis)["view"]["hand"]
    assert len(hand) >= 6
    cards = axis.locator("#hand-cards [data-card]")
    expect(cards).to_have_count(len(hand))
    for card in hand:
        node = axis.locator(f'#hand-cards [data-card="{card["id"]}"]')
        expect(node).to_be_visible()
        expect(node.locator(".card-name")).to_have_text(card["name"])
        expect(node.locator(".card-text")).to_have_text(card["text"])
        expect(node.locator(".card-ops")).to_have_text(str(card["ops"]))
        expect(node.locator(".card-meta")).to_contain_text("Blitzkrieg")
        for kind, n in card["rp"].items():
            expect(node.locator(".card-rp")).to_contain_text(f"{kind} {n}")
        for play in card["plays"]:
            button = node.locator(f'button[data-play="{play["as"]}"]')
            if play["allowed"]:
                expect(button).to_be_enabled()
            else:
                expect(button).to_be_disabled()
                expect(node).to_contain_text(play["reason"])
        ops = next(p for p in card["plays"] if p["as"] == "ops")
        expect(node.locator('button[data-play="ops"]')).to_have_text(f"OPS: {ops['ops']}")
    # RP plays wait for turn 2, and the card says so with the rule
    first = axis.locator("#hand-cards [data-card]").first
    expect(first.locator('button[data-play="rp"]')).to_be_disabled()
    expect(first).to_contain_text("4.4.1")
    # the card plays are on the cards, not repeated in the prompt bar
    expect(axis.locator('#prompt-buttons button[data-type="play_card"]')).to_have_count(0)
    # the Soviet (waiting) sees their own cards with every play disabled and why
    soviet.click("#tabs [data-show=hand]")
    soviet_hand = engine_view(soviet)["view"]["hand"]
    expect(soviet.locator("#hand-cards [data-card]")).to_have_count(len(soviet_hand))
    expect(soviet.locator("#hand-cards button.card-play:enabled")).to_have_count(0)
    expect(soviet.locator("#hand-cards [data-card]").first.locator(".card-text")).to_have_text(soviet_hand[0]["text"])
    assert soviet.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(axis, "hand-laptop-1-cards")
    screenshot(soviet, "hand-phone-1-cards")

    # Played for OPS from the card: the card leaves the hand; both pages follow.
    played = hand[0]
    act(axis, f'#hand-cards [data-card="{played["id"]}"] button[data-play="ops"]', both)
    expect(axis.locator(f'#hand-cards [data-card="{played["id"]}"]')).to_have_count(0)
    expect(axis.locator("#log")).to_contain_text(played["name"])
    expect(soviet.locator("#log")).to_contain_text(played["name"])


def test_cards_on_the_table_are_named_with_their_text_on_tap(browser, server):
    axis, soviet = two_players(browser, server)
    both = (axis, soviet)
    act(soviet, '#prompt-buttons button[data-type="decline_pick"]', both)
    # a card played goes to the discards (or is removed, if a starred event), or lies played meanwhile:
    # both pages list it. An event if the hand has one allowed now (about 1 deal in 60 has none), else OPS.
    view = engine_view(axis)["view"]
    plays = [(c, p["as"]) for c in view["hand"] for p in c["plays"] if p["allowed"] and p["as"] in ("event", "ops")]
    card, way = min(plays, key=lambda play: play[1] != "event")
    before = seq(axis)
    axis.locator(f'#hand-cards [data-card="{card["id"]}"] button[data-play="{way}"]').click()
    expect(axis.locator("#game")).not_to_have_attribute("data-seq", str(before))
    public = engine_view(soviet)["view"]["cards"]["axis"]
    where = "removed" if card["id"] in public["removed"] else "discard"
    assert card["id"] in public[where] or card["id"] in public["played"]
    if card["id"] in public[where]:
        chip = soviet.locator(f'#table-cards [data-side="axis"] [data-list="{where}"] [data-card-ref="{card["id"]}"]')
        expect(chip).to_contain_text(card["name"])
        expect(chip.locator("summary")).to_have_attribute("title", card["text"])
        chip.locator("summary").click()
        expect(chip.locator(".chip-text")).to_be_visible()
        expect(chip.locator(".chip-text")).to_contain_text(card["text"][:40])
    expect(soviet.locator("#table-cards")).to_contain_text(re.compile(r"Axis\s+\d+ in hand"))
