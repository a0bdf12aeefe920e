"""The computer opponent across real server processes: two processes never move one bot twice, a game
waiting on a bot gets its move after a restart, and the example external bot plays over REST."""
from __future__ import annotations

import subprocess
import sys
import time

import httpx
import pytest
from sqlalchemy import select

from app.models import GameAction
from app.services import computer, play
from tests.app.conftest import TEST_SECRET
from tests.app.servers import ROOT, running_server
from tests.app.support import make_user

pytestmark = pytest.mark.slow

WAIT = 90.0  # seconds before a wait fails (a hang, not a speed check)
NOW = {"SW_BOT_DELAY_SECONDS": "0"}


@pytest.fixture
def settings(settings):
    """The tests' own app (for `ctx`) makes no bot moves: only the server processes under test do."""
    return settings.model_copy(update={"bot_worker": False})


def until(predicate, what: str):
    deadline = time.monotonic() + WAIT
    while True:
        value = predicate()
        if value:
            return value
        assert time.monotonic() < deadline, what
        time.sleep(0.1)


def human_view(api: httpx.Client, game_id: int, player) -> dict | None:
    """The human's view when they have something to do, else None."""
    view = api.get(f"/api/games/{game_id}/view", headers=player.headers).json()
    return view if view["actions"] or view["game"]["status"] != "active" else None


def bot_rows(ctx, game_id: int) -> list[GameAction]:
    with ctx.db.session() as db:
        return list(db.scalars(select(GameAction).where(GameAction.game_id == game_id).order_by(GameAction.seq)))


def test_two_processes_never_move_one_bot_twice(ctx, settings, tmp_path, engine_module_name):
    alice = make_user(ctx, "alice")
    url = settings.database_url
    with running_server(url, tmp_path, secret_key=TEST_SECRET, engine_module=engine_module_name,
                        extra_env=NOW) as first, \
            running_server(url, tmp_path, secret_key=TEST_SECRET, engine_module=engine_module_name,
                           extra_env=NOW) as second:
        apis = [httpx.Client(base_url=first, timeout=30), httpx.Client(base_url=second, timeout=30)]
        game = apis[0].post("/api/games/computer", json={"side": "soviet"}, headers=alice.headers).json()
        for turn in range(4):  # the human acts through either process; both workers hear of every move
            api = apis[turn % 2]
            view = until(lambda: human_view(api, game["id"], alice), "the bot did not answer")
            if view["game"]["status"] != "active":
                break
            response = api.post(f"/api/games/{game['id']}/actions",
                                json={"seq": view["seq"], "action": view["actions"][0]}, headers=alice.headers)
            assert response.status_code == 200, response.text
        until(lambda: human_view(apis[0], game["id"], alice), "the bot did not answer")
        stats = [api.get("/healthz").json()["bots"] for api in apis]
        for api in apis:
            api.close()
    rows = bot_rows(ctx, game["id"])
    with ctx.db.session() as db:
        robot = computer.account(db, "fast").id
        assert play.replay_matches(db, ctx.rules, game["id"])
    made = [r for r in rows if r.user_id == robot]
    assert made and [r.seq for r in rows] == list(range(1, len(rows) + 1))
    # Every bot action was submitted once: the processes' counts add up to the log, and neither ever
    # submitted a move the other had already made (a lost race would count in `lost`).
    assert sum(s["moves"] for s in stats) == len(made)
    assert [s["lost"] for s in stats] == [0, 0]


def test_a_game_waiting_on_the_bot_gets_its_move_after_a_restart(ctx, settings, tmp_path, engine_module_name):
    alice = make_user(ctx, "alice")
    url = settings.database_url
    # The first server waits far longer than the test before the bot may act, and is stopped meanwhile.
    with running_server(url, tmp_path, secret_key=TEST_SECRET, engine_module=engine_module_name,
                        extra_env={"SW_BOT_DELAY_SECONDS": "3600"}) as first:
        with httpx.Client(base_url=first, timeout=30) as api:
            game = api.post("/api/games/computer", json={"side": "axis"}, headers=alice.headers).json()
            assert game["active_sides"] == ["soviet"], "the bot (Soviet) opens with its free pick"
            until(lambda: api.get("/healthz").json()["bots"]["thinking"] == 1, "the bot never took up the game")
    assert bot_rows(ctx, game["id"]) == [], "the stopped server made no move"
    with running_server(url, tmp_path, secret_key=TEST_SECRET, engine_module=engine_module_name,
                        extra_env=NOW) as second:
        with httpx.Client(base_url=second, timeout=30) as api:
            until(lambda: api.get(f"/api/games/{game['id']}").json()["seq"] >= 1, "no move after the restart")
    rows = bot_rows(ctx, game["id"])
    assert rows[0].seq == 1 and rows[0].side == "soviet"


def test_the_example_external_bot_plays_over_rest(ctx, settings, tmp_path, engine_module_name):
    """examples/bot_client.py, with a personal API token, against a live server (docs/server.md): it holds the
    Soviet seat of a game against the server's own computer opponent."""
    robbie = make_user(ctx, "robbie")
    with running_server(settings.database_url, tmp_path, secret_key=TEST_SECRET, engine_module=engine_module_name,
                        extra_env=NOW) as server:
        result = subprocess.run(
            [sys.executable, str(ROOT / "examples" / "bot_client.py"), "--server", server, "--token", robbie.token,
             "--vs-computer", "soviet", "--max-actions", "3", "--poll", "0.2"],
            capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    game_id = int(result.stdout.split("started game ", 1)[1].split(":", 1)[0])
    rows = bot_rows(ctx, game_id)
    mine = [r for r in rows if r.user_id == robbie.id]
    assert len(mine) == 3 and all(r.side == "soviet" for r in mine)
    assert any(r.side == "axis" for r in rows), "the server's computer answered in between"
    assert result.stdout.count("played seq") == 3
