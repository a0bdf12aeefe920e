"""The leaderboard and a player's page in real Chromium (issue 13 #7), after a few rated games.
Screenshots (desktop and 390x844) go to docs/images/."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.test_admin_in_browser import api
from tests.browser.test_dashboard_in_browser import PHONE, TIMEOUT, shoot, sign_up


def test_leaderboard_and_player_page_after_rated_games(browser, server):
    contexts = {name: browser.new_context() for name in ("alice", "bob", "carol")}
    pages = {name: c.new_page() for name, c in contexts.items()}
    for name, page in pages.items():
        page.set_default_timeout(TIMEOUT)
        sign_up(page, server, name)
    alice, bob, carol = pages["alice"], pages["bob"], pages["carol"]

    def play(axis, soviet, loser, rated=True):
        game = api(axis, "POST", "/api/games", {"side": "axis", "rated": rated})
        api(soviet, "POST", f"/api/games/{game['id']}/join")
        api(loser, "POST", f"/api/games/{game['id']}/resign")

    play(alice, bob, bob)       # alice wins as Axis
    play(carol, alice, carol)   # alice wins as Soviet
    play(bob, carol, carol)     # bob wins as Axis
    play(alice, carol, alice, rated=False)  # casual: no effect

    carol.goto(f"{server}/players")
    rows = carol.locator("table.leaderboard tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.nth(0)).to_have_attribute("data-player", "alice")
    expect(rows.nth(2)).to_have_attribute("data-player", "carol")
    carol.set_viewport_size({"width": 1280, "height": 800})
    shoot(carol, "players-leaderboard")
    carol.click("a[href='/players?pool=soviet']")
    expect(carol.locator("table.leaderboard")).to_have_attribute("data-pool", "soviet")
    expect(carol.locator("table.leaderboard tbody tr").first).to_have_attribute("data-player", "alice")

    carol.goto(f"{server}/players/alice")
    expect(carol.locator("h1")).to_contain_text("#1 overall")
    expect(carol.locator(".rating-card[data-pool=overall] p").nth(1)).to_contain_text("2 games: 2 won, 0 lost")
    expect(carol.locator(".rating-card[data-pool=axis]")).to_contain_text("1 game: 1 won")
    expect(carol.locator(".rating-chart circle")).to_have_count(3)  # the start and after each rated game
    expect(carol.locator("table.rating-history tbody tr")).to_have_count(4)  # 2 games × (overall + side)
    expect(carol.locator("text=unrated")).to_have_count(1)  # the casual game, listed but not rated
    shoot(carol, "player-page")
    carol.set_viewport_size(PHONE)
    shoot(carol, "player-page-phone")
    for c in contexts.values():
        c.close()
