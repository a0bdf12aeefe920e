"""docs/cards-coverage.md lists every card, honestly, and stays in step with the engine and the tests."""
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("cards_coverage", ROOT / "tools" / "cards_coverage.py")
cc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cc)


def test_every_card_is_in_the_table():
    rows = cc.read_table(cc.TABLE.read_text())
    data, *_ = cc._engine()
    assert sorted(rows) == sorted(data.cards) and len(rows) == 110


def test_table_is_consistent_with_the_engine_and_the_tests():
    assert cc.problems(cc.TABLE.read_text()) == []


def test_every_card_is_done():
    rows = cc.read_table(cc.TABLE.read_text())
    assert [cid for cid, row in rows.items() if row["status"] != "done"] == []


def test_test_names_map_to_cards():
    assert cc.TEST_NAME.match("test_card_A23_air_bridge_keeps")[1] == "A23_"
    assert cc.TEST_NAME.match("test_card_A5_A7_A8_reinforcements")[1] == "A5_A7_A8_"
    assert cc.TEST_NAME.match("test_card_reinforcements_every_card") is None
    assert cc.TEST_NAME.match("test_7_5_1b_stavka") is None


def test_a_card_without_an_effect_is_not_done():
    class Fake:
        id, kind, key = "A99", "event", "nothing"

    assert cc.code_of(Fake()) is None
