"""Playing against the computer: games with a bot in one seat, the bot's moves through the players' path,
bot accounts, the lobby form (docs/server.md, Playing against the computer)."""
from __future__ import annotations

import json
import time

import pytest
from sqlalchemy import select

from app import security
from app.models import Game, GameAction, Notice, User
from app.services import computer, play
from tests.app.support import csrf_from, error_code, make_user, recv_until, start_game

WAIT = 60.0  # seconds a test waits for the bot before failing (a hang, not a speed check)


def create_vs_computer(client, player, **body) -> dict:
    response = client.post("/api/games/computer", json=body, headers=player.headers)
    assert response.status_code == 201, response.text
    return response.json()


def wait_for_seq(client, game_id: int, player, seq: int) -> dict:
    """The player's view once the game has reached `seq` (the bot's answer arrives in the background)."""
    deadline = time.monotonic() + WAIT
    while True:
        view = client.get(f"/api/games/{game_id}/view", headers=player.headers).json()
        if view["seq"] >= seq:
            return view
        assert time.monotonic() < deadline, f"the bot did not act: still at seq {view['seq']}"
        time.sleep(0.05)


def until_human_acts(client, game_id: int, player, after: int) -> dict:
    """The player's view once the game is past seq `after` and the player has something to do."""
    deadline = time.monotonic() + WAIT
    while True:
        view = client.get(f"/api/games/{game_id}/view", headers=player.headers).json()
        if view["seq"] >= after and view["actions"]:
            return view
        assert time.monotonic() < deadline, f"the bot did not answer: still at seq {view['seq']}"
        time.sleep(0.05)


def bot_id(ctx, level: str = "fast") -> int:
    # A transaction: should the bot worker not have created the accounts yet, `account` creates them,
    # and they must outlive this session (seen under load in CI: the id of a rolled-back row, then 404).
    with ctx.db.transaction() as db:
        return computer.account(db, level).id


def test_a_game_against_the_computer_starts_unrated_with_a_bot_in_the_other_seat(client, ctx):
    alice = make_user(ctx, "alice")
    game = create_vs_computer(client, alice, side="axis", level="search", scenario="tournament")
    assert game["status"] == "active" and game["your_side"] == "axis" and game["scenario"] == "tournament"
    assert game["players"]["axis"] == {"id": alice.id, "username": "alice", "is_bot": False}
    assert game["players"]["soviet"] == {"id": bot_id(ctx, "search"), "username": "Computer (strong)", "is_bot": True}
    assert game["rated"] is False and game["time_control"] == {"kind": "none"} and game["clock"] is None
    # The other level has its own account.
    other = create_vs_computer(client, alice, side="soviet", level="fast")
    assert other["players"]["axis"]["username"] == "Computer (fast)" and other["players"]["axis"]["is_bot"]


def test_the_human_acts_the_bot_answers_through_the_players_path(client, ctx):
    """Seq, action log, log entries and the fan-out to the human's websocket, as for any move."""
    alice = make_user(ctx, "alice")
    game = create_vs_computer(client, alice, side="soviet", level="fast")  # the Soviet free pick comes first
    game_id, robot = game["id"], bot_id(ctx)
    answered = []
    with client.websocket_connect(f"/ws/games/{game_id}", headers=alice.headers) as ws:
        view = recv_until(ws, "view")
        assert view["seat"] == "soviet" and view["seq"] == 0 and view["actions"], "the human acts first"
        for _ in range(3):  # the human acts (over the websocket), then waits for the computer's answer
            ws.send_json({"type": "action", "seq": view["seq"], "action": view["actions"][0], "ref": 1})
            recv_until(ws, "ok")
            mine = view["seq"] + 1
            view = until_human_acts(client, game_id, alice, mine)
            # The bot's answer reached the human's socket: the view at the seq the human now acts at.
            pushed = recv_until(ws, "view", timeout=WAIT, seq=view["seq"])
            assert pushed["seat"] == "soviet" and pushed["actions"] and pushed["game"]["players"]["axis"]["is_bot"]
            assert all(entry["to"] in (None, "soviet") for entry in pushed["log"])
            answered.append(view["seq"] > mine)
    assert answered[0], "the Axis (the bot) acts after the Soviet free pick"
    with ctx.db.session() as db:
        rows = list(db.scalars(select(GameAction).where(GameAction.game_id == game_id).order_by(GameAction.seq)))
        assert [r.seq for r in rows] == list(range(1, len(rows) + 1)) and len(rows) >= 4
        by_bot = [r for r in rows if r.user_id == robot]
        assert by_bot and all(r.side == "axis" for r in by_bot)
        assert all(r.side == "soviet" and r.user_id == alice.id for r in rows if r.user_id != robot)
        assert play.replay_matches(db, ctx.rules, game_id), "the bot's actions are in the log that rebuilds the game"
        # The human is not sent a "your move" notice for every answer of the computer; the bot none at all.
        kinds = [n.kind for n in db.scalars(select(Notice).where(Notice.game_id == game_id))]
        assert "your_move" not in kinds
    assert ctx.bots.stats()["moves"] >= len(by_bot) and ctx.bots.stats()["lost"] == 0


def test_the_bot_moves_first_when_its_side_opens(client, ctx):
    alice = make_user(ctx, "alice")
    game = create_vs_computer(client, alice, side="axis")  # the Soviet (the bot) opens with its free pick
    wait_for_seq(client, game["id"], alice, 1)
    with ctx.db.session() as db:
        first = db.scalar(select(GameAction).where(GameAction.game_id == game["id"], GameAction.seq == 1))
    assert first.side == "soviet" and first.user_id == bot_id(ctx)


def test_the_worker_asks_bots_choose_for_the_bots_side_with_a_seed_from_the_position(client, ctx, monkeypatch):
    """bots.choose gets the side the bot holds, its level, and a seed fixed by game and seq (not the secret seed)."""
    seen = []
    import bots

    real = bots.choose

    def spy(game, side, level="fast", seed=0, **kw):
        seen.append((side, level, seed))
        return real(game, side, level=level, seed=seed, **kw)

    monkeypatch.setattr(bots, "choose", spy)
    monkeypatch.setattr(ctx.settings, "bot_processes", 0)  # in this process, so the spy sees the call
    alice = make_user(ctx, "alice")
    game = create_vs_computer(client, alice, side="axis")
    wait_for_seq(client, game["id"], alice, 1)
    assert seen and seen[0][:2] == ("soviet", "fast")
    assert seen[0][2] == computer.decision_seed(computer.Turn(game["id"], 0, "soviet", 0, "fast", None))


def test_bot_accounts_cannot_sign_in_and_are_labelled_as_bots(client, ctx):
    alice, root = make_user(ctx, "alice"), make_user(ctx, "root", admin=True)
    game = create_vs_computer(client, alice, side="axis")
    name = game["players"]["soviet"]["username"]
    for password in ("", computer.NO_PASSWORD, "correct horse battery"):
        response = client.post("/api/session", json={"username": name, "password": password})
        assert response.status_code in (401, 422) and error_code(response) in ("bad_credentials", "malformed")
    # Even a bot whose name could be typed and whose hash were a real one is refused.
    with ctx.db.transaction() as db:
        bot = db.get(User, game["players"]["soviet"]["id"])
        bot.username, bot.password_hash = "robot", security.hash_password("a known password")
    response = client.post("/api/session", json={"username": "robot", "password": "a known password"})
    assert response.status_code == 401 and error_code(response) == "bad_credentials"
    with ctx.db.transaction() as db:
        db.get(User, game["players"]["soviet"]["id"]).username = name
    # Nobody can register a bot's name: it is not a valid username.
    token = csrf_from(client.get("/signup").text)
    page = client.post("/signup", data={"csrf_token": token, "username": name, "password": "long enough!",
                                        "password2": "long enough!"})
    assert page.status_code == 422
    # Labelled wherever a player is shown: the API, the game page, the lobby lists, the admin's user list.
    assert client.get(f"/api/games/{game['id']}").json()["players"]["soviet"]["is_bot"] is True
    page = client.get(f"/games/{game['id']}").text
    assert 'id="bot-soviet" class="tag bot"' in page and 'id="bot-axis" class="tag bot" title="A computer opponent" hidden' in page
    lobby = client.get("/", headers=alice.headers).text
    assert f'{name} <span class="tag bot"' in lobby and "vs computer" in lobby
    client.post("/api/session", json={"username": "root", "password": "correct horse battery"})
    for path in ("/admin", f"/admin/games/{game['id']}"):
        assert f'{name} <span class="tag bot"' in client.get(path).text, path
    assert '<span class="tag bot">bot</span>' in client.get("/admin/users").text
    users = client.get("/api/admin/users", headers=root.headers).json()
    assert {u["username"]: u["is_bot"] for u in users}[name] is True
    assert {u["username"]: u["is_bot"] for u in users}["alice"] is False


def test_the_lobby_form_starts_a_game_against_the_computer(client, ctx):
    alice = make_user(ctx, "alice")
    client.post("/api/session", json={"username": "alice", "password": "correct horse battery"})
    page = client.get("/").text
    assert 'id="computer-game"' in page and 'value="search"' in page
    response = client.post("/games/computer", data={"csrf_token": csrf_from(page), "side": "soviet",
                                                    "scenario": "tournament", "level": "search",
                                                    "visibility": "private",
                                                    "options": '{"phasing_supply_recheck": true}'},
                           follow_redirects=False)
    assert response.status_code == 303
    game_id = int(response.headers["location"].rsplit("/", 1)[1])
    game = client.get(f"/api/games/{game_id}").json()
    assert game["your_side"] == "soviet" and game["players"]["axis"]["username"] == "Computer (strong)"
    assert game["scenario"] == "tournament" and game["private"] and game["options"] == {"phasing_supply_recheck": True}
    assert game["players"]["soviet"]["id"] == alice.id


@pytest.mark.parametrize(("form", "status", "code"), [
    ({"level": "grandmaster"}, 422, "unknown_level"),
    ({"side": "neutral"}, 422, "malformed"),
    ({"scenario": "1945"}, 422, "malformed"),
    ({"options": "{not json"}, 422, "bad_options"),
    ({"options": "[1, 2]"}, 422, "bad_options"),
    ({"options": '{"no_such_option": true}'}, 422, "bad_options"),
])
def test_the_lobby_form_refuses_bad_choices_clearly_and_changes_nothing(client, ctx, form, status, code):
    make_user(ctx, "alice")
    client.post("/api/session", json={"username": "alice", "password": "correct horse battery"})
    token = csrf_from(client.get("/").text)
    response = client.post("/games/computer", data={"csrf_token": token, "side": "axis", "level": "fast", **form},
                           follow_redirects=False)
    assert response.status_code == status
    assert f'id="computer-error" data-code="{code}"' in response.text, "the error is shown by the form"
    assert 'id="computer-game"' in response.text, "the lobby is shown again"
    with ctx.db.session() as db:
        assert db.scalar(select(Game.id)) is None


def test_the_api_refuses_bad_requests_for_a_computer_game(client, ctx):
    alice = make_user(ctx, "alice")
    for body, code in (({"level": "grandmaster"}, "unknown_level"), ({"side": "both"}, "malformed"),
                       ({"opponent": "x"}, "malformed"), ({"level": "x" * 17}, "malformed"),
                       ({"options": {"no_such_option": True}}, "bad_options")):
        response = client.post("/api/games/computer", json=body, headers=alice.headers)
        assert response.status_code == 422 and error_code(response) == code, body
    assert client.post("/api/games/computer", json={}).status_code == 401
    with ctx.db.session() as db:
        assert db.scalar(select(Game.id)) is None


def test_a_finished_or_resigned_game_gets_no_more_bot_moves(client, ctx):
    alice = make_user(ctx, "alice")
    game = create_vs_computer(client, alice, side="axis")
    wait_for_seq(client, game["id"], alice, 1)
    assert client.post(f"/api/games/{game['id']}/resign", headers=alice.headers).status_code == 200
    assert client.get(f"/api/games/{game['id']}").json()["result"]["winner"] == "soviet"
    with ctx.db.session() as db:
        assert computer.due_turns(db, computer.bot_accounts(db)) == ([], set())


def test_an_admin_may_hand_an_abandoned_seat_to_the_computer_which_then_plays_it(client, ctx):
    alice, bob, root = make_user(ctx, "alice"), make_user(ctx, "bob"), make_user(ctx, "root", admin=True)
    game = start_game(client, alice, bob)  # alice Axis, bob Soviet: the Soviet free pick comes first
    assert game["active_sides"] == ["soviet"]
    response = client.post(f"/api/admin/games/{game['id']}/reassign",
                           json={"side": "soviet", "username": "Computer (fast)", "reason": "bob vanished"},
                           headers=root.headers)
    assert response.status_code == 200, response.text
    assert response.json()["players"]["soviet"]["is_bot"] is True
    wait_for_seq(client, game["id"], alice, 1)
    with ctx.db.session() as db:
        first = db.scalar(select(GameAction).where(GameAction.game_id == game["id"], GameAction.seq == 1))
    assert first.side == "soviet" and first.user_id == bot_id(ctx)


def test_an_admin_cannot_make_a_password_reset_link_for_a_bot(client, ctx):
    root = make_user(ctx, "root", admin=True)
    robot = bot_id(ctx)
    response = client.post(f"/api/admin/users/{robot}/reset-link", headers=root.headers)
    assert response.status_code == 409 and error_code(response) == "bot_account"


def test_moves_in_games_without_a_bot_do_not_wake_the_bot_worker(client, ctx):
    """Every action's NOTIFY reaches every process; the worker looks for bot turns (a query) only when the
    game has a bot in a seat, or when the change is not a move (a game may have just got a bot)."""
    from app.bot_worker import BotWorker
    from app.notify import _game, game_event, parse

    alice, bob = make_user(ctx, "alice"), make_user(ctx, "bob")
    human = start_game(client, alice, bob)["id"]
    robot_game = create_vs_computer(client, alice, side="axis")["id"]
    worker = BotWorker(ctx)  # not started: its wake event is observed, not consumed
    worker.bots = {bot_id(ctx): "fast"}
    worker.game_changed(human, move=True)
    assert worker.wake.is_set(), "before its first look the worker cannot tell which games have bots"
    worker.wake.clear()
    worker._due()
    assert robot_game in worker.bot_games and human not in worker.bot_games
    worker.game_changed(*game_event(parse(json.dumps(_game(human, 5, True)))))
    assert not worker.wake.is_set(), "a move in a game of two humans"
    worker.game_changed(*game_event(parse(json.dumps(_game(human, 5, False)))))
    assert worker.wake.is_set(), "a change that is not a move (a seat may have been given to a bot)"
    worker.wake.clear()
    worker.game_changed(*game_event(parse(json.dumps(_game(robot_game, 3, True)))))
    assert worker.wake.is_set(), "a move in a game with a bot"
    assert game_event(parse('{"kind": "chat", "game": 1, "id": 2}')) is None and parse("not json") is None
