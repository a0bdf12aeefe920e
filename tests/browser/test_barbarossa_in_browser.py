"""One Barbarossa attack played through the browser's action panel (issue 5).

On turn 1 the Axis player plays a card for OPS, marks Suwalki for combat, attacks
Grodno with the 9th Army and two panzer corps, and then the combat's decisions —
combat cards, losses, retreat, advance, blitz — are made with the panel's buttons by
whichever player is asked, until the attack is over. The Soviet player's page follows
every step without a reload, and both logs tell how the combat went.
"""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.test_play_in_browser import TIMEOUT, show_all_actions, sign_up

# When several combat decisions are offered, the one a player would click first.
PREFERENCE = ["done_combat_cards", "take_loss", "accept_retreat", "retreat", "no_retreat",
              "advance", "place_blitz", "end_advance", "stand"]


def seq(page: Page) -> int:
    return int(page.locator("#game").get_attribute("data-seq"))


def click(page: Page, kind: str, text: str | None = None, others: tuple[Page, ...] = ()) -> None:
    """Click an action button of this kind (and label text) and wait until every page has the new view."""
    before = seq(page)
    show_all_actions(page)
    buttons = page.locator(f'#actions button.action[data-type="{kind}"]:visible')
    if text:
        buttons = buttons.filter(has_text=text)
    expect(buttons.first).to_be_enabled()
    buttons.first.click()
    for p in (page, *others):
        expect(p.locator("#game")).not_to_have_attribute("data-seq", str(before))


def offered(page: Page, kind: str) -> int:
    show_all_actions(page)
    return page.locator(f'#actions button.action[data-type="{kind}"]:visible').count()


def test_a_barbarossa_attack_through_the_browser(browser, server):
    axis = browser.new_context().new_page()
    soviet = browser.new_context().new_page()
    for page in (axis, soviet):
        page.set_default_timeout(TIMEOUT)

    sign_up(axis, server, "guderian")
    axis.select_option("#create-game select[name=side]", "axis")
    axis.click("#create-game button[type=submit]")
    expect(axis).to_have_url(re.compile(r"/games/\d+$"))
    sign_up(soviet, server, "zhukov")
    soviet.click("text=Join as Soviet")
    expect(soviet.locator("#board svg")).to_be_visible()
    soviet.evaluate("window.__not_reloaded = true")

    both = (axis, soviet)
    click(soviet, "decline_pick", others=both)
    click(axis, "play_card", "OPS", others=both)
    click(axis, "end_movement", others=both)             # 4.4.2: no Axis movement on turn 1
    click(axis, "mark_combat", "Suwalki (1720)", others=both)
    if offered(axis, "end_marking"):
        click(axis, "end_marking", others=both)
    click(axis, "attack", "Grodno (1821)", others=both)
    while offered(axis, "commit"):
        click(axis, "commit", others=both)
    expect(axis.locator("#prompt")).not_to_be_empty()
    click(axis, "resolve", others=both)

    # The combat's decisions, by whoever is asked, until the Axis is back at its combat stage.
    for _ in range(40):
        if offered(axis, "end_combat"):
            break
        for page in both:
            kinds = [k for k in PREFERENCE if offered(page, k)]
            if kinds:
                click(page, kinds[0], others=both)
                break
        else:
            raise AssertionError("nobody has a combat decision to make")
    assert offered(axis, "end_combat")

    for page in both:
        log = page.locator("#log")
        expect(log).to_contain_text("attacks Grodno (1821)")
        expect(log).to_contain_text("Loss Number")
        expect(log).to_contain_text("The combat at Grodno (1821) is over")
        expect(page.locator("#board")).to_have_attribute("data-seq", str(seq(axis)))
    assert soviet.evaluate("window.__not_reloaded") is True
