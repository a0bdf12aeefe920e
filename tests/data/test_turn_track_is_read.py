"""One source of truth: every field of the turn track (scenarios.toml) is read by the engine.

A field the data carries but the engine ignores would be a second, silent copy of a rule;
each is read where its rule is applied (the comments in scenarios.toml name the rules).
"""
import re
from pathlib import Path

from engine.stalins_war.data.scenarios import TurnInfo

ENGINE = Path(__file__).resolve().parents[2] / "engine" / "stalins_war"


def _engine_source() -> str:
    return "\n".join(p.read_text() for p in ENGINE.rglob("*.py") if "data" not in p.relative_to(ENGINE).parts[:1])


def test_every_turn_track_field_is_read_by_the_engine():
    source = _engine_source()
    unread = [f for f in TurnInfo.model_fields if f != "number" and not re.search(rf"\.{f}\b", source)]
    assert unread == []


def test_the_turn_rules_come_from_the_track_not_from_turn_numbers():
    source = _engine_source()
    for hard_coded in ("c.turn >= 16", "c.turn < 6", "turn_def().season in (\"spring\", \"summer\")",
                       "AUTOMATIC_SOVIET_CARDS"):
        assert hard_coded not in source, hard_coded
