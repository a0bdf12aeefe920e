#!/usr/bin/env python3
"""Keep docs/cards-coverage.md true: every Strategy Card, what it does, where its code is, its tests.

    python3 tools/cards_coverage.py --write      refresh the generated columns from the data, engine and tests
    python3 tools/cards_coverage.py --check      exit 1 if the file is out of date or dishonest

A test belongs to a card when its name starts with ``test_card_`` followed by the card's
id: ``test_card_A23_air_bridge_...`` covers A23; ``test_card_A5_A7_A8_...`` covers all
three. The "What it does" and "Notes" columns are written by hand and kept; the others
are generated. A card is "done" only when the engine has its effect (an event handler,
the reinforcement handler, or a combat-card rule) and a test named after it.
"""
from __future__ import annotations

import argparse
import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
TABLE = ROOT / "docs" / "cards-coverage.md"
TESTS = ROOT / "tests"

STATUSES = ("done", "not yet")
TEST_NAME = re.compile(r"^test_card_((?:[AS]\d{1,2}_)+)")
ROW = re.compile(r"^\|\s*(?P<id>[AS]\d{1,2})\s*\|(?P<name>[^|]*)\|(?P<kind>[^|]*)\|(?P<deck>[^|]*)\|"
                 r"(?P<does>[^|]*)\|(?P<code>[^|]*)\|(?P<status>[^|]*)\|(?P<tests>[^|]*)\|(?P<notes>.*)\|\s*$")

HEADER = """# Cards coverage

Every one of the 110 Strategy Cards (data/stalins_war/cards.toml), what it does, the
engine module that carries it out, and the tests that play it. Statuses: **done** (the
effect is in the engine and a test named after the card plays it and checks the
consequence), **not yet** (with the reason in the notes).

Generated columns: `python3 tools/cards_coverage.py --write` fills Name, Kind, Deck (a
star marks a card removed from the game after its event or combat play), Code, Status
and Tests from the data, the engine's registry and the test names (a test named
`test_card_A23_...` covers A23); "What it does" and "Notes" are written by hand and kept.
`tests/test_cards_coverage.py` fails when this file is out of date or a card marked done
has no effect or no test. Rulings on ambiguous texts: data/README.md ("Card rulings") and
the docstring of each module named in the Code column.

| Card | Name | Kind | Deck | What it does | Code | Status | Tests | Notes |
| --- | --- | --- | --- | --- | --- | --- | --- | --- |
"""


def _engine():
    from engine.stalins_war.cards import catalog, combat_cards, registry
    from engine.stalins_war.data import load_data

    return load_data(), catalog, registry, combat_cards


def code_of(card) -> str | None:
    """The module (relative to engine/stalins_war) that carries the card's effect, or None."""
    _, _, registry, combat_cards = _engine()
    if card.kind == "combat":
        return "cards/combat_cards.py" if card.key in combat_cards.RULES else None
    h = registry.HANDLERS.get(card.id) or registry.KIND_HANDLERS.get(card.kind)
    if h is None:
        return None
    return h.module.replace("engine.stalins_war.", "").replace(".", "/") + ".py"


def tests_by_card() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for path in sorted(TESTS.rglob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                m = TEST_NAME.match(node.name)
                if m:
                    for cid in m[1].strip("_").split("_"):
                        out.setdefault(cid, []).append(node.name)
    return {k: sorted(set(v)) for k, v in out.items()}


def read_table(text: str) -> dict[str, dict[str, str]]:
    rows = {}
    for line in text.splitlines():
        m = ROW.match(line)
        if m:
            rows[m["id"].strip()] = {k: m[k].strip() for k in ("name", "kind", "deck", "does", "code", "status",
                                                                "tests", "notes")}
    return rows


def _order(cards) -> list:
    return sorted(cards.values(), key=lambda c: (c.side != "axis", c.number))


def render(rows: dict[str, dict[str, str]]) -> str:
    data, *_ = _engine()
    tests = tests_by_card()
    lines = [HEADER.rstrip("\n")]
    for card in _order(data.cards):
        row = rows.get(card.id, {"does": "", "notes": ""})
        code = code_of(card)
        status = "done" if code and tests.get(card.id) else "not yet"
        deck = ("Blitzkrieg" if card.deck == "blitzkrieg" else "Total War") + (" *" if card.starred else "")
        names = ", ".join(f"`{t}`" for t in tests.get(card.id, []))
        lines.append(f"| {card.id} | {card.name} | {card.kind} | {deck} | {row['does']} | "
                     f"{f'`{code}`' if code else ''} | {status} | {names} | {row['notes']} |")
    return "\n".join(lines) + "\n"


def problems(text: str) -> list[str]:
    data, *_ = _engine()
    rows = read_table(text)
    out = []
    for card in _order(data.cards):
        row = rows.get(card.id)
        if row is None:
            out.append(f"{card.id}: missing from the table")
            continue
        if row["status"] not in STATUSES:
            out.append(f"{card.id}: unknown status {row['status']!r}")
        if not row["does"]:
            out.append(f"{card.id}: say in one line what the card does")
        if row["status"] == "not yet" and not row["notes"]:
            out.append(f"{card.id}: 'not yet' needs a note saying why")
    out += [f"{cid}: in the table but not a card" for cid in sorted(set(rows) - set(data.cards))]
    if not out and text != render(rows):
        out.append("the generated columns are out of date: run python3 tools/cards_coverage.py --write")
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--check", action="store_true")
    ns = ap.parse_args()
    if ns.write:
        TABLE.write_text(render(read_table(TABLE.read_text() if TABLE.exists() else "")))
    found = problems(TABLE.read_text())
    for p in found:
        print(p)
    return 1 if found and (ns.check or not ns.write) else 0


if __name__ == "__main__":
    sys.exit(main())
