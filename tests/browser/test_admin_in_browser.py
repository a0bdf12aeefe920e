"""The admin's game inspector and rewind in real Chromium (issue 13 #4): step through the positions of a
game with both hands and the board, rewind it with a reason, and see the players told.
Screenshots (desktop and 390x844) go to docs/images/."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from sqlalchemy import create_engine, text

from app.db import sqlalchemy_url
from tests.browser.test_dashboard_in_browser import IMAGES, PHONE, TIMEOUT, shoot, sign_up


def api(page: Page, method: str, path: str, body: dict | None = None) -> dict:
    """A JSON API call with the page's session cookie and CSRF token."""
    csrf = page.locator("meta[name=csrf-token]").get_attribute("content")
    origin = re.match(r"https?://[^/]+", page.url).group(0)
    response = page.request.fetch(origin + path, method=method, data=body, headers={"X-CSRF-Token": csrf})
    assert response.ok, response.text()
    return response.json()


def play_first_actions(pages: dict[str, Page], game_id: int, count: int) -> None:
    for _ in range(count):
        for page in pages.values():
            v = api(page, "GET", f"/api/games/{game_id}/view")
            if v["actions"]:
                api(page, "POST", f"/api/games/{game_id}/actions", {"seq": v["seq"], "action": v["actions"][0]})
                break
        else:
            raise AssertionError("nobody can act")


def make_admin(database_url: str, username: str) -> None:
    engine = create_engine(sqlalchemy_url(database_url))
    with engine.begin() as conn:
        conn.execute(text("UPDATE users SET is_admin = true WHERE username = :u"), {"u": username})
    engine.dispose()


def test_admin_inspects_positions_and_rewinds_a_game(browser, server, clean_db):
    contexts = {name: browser.new_context() for name in ("alice", "bob", "root")}
    pages = {name: c.new_page() for name, c in contexts.items()}
    for name, page in pages.items():
        page.set_default_timeout(TIMEOUT)
        sign_up(page, server, name)
    make_admin(clean_db, "root")
    alice, bob, root = pages["alice"], pages["bob"], pages["root"]
    game = api(alice, "POST", "/api/games", {"side": "axis", "scenario": "campaign"})
    api(bob, "POST", f"/api/games/{game['id']}/join")
    play_first_actions({"alice": alice, "bob": bob}, game["id"], 4)

    root.goto(f"{server}/admin")
    root.click(f"a[href='/admin/games/{game['id']}/inspect']")
    steps = root.locator("[data-inspect-seq]")
    expect(steps).to_have_attribute("data-inspect-seq", "4")
    expect(root.locator("[data-inspect-board] svg")).to_be_visible()
    # Both hands are listed by name, whatever the seat of the viewer.
    expect(root.locator(".inspect-hands h3")).to_have_count(2)
    assert root.locator(".inspect-hands ul.cards").nth(0).locator("li").count() > 1
    assert root.locator(".inspect-hands ul.cards").nth(1).locator("li").count() > 1
    # Step back through the positions.
    root.click("[data-step=prev]")
    expect(steps).to_have_attribute("data-inspect-seq", "3")
    root.click("[data-step=prev]")
    expect(steps).to_have_attribute("data-inspect-seq", "2")
    expect(root.locator(".inspect-actions tr.current td").first).to_have_text("2")
    root.set_viewport_size({"width": 1400, "height": 900})
    shoot(root, "admin-inspector")

    # Rewind to seq 2 with a reason; the inspector shows the new position, the old actions struck through.
    root.fill("[data-rewind-form] input[name=reason]", "Bob's connection dropped mid-move")
    expect(root.locator("[data-rewind-form] select[name=seq]")).to_have_value("2")
    root.click("[data-rewind-form] button[type=submit]")
    expect(root).to_have_url(re.compile(r"/inspect\?seq=5$"))
    expect(steps).to_have_attribute("data-inspect-seq", "5")
    expect(root.locator(".inspect-actions tr[data-undone]")).to_have_count(2)
    expect(root.locator(".log")).to_contain_text("rewound the game to the position after seq 2")
    root.set_viewport_size(PHONE)
    shoot(root, "admin-inspector-phone")

    # The players are told, with the reason, and the game goes on from the rewound position.
    for page in (alice, bob):
        feed = api(page, "GET", "/api/notices")
        assert any(n["kind"] == "rewound" and "connection dropped" in n["text"] for n in feed["notices"])
    v = api(alice, "GET", f"/api/games/{game['id']}/view")
    assert v["seq"] == 5
    assert (IMAGES / "admin-inspector.png").exists() and (IMAGES / "admin-inspector-phone.png").exists()
    for c in contexts.values():
        c.close()
