"""Two players in two browsers: sign up, create and join a game, see the map, make a move
through the action panel, and watch it arrive on the other page without a reload."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

PASSWORD = "correct horse battery"
TIMEOUT = 20_000


def sign_up(page: Page, base: str, username: str) -> None:
    page.goto(f"{base}/signup")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click("button[type=submit]")
    expect(page.locator(".who")).to_have_text(username)


def show_all_actions(page: Page) -> None:
    """Open the folded list of every legal action (the fallback to playing on the map)."""
    box = page.locator("#actions-box")
    if box.get_attribute("open") is None:
        box.locator("> summary").click()
    expect(box).to_have_attribute("open", "")


def play_first_action(page: Page) -> None:
    """Click the first action in the panel, opening its group and subgroup if they are folded."""
    show_all_actions(page)
    group = page.locator("#actions > details.action-group").first
    button = page.locator("#actions button.action:visible").first
    if group.count() and group.get_attribute("open") is None:
        group.locator("summary").first.click()
        sub = group.locator("details.action-subgroup").first
        sub.locator("summary").click()
        button = sub.locator("button.action").first  # built when the subgroup opens
    expect(button).to_be_enabled()
    button.click()


def test_two_players_play_a_move_in_the_browser(browser, server):
    alice_page = browser.new_context().new_page()
    bob_page = browser.new_context().new_page()
    for page in (alice_page, bob_page):
        page.set_default_timeout(TIMEOUT)

    sign_up(alice_page, server, "alice")
    alice_page.select_option("#create-game select[name=side]", "axis")
    alice_page.click("#create-game button[type=submit]")
    expect(alice_page).to_have_url(re.compile(r"/games/\d+$"))
    game_url = alice_page.url
    expect(alice_page.locator("#prompt")).to_contain_text("Waiting for an opponent")

    sign_up(bob_page, server, "bob")
    bob_page.click("text=Join as Soviet")
    expect(bob_page).to_have_url(game_url)

    # Both see the map with the starting position, alice's page without a reload.
    alice_page.evaluate("window.__not_reloaded = true")
    for page in (alice_page, bob_page):
        expect(page.locator("#game")).to_have_attribute("data-seq", "0")
        expect(page.locator("#board svg")).to_be_visible()
        expect(page.locator("#board")).to_have_attribute("data-seq", "0")
    expect(alice_page.locator("#player-soviet")).to_have_text("bob")

    # Whoever must act plays the first legal action through the action panel.
    mover, watcher = (alice_page, bob_page)
    if alice_page.locator("#actions button.action").count() == 0:
        mover, watcher = bob_page, alice_page
    watcher.evaluate("window.__not_reloaded = true")
    show_all_actions(mover)
    first = mover.locator("#actions button.action").first
    expect(first).to_be_enabled()
    first.click()

    for page in (mover, watcher):
        expect(page.locator("#game")).to_have_attribute("data-seq", "1")
        expect(page.locator("#board")).to_have_attribute("data-seq", "1")
        expect(page.locator("#log li").last).to_be_visible()
    assert watcher.evaluate("window.__not_reloaded") is True
    assert alice_page.evaluate("window.__not_reloaded") is True

    # A few more moves, whoever is to act, opening folded groups (movement lists thousands).
    for seq in range(2, 6):
        mover = next(p for p in (alice_page, bob_page) if p.locator("#actions button.action, #actions details").count())
        play_first_action(mover)
        for page in (alice_page, bob_page):
            expect(page.locator("#game")).to_have_attribute("data-seq", str(seq))

    # Chat travels the same way.
    watcher.fill("#chat-text", "Well played")
    watcher.click("#chat-form button")
    expect(mover.locator("#chat li").last).to_contain_text("Well played")
