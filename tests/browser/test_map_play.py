"""Playing on the map (issue 8): a Soviet movement round by clicks only, on a laptop and on a
phone; a Barbarossa attack whose fire preview shows the engine's numbers; a retreat chosen
on the map. The pages are driven only by what a player clicks; the engine's own view (REST)
is the referee.
"""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.mapplay import (
    after,
    click_hex,
    click_unit,
    counter,
    engine_view,
    legal_hexes,
    press,
    screenshot,
    seq,
    show,
    two_players,
)

ENDS = ("end_movement", "end_marking", "end_combat", "end_exploitation", "end_advance", "done_combat_cards")
PHONE = {"width": 390, "height": 844}


def play_card_for_ops(page: Page, pages) -> None:
    """Play the first card of the hand for OPS (from the list of every legal action)."""
    phone = page.locator("#tabs").is_visible()
    if phone:
        page.click("#tabs [data-show=more]")
    box = page.locator("#actions-box")
    folded = box.get_attribute("open") is None
    if folded:
        box.locator("> summary").click()
    before = seq(page)
    page.locator('#actions button.action[data-type="play_card"]').filter(has_text="OPS").first.click()
    after(pages, before)
    if folded:  # as a player would leave it: folded
        box.locator("> summary").click()
    if phone:
        page.click("#tabs [data-show=map]")


def end_step(page: Page, pages) -> None:
    before = seq(page)
    page.locator("#prompt-buttons button.end").first.click()
    after(pages, before)


def moves_of(view: dict, uid: str, kind: str = "move") -> dict[str, dict]:
    """Destination -> action, from the REST view's grouped actions (docs/server.md)."""
    out = {}
    for g in view["action_groups"]:
        if g["type"] != kind or uid not in g["units"]:
            continue
        skip = set((g.get("skip") or {}).get(uid, ()))
        for i, hex_id in enumerate(g["to"]):
            if hex_id not in skip:
                out[hex_id] = {"mp": g["mp"][i] if "mp" in g else None, "ops": g.get("ops")}
    return out


def to_the_soviet_round(axis: Page, soviet: Page) -> None:
    both = (axis, soviet)
    before = seq(soviet)
    press(soviet, "decline_pick")
    after(both, before)
    play_card_for_ops(axis, both)
    # the Axis may not move on turn 1 (4.4.2) and makes no attack here: it ends each step
    while not soviet.locator('#actions button.action[data-type="play_card"]').count():
        end_step(axis, both)
    play_card_for_ops(soviet, both)
    expect(soviet.locator("#prompt")).to_contain_text("movement")


@pytest.mark.parametrize("viewport", ["laptop", "phone"])
def test_a_soviet_movement_round_played_by_clicking_counters_and_hexes(browser, server, viewport):
    phone = viewport == "phone"
    axis, soviet = two_players(browser, server, soviet_viewport=PHONE if phone else None)
    both = (axis, soviet)
    to_the_soviet_round(axis, soviet)
    tag = "phone" if phone else "laptop"
    screenshot(soviet, f"play-{tag}-1-movement")

    # 1. Select a mechanized corps: its destinations light up, each with its cost in MP.
    view = engine_view(soviet)
    dests = moves_of(view, "SU-22M")
    assert dests
    marker = counter(soviet, "SU-22M")
    marker.evaluate("el => el.__same = true")  # the counter must be moved, not redrawn
    click_unit(soviet, "SU-22M")
    expect(marker).to_have_class(re.compile(r"\bselected\b"))
    expect(soviet.locator("#board polygon[data-hex].legal")).to_have_count(len(dests))
    assert legal_hexes(soviet) == set(dests)
    badges = soviet.eval_on_selector_all("#layer-badges .cost-badge text", "els => els.map(e => e.textContent)")
    assert sorted(badges) == sorted(f"{d['mp']}+{d['ops']} OPS" if d["ops"] else f"{d['mp']} MP" for d in dests.values())
    screenshot(soviet, f"play-{tag}-2-selected")

    # 2. A hex it cannot reach: the engine says why, naming the rule; nothing changes.
    before = seq(soviet)
    far = "3020"
    show(soviet, far)
    soviet.locator(f'#board polygon[data-hex="{far}"]').click()
    expect(soviet.locator("#prompt-reason")).to_contain_text(re.compile(r"10\.1\.4|8\.3"))
    assert seq(soviet) == before

    # 3. Click the farthest destination: the unit goes there by the cheapest path.
    target = max(dests, key=lambda h: (dests[h]["mp"], h))
    if "selected" not in (marker.get_attribute("class") or ""):
        click_unit(soviet, "SU-22M")
    click_hex(soviet, target)
    after(both, before)
    expect(marker).to_have_attribute("data-hex", target)
    assert marker.evaluate("el => el.__same") is True
    assert next(u for u in engine_view(soviet)["view"]["units"] if u["id"] == "SU-22M")["hex"] == target
    expect(counter(axis, "SU-22M")).to_have_attribute("data-hex", target)  # the opponent sees it, no reload
    expect(soviet.locator("#layer-paths .move-path.move")).to_have_count(1)
    screenshot(soviet, f"play-{tag}-3-moved")

    # A spectator sees the same board: every unit the public view shows, nothing to act on, no hand.
    if not phone:
        watcher = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        watcher.goto(soviet.url)
        public = watcher.request.get(f"{soviet.url.split('/games/')[0]}/api/games/{soviet.locator('#game').get_attribute('data-game-id')}/view").json()
        expect(watcher.locator("#board .counter")).to_have_count(len(public["view"]["units"]))
        expect(watcher.locator(f'#board .counter[data-unit="SU-22M"]')).to_have_attribute("data-hex", target)
        expect(watcher.locator("#prompt")).to_contain_text("watching")
        assert watcher.locator("#board .legal").count() == 0 and watcher.locator("#hand [data-card]").count() == 0
        assert public["view"]["hand"] is None and not public["actions"] and not public["action_groups"]
        watcher.context.close()

    # 4. A unit in a stack: the stack opens, then the unit; by rail (a mode of the same selection).
    view = engine_view(soviet)
    stacked = next(u for u in view["view"]["units"] if u["side"] == "soviet" and moves_of(view, u["id"], "rail")
                   and sum(1 for o in view["view"]["units"] if o["hex"] == u["hex"]) > 1)
    rails = moves_of(view, stacked["id"], "rail")
    click_unit(soviet, stacked["id"])
    expect(counter(soviet, stacked["id"])).to_have_class(re.compile(r"\bselected\b"))
    soviet.locator('#prompt-buttons button[data-mode="rail"]').click()
    expect(soviet.locator("#board polygon[data-hex].legal")).to_have_count(len(rails))
    screenshot(soviet, f"play-{tag}-4-rail")
    destination = sorted(rails)[len(rails) // 2]
    before = seq(soviet)
    click_hex(soviet, destination)
    after(both, before)
    expect(counter(soviet, stacked["id"])).to_have_attribute("data-hex", destination)

    # 5. Select and cancel: nothing is highlighted any more.
    view = engine_view(soviet)
    mover = next(u["id"] for u in view["view"]["units"]
                 if u["side"] == "soviet" and moves_of(view, u["id"]) and u["id"] not in ("SU-22M", stacked["id"])
                 and sum(1 for o in view["view"]["units"] if o["hex"] == u["hex"]) == 1)
    click_unit(soviet, mover)
    expect(soviet.locator("#board polygon[data-hex].legal").first).to_be_attached()
    soviet.keyboard.press("Escape")
    expect(soviet.locator("#board polygon[data-hex].legal")).to_have_count(0)

    # 6. One more move, then the round goes on: End movement, from the prompt bar.
    dests = moves_of(engine_view(soviet), mover)
    click_unit(soviet, mover)
    before = seq(soviet)
    click_hex(soviet, min(dests))
    after(both, before)
    before = seq(soviet)
    press(soviet, "end_movement")
    after(both, before)
    decision = engine_view(soviet)["view"]["decision"]
    assert decision["kind"] != "operations" or decision["stage"] != "move"
    log = " ".join(soviet.locator("#log li").all_inner_texts())
    assert log.count("moves") >= 2 and "by rail" in log
    screenshot(soviet, f"play-{tag}-5-after-movement")


def combat_actions(page: Page) -> list[dict]:
    """The engine's legal actions for this page's player (REST; grouped ones expanded)."""
    import engine

    v = engine_view(page)
    return engine.unpack_actions(v["actions"], v["action_groups"])


def decide_by_clicking(page: Page, pages) -> None:
    """Make the pending combat decision the way a player would, on the map or the prompt bar."""
    actions = combat_actions(page)
    kinds = {a["type"] for a in actions}
    before = seq(page)
    if "done_combat_cards" in kinds:
        press(page, "done_combat_cards")
    elif "take_loss" in kinds:
        click_unit(page, next(a["unit"] for a in actions if a["type"] == "take_loss"))
    elif "accept_retreat" in kinds:
        press(page, "accept_retreat")
    elif "retreat" in kinds:
        a = next(a for a in actions if a["type"] == "retreat")
        if "selected" not in (counter(page, a["unit"]).get_attribute("class") or ""):
            click_unit(page, a["unit"])
        click_hex(page, a["path"][-1])
    elif "advance" in kinds:
        click_unit(page, next(a["unit"] for a in actions if a["type"] == "advance"))
    elif "place_blitz" in kinds:
        press(page, "place_blitz")
    elif "end_advance" in kinds:
        press(page, "end_advance")
    else:
        raise AssertionError(f"no decision to make among {sorted(kinds)}")
    after(pages, before)


def check_fire_preview(page: Page) -> dict:
    """The panel shows exactly the engine's fire picture for both sides; returns the engine's."""
    fire = engine_view(page)["view"]["decision"]["combat"]["fire"]
    for side, p in fire.items():
        box = page.locator(f'#combat-panel [data-fire-side="{side}"]')
        expect(box.locator('[data-field="strength"]')).to_have_text(str(p["strength"]))
        expect(box.locator('[data-field="table"]')).to_have_text(p["table"].upper())
        expect(box).to_contain_text(p["table_why"])
        if not p["fires"]:
            continue
        expect(box.locator('[data-field="base"]')).to_have_text(p["base_label"])
        expect(box.locator('[data-field="net"]')).to_have_text(f"{p['net']:+d}" if p["net"] else "0")
        expect(box.locator('[data-field="column"]')).to_have_text(p["column_label"])
        expect(box.locator(".shifts li")).to_have_count(len(p["shifts"]))
        for li, shift in zip(box.locator(".shifts li").all(), p["shifts"]):
            text = li.inner_text()
            assert text.startswith(f"{shift['n']:+d}") and shift["why"].split(" (")[0] in text
            assert re.search(r"\[\d+(\.\d+)*[a-z]?( step \d+)?\]", text), f"no rule in {text!r}"
        for die, (loss, star) in enumerate(p["rolls"], start=1):
            cell = box.locator(f'[data-die="{die}"]')
            expect(cell).to_have_text(f"{loss}{'*' if star else ''}")
    return fire


def test_a_barbarossa_attack_with_the_fire_preview_of_the_engine(browser, server):
    axis, soviet = two_players(browser, server)
    both = (axis, soviet)
    before = seq(soviet)
    press(soviet, "decline_pick")
    after(both, before)
    play_card_for_ops(axis, both)
    before = seq(axis)
    press(axis, "end_movement")  # 4.4.2: no Axis movement on turn 1
    after(both, before)
    before = seq(axis)
    click_hex(axis, "1720")      # a combat marker on Suwalki
    after(both, before)
    expect(axis.locator('#layer-marks [data-combat="1720"]')).to_be_attached()
    if axis.locator('#prompt-buttons button[data-type="end_marking"]').count():
        before = seq(axis)
        press(axis, "end_marking")
        after(both, before)
    before = seq(axis)
    click_hex(axis, "1821")      # attack Grodno
    after(both, before)
    expect(axis.locator("#combat-panel")).to_be_visible()
    for uid in ("GE-9A", "GE-39Pz", "GE-57Pz"):
        before = seq(axis)
        click_unit(axis, uid)
        after(both, before)
        expect(counter(axis, uid)).to_have_class(re.compile(r"\battacking\b"))
        check_fire_preview(axis)
    fire = check_fire_preview(soviet)  # the defender sees the same preview
    screenshot(axis, "play-laptop-6-fire-preview")

    before = seq(axis)
    press(axis, "resolve")
    after(both, before)
    # Combat cards may still change the picture; once the dice are rolled, each shows on the
    # preview's line of the table, and gives what the preview said it would.
    dice_checked = False
    for _ in range(40):
        combat = engine_view(axis)["view"]["decision"].get("combat")
        if combat and not combat["fired"]:
            fire = check_fire_preview(axis)
        elif combat and not dice_checked:
            fold = axis.locator("#combat-panel button.collapse")
            if fold.get_attribute("aria-expanded") == "false":
                fold.click()  # folded in the steps played on the map: the player unfolds it
            for side, p in combat["fire"].items():
                if p["die"]:
                    cell = axis.locator(f'#combat-panel [data-fire-side="{side}"] td.rolled')
                    expect(cell).to_have_attribute("data-die", str(p["die"]))
                    assert [p["result"], p["asterisk"]] == fire[side]["rolls"][p["die"] - 1]
            dice_checked = True
            screenshot(axis, "play-laptop-7-after-the-dice")
        if "end_combat" in {a["type"] for a in combat_actions(axis)}:
            break
        page = next(p for p in both if combat_actions(p))
        decide_by_clicking(page, both)
    else:
        raise AssertionError("the combat did not end")
    base = axis.url.split("/games/")[0]
    entries = axis.request.get(f"{base}/api/games/{axis.locator('#game').get_attribute('data-game-id')}/log").json()["entries"]
    final = next(e["entry"]["combat"] for e in reversed(entries) if e["entry"].get("kind") == "combat_result")
    for side, p in final["fire"].items():
        if p["die"]:
            assert [p["result"], p["asterisk"]] == fire[side]["rolls"][p["die"] - 1]
    for page in both:
        expect(page.locator("#log")).to_contain_text("attacks Grodno (1821)")
        expect(page.locator("#log")).to_contain_text("Loss Number")
        expect(page.locator("#log")).to_contain_text("The combat at Grodno (1821) is over")
    expect(axis.locator("#combat-panel")).to_be_hidden()


# ---- a retreat chosen on the map ---------------------------------------------------------------

# Minsk area (tests/engine/combat_support.py): three Soviet units in 2021 (clear) attacked from
# Vilnius (1920) by an army and a panzer corps on turn 6, the Axis at its movement stage.
FIELD = "2021"
RETREAT = {"turn": 6, "round": 2, "active": "axis", "ops": 4,
           "units": {FIELD: ["SU-WestF", "SU-13R", "SU-20R"], "1920": ["GE-9A", "GE-39Pz"]}}


def dice_for_a_two_hex_retreat() -> list[int]:
    """Dice giving the Axis Loss Number 3 and the Soviets 1: the defenders retreat two hexes (11.4.2)."""
    import engine
    from tests.engine.combat_support import declare, die_for, to_combat

    g = engine.new_game("stalins_war", seed=1, position=RETREAT)
    to_combat(g, "axis", ["1920"])
    declare(g, "axis", FIELD, ["GE-9A", "GE-39Pz"])
    fire = g.view(None)["decision"]["combat"]["fire"]
    a, d = fire["axis"], fire["soviet"]
    return [die_for(a["table"], a["strength"], a["net"], 3), die_for(d["table"], d["strength"], d["net"], 1)]


@pytest.fixture
def staged_server(clean_db, tmp_path):
    from tests.app.conftest import TEST_SECRET
    from tests.app.servers import running_server

    position = {**RETREAT, "dice": dice_for_a_two_hex_retreat()}
    with running_server(clean_db, tmp_path, secret_key=TEST_SECRET, engine_module="tests.browser.staged_engine",
                        extra_env={"SW_TEST_POSITION": json.dumps(position)}) as url:
        yield url


def test_a_retreat_chosen_on_the_map(browser, staged_server):
    axis, soviet = two_players(browser, staged_server)
    both = (axis, soviet)
    before = seq(axis)
    press(axis, "end_movement")
    after(both, before)
    before = seq(axis)
    click_hex(axis, "1920")
    after(both, before)
    if axis.locator('#prompt-buttons button[data-type="end_marking"]').count():
        before = seq(axis)
        press(axis, "end_marking")
        after(both, before)
    before = seq(axis)
    click_hex(axis, FIELD)
    after(both, before)
    for uid in ("GE-9A", "GE-39Pz"):
        before = seq(axis)
        click_unit(axis, uid)
        after(both, before)
    before = seq(axis)
    press(axis, "resolve")
    after(both, before)
    # losses first (whoever chooses), by clicking the units
    for _ in range(10):
        kinds = {a["type"] for p in both for a in combat_actions(p)}
        if "retreat" in kinds:
            break
        decide_by_clicking(next(p for p in both if combat_actions(p)), both)
    else:
        raise AssertionError("no retreat came")

    # The Soviet player picks each unit's way back: the ways the rules allow are drawn on the
    # map, their ends highlighted; one click on an end sends the unit along that way.
    retreated = 0
    while "retreat" in {a["type"] for a in combat_actions(soviet)}:
        options = [a for a in combat_actions(soviet) if a["type"] == "retreat"]
        uid = options[0]["unit"]
        mine = [a for a in options if a["unit"] == uid]
        if "selected" not in (counter(soviet, uid).get_attribute("class") or ""):
            click_unit(soviet, uid)
        expect(counter(soviet, uid)).to_have_class(re.compile(r"\bselected\b"))
        expect(soviet.locator("#layer-plan .retreat-option")).to_have_count(len(mine))
        ends = {a["path"][-1] for a in mine}
        assert legal_hexes(soviet) == ends
        assert all(len(a["path"]) == 2 for a in mine)  # two hexes (11.4.2)
        if retreated == 0:
            screenshot(soviet, "play-laptop-8-retreat")
        end = sorted(ends)[-1]
        before = seq(soviet)
        click_hex(soviet, end)
        after(both, before)
        expect(counter(soviet, uid)).to_have_attribute("data-hex", end)
        assert next(u for u in engine_view(soviet)["view"]["units"] if u["id"] == uid)["hex"] == end
        expect(soviet.locator("#layer-paths .move-path.retreat")).to_have_count(retreated + 1)
        retreated += 1
    assert retreated >= 1
    expect(soviet.locator("#log")).to_contain_text("retreats")
