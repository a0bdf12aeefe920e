"""The arithmetic of time control (app/services/clocks.py): pure functions, a fake "now"."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from app.services import clocks

T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
LIVE = {"kind": "live", "minutes": 60, "increment": 30}
CORR = {"kind": "correspondence", "days": 3, "vacation_days": 14}


def at(**delta) -> datetime:
    return T0 + timedelta(**delta)


def test_validation_fills_defaults_and_refuses_nonsense():
    assert clocks.validate(None) == clocks.DEFAULT
    assert clocks.validate({"kind": "live"}) == {"kind": "live", "minutes": 90, "increment": 0}
    assert clocks.validate({"kind": "correspondence", "days": 7}) == {"kind": "correspondence", "days": 7,
                                                                        "vacation_days": 14}
    for bad in ({"kind": "blitz"}, {"kind": "correspondence", "days": 2}, {"kind": "live", "minutes": 7},
                {"kind": "live", "minutes": 60, "extra": 1}, "3 days", {"kind": "correspondence", "vacation_days": -1}):
        with pytest.raises(clocks.TimeControlError):
            clocks.validate(bad)


def test_a_live_clock_runs_for_the_side_to_act_and_adds_the_increment_on_handover():
    clock = clocks.start(LIVE, ["axis"], T0)
    assert clocks.remaining(LIVE, clock, "axis", ["axis"], at(minutes=10)) == 50 * 60
    assert clocks.remaining(LIVE, clock, "soviet", ["axis"], at(minutes=10)) == 60 * 60
    # Axis acts twice (still to act), then hands over after 12 minutes in all.
    clock = clocks.handover(LIVE, clock, ["axis"], ["axis"], at(minutes=5))
    clock = clocks.handover(LIVE, clock, ["axis"], ["soviet"], at(minutes=12))
    assert clocks.remaining(LIVE, clock, "axis", ["soviet"], at(minutes=40)) == 48 * 60 + 30
    assert clocks.remaining(LIVE, clock, "soviet", ["soviet"], at(minutes=40)) == 32 * 60
    # Both must act: both clocks run.
    clock = clocks.handover(LIVE, clock, ["soviet"], ["axis", "soviet"], at(minutes=41))
    left = {s: clocks.remaining(LIVE, clock, s, ["axis", "soviet"], at(minutes=51)) for s in clocks.SIDES}
    assert left == {"axis": 48 * 60 + 30 - 600, "soviet": 31 * 60 - 600}  # Soviet never handed over


def test_a_live_flag_falls_at_zero():
    clock = clocks.start(LIVE, ["soviet"], T0)
    assert clocks.timed_out(LIVE, clock, ["soviet"], at(minutes=59)) == []
    assert clocks.timed_out(LIVE, clock, ["soviet"], at(minutes=60)) == ["soviet"]
    assert clocks.deadline(LIVE, clock, "soviet", ["soviet"], at(minutes=20)) == at(minutes=60)


def test_correspondence_deadlines_are_set_when_a_side_comes_to_act_not_by_every_action():
    clock = clocks.start(CORR, ["soviet"], T0)
    assert clocks.deadline(CORR, clock, "soviet", ["soviet"], T0) == at(days=3)
    clock = clocks.handover(CORR, clock, ["soviet"], ["soviet"], at(days=1))  # another action: same deadline
    assert clocks.deadline(CORR, clock, "soviet", ["soviet"], at(days=1)) == at(days=3)
    clock = clocks.handover(CORR, clock, ["soviet"], ["axis"], at(days=2))
    assert clocks.deadline(CORR, clock, "axis", ["axis"], at(days=2)) == at(days=5)
    assert clocks.deadline(CORR, clock, "soviet", ["axis"], at(days=2)) is None
    assert clocks.timed_out(CORR, clock, ["axis"], at(days=5, seconds=1)) == ["axis"]


def test_a_pause_costs_nobody_time():
    clock = clocks.start(LIVE, ["axis"], T0)
    clock = clocks.pause(clock, ["axis"], LIVE, at(minutes=10), by="root", reason="server move")
    assert clocks.remaining(LIVE, clock, "axis", ["axis"], at(hours=5)) == 50 * 60
    assert clocks.timed_out(LIVE, clock, ["axis"], at(days=3)) == []
    clock = clocks.handover(LIVE, clock, ["axis"], ["soviet"], at(hours=1))  # a move during the pause
    clock = clocks.resume(clock, LIVE, at(hours=6))
    assert clocks.remaining(LIVE, clock, "soviet", ["soviet"], at(hours=6, minutes=1)) == 59 * 60
    corr = clocks.start(CORR, ["axis"], T0)
    corr = clocks.pause(corr, ["axis"], CORR, at(days=1), by="root", reason="")
    corr = clocks.resume(corr, CORR, at(days=4))
    assert clocks.deadline(CORR, corr, "axis", ["axis"], at(days=4)) == at(days=6)
    with pytest.raises(clocks.TimeControlError):
        clocks.resume(corr, CORR, at(days=5))


def test_vacation_pushes_deadlines_back_and_unused_days_come_back():
    clock = clocks.start(CORR, ["axis"], T0)
    clock, taken = clocks.take_vacation(clock, CORR, "axis", 5, at(days=1))
    assert taken == 5 * clocks.DAY
    assert clocks.deadline(CORR, clock, "axis", ["axis"], at(days=1)) == at(days=8)
    assert clocks.on_vacation(clock, "axis", at(days=2))
    # The move comes to Soviet, then back to Axis during the vacation: due 3 days after it ends.
    clock = clocks.handover(CORR, clock, ["axis"], ["soviet"], at(days=2))
    clock = clocks.handover(CORR, clock, ["soviet"], ["axis"], at(days=3))
    assert clocks.deadline(CORR, clock, "axis", ["axis"], at(days=3)) == at(days=9)
    clock = clocks.end_vacation(clock, CORR, "axis", at(days=4))  # two days early
    assert clocks.deadline(CORR, clock, "axis", ["axis"], at(days=4)) == at(days=7)
    assert clock["vacation_left"]["axis"] == 11 * clocks.DAY
    clock, taken = clocks.take_vacation(clock, CORR, "axis", 30, at(days=4))
    assert taken == 11 * clocks.DAY and clock["vacation_left"]["axis"] == 0  # no more than the allowance


def test_extending_gives_a_timed_out_side_more_time():
    clock = clocks.start(CORR, ["soviet"], T0)
    assert clocks.timed_out(CORR, clock, ["soviet"], at(days=4)) == ["soviet"]
    clock = clocks.extend(clock, CORR, "soviet", ["soviet"], 2 * clocks.DAY, at(days=4))
    assert clocks.deadline(CORR, clock, "soviet", ["soviet"], at(days=4)) == at(days=6)
    live = clocks.start(LIVE, ["axis"], T0)
    live = clocks.extend(live, LIVE, "axis", ["axis"], 300, at(minutes=75))
    assert clocks.remaining(LIVE, live, "axis", ["axis"], at(minutes=75)) == 300


def test_the_watcher_alarm_is_the_reminder_then_the_timeout():
    clock = clocks.start(CORR, ["axis"], T0)
    assert clocks.reminder_lead(CORR) == timedelta(days=0.75)
    assert clocks.next_alarm(CORR, clock, ["axis"], T0) == at(days=2.25)
    clock["notified"]["reminder:axis"] = True
    assert clocks.next_alarm(CORR, clock, ["axis"], T0) == at(days=3)
    clock["notified"]["timeout:axis"] = True
    assert clocks.next_alarm(CORR, clock, ["axis"], T0) is None
    assert clocks.next_alarm(LIVE, clocks.start(LIVE, ["axis"], T0), ["axis"], T0) == at(minutes=60)
