"""Phones and the keyboard (issue 9, item 5): a Soviet action round played at 390×844 with
taps only, and one with the keyboard only; no page is wider than the phone; the map's
elements have accessible names; the nationality colours are told apart by more than hue."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.mapplay import act, after, counter, engine_view, screenshot, seq, show, two_players
from tests.browser.test_map_play import moves_of, play_card_for_ops  # noqa: F401

PHONE = {"width": 390, "height": 844}


def no_sideways_scroll(page: Page) -> None:
    width = page.viewport_size["width"]
    wide = page.evaluate("""(w) => [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > w + 0.5
        && getComputedStyle(e).position !== 'fixed').slice(0, 5).map((e) => `${e.tagName}#${e.id}.${e.className}`)""", width)
    assert page.evaluate("document.documentElement.scrollWidth") <= width, (page.url, wide)


def axis_round(axis: Page, soviet: Page) -> None:
    """The Soviet declines the free pick; the Axis plays a card for OPS and ends its steps."""
    both = (axis, soviet)
    act(soviet, '#prompt-buttons button[data-type="decline_pick"]', both)
    act(axis, "#hand-cards > [data-card] button[data-play=ops]", both)
    while not soviet.locator("#hand-cards button[data-play=ops]:enabled").count():
        act(axis, "#prompt-buttons button.end", both)


def finish_round(page: Page, pages) -> None:
    """End the remaining steps of this player's round with the E key."""
    for _ in range(8):
        view = engine_view(page)
        if page.locator("#game").get_attribute("data-seat") not in view["game"]["active_sides"]:
            return
        before = seq(page)
        page.keyboard.press("e")
        after(pages, before)
    raise AssertionError("the round did not end")


def test_a_round_on_a_phone(browser, server):
    axis, soviet = two_players(browser, server, soviet_viewport=PHONE, touch=True)
    both = (axis, soviet)
    for tab in ("map", "hand", "situation", "log", "chat", "more"):
        soviet.click(f"#tabs [data-show={tab}]")
        no_sideways_scroll(soviet)
    axis_round(axis, soviet)
    # the Hand tab says there is something to play; the card is played from it
    expect(soviet.locator("#tabs [data-show=hand]")).to_have_class(re.compile(r"\battention\b"))
    soviet.click("#tabs [data-show=hand]")
    screenshot(soviet, "phone-1-hand")
    act(soviet, "#hand-cards > [data-card] button[data-play=ops]", both)
    soviet.click("#tabs [data-show=map]")
    no_sideways_scroll(soviet)
    # a move by taps on the map
    view = engine_view(soviet)
    unit = next(u["id"] for u in view["view"]["units"] if u["side"] == "soviet" and moves_of(view, u["id"])
                and sum(1 for o in view["view"]["units"] if o["hex"] == u["hex"]) == 1)
    dest = sorted(moves_of(view, unit))[0]
    show(soviet, view["view"]["units"][[u["id"] for u in view["view"]["units"]].index(unit)]["hex"])
    counter(soviet, unit).tap()
    show(soviet, dest)
    before = seq(soviet)
    soviet.locator(f'#board [data-hex="{dest}"].legal').tap()
    after(both, before)
    expect(counter(soviet, unit)).to_have_attribute("data-hex", dest)
    screenshot(soviet, "phone-2-moved")
    for tab in ("situation", "log"):
        soviet.click(f"#tabs [data-show={tab}]")
        no_sideways_scroll(soviet)
    screenshot(soviet, "phone-3-log")
    soviet.click("#tabs [data-show=situation]")
    screenshot(soviet, "phone-4-situation")
    # a VP hex named in the situation panel lights up on the map
    soviet.locator('#situation .vp-hexes [data-place-hex="2722"]').click()
    expect(soviet.locator("#board-wrap")).to_be_visible()
    expect(soviet.locator('#board polygon[data-hex="2722"]')).to_have_class(re.compile(r"\bspotlight\b"))
    soviet.click("#tabs [data-show=map]")
    before = seq(soviet)
    soviet.locator("#prompt-buttons button.end").first.tap()
    after(both, before)
    while soviet.locator("#game").get_attribute("data-seat") in engine_view(soviet)["game"]["active_sides"]:
        before = seq(soviet)
        soviet.locator("#prompt-buttons button.end").first.tap()
        after(both, before)
    expect(soviet.locator("#log")).to_contain_text("moves")
    # the lobby fits too
    soviet.goto(soviet.url.split("/games/")[0] + "/")
    no_sideways_scroll(soviet)
    screenshot(soviet, "phone-5-lobby")


def test_a_round_with_the_keyboard_only(browser, server):
    axis, soviet = two_players(browser, server)
    both = (axis, soviet)
    axis_round(axis, soviet)
    page = soviet
    # C: to the cards; Enter plays the focused one for OPS
    page.keyboard.press("c")
    focused = page.evaluate("document.activeElement.dataset.play")
    assert focused == "ops"
    card = page.evaluate("document.activeElement.closest('[data-card]').dataset.card")
    before = seq(page)
    page.keyboard.press("Enter")
    after(both, before)
    assert card not in [c["id"] for c in engine_view(page)["view"]["hand"]]
    # N selects a unit; G goes to the map's first highlighted hex; Tab to the next; Enter moves there
    page.keyboard.press("n")
    unit = page.evaluate("document.querySelector('#board .counter.selected')?.dataset.unit")
    assert unit
    page.keyboard.press("g")
    target = page.evaluate("document.activeElement.dataset.hex")
    assert target and page.evaluate("document.activeElement.classList.contains('legal')")
    label = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert label and target in label
    page.keyboard.press("Tab")
    target = page.evaluate("document.activeElement.dataset.hex") or target
    before = seq(page)
    page.keyboard.press("Enter")
    after(both, before)
    expect(counter(page, unit)).to_have_attribute("data-hex", target)
    screenshot(page, "keyboard-laptop-1-moved")
    finish_round(page, both)
    assert "axis" in engine_view(page)["game"]["active_sides"]
    expect(page.locator("#log")).to_contain_text("moves")


# Machado, Oliveira & Fernandes (2009): full protanopia, deuteranopia, tritanopia, on linear RGB.
CVD = {
    "protanopia": [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
    "deuteranopia": [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]],
    "tritanopia": [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]],
}


def linear(hex_colour: str) -> list[float]:
    h = hex_colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    out = []
    for i in (0, 2, 4):
        c = int(h[i:i + 2], 16) / 255
        out.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    return out


def luminance(rgb: list[float]) -> float:
    return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]


def lab(rgb: list[float]) -> tuple[float, float, float]:
    r, g, b = (min(1.0, max(0.0, v)) for v in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = lambda t: t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116  # noqa: E731
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def test_map_elements_have_names_and_the_nationality_colours_survive_colour_blindness(browser, server):
    import math

    axis, soviet = two_players(browser, server)
    # every counter on the map has a name: the unit, its values, where it stands
    names = soviet.eval_on_selector_all("#board .counter[data-unit]", "els => els.map(e => e.getAttribute('aria-label') || '')")
    assert names and all(n.strip() and " in " in n for n in names)
    assert soviet.locator("#map-svg").get_attribute("role") == "group"
    nation = soviet.evaluate("async () => (await import('/static/game/counters.js')).NATION")
    assert {"GE", "SU", "RO", "HU", "IT", "FI"} <= set(nation)
    for code, (face, ink) in nation.items():
        lf, li = luminance(linear(face)), luminance(linear(ink))
        assert (max(lf, li) + 0.05) / (min(lf, li) + 0.05) >= 4.5, (code, face, ink)  # WCAG AA for the values
    # the Soviet colour against every Axis one: far apart (CIE76 ΔE ≥ 25) for each kind of colour blindness
    for kind, m in CVD.items():
        def seen(colour, m=m):
            rgb = linear(colour)
            return lab([sum(m[i][j] * rgb[j] for j in range(3)) for i in range(3)])
        for code in ("GE", "RO", "HU", "IT", "FI"):
            assert math.dist(seen(nation["SU"][0]), seen(nation[code][0])) >= 25, (kind, code)
