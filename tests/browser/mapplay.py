"""Helpers for the map-play browser tests: two players at one game, clicks on counters and hexes.

Everything a test does to play goes through what a player clicks: counters
(`[data-unit]`), hexes (`[data-hex]`), the prompt bar's buttons. Reading the engine's own
numbers for comparison goes through the REST view, never through the page.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser.test_play_in_browser import TIMEOUT, sign_up

SCREENSHOTS = os.environ.get("SW_SCREENSHOT_DIR")


def screenshot(page: Page, name: str) -> None:
    """Save what the player sees (SW_SCREENSHOT_DIR=docs/images refreshes the documentation's pictures)."""
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SCREENSHOTS) / f"{name}.png"))


def two_players(browser, server, *, axis_viewport=None, soviet_viewport=None, names=("guderian", "zhukov"),
                touch=False):
    """Axis creates a game, Soviet joins; both pages show the board (`touch`: phones take taps)."""
    def page(viewport):
        phone = bool(viewport and viewport["width"] < 600)
        context = browser.new_context(viewport=viewport or {"width": 1440, "height": 900},
                                      device_scale_factor=2 if phone else 1, has_touch=phone and touch)
        p = context.new_page()
        p.set_default_timeout(TIMEOUT)
        return p

    axis, soviet = page(axis_viewport), page(soviet_viewport)
    sign_up(axis, server, names[0])
    axis.select_option("#create-game select[name=side]", "axis")
    axis.click("#create-game button[type=submit]")
    expect(axis).to_have_url(re.compile(r"/games/\d+$"))
    sign_up(soviet, server, names[1])
    soviet.click("text=Join as Soviet")
    for p in (axis, soviet):
        # the waiting page learns of the join by a push: allow for a loaded machine
        expect(p.locator("#board .counter").first).to_be_attached(timeout=TIMEOUT)
        expect(p.locator("#board")).to_have_attribute("data-seq", re.compile(r"\d+"))
    return axis, soviet


def game_id(page: Page) -> str:
    return page.locator("#game").get_attribute("data-game-id")


def seq(page: Page) -> int:
    return int(page.locator("#game").get_attribute("data-seq"))


def engine_view(page: Page) -> dict:
    """The engine's view for this page's player, straight from the REST API (the page's session)."""
    response = page.request.get(f"{page.url.split('/games/')[0]}/api/games/{game_id(page)}/view")
    assert response.ok, response.text()
    return response.json()


def act(page: Page, selector: str, pages) -> None:
    """Click the first element matching `selector` on this page and wait until every page has the new view."""
    before = seq(page)
    page.locator(selector).first.click()
    after(pages, before)


def after(pages, before: int) -> None:
    """Wait until every page shows a view newer than `before`."""
    for p in pages:
        expect(p.locator("#game")).not_to_have_attribute("data-seq", str(before))
        expect(p.locator("#board")).to_have_attribute("data-seq", p.locator("#game").get_attribute("data-seq"))


def show(page: Page, hex_id: str) -> None:
    """Scroll the map (as a player drags it) so that this hex is in the open part of the view."""
    page.evaluate("""async (hex) => {
        const {hexCenter} = await import('/static/game/map.js');
        const {panzoom} = await import('/static/game/panzoom.js');
        const vp = document.getElementById('board-viewport');
        const [x, y] = hexCenter(hex);
        const narrow = vp.clientWidth < 700;
        panzoom.centerOn(x + (narrow ? 0 : 120 / panzoom.view.scale), y + (narrow ? vp.clientHeight * 0.2 / panzoom.view.scale : 0));
    }""", hex_id)
    page.wait_for_timeout(50)


def counter(page: Page, uid: str):
    return page.locator(f'#board .counter[data-unit="{uid}"]')


def click_unit(page: Page, uid: str) -> None:
    """Click a counter as a player does: a closed stack is clicked open first."""
    c = counter(page, uid)
    hex_id = c.get_attribute("data-hex")
    show(page, hex_id)
    if c.get_attribute("data-stack-size") != "1" and "spread" not in (c.get_attribute("class") or ""):
        page.locator(f'#board .counter[data-hex="{hex_id}"]:not(.covered)').first.click()
        expect(c).to_have_class(re.compile(r"\bspread\b"))
        if "selected" in (c.get_attribute("class") or ""):
            return  # the only unit of the stack that could act: selected on opening
    c.click()


def click_hex(page: Page, hex_id: str) -> None:
    show(page, hex_id)
    page.locator(f'#board [data-hex="{hex_id}"].legal').click()


def press(page: Page, kind: str) -> None:
    """Click the prompt bar's button for an action type."""
    page.locator(f'#prompt-buttons button[data-type="{kind}"]').click()


def legal_hexes(page: Page) -> set[str]:
    return set(page.eval_on_selector_all("#board polygon[data-hex].legal", "els => els.map(e => e.dataset.hex)"))
