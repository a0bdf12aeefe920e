"""Undo and history in the browser (issue 9, items 2 and 3): a card played for OPS is taken
back (button, U, Ctrl+Z) and played again while the opponent's page follows; undo is
refused once a die has been rolled; the board at a past moment from the log; a finished
game replayed step by step; the live game one click away."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests.app.conftest import TEST_SECRET
from tests.app.servers import running_server
from tests.browser.mapplay import act, after, click_hex, counter, engine_view, game_id, screenshot, seq, two_players


def hand_ids(page: Page) -> list[str]:
    return page.eval_on_selector_all("#hand-cards > [data-card]", "els => els.map(e => e.dataset.card)")


def base(page: Page) -> str:
    return page.url.split("/games/")[0]


def undo_by_rest(page: Page):
    """POST /undo as the page's player would (session cookie and CSRF token)."""
    token = page.evaluate("document.querySelector('meta[name=csrf-token]').content")
    return page.request.post(f"{base(page)}/api/games/{game_id(page)}/undo", data=json.dumps({"seq": seq(page)}),
                             headers={"Content-Type": "application/json", "X-CSRF-Token": token})


def test_a_card_played_for_ops_is_undone_and_played_again_while_the_opponent_follows(browser, server):
    axis, soviet = two_players(browser, server)
    both = (axis, soviet)
    act(soviet, '#prompt-buttons button[data-type="decline_pick"]', both)
    expect(axis.locator("#undo-button")).to_be_disabled()  # the Soviet acted last: nothing of the Axis to take back
    soviet.evaluate("window.__not_reloaded = true")

    card = hand_ids(axis)[0]
    name = axis.locator(f'#hand-cards > [data-card="{card}"] .card-name').inner_text()
    for how in ("button", "u", "Control+z"):
        act(axis, f'#hand-cards > [data-card="{card}"] button[data-play="ops"]', both)
        assert card not in hand_ids(axis)
        expect(axis.locator("#undo-button")).to_be_enabled()
        expect(soviet.locator("#undo-button")).to_be_disabled()
        if how == "button":
            screenshot(axis, "undo-laptop-1-before")
        before = seq(axis)
        if how == "button":
            axis.click("#undo-button")
        else:
            axis.locator("#board-viewport").click(position={"x": 5, "y": 300})  # focus on the page, not a field
            axis.keyboard.press(how)
        after(both, before)
        # the card is back in hand; both logs say it was taken back; the played entry is struck through
        expect(axis.locator(f'#hand-cards > [data-card="{card}"]')).to_have_count(1)
        for page in both:
            expect(page.locator("#log li.undo").last).to_contain_text("takes back")
            expect(page.locator(f'#log li.undone[data-seq="{before}"]').first).to_contain_text(name)
        expect(axis.locator("#undo-button")).to_be_disabled()  # back to where the Soviet acted
        assert seq(soviet) == seq(axis)
    screenshot(soviet, "undo-laptop-2-opponent-sees-it-taken-back")
    # played for good
    act(axis, f'#hand-cards > [data-card="{card}"] button[data-play="ops"]', both)
    assert card not in hand_ids(axis)
    assert card not in [c["id"] for c in engine_view(axis)["view"]["hand"]]
    assert soviet.evaluate("window.__not_reloaded") is True


ENTRENCH = {"turn": 5, "active": "soviet", "ops": 3, "units": {"3427": ["SU-WestF"], "3428": ["GE-4A"]},
            "flags": {"peoples_militia": True}, "dice": [3]}


@pytest.fixture
def entrench_server(clean_db, tmp_path):
    with running_server(clean_db, tmp_path, secret_key=TEST_SECRET, engine_module="tests.browser.staged_engine",
                        extra_env={"SW_TEST_POSITION": json.dumps(ENTRENCH)}) as url:
        yield url


def test_undo_is_refused_after_a_die_roll(browser, entrench_server):
    axis, soviet = two_players(browser, entrench_server)
    both = (axis, soviet)
    # an entrenchment attempt reveals nothing yet: it may be taken back
    soviet.locator('#prompt-buttons button[data-mode="entrench"]').click()
    before = seq(soviet)
    click_hex(soviet, "3427")
    after(both, before)
    expect(soviet.locator("#undo-button")).to_be_enabled()
    # ending the movement rolls the entrenchment die (10.3.1): nothing can be taken back now
    act(soviet, '#prompt-buttons button[data-type="end_movement"]', both)
    assert "soviet" in engine_view(soviet)["game"]["active_sides"]
    expect(soviet.locator("#undo-button")).to_be_disabled()
    expect(soviet.locator("#undo-button")).to_have_attribute("title", re.compile("die"))
    now = seq(soviet)
    soviet.locator("#board-viewport").click(position={"x": 5, "y": 300})
    soviet.keyboard.press("u")
    soviet.keyboard.press("Control+z")
    soviet.wait_for_timeout(300)
    assert seq(soviet) == now  # the keys do nothing
    refused = undo_by_rest(soviet)
    assert refused.status == 409 and refused.json()["error"]["code"] == "undo_unavailable"
    assert "die" in refused.json()["error"]["message"]
    screenshot(soviet, "undo-laptop-3-refused-after-a-die")


def test_the_board_at_a_past_moment_and_a_finished_game_replayed_step_by_step(browser, server):
    axis, soviet = two_players(browser, server)
    both = (axis, soviet)
    act(soviet, '#prompt-buttons button[data-type="decline_pick"]', both)
    act(axis, "#hand-cards > [data-card] button[data-play=ops]", both)
    act(axis, '#prompt-buttons button[data-type="end_movement"]', both)

    # 1. A log entry: the board at that moment; the live game goes on meanwhile; one click back.
    live = seq(axis)
    axis.locator('#log li[data-seq="1"] .log-seq').first.click()
    expect(axis.locator("#game")).to_have_attribute("data-seq", "1")
    expect(axis.locator("#board")).to_have_attribute("data-seq", "1")
    expect(axis.locator("#replay-bar")).to_be_visible()
    expect(axis.locator("#prompt")).to_contain_text("Looking back")
    expect(axis.locator('#log li.current[data-seq="1"]').first).to_be_visible()
    assert axis.locator("#board .legal").count() == 0 and axis.locator("#hand .card-play:enabled").count() == 0
    screenshot(axis, "history-laptop-1-past-moment")
    # the Axis hand then held the card played since
    past = axis.request.get(f"{base(axis)}/api/games/{game_id(axis)}/history?seq=1").json()
    assert hand_ids(axis) == [c["id"] for c in past["view"]["hand"]]
    axis.click("#replay-live")
    expect(axis.locator("#game")).to_have_attribute("data-seq", str(live))
    expect(axis.locator("#replay-bar")).to_be_hidden()

    # 2. The game ends; the replay bar steps through it from the start, the board following.
    axis.once("dialog", lambda d: d.accept())
    with axis.expect_navigation():  # the form posts, then the server sends the page back
        axis.locator("#resign-form button").click()
    soviet.reload()
    for page in both:
        expect(page.locator("#game")).to_have_attribute("data-status", "finished")
    last = seq(soviet)
    expect(soviet.locator("#replay-bar")).to_be_visible()
    expect(soviet.locator("#prompt")).to_contain_text("The game is over")
    soviet.click("#replay-start")
    expect(soviet.locator("#game")).to_have_attribute("data-seq", "0")
    for n in range(1, last + 1):
        soviet.click("#replay-next")
        expect(soviet.locator("#game")).to_have_attribute("data-seq", str(n))
        expect(soviet.locator("#board")).to_have_attribute("data-seq", str(n))
        expect(soviet.locator("#replay-where")).to_contain_text(f"#{n} of {last}")
        past = soviet.request.get(f"{base(soviet)}/api/games/{game_id(soviet)}/history?seq={n}").json()
        # after the end both hands are shown, as they were at that moment
        assert "hands" in past["view"]
        for side in ("axis", "soviet"):
            ids = [c["id"] if isinstance(c, dict) else c for c in past["view"]["hands"][side]]
            expect(soviet.locator(f'#table-cards [data-hand="{side}"] [data-card-ref]')).to_have_count(len(ids))
        for unit in past["view"]["units"][:5]:
            expect(counter(soviet, unit["id"])).to_have_attribute("data-hex", unit["hex"])
        if n == 1:
            screenshot(soviet, "replay-laptop-1-finished-game")
    expect(soviet.locator("#replay-next")).to_be_disabled()
    # the slider goes anywhere; "Back to the end" returns
    slider = soviet.locator("#replay-slider")
    slider.focus()
    soviet.keyboard.press("Home")
    expect(soviet.locator("#game")).to_have_attribute("data-seq", "0")
    soviet.keyboard.press("ArrowRight")
    expect(soviet.locator("#game")).to_have_attribute("data-seq", "1")
    expect(soviet.locator("#board")).to_have_attribute("data-seq", "1")
    soviet.click("#replay-live")
    expect(soviet.locator("#game")).to_have_attribute("data-seq", str(last))
