"""Regression tests for what new users met on the game page (issue 9, item 6); the server's
side of the same list is in tests/app/test_new_user_defects.py."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.mapplay import act, after, seq, two_players
from tests.browser.test_play_in_browser import show_all_actions


def test_the_game_page_defects_new_users_met(browser, server):
    axis, soviet = two_players(browser, server)
    both = (axis, soviet)

    # The Situation panel named the side whose action round it is as the side to act: at the
    # free pick (4.3.1) the Soviet decides during the Axis round.
    situation = axis.locator("#situation")
    expect(situation.locator('[data-fact="to-act"]')).to_contain_text("Soviet to act")
    expect(situation).not_to_contain_text("active: axis")
    act(soviet, '#prompt-buttons button[data-type="decline_pick"]', both)

    # The action filter kept its text after an action and hid the next list.
    show_all_actions(axis)
    axis.locator("#action-filter").fill("OPS")
    matching = axis.locator('#actions button.action[data-type="play_card"]')
    expect(matching.first).to_be_visible()
    before = seq(axis)
    matching.first.click()
    after(both, before)
    expect(axis.locator("#action-filter")).to_have_value("")
    expect(axis.locator("#actions button.action").first).to_be_visible()

    # Log numbers were clipped from entry 10 on (list markers in a narrow margin): the log and
    # the chat number nothing themselves, and each entry's own number is inside the box.
    for _ in range(8):  # end the Axis steps until the log is long enough
        if min(p.locator("#log li").count() for p in both) >= 10 or not axis.locator("#prompt-buttons button.end").count():
            break
        act(axis, "#prompt-buttons button.end", both)
    for page in both:
        assert page.locator("#log li").count() >= 10
        assert page.evaluate("getComputedStyle(document.getElementById('log')).listStyleType") == "none"
        assert page.evaluate("getComputedStyle(document.getElementById('chat')).listStyleType") == "none"
        clipped = page.evaluate("""() => { const box = document.getElementById('log').getBoundingClientRect();
            return [...document.querySelectorAll('#log .log-seq')].filter((b) => b.getBoundingClientRect().left < box.left - 0.5).length; }""")
        assert clipped == 0

    # A resigned game still showed the engine's prompt and "result null".
    axis.once("dialog", lambda d: d.accept())
    axis.locator("#resign-form button").click()
    for page in both:
        expect(page.locator("#game")).to_have_attribute("data-status", "finished")
        expect(page.locator("#prompt")).to_contain_text("The game is over: Soviet wins")
        expect(page.locator("#situation .result")).to_contain_text("Soviet wins")
        for where in ("#situation", "#status", "#prompt-bar"):
            assert "null" not in page.locator(where).inner_text()
        assert page.locator("#board .legal").count() == 0
