"""Playing against the computer in real Chromium: start a game from the lobby's form, act, and watch the
computer answer on the page without a reload. Screenshots (desktop and 390x844) go to docs/images/."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.app.conftest import TEST_SECRET
from tests.app.servers import running_server
from tests.browser.test_dashboard_in_browser import IMAGES, PHONE, sign_up
from tests.browser.test_play_in_browser import play_first_action

TIMEOUT = 60_000  # the computer's answer included


@pytest.fixture
def server(clean_db, tmp_path, engine_module_name):
    # The computer's pause as players get it (SW_BOT_DELAY_SECONDS' default), so the moves can be followed.
    with running_server(clean_db, tmp_path, secret_key=TEST_SECRET, engine_module=engine_module_name,
                        extra_env={"SW_BOT_DELAY_SECONDS": "0.6"}) as url:
        yield url


def shoot(page: Page, name: str, *, full: bool = True) -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(IMAGES / f"{name}.png"), full_page=full)


def seq_of(page: Page) -> int:
    return int(page.locator("#game").get_attribute("data-seq"))


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_a_game_against_the_computer_from_the_lobby(browser, server, device):
    phone = device == "phone"
    context = browser.new_context(viewport=PHONE if phone else {"width": 1440, "height": 900},
                                  device_scale_factor=2 if phone else 1)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    sign_up(page, server, f"solo-{device}")

    form = page.locator("#computer-game")
    expect(form).to_be_visible()
    form.locator("select[name=side]").select_option("soviet")  # the Soviet free pick comes first: the human opens
    form.locator("input[name=level][value=fast]").check()
    form.scroll_into_view_if_needed()
    shoot(page, f"computer-lobby{'-phone' if phone else ''}", full=False)
    form.locator("button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/games/\d+$"))

    # The computer holds the Axis seat, marked as a bot; the human is to act.
    expect(page.locator("#game")).to_have_attribute("data-seq", "0", timeout=TIMEOUT)
    expect(page.locator("#status")).to_contain_text("Your move", timeout=TIMEOUT)
    expect(page.locator("#player-axis")).to_have_text("Computer (fast)")
    if phone:  # the phone's header leaves the players out altogether
        assert page.locator("#bot-axis").get_attribute("hidden") is None
    else:
        expect(page.locator("#bot-axis")).to_be_visible()
    expect(page.locator("#bot-soviet")).to_be_hidden()
    page.evaluate("window.__not_reloaded = true")

    if phone:
        page.click("#tabs [data-show=more]")
    play_first_action(page)
    # The computer answers: the seq moves past the human's action, and the board and log follow, unreloaded.
    expect(page.locator("#game")).not_to_have_attribute("data-seq", re.compile(r"^[01]$"), timeout=TIMEOUT)
    after = seq_of(page)
    expect(page.locator("#board")).to_have_attribute("data-seq", re.compile(r"^\d+$"))
    assert page.evaluate("window.__not_reloaded") is True
    if phone:
        page.click("#tabs [data-show=log]")
    expect(page.locator("#log li").last).to_be_visible()
    assert after >= 2
    if phone:
        page.click("#tabs [data-show=map]")
    shoot(page, f"computer-game{'-phone' if phone else ''}", full=not phone)

    # Back in the lobby the game is listed against the computer, the bot tagged.
    page.goto(server)
    row = page.locator(".dash tr", has_text="Computer (fast)").first
    expect(row.locator(".tag.bot")).to_have_text("bot")
    expect(row).to_contain_text("vs computer")
    context.close()
