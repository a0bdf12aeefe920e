"""The live dashboard, the clocks and notices in real Chromium (issue 13 #1-#3): a lobby that updates
without reload with the count in its title, the game's clock, browser notifications and the account
page's notice settings. Screenshots (desktop and 390x844) go to docs/images/."""
from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser.test_play_in_browser import show_all_actions

PASSWORD = "correct horse battery"
TIMEOUT = 20_000
IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
PHONE = {"width": 390, "height": 844}

# Records the browser notifications a page shows (Chromium headless has no notification centre).
FAKE_NOTIFICATION = """
window.__shown = [];
class FakeNotification {
  constructor(title, options) { window.__shown.push({ title, body: options && options.body }); }
  close() {}
  static requestPermission() { return Promise.resolve("granted"); }
}
FakeNotification.permission = "granted";
window.Notification = FakeNotification;
"""


def sign_up(page: Page, base: str, username: str) -> None:
    page.goto(f"{base}/signup")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click("button[type=submit]")
    expect(page.locator(".who")).to_have_text(username)


def open_pages(browser, count: int = 2) -> tuple[list, list[Page]]:
    """`count` players, each in a browser context of their own (own cookies), with the tests' timeout."""
    contexts = [browser.new_context() for _ in range(count)]
    pages = [context.new_page() for context in contexts]
    for page in pages:
        page.set_default_timeout(TIMEOUT)
    return contexts, pages


def create_game(page: Page, side: str) -> str:
    """Create a game from the lobby's form as `side`; returns its id."""
    page.select_option("#create-game select[name=side]", side)
    page.click("#create-game button[type=submit]")
    expect(page).to_have_url(re.compile(r"/games/\d+$"))
    return page.url.rsplit("/", 1)[1]


def shoot(page: Page, name: str) -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(IMAGES / f"{name}.png"), full_page=True)


def test_the_lobby_updates_live_and_the_clock_ticks(browser, server):
    alice_context, bob_context = browser.new_context(), browser.new_context()
    alice_context.add_init_script(FAKE_NOTIFICATION)
    alice, bob = alice_context.new_page(), bob_context.new_page()
    for page in (alice, bob):
        page.set_default_timeout(TIMEOUT)
    sign_up(alice, server, "alice")
    sign_up(bob, server, "bob")
    expect(bob.locator("#dashboard")).to_have_attribute("data-live", "live")
    bob.evaluate("window.__not_reloaded = true")

    # Alice creates a correspondence game (one day a move); bob's lobby shows it without a reload.
    alice.select_option("#create-game select[name=side]", "axis")
    alice.select_option("#create-game select[name=days]", "1")
    alice.click("#create-game button[type=submit]")
    expect(alice).to_have_url(re.compile(r"/games/\d+$"))
    game_url = alice.url
    game_id = game_url.rsplit("/", 1)[1]
    row = bob.locator(f'#dash-invitations tr[data-game="{game_id}"]')
    expect(row).to_contain_text("1 day a move")
    expect(row.locator("button")).to_have_text("Join as Soviet")
    assert bob.evaluate("window.__not_reloaded") is True

    # Alice turns on browser notifications on her account page, then waits in the lobby, in the background.
    alice.goto(f"{server}/account")
    expect(alice.locator("#browser-notices [data-status]")).to_contain_text("Off")
    alice.click("#browser-notices [data-enable]")
    expect(alice.locator("#browser-notices [data-status]")).to_contain_text("On:")
    alice.goto(f"{server}/")
    expect(alice.locator("#dashboard")).to_have_attribute("data-live", "live")
    alice.evaluate("window.__not_reloaded = true; document.hasFocus = () => false")

    # Bob joins. The Soviet free pick (4.3.1) comes first: his clock runs, with about a day left.
    row.locator("button").click()
    expect(bob).to_have_url(game_url)
    clock = bob.locator("#clock-box")
    expect(clock).to_contain_text("1 day a move")
    expect(clock.locator(".clock.soviet.running b")).to_have_text(re.compile(r"^(23h \d+m|1d 0h)$"))
    expect(clock.locator(".clock.axis b")).to_have_text("waiting")
    shoot(bob, "game-clock")

    # Alice's lobby saw the game start; once bob has chosen, it is her move: her dashboard, her tab
    # title, her header badge and a browser notification follow without a reload.
    started = alice.locator(f'#dash-waiting tr[data-game="{game_id}"]')
    expect(started).to_contain_text("Soviet")
    show_all_actions(bob)
    bob.locator("#actions button.action").first.click()
    mine = alice.locator(f'#dash-your-move tr[data-game="{game_id}"]')
    expect(mine).to_contain_text("your move")
    expect(alice).to_have_title(re.compile(r"^\(1\) "))
    expect(alice.locator("header [data-your-move-count]")).to_have_text("1")
    expect(alice.locator("#notice-feed li").first).to_contain_text("Your move (Axis)")
    assert alice.evaluate("window.__not_reloaded") is True
    alice.wait_for_function("window.__shown.some(n => n.body.includes('Your move'))")
    expect(bob.locator("#clock-box .clock.axis.running")).to_be_visible()
    shoot(alice, "lobby-dashboard")
    alice.set_viewport_size(PHONE)
    shoot(alice, "lobby-dashboard-phone")
    bob.set_viewport_size(PHONE)
    shoot(bob, "game-clock-phone")


def test_the_account_page_shows_every_notice_channel(browser, server):
    page = browser.new_context().new_page()
    page.set_default_timeout(TIMEOUT)
    sign_up(page, server, "carol")
    page.goto(f"{server}/account")
    # The test server has no mail server: the page says so instead of offering a box that does nothing.
    expect(page.locator("#no-mail")).to_contain_text("email notices are unavailable")
    expect(page.locator("input[name=email_on_turn]")).to_be_disabled()
    page.fill("#webhook-form input[name=url]", "https://discord.com/api/webhooks/1/abc")
    page.select_option("#webhook-form select[name=format]", "discord")
    page.click("#webhook-form button[type=submit]")
    expect(page.locator("#new-webhook-secret input")).to_have_value(re.compile(r"^[0-9a-f]{64}$"))
    expect(page.locator("table.webhooks")).to_contain_text("discord.com")
    shoot(page, "account-notices")
    page.set_viewport_size(PHONE)
    shoot(page, "account-notices-phone")


def test_the_lobby_keeps_its_page_when_the_first_push_repeats_it(browser, server):
    # The socket's first push on connecting usually carries the dashboard the page already shows;
    # swapping in a copy would lose a click or a half-typed entry made in that instant.
    (alice_context, bob_context), (alice, bob) = open_pages(browser)
    sign_up(alice, server, "alice")
    game_id = create_game(alice, "axis")

    bob_context.add_init_script(
        "document.addEventListener('DOMContentLoaded', () => {"
        " window.__page_form = document.querySelector('#dashboard form[action$=\"/join\"]'); })")
    sign_up(bob, server, "bob")
    expect(bob.locator("#dashboard")).to_have_attribute("data-updates", re.compile(r"^[1-9]"))
    join = bob.locator(f'#dash-invitations tr[data-game="{game_id}"] form')
    expect(join).to_have_count(1)
    assert bob.evaluate("document.querySelector('#dashboard form[action$=\"/join\"]') === window.__page_form")

    # A push that does change the dashboard still replaces it: alice's second game appears.
    alice.goto(f"{server}/")
    second = create_game(alice, "soviet")
    expect(bob.locator(f'#dash-invitations tr[data-game="{second}"]')).to_contain_text("Join as Axis")
    join.locator("button").click()
    expect(bob).to_have_url(re.compile(rf"/games/{game_id}$"))
    alice_context.close()
    bob_context.close()
