"""Time control: the arithmetic of live clocks and correspondence deadlines (pure; no database).

A game's `time_control` is chosen at creation and never changes:

- `{"kind": "live", "minutes": m, "increment": s}`: a chess clock per side. A side's clock
  runs while it must act (both run when both must); each time a side hands over (stops
  having to act) `s` seconds are added to it.
- `{"kind": "correspondence", "days": d, "vacation_days": v}`: each time a side comes to
  act it has `d` days. Each player has `v` days of vacation in the game: taking vacation
  pushes their deadlines back by as long (and a move that comes to them during the
  vacation is due `d` days after it ends); ending it early gives the unused days back.
- `{"kind": "none"}`: no clock (analysis games).

The mutable state, `games.clock`, is a JSON dict (times as ISO strings):
`remaining` {side: seconds} and `since` (live: when the running clocks were last settled),
`deadline` {side: time}, `vacation_left` {side: seconds}, `vacation_until` {side: time},
`paused` {"at", "by", "reason"} or null, and `notified` (which reminders and timeout
notices went out, so each goes out once).

While paused, every calculation uses the pause's start as "now"; resuming shifts the
deadlines and restarts the clocks, so a pause costs nobody any time.
"""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

SIDES = ("axis", "soviet")
LIVE_MINUTES = (15, 30, 60, 90, 120, 180, 240, 360)
LIVE_INCREMENTS = (0, 10, 30, 60, 120)
CORRESPONDENCE_DAYS = (1, 3, 7, 14)
VACATION_DAYS = (0, 7, 14, 21, 30)
DEFAULT = {"kind": "correspondence", "days": 3, "vacation_days": 14}
NONE = {"kind": "none"}
DAY = 86400.0


class TimeControlError(ValueError):
    """A time control or a clock request that makes no sense (the message says why)."""


def validate(spec: Any) -> dict[str, Any]:
    """A well-formed time control (filling in defaults), or TimeControlError."""
    if spec is None:
        return dict(DEFAULT)
    if not isinstance(spec, dict) or spec.get("kind") not in ("live", "correspondence"):
        raise TimeControlError('time_control.kind must be "live" or "correspondence".')
    if spec["kind"] == "live":
        minutes, increment = spec.get("minutes", 90), spec.get("increment", 0)
        if minutes not in LIVE_MINUTES or increment not in LIVE_INCREMENTS:
            raise TimeControlError(f"A live clock has minutes in {list(LIVE_MINUTES)} and increment (seconds) in "
                                   f"{list(LIVE_INCREMENTS)}.")
        extra = set(spec) - {"kind", "minutes", "increment"}
        if extra:
            raise TimeControlError(f"Unknown time_control field(s): {sorted(extra)}.")
        return {"kind": "live", "minutes": minutes, "increment": increment}
    days, vacation = spec.get("days", 3), spec.get("vacation_days", 14)
    if days not in CORRESPONDENCE_DAYS or vacation not in VACATION_DAYS:
        raise TimeControlError(f"Correspondence play has days in {list(CORRESPONDENCE_DAYS)} and vacation_days in "
                               f"{list(VACATION_DAYS)}.")
    extra = set(spec) - {"kind", "days", "vacation_days"}
    if extra:
        raise TimeControlError(f"Unknown time_control field(s): {sorted(extra)}.")
    return {"kind": "correspondence", "days": days, "vacation_days": vacation}


def describe(tc: dict[str, Any] | None) -> str:
    """Short human text: "3 days a move", "90 min + 30 s", "no clock"."""
    tc = tc or NONE
    if tc.get("kind") == "live":
        inc = tc.get("increment", 0)
        return f"live {tc['minutes']} min" + (f" + {inc} s" if inc else "")
    if tc.get("kind") == "correspondence":
        return f"{tc['days']} day{'s' if tc['days'] != 1 else ''} a move"
    return "no clock"


def _t(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def _s(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


def effective_now(clock: dict[str, Any], now: datetime) -> datetime:
    paused = clock.get("paused")
    return _t(paused["at"]) if paused else now


def start(tc: dict[str, Any], active: list[str], now: datetime) -> dict[str, Any]:
    """The clock of a game that has just begun with `active` to act."""
    clock: dict[str, Any] = {"paused": None, "notified": {}}
    if tc.get("kind") == "live":
        clock["remaining"] = {s: float(tc["minutes"] * 60) for s in SIDES}
        clock["since"] = _s(now)
    elif tc.get("kind") == "correspondence":
        clock["deadline"] = {s: None for s in SIDES}
        clock["vacation_left"] = {s: tc.get("vacation_days", 0) * DAY for s in SIDES}
        clock["vacation_until"] = {s: None for s in SIDES}
    return handover(tc, clock, [], active, now)


def _settle_live(clock: dict[str, Any], running: list[str], t: datetime) -> None:
    """Charge the running sides for the time since the clocks were last settled."""
    since = _t(clock.get("since")) or t
    elapsed = max(0.0, (t - since).total_seconds())
    for side in running:
        clock["remaining"][side] = clock["remaining"][side] - elapsed
    clock["since"] = _s(t)


def handover(tc: dict[str, Any], clock: dict[str, Any], before: list[str], after: list[str],
             now: datetime) -> dict[str, Any]:
    """The clock after an action changed who must act from `before` to `after` (same lists ok)."""
    if not clock:
        return clock
    clock = _copy(clock)
    t = effective_now(clock, now)
    if tc.get("kind") == "live":
        _settle_live(clock, before, t)
        for side in before:
            if side not in after:
                clock["remaining"][side] += tc.get("increment", 0)
    elif tc.get("kind") == "correspondence":
        for side in SIDES:
            if side in after and side not in before:
                start_at = max(t, _t(clock["vacation_until"][side]) or t)
                clock["deadline"][side] = _s(start_at + timedelta(days=tc["days"]))
                clock["notified"].pop(f"reminder:{side}", None)
                clock["notified"].pop(f"timeout:{side}", None)
            elif side not in after:
                clock["deadline"][side] = None
    return clock


def stop(tc: dict[str, Any], clock: dict[str, Any], running: list[str], now: datetime) -> dict[str, Any]:
    """The clocks at the end of the game: time charged up to now, no deadlines left."""
    clock = _copy(clock)
    t = effective_now(clock, now)
    if tc.get("kind") == "live":
        _settle_live(clock, running, t)
    elif tc.get("kind") == "correspondence":
        clock["deadline"] = {s: None for s in SIDES}
    return clock


def remaining(tc: dict[str, Any], clock: dict[str, Any], side: str, active: list[str],
              now: datetime) -> float | None:
    """Seconds `side` has left now (None if its clock does not run / it has no deadline)."""
    if not clock:
        return None
    t = effective_now(clock, now)
    if tc.get("kind") == "live":
        left = clock["remaining"][side]
        if side in active:
            left -= max(0.0, (t - (_t(clock.get("since")) or t)).total_seconds())
        return left
    if tc.get("kind") == "correspondence":
        deadline = _t(clock["deadline"].get(side))
        return None if deadline is None or side not in active else (deadline - t).total_seconds()
    return None


def deadline(tc: dict[str, Any], clock: dict[str, Any], side: str, active: list[str], now: datetime) -> datetime | None:
    """When `side` runs out of time if nothing changes (None when its clock is stopped)."""
    if not clock or clock.get("paused") or side not in active:
        return None
    left = remaining(tc, clock, side, active, now)
    return None if left is None else now + timedelta(seconds=left)


def timed_out(tc: dict[str, Any], clock: dict[str, Any], active: list[str], now: datetime) -> list[str]:
    """The sides that must act and have no time left."""
    out = []
    for side in active:
        left = remaining(tc, clock, side, active, now)
        if left is not None and left <= 0:
            out.append(side)
    return out


def pause(clock: dict[str, Any], active: list[str], tc: dict[str, Any], now: datetime, *, by: str,
          reason: str) -> dict[str, Any]:
    if clock.get("paused"):
        raise TimeControlError("The clocks are already paused.")
    clock = _copy(clock)
    if tc.get("kind") == "live":
        _settle_live(clock, active, now)
    clock["paused"] = {"at": _s(now), "by": by, "reason": reason}
    return clock


def resume(clock: dict[str, Any], tc: dict[str, Any], now: datetime) -> dict[str, Any]:
    paused = clock.get("paused")
    if not paused:
        raise TimeControlError("The clocks are not paused.")
    clock = _copy(clock)
    gap = max(timedelta(0), now - _t(paused["at"]))
    if tc.get("kind") == "live":
        clock["since"] = _s(now)
    elif tc.get("kind") == "correspondence":
        for side in SIDES:
            if clock["deadline"].get(side):
                clock["deadline"][side] = _s(_t(clock["deadline"][side]) + gap)
    clock["paused"] = None
    return clock


def extend(clock: dict[str, Any], tc: dict[str, Any], side: str, active: list[str], seconds: float,
           now: datetime) -> dict[str, Any]:
    """Give `side` more time (its opponent's choice instead of claiming the win on time)."""
    if seconds <= 0:
        raise TimeControlError("Give a positive amount of time.")
    clock = _copy(clock)
    t = effective_now(clock, now)
    if tc.get("kind") == "live":
        _settle_live(clock, active, t)
        clock["remaining"][side] = max(clock["remaining"][side], 0.0) + seconds
    elif tc.get("kind") == "correspondence":
        current = _t(clock["deadline"].get(side)) or t
        clock["deadline"][side] = _s(max(current, t) + timedelta(seconds=seconds))
    else:
        raise TimeControlError("This game has no clock.")
    clock["notified"].pop(f"timeout:{side}", None)
    clock["notified"].pop(f"reminder:{side}", None)
    return clock


def take_vacation(clock: dict[str, Any], tc: dict[str, Any], side: str, days: float,
                  now: datetime) -> tuple[dict[str, Any], float]:
    """Start (or lengthen) `side`'s vacation by up to `days`, as far as its allowance lasts.
    Returns the new clock and the seconds actually taken."""
    if tc.get("kind") != "correspondence":
        return clock, 0.0
    clock = _copy(clock)
    take = min(days * DAY, clock["vacation_left"][side])
    if take <= 0:
        return clock, 0.0
    t = effective_now(clock, now)
    until = max(t, _t(clock["vacation_until"][side]) or t) + timedelta(seconds=take)
    clock["vacation_until"][side] = _s(until)
    clock["vacation_left"][side] -= take
    if clock["deadline"].get(side):
        clock["deadline"][side] = _s(_t(clock["deadline"][side]) + timedelta(seconds=take))
    return clock, take


def end_vacation(clock: dict[str, Any], tc: dict[str, Any], side: str, now: datetime) -> dict[str, Any]:
    """End `side`'s vacation now; the unused part goes back to its allowance and off its deadline."""
    if tc.get("kind") != "correspondence":
        return clock
    until = _t(clock["vacation_until"].get(side))
    t = effective_now(clock, now)
    if until is None or until <= t:
        return clock
    clock = _copy(clock)
    unused = (until - t).total_seconds()
    clock["vacation_until"][side] = _s(t)
    clock["vacation_left"][side] += unused
    if clock["deadline"].get(side):
        clock["deadline"][side] = _s(_t(clock["deadline"][side]) - timedelta(seconds=unused))
    return clock


def on_vacation(clock: dict[str, Any], side: str, now: datetime) -> bool:
    until = _t((clock.get("vacation_until") or {}).get(side))
    return until is not None and until > effective_now(clock, now)


def reminder_lead(tc: dict[str, Any]) -> timedelta | None:
    """How long before a correspondence deadline the reminder goes out (a quarter of the time, at most a day)."""
    if tc.get("kind") != "correspondence":
        return None
    return min(timedelta(days=1), timedelta(days=tc["days"]) / 4)


def next_alarm(tc: dict[str, Any], clock: dict[str, Any], active: list[str], now: datetime) -> datetime | None:
    """The next moment the clock watcher must look at this game (a reminder or a timeout), or None."""
    if not clock or clock.get("paused"):
        return None
    times = []
    lead = reminder_lead(tc)
    for side in active:
        due = deadline(tc, clock, side, active, now)
        if due is None:
            continue
        notified = clock.get("notified", {})
        if lead is not None and not notified.get(f"reminder:{side}") and due > now:
            times.append(max(due - lead, now))
        if not notified.get(f"timeout:{side}"):
            times.append(max(due, now))
    return min(times) if times else None


def snapshot(tc: dict[str, Any] | None, clock: dict[str, Any] | None, active: list[str], now: datetime,
             running: bool) -> dict[str, Any] | None:
    """The clock as clients see it (GameOut.clock): computed at `now`, never stored."""
    tc = tc or NONE
    if tc.get("kind") == "none" or not clock:
        return None
    running_sides = [s for s in active if s in SIDES] if running and not clock.get("paused") else []
    out: dict[str, Any] = {
        "as_of": _s(now),
        "paused": bool(clock.get("paused")),
        "paused_reason": (clock.get("paused") or {}).get("reason"),
        "running": running_sides,
        "remaining": {s: _round(remaining(tc, clock, s, active if running else [], now)) for s in SIDES},
        "deadline": {s: _s(deadline(tc, clock, s, active, now)) if running else None for s in SIDES},
        "timed_out": timed_out(tc, clock, active, now) if running else [],
    }
    if tc.get("kind") == "correspondence":
        out["vacation_left_days"] = {s: round(clock["vacation_left"][s] / DAY, 2) for s in SIDES}
        out["on_vacation"] = {s: on_vacation(clock, s, now) for s in SIDES}
        out["vacation_until"] = {s: clock["vacation_until"][s] if on_vacation(clock, s, now) else None for s in SIDES}
    return out


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 1)


def _copy(clock: dict[str, Any]) -> dict[str, Any]:
    return {k: (dict(v) if isinstance(v, dict) else v) for k, v in clock.items()}


def duration(seconds: float | None, live: bool = False) -> str:
    """"2d 4h", "5h 12m", "14m" (correspondence); "1:05:09", "4:07" (live)."""
    if seconds is None:
        return "—"
    s = max(0, int(seconds))
    if live:
        h, m, sec = s // 3600, s % 3600 // 60, s % 60
        return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"
    d, h, m = s // 86400, s % 86400 // 3600, s % 3600 // 60
    if s < 60:
        return f"{s}s"
    return f"{d}d {h}h" if d else f"{h}h {m}m" if h else f"{m}m"


def summary_text(tc: dict[str, Any] | None, clock: dict[str, Any] | None) -> str:
    """One line for game lists: who is on the clock and how long they have, from a GameOut's clock."""
    tc = tc or NONE
    if tc.get("kind") == "none" or not clock:
        return ""
    if clock.get("paused"):
        return "clocks paused"
    if clock.get("timed_out"):
        return " and ".join(s.capitalize() for s in clock["timed_out"]) + " out of time"
    live = tc.get("kind") == "live"
    parts = [f"{s.capitalize()} {duration(clock['remaining'].get(s), live)}" for s in clock.get("running", [])]
    return ", ".join(parts)
