"""docs/rules-coverage.md lists every numbered rule, honestly, and stays in step with the tests."""
import importlib.util
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("rules_coverage", ROOT / "tools" / "rules_coverage.py")
rc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(rc)


def test_every_rule_number_of_the_rulebook_is_in_the_table():
    rows = rc.read_table(rc.TABLE.read_text())
    missing = [r for r in rc.rule_numbers() if r not in rows]
    assert not missing


def test_rule_number_list_matches_the_rulebook():
    rulebook = Path(os.environ.get("RULEBOOK", rc.RULEBOOK))
    if not rulebook.exists():
        # The rulebook lives beside the checkout; without it the committed list stands.
        assert len(rc.rule_numbers()) > 250
        return
    assert rc.extract(rulebook) == rc.rule_numbers()


def test_table_is_consistent_with_the_tests():
    assert rc.problems(rc.TABLE.read_text()) == []


def test_test_names_map_to_rules():
    known = {"11.4.2", "7.5.2a", "9.1", "11.2.1", "4.4"}
    assert rc.rule_of_test("test_11_4_2_retreat_two_hexes", known) == "11.4.2"
    assert rc.rule_of_test("test_7_5_2a_one_reinforcement_card", known) == "7.5.2a"
    assert rc.rule_of_test("test_9_1_setup_stacking_legal", known) == "9.1"
    assert rc.rule_of_test("test_11_2_1_step7_tie", known) == "11.2.1"
    assert rc.rule_of_test("test_api_round_trip", known) is None
