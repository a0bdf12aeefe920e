"""Game records and verifiable dice (issue 13 #5, #6): export, import for analysis, the seed
commitment, its reveal at the end, and `verify-game`."""
from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys

import pytest
from sqlalchemy import select
from sqlalchemy.orm import undefer

from app.models import Game
from app.verify import dice_in
from tests.app.servers import ROOT
from tests.app.support import PASSWORD, acting, csrf_from, error_code, make_user, recv, recv_until, start_game, stored
from tests.fuzzing import WEIGHTS, classify

SEED = 20_100_101  # tests/app/conftest.py fixes every in-process game's seed


def play_until_dice(client, game_id, players, *, rolls: int = 2, limit: int = 120) -> int:
    """Random legal actions (weighted like a wargame: attacks come soon) until some dice were rolled."""
    from engine.core.randomplay import choose

    rng, seen = random.Random(7), 0
    for _ in range(limit):
        player, v = acting(client, game_id, *players)
        action = choose(rng, v["actions"], WEIGHTS, classify)
        response = client.post(f"/api/games/{game_id}/actions", json={"seq": v["seq"], "action": action},
                               headers=player.headers)
        assert response.status_code == 200, response.text
        if any(dice_in(e["entry"]) for e in response.json()["log"]):
            seen += 1
            if seen >= rolls:
                return seen
    raise AssertionError("no dice rolled")


def secret_values(ctx, game_id) -> list[str]:
    with ctx.db.session() as db:
        game = db.scalar(select(Game).where(Game.id == game_id).options(undefer(Game.seed), undefer(Game.seed_salt)))
        return [str(game.seed), game.seed_salt]


@pytest.fixture
def players(ctx):
    return make_user(ctx, "alice"), make_user(ctx, "bob"), make_user(ctx, "carol"), make_user(ctx, "root", admin=True)


def test_the_commitment_is_published_at_the_start_and_the_seed_nowhere_during_play(client, ctx, players):
    alice, bob, carol, root = players
    open_game = client.post("/api/games", json={"side": "axis"}, headers=alice.headers).json()
    assert open_game["seed_commitment"] is None and open_game["seed_reveal"] is None
    game = start_game(client, alice, bob)
    gid = game["id"]
    assert len(game["seed_commitment"]) == 64 and game["seed_reveal"] is None
    play_until_dice(client, gid, [alice, bob], rolls=1)
    secrets_ = secret_values(ctx, gid)
    assert secrets_[0] == str(SEED)
    texts = []
    for who in (alice, bob, carol, None):
        h = who.headers if who else {}
        for path in (f"/api/games/{gid}", f"/api/games/{gid}/view", f"/api/games/{gid}/log", f"/games/{gid}", "/",
                     f"/api/games?status=active", f"/api/games/{gid}/board.svg"):
            response = client.get(path, headers=h)
            assert response.status_code == 200, path
            texts.append(response.text)
        export = client.get(f"/api/games/{gid}/export", headers=h)
        if who in (alice, bob):
            body = export.json()
            assert body["partial"]["side"] == who_side(game, who)
            assert {a["side"] for a in body["actions"]} == {who_side(game, who)}
            assert "seed" not in body and "seed_reveal" not in body
            texts.append(export.text)
        else:
            assert export.status_code == 403 and error_code(export) == "not_a_player"
        with client.websocket_connect(f"/ws/games/{gid}", headers=h) as ws:
            texts.append(json.dumps(recv(ws)))
    admin_export = client.get(f"/api/games/{gid}/export", headers=root.headers).json()
    assert "seed" not in admin_export and "partial" not in admin_export
    texts += [json.dumps(admin_export), client.get(f"/api/admin/games/{gid}", headers=root.headers).text,
              client.get(f"/admin/games/{gid}", headers=root.headers).text]
    for text in texts:
        for secret in secrets_:
            assert secret not in text


def who_side(game: dict, player) -> str:
    return "axis" if game["players"]["axis"]["id"] == player.id else "soviet"


def test_at_the_end_the_reveal_is_published_and_the_record_verifies(client, ctx, players, tmp_path):
    alice, bob, carol, _ = players
    gid = start_game(client, alice, bob)["id"]
    play_until_dice(client, gid, [alice, bob])
    assert client.post(f"/api/games/{gid}/resign", headers=bob.headers).status_code == 200
    meta = client.get(f"/api/games/{gid}").json()
    reveal = meta["seed_reveal"]
    assert hashlib.sha256(reveal.encode()).hexdigest() == meta["seed_commitment"]
    assert reveal.split(":")[1] == str(SEED)

    record = client.get(f"/api/games/{gid}/export", headers=carol.headers).json()  # a spectator, after the end
    assert record["seed"] == SEED and record["seed_reveal"] == reveal
    assert record["scenario"] == "campaign" and record["options"] == {}
    assert record["players"]["axis"]["username"] == "alice" and record["result"]["winner"] == "axis"
    assert [a["seq"] for a in record["actions"]] == list(range(1, meta["seq"] + 1))
    assert all(set(a) == {"seq", "side", "action"} for a in record["actions"])
    assert any(e["to"] is not None for e in record["log"]), "after the end, both sides' private entries too"

    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    ok = subprocess.run([sys.executable, "manage.py", "verify-game", str(path)], cwd=ROOT, capture_output=True,
                        text=True, timeout=300)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "VERIFIED" in ok.stdout and "NOT VERIFIED" not in ok.stdout
    import re

    assert int(re.search(r"and the (\d+) die values", ok.stdout).group(1)) > 0

    # One die changed in the log: caught at that action.
    tampered = json.loads(json.dumps(record))
    entry = next(e for e in tampered["log"] if dice_in(e["entry"]))
    _bump_first_die(entry["entry"])
    path.write_text(json.dumps(tampered))
    bad = subprocess.run([sys.executable, "manage.py", "verify-game", str(path)], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert bad.returncode == 1 and f"seq {entry['seq']}" in bad.stdout and "NOT VERIFIED" in bad.stdout
    # A different seed does not match the commitment.
    tampered = dict(record, seed_reveal=reveal.replace(str(SEED), str(SEED + 1)), seed=SEED + 1)
    path.write_text(json.dumps(tampered))
    bad = subprocess.run([sys.executable, "manage.py", "verify-game", str(path)], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert bad.returncode == 1 and "is not the seed_commitment" in bad.stdout


def _bump_first_die(value) -> bool:
    if isinstance(value, dict):
        for key in sorted(value):
            if key in ("die", "roll") and isinstance(value[key], int):
                value[key] = value[key] % 6 + 1
                return True
            if _bump_first_die(value[key]):
                return True
    elif isinstance(value, list):
        return any(_bump_first_die(v) for v in value)
    return False


def test_the_verify_pages(client, ctx, players):
    alice, bob, carol, _ = players
    gid = start_game(client, alice, bob)["id"]
    assert client.get(f"/games/{gid}/verify").status_code == 409  # not before the end
    play_until_dice(client, gid, [alice, bob], rolls=1)
    client.post(f"/api/games/{gid}/resign", headers=alice.headers)
    page = client.get(f"/games/{gid}/verify")
    assert page.status_code == 200 and 'data-ok="1"' in page.text and "Verified" in page.text
    game_page = client.get(f"/games/{gid}").text
    assert f'href="/games/{gid}/verify"' in game_page and f'href="/api/games/{gid}/export"' in game_page
    record = client.get(f"/api/games/{gid}/export").json()
    token = csrf_from(client.get("/verify").text)
    upload = client.post("/verify", data={"csrf_token": token},
                         files={"record_file": ("record.json", json.dumps(record), "application/json")})
    assert upload.status_code == 200 and 'data-ok="1"' in upload.text
    record["seed_reveal"] = record["seed_reveal"][:-1] + ("0" if record["seed_reveal"][-1] != "0" else "1")
    upload = client.post("/verify", data={"csrf_token": token, "record_text": json.dumps(record)})
    assert upload.status_code == 200 and 'data-ok="0"' in upload.text


def test_import_makes_an_unrated_private_analysis_game_at_the_last_position(client, ctx, players):
    alice, bob, carol, _ = players
    gid = start_game(client, alice, bob)["id"]
    play_until_dice(client, gid, [alice, bob], rolls=1)
    partial = client.get(f"/api/games/{gid}/export", headers=alice.headers).json()
    response = client.post("/api/games/import", json=partial, headers=carol.headers)
    assert response.status_code == 422 and error_code(response) == "bad_record"
    client.post(f"/api/games/{gid}/resign", headers=alice.headers)
    record = client.get(f"/api/games/{gid}/export").json()
    original = stored(ctx, gid)

    tampered = dict(record, seed_reveal=record["seed_reveal"] + "0")
    assert error_code(client.post("/api/games/import", json=tampered, headers=carol.headers)) == "bad_record"
    illegal = json.loads(json.dumps(record))
    illegal["actions"][0]["action"] = {"type": "no_such_action"}
    assert error_code(client.post("/api/games/import", json=illegal, headers=carol.headers)) == "bad_record"

    response = client.post("/api/games/import", json=record, headers=carol.headers)
    assert response.status_code == 201, response.text
    game = response.json()
    assert game["analysis"] is True and game["rated"] is False and game["private"] is True
    assert game["players"]["axis"]["username"] == game["players"]["soviet"]["username"] == "carol"
    assert game["imported_from"]["id"] == gid and game["status"] == "active"
    copy = stored(ctx, game["id"])
    assert copy["state"] == original["state"] and copy["seq"] == original["seq"]
    assert client.get(f"/api/games/{game['id']}", headers=alice.headers).status_code == 404  # private
    # Carol plays on, whichever side must act.
    v = client.get(f"/api/games/{game['id']}/view", headers=carol.headers).json()
    assert v["seat"] in v["game"]["active_sides"] and v["actions"]
    moved = client.post(f"/api/games/{game['id']}/actions", json={"seq": v["seq"], "action": v["actions"][0]},
                        headers=carol.headers)
    assert moved.status_code == 200, moved.text


def test_the_lobby_imports_a_record_file(client, ctx, players):
    alice, bob, carol, _ = players
    gid = start_game(client, alice, bob)["id"]
    client.post(f"/api/games/{gid}/resign", headers=alice.headers)
    record = client.get(f"/api/games/{gid}/export").json()
    assert client.post("/api/session", json={"username": "carol", "password": PASSWORD}).status_code == 200
    lobby = client.get("/").text
    assert 'action="/import"' in lobby
    response = client.post("/import", data={"csrf_token": csrf_from(lobby)}, follow_redirects=False,
                           files={"record_file": ("game.json", json.dumps(record), "application/json")})
    assert response.status_code == 303
    page = client.get(response.headers["location"])
    assert page.status_code == 200 and "analysis" in page.text and f"Imported from game {gid}" in page.text
