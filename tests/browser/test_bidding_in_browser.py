"""Bidding for sides (21.0) in real Chromium: a game created with a sealed bid from the lobby's form, an
opponent who wants the same side and bids the same, the coin flip shown to both, the engine's RPs.
Screenshots (desktop and 390x844) go to docs/images/."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.test_admin_in_browser import api
from tests.browser.test_dashboard_in_browser import IMAGES, PHONE, open_pages, shoot, sign_up


def test_equal_sealed_bids_go_to_a_coin_flip_both_players_see(browser, server):
    (alice_context, bob_context), (alice, bob) = open_pages(browser)
    sign_up(alice, server, "alice")
    sign_up(bob, server, "bob")

    # Alice wants the Axis and seals a bid of 2 RPs.
    alice.select_option("#create-game select[name=side]", "axis")
    alice.check("#bidding-on")
    alice.fill("#create-game input[name=bid]", "2")
    alice.set_viewport_size(PHONE)
    alice.locator("#bidding").screenshot(path=str(IMAGES / "bidding-create-phone.png"))
    alice.click("#create-game button[type=submit]")
    expect(alice).to_have_url(re.compile(r"/games/\d+$"))
    game_id = int(alice.url.rsplit("/", 1)[1])
    expect(alice.locator("[data-bidding=open]")).to_be_visible()

    # Bob finds it in the lobby, marked for bidding, and sees no amount anywhere.
    bob.goto(server + "/")
    # The lobby's socket sends the dashboard once it connects, and a copy that differs from the page
    # (a game created meanwhile changes it) replaces the page's: wait for it before clicking.
    expect(bob.locator("#dashboard")).to_have_attribute("data-updates", re.compile(r"^[1-9]"))
    row = bob.locator(f"tr[data-game='{game_id}']")
    expect(row).to_contain_text("bidding")
    row.get_by_role("link", name="Bid for a side").click()
    form = bob.locator("[data-bid-join]")
    expect(form).to_be_visible()
    assert "2" not in form.locator("input[name=bid]").input_value()
    bob.select_option("[data-bid-join] select[name=side]", "axis")
    bob.fill("[data-bid-join] input[name=bid]", "2")
    bob.set_viewport_size({"width": 1280, "height": 800})
    expect(bob.locator("#connection")).to_have_text("live")
    bob.screenshot(path=str(IMAGES / "bidding-join.png"))
    bob.click("#join-button")

    # Equal bids: the coin decides, and both players are shown how it fell.
    settled = bob.locator("[data-bidding=settled]")
    expect(settled).to_contain_text("coin gave it to")
    text = settled.inner_text()
    winner = re.search(r"coin gave it to (\w+)", text).group(1)
    assert winner in ("alice", "bob")
    loser = "bob" if winner == "alice" else "alice"
    alice.reload()
    expect(alice.locator("[data-bidding=settled]")).to_have_text(text)
    expect(alice.locator("#player-axis")).to_have_text(winner)
    expect(alice.locator("#player-soviet")).to_have_text(loser)
    bob.set_viewport_size(PHONE)
    shoot(bob, "bidding-result-phone")
    alice.set_viewport_size({"width": 1280, "height": 800})
    alice.screenshot(path=str(IMAGES / "bidding-result.png"))

    # The engine applies the winning bid: the Soviets get 2 more automatic RPs on turn 4 (21.0).
    game = api(alice, "GET", f"/api/games/{game_id}")
    assert game["options"]["bid"] == {"side": "axis", "rp": 2}
    assert game["bidding"]["tie"] is True and game["bidding"]["coin"] == winner
    notices = api(alice, "GET", "/api/notices")["notices"]
    assert any(n["kind"] == "bid_result" and winner in n["text"] for n in notices)
    alice_context.close()
    bob_context.close()
