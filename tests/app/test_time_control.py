"""Time control in play (issue 13 #1): clocks chosen at creation, shown wherever games are listed,
reminders and timeouts from the watcher, claiming the win or giving more time, vacation, and admins
pausing the clocks. Time passing is simulated by moving the stored clock back, never by sleeping.

The stand-in engine is used: its sides alternate at every move."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from app.models import AuditEntry, Game, Notice
from app.services import timing
from tests.app import fake_engine
from tests.app.support import PASSWORD, acting, csrf_from, error_code, make_user, stored

CORR = {"kind": "correspondence", "days": 3, "vacation_days": 14}
LIVE = {"kind": "live", "minutes": 30, "increment": 10}


@pytest.fixture
def engine_module():
    return fake_engine


@pytest.fixture
def people(ctx):
    return make_user(ctx, "alice"), make_user(ctx, "bob"), make_user(ctx, "root", admin=True)


def new_game(client, alice, bob, tc) -> dict:
    game = client.post("/api/games", json={"side": "axis", "time_control": tc}, headers=alice.headers)
    assert game.status_code == 201, game.text
    joined = client.post(f"/api/games/{game.json()['id']}/join", headers=bob.headers)
    assert joined.status_code == 200, joined.text
    return joined.json()


def shift_clock(ctx, game_id: int, **delta) -> None:
    """Pretend time has passed: move every stored time of the game's clock back by `delta`."""
    back = timedelta(**delta)
    with ctx.db.transaction() as db:
        game = db.get(Game, game_id)
        clock = dict(game.clock)
        if "since" in clock:
            clock["since"] = (datetime.fromisoformat(clock["since"]) - back).isoformat()
        for key in ("deadline", "vacation_until"):
            if key in clock:
                clock[key] = {s: (datetime.fromisoformat(v) - back).isoformat() if v else None
                              for s, v in clock[key].items()}
        game.clock = clock
        if game.clock_alarm_at:
            game.clock_alarm_at -= back


def watch(ctx) -> int:
    with ctx.db.transaction() as db:
        return timing.watch_once(db)


def kinds(ctx, user) -> list[str]:
    with ctx.db.session() as db:
        return [n.kind for n in db.scalars(select(Notice).where(Notice.user_id == user.id).order_by(Notice.id))]


def move(client, game_id, player, expect=200):
    v = client.get(f"/api/games/{game_id}/view", headers=player.headers).json()
    response = client.post(f"/api/games/{game_id}/actions", json={"seq": v["seq"], "action": v["actions"][0]},
                           headers=player.headers)
    assert response.status_code == expect, response.text
    return response


def test_the_clock_is_chosen_at_creation_and_shown_wherever_the_game_is_listed(client, ctx, people):
    alice, bob, _ = people
    game = new_game(client, alice, bob, CORR)
    assert game["time_control"] == CORR
    clock = game["clock"]
    assert clock["running"] == ["axis"] and clock["timed_out"] == [] and not clock["paused"]
    due = datetime.fromisoformat(clock["deadline"]["axis"])
    assert timedelta(days=2, hours=23) < due - datetime.now(UTC) <= timedelta(days=3)
    assert clock["vacation_left_days"] == {"axis": 14, "soviet": 14}
    listed = client.get("/api/games", params={"status": "active"}).json()["games"][0]
    assert listed["time_control"] == CORR and listed["clock"]["deadline"]["axis"] == clock["deadline"]["axis"]
    assert client.post("/api/session", json={"username": "alice", "password": PASSWORD}).status_code == 200
    lobby = client.get("/").text
    assert "3 days a move" in lobby and "Axis 2d 23h" in lobby
    # Moving hands the deadline over; the default is 3 days a move with 14 days of vacation.
    move(client, game["id"], alice)
    after = client.get(f"/api/games/{game['id']}").json()["clock"]
    assert after["running"] == ["soviet"] and after["deadline"]["axis"] is None and after["deadline"]["soviet"]
    default = client.post("/api/games", json={"side": "axis"}, headers=alice.headers).json()
    assert default["time_control"] == CORR


@pytest.mark.parametrize("tc", [{"kind": "blitz"}, {"kind": "correspondence", "days": 2},
                                {"kind": "live", "minutes": 7}, {"kind": "live", "minutes": 30, "bonus": 1}])
def test_nonsense_time_controls_are_refused(client, people, tc):
    alice = people[0]
    response = client.post("/api/games", json={"side": "axis", "time_control": tc}, headers=alice.headers)
    assert response.status_code == 422 and error_code(response) == "malformed"


def test_a_reminder_then_a_timeout_then_the_opponent_claims_the_win(client, ctx, people):
    alice, bob, _ = people
    game = new_game(client, alice, bob, CORR)
    gid = game["id"]
    shift_clock(ctx, gid, days=2, hours=6)  # 18 hours left: inside the reminder lead (a quarter of 3 days)
    assert watch(ctx) == 1
    assert kinds(ctx, alice)[-1] == "reminder" and "17 hours left for your move" in _last_text(ctx, alice)
    watch(ctx)
    assert kinds(ctx, alice).count("reminder") == 1  # once
    # Bob may not claim yet.
    response = client.post(f"/api/games/{gid}/timeout/claim", headers=bob.headers)
    assert response.status_code == 409 and error_code(response) == "not_timed_out"
    shift_clock(ctx, gid, hours=19)
    watch(ctx)
    assert kinds(ctx, alice)[-1] == "timeout" and kinds(ctx, bob)[-1] == "opponent_timeout"
    meta = client.get(f"/api/games/{gid}").json()
    assert meta["clock"]["timed_out"] == ["axis"]
    assert "out of time" in client.get(f"/api/games/{gid}/log").json()["entries"][-1]["text"]
    response = client.post(f"/api/games/{gid}/timeout/claim", headers=alice.headers)
    assert response.status_code == 409  # the late side cannot claim against its opponent
    claimed = client.post(f"/api/games/{gid}/timeout/claim", headers=bob.headers)
    assert claimed.status_code == 200, claimed.text
    body = claimed.json()
    assert body["status"] == "finished" and body["result"] == {"winner": "soviet", "reason": "Axis ran out of time"}
    assert kinds(ctx, alice)[-1] == "game_over"


def _last_text(ctx, user) -> str:
    with ctx.db.session() as db:
        return db.scalar(select(Notice.text).where(Notice.user_id == user.id).order_by(Notice.id.desc()).limit(1))


def test_late_correspondence_moves_count_until_claimed_and_extensions_give_time(client, ctx, people):
    alice, bob, _ = people
    gid = new_game(client, alice, bob, CORR)["id"]
    shift_clock(ctx, gid, days=4)
    watch(ctx)
    extended = client.post(f"/api/games/{gid}/timeout/extend", json={"minutes": 1440}, headers=bob.headers)
    assert extended.status_code == 200, extended.text
    left = datetime.fromisoformat(extended.json()["clock"]["deadline"]["axis"]) - datetime.now(UTC)
    assert timedelta(hours=23) < left <= timedelta(days=1)
    assert kinds(ctx, alice)[-1] == "time_extended"
    shift_clock(ctx, gid, days=2)
    move(client, gid, alice)  # late, but nobody claimed: the move stands and the clock passes on
    assert client.get(f"/api/games/{gid}").json()["clock"]["running"] == ["soviet"]


def test_a_live_flag_stops_the_late_side_until_the_opponent_decides(client, ctx, people):
    alice, bob, _ = people
    gid = new_game(client, alice, bob, LIVE)["id"]
    move(client, gid, alice)
    move(client, gid, bob)
    clock = client.get(f"/api/games/{gid}").json()["clock"]
    assert clock["remaining"]["soviet"] > 30 * 60  # the 10-second increment
    shift_clock(ctx, gid, minutes=31)
    before = stored(ctx, gid)
    response = move(client, gid, alice, expect=409)
    assert error_code(response) == "out_of_time" and stored(ctx, gid) == before
    assert client.post(f"/api/games/{gid}/timeout/extend", json={"minutes": 5}, headers=bob.headers).status_code == 200
    move(client, gid, alice)


def test_admins_pause_and_resume_the_clocks_and_players_are_told(client, ctx, people):
    alice, bob, root = people
    gid = new_game(client, alice, bob, CORR)["id"]
    due = client.get(f"/api/games/{gid}").json()["clock"]["deadline"]["axis"]
    paused = client.post(f"/api/admin/games/{gid}/pause", json={"reason": "a dispute"}, headers=root.headers)
    assert paused.status_code == 200 and paused.json()["clock"]["paused"] is True
    assert paused.json()["clock"]["running"] == [] and paused.json()["clock"]["paused_reason"] == "a dispute"
    assert kinds(ctx, alice)[-1] == kinds(ctx, bob)[-1] == "clock_paused"
    again = client.post(f"/api/admin/games/{gid}/pause", json={}, headers=root.headers)
    assert again.status_code == 409 and error_code(again) == "clock_state"
    shift_clock(ctx, gid, days=10)  # a long pause...
    with ctx.db.transaction() as db:  # ...that began ten days ago
        game = db.get(Game, gid)
        game.clock = {**game.clock, "paused": {**game.clock["paused"],
                                               "at": (datetime.now(UTC) - timedelta(days=10)).isoformat()}}
    resumed = client.post(f"/api/admin/games/{gid}/resume", headers=root.headers).json()
    assert abs((datetime.fromisoformat(resumed["clock"]["deadline"]["axis"]) - datetime.fromisoformat(due))
               .total_seconds()) < 5  # nobody lost time
    with ctx.db.session() as db:
        actions = [e.action for e in db.scalars(select(AuditEntry).order_by(AuditEntry.id))]
    assert actions == ["pause_clocks", "resume_clocks"]
    assert client.post(f"/api/admin/games/{gid}/pause", json={}, headers=alice.headers).status_code == 403


def test_vacation_moves_the_deadlines_and_ending_it_gives_the_days_back(client, ctx, people):
    alice, bob, _ = people
    gid = new_game(client, alice, bob, CORR)["id"]
    due = datetime.fromisoformat(client.get(f"/api/games/{gid}").json()["clock"]["deadline"]["axis"])
    taken = client.post("/api/me/vacation", json={"days": 5}, headers=alice.headers)
    assert taken.status_code == 200 and taken.json()["games"] == 1
    clock = client.get(f"/api/games/{gid}").json()["clock"]
    assert datetime.fromisoformat(clock["deadline"]["axis"]) - due == timedelta(days=5)
    assert clock["on_vacation"] == {"axis": True, "soviet": False} and clock["vacation_left_days"]["axis"] == 9
    client.post("/api/session", json={"username": "alice", "password": PASSWORD})
    page = client.get("/account").text
    assert "You are on vacation until" in page
    ended = client.post("/account/vacation/end", data={"csrf_token": csrf_from(page)})
    assert ended.status_code == 200 and "Welcome back" in ended.text
    clock = client.get(f"/api/games/{gid}").json()["clock"]
    assert abs((datetime.fromisoformat(clock["deadline"]["axis"]) - due).total_seconds()) < 5
    assert clock["vacation_left_days"]["axis"] == pytest.approx(14, abs=0.01)
    assert client.post("/api/me/vacation", json={"days": 0}, headers=alice.headers).status_code == 422
