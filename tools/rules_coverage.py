#!/usr/bin/env python3
"""Keep docs/rules-coverage.md true: every numbered rule, its status, and the tests named after it.

    python3 tools/rules_coverage.py --write      refresh the Tests column from the test suite
    python3 tools/rules_coverage.py --check      exit 1 if the file is out of date
    python3 tools/rules_coverage.py --extract RULEBOOK   rewrite docs/rule-numbers.txt from the rulebook

A test belongs to a rule when its name starts with the rule's number written with
underscores: ``test_11_4_2_retreat_two_hexes`` covers 11.4.2, ``test_7_5_2a_...``
covers 7.5.2a. Statuses and notes are edited by hand in the Markdown table and kept.
"""
from __future__ import annotations

import argparse
import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NUMBERS = ROOT / "docs" / "rule-numbers.txt"
TABLE = ROOT / "docs" / "rules-coverage.md"
TESTS = ROOT / "tests"
RULEBOOK = ROOT.parent / "shared" / "rules" / "stalins-war-living-rules.md"

STATUSES = ("done", "partly", "not yet", "next issue", "section", "data", "n/a")
RULE_AT_LINE = re.compile(r"^(?:#+\s*|-\s*)?(?:\*\*)?(\d{1,2}\.\d+(?:\.\d+)?[a-e]?)(?:\*\*)?\s")
TEST_NAME = re.compile(r"^test_(\d{1,2})_(\d{1,2})(?:_(\d{1,2}[a-e]?))?(?=_|$)")
ROW = re.compile(r"^\|\s*(?P<rule>\d[\d.a-e]*)\s*\|(?P<topic>[^|]*)\|(?P<status>[^|]*)\|(?P<tests>[^|]*)\|(?P<notes>.*)\|\s*$")

HEADER = """# Rules coverage

Every numbered rule of sections 3–25 of the living rules, what the engine does with
it, and the tests named after it. Statuses: **done** (enforced and tested),
**partly** (what is missing is in the notes), **not yet** (with the reason),
**next issue** (planned in a named open issue), **data** (a fact the game data
carries, checked by the data tests), **section** (a heading; see its sub-rules),
**n/a** (nothing for software to enforce, with the reason).

The Tests column is generated: `python3 tools/rules_coverage.py --write` fills it
from the test names (a test named `test_11_4_2_...` covers 11.4.2), and
`tests/test_rules_coverage.py` fails when this file is out of date, when a rule
is missing, or when a rule marked done has no test.

| Rule | Topic | Status | Tests | Notes |
| --- | --- | --- | --- | --- |
"""


def rule_key(rule: str) -> tuple:
    m = re.match(r"(\d+)\.(\d+)(?:\.(\d+))?([a-e]?)", rule)
    return int(m[1]), int(m[2]), int(m[3] or 0), m[4]


def extract(rulebook: Path) -> list[str]:
    found = set()
    for line in rulebook.read_text(encoding="utf-8").splitlines():
        m = RULE_AT_LINE.match(line.strip())
        if m and int(m.group(1).split(".")[0]) >= 3:
            found.add(m.group(1))
    return sorted(found, key=rule_key)


def rule_numbers() -> list[str]:
    return [ln.strip() for ln in NUMBERS.read_text().splitlines() if ln.strip() and not ln.startswith("#")]


def rule_of_test(name: str, known: set[str]) -> str | None:
    m = TEST_NAME.match(name)
    if not m:
        return None
    parts = [p for p in m.groups() if p]
    for n in range(len(parts), 1, -1):
        rule = ".".join(parts[:n])
        if rule in known:
            return rule
    return None


def tests_by_rule(known: set[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for path in sorted(TESTS.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_"):
                rule = rule_of_test(node.name, known)
                if rule:
                    out.setdefault(rule, []).append(node.name)
    return {k: sorted(set(v)) for k, v in out.items()}


def read_table(text: str) -> dict[str, dict[str, str]]:
    rows = {}
    for line in text.splitlines():
        m = ROW.match(line)
        if m:
            rows[m["rule"].strip()] = {k: m[k].strip() for k in ("topic", "status", "tests", "notes")}
    return rows


def render(rows: dict[str, dict[str, str]], numbers: list[str], tests: dict[str, list[str]]) -> str:
    lines = [HEADER.rstrip("\n")]
    for rule in numbers:
        row = rows.get(rule, {"topic": "", "status": "not yet", "notes": ""})
        names = ", ".join(f"`{t}`" for t in tests.get(rule, []))
        lines.append(f"| {rule} | {row['topic']} | {row['status']} | {names} | {row['notes']} |")
    return "\n".join(lines) + "\n"


def problems(text: str) -> list[str]:
    numbers = rule_numbers()
    rows = read_table(text)
    tests = tests_by_rule(set(numbers))
    out = []
    for rule in numbers:
        if rule not in rows:
            out.append(f"{rule}: missing from the table")
            continue
        status = rows[rule]["status"]
        if status not in STATUSES:
            out.append(f"{rule}: unknown status {status!r}")
        if status == "done" and not tests.get(rule):
            out.append(f"{rule}: marked done but no test is named after it")
        if status in ("not yet", "partly", "next issue", "n/a") and not rows[rule]["notes"]:
            out.append(f"{rule}: status {status!r} needs a note saying why")
    extra = sorted(set(rows) - set(numbers))
    out += [f"{rule}: in the table but not a rule number" for rule in extra]
    if not out and text != render(rows, numbers, tests):
        out.append("the Tests column is out of date: run python3 tools/rules_coverage.py --write")
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--extract", type=Path, nargs="?", const=RULEBOOK)
    ns = ap.parse_args()
    if ns.extract:
        NUMBERS.write_text("# Every numbered rule of sections 3-25 in the living rules, one per line "
                           "(tools/rules_coverage.py --extract).\n" + "\n".join(extract(ns.extract)) + "\n")
    if ns.write:
        text = TABLE.read_text() if TABLE.exists() else HEADER
        numbers = rule_numbers()
        TABLE.write_text(render(read_table(text), numbers, tests_by_rule(set(numbers))))
    if ns.check or not (ns.write or ns.extract):
        found = problems(TABLE.read_text())
        for p in found:
            print(p)
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
