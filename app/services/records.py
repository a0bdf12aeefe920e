"""Game records: export (`GET /api/games/{id}/export`) and import as an unrated analysis game.

A record is JSON: the scenario, options, players, result, the action log as
`actions: [{seq, side, action}]`, the log the players saw, the seed commitment and,
once the game has ended, the revealed seed. After the end anyone who may see the game
may download it whole; during play a player gets their own side's record (their own
actions and the log entries their side could read) and nobody gets the seed.
"""
from __future__ import annotations

import json
import secrets
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app import verify
from app.errors import ApiError
from app.inputs import check_json
from app.models import Game, GameAction, GameLogEntry, User
from app.rules import SCENARIOS, SIDES, Rules
from app.services import games as lobby
from app.services.play import _log_row  # the one place engine entries become log rows
from app.snapshots import Snapshot

FORMAT = "stalins-war-online-record"
VERSION = 1
ENDED = ("finished", "aborted")


def ended(game: Game) -> bool:
    return game.status in ENDED


def export(db: Session, game: Game, user: User | None, base_url: str = "") -> dict[str, Any]:
    """The record `user` may have of `game` now (the caller has checked that they may see the game)."""
    seat = game.seat_of(user.id) if user else None
    is_admin = bool(user and user.is_admin)
    if not ended(game) and seat is None and not is_admin:
        raise ApiError(403, "not_a_player", "The record is published when the game ends; during play only its "
                                            "players may download their own side's record.")
    whole = ended(game) or (is_admin and seat is None) or game.is_analysis
    meta = lobby.describe(db, game, user, base_url)
    actions = db.scalars(select(GameAction).where(GameAction.game_id == game.id).order_by(GameAction.seq))
    log = db.scalars(select(GameLogEntry).where(GameLogEntry.game_id == game.id).order_by(GameLogEntry.id))
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": "stalins_war",
        "id": game.id,
        "server": base_url or None,
        "scenario": game.scenario,
        "options": game.options,
        "players": {side: (p.model_dump() if p else None) for side, p in meta.players.items()},
        "status": game.status,
        "result": meta.result.model_dump() if meta.result else None,
        "rated": meta.rated,
        "analysis": game.is_analysis,
        "created_at": _iso(game.created_at),
        "started_at": _iso(game.started_at),
        "finished_at": _iso(game.finished_at),
        "seed_commitment": game.seed_commitment,
        # Undo rows are bookkeeping; the actions they took back stay in the record, marked undone.
        "actions": [_action_out(a) for a in actions if a.undoes is None and (whole or a.side == seat)],
        "log": [{"seq": e.seq, "to": e.to_side, "text": e.text, "entry": e.entry}
                for e in log if whole or e.to_side in (None, seat)],
        "exported_at": _iso(datetime.now(UTC)),
    }
    if not whole:
        record["partial"] = {"side": seat, "why": "the game is in progress: your side's record only"}
    if ended(game) and game.seed_reveal:
        record["seed_reveal"] = game.seed_reveal
        record["seed"] = verify.seed_of(game.seed_reveal)
    return record


def _action_out(row: GameAction) -> dict[str, Any]:
    out = {"seq": row.seq, "side": row.side, "action": row.action}
    if row.undone_by is not None:
        out["undone"] = True
    return out


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


# --- import ------------------------------------------------------------------------------------------


def _seed_from(record: dict[str, Any]) -> tuple[int, str]:
    """The record's seed and its reveal string (checked against the commitment when there is one)."""
    reveal, committed = record.get("seed_reveal"), record.get("seed_commitment")
    if isinstance(reveal, str):
        if isinstance(committed, str) and verify.commitment(reveal) != committed.lower():
            raise ApiError(422, "bad_record", "seed_reveal does not match seed_commitment: the record was altered.")
        try:
            seed = verify.seed_of(reveal)
        except ValueError as exc:
            raise ApiError(422, "bad_record", f"seed_reveal: {exc}") from None
        if "seed" in record and record["seed"] != seed:
            raise ApiError(422, "bad_record", "The record's seed is not the one in seed_reveal.")
        return seed, reveal
    seed = record.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise ApiError(422, "bad_record", "The record has no seed: only a finished game's full record can be "
                                          "imported (a record downloaded during play has none).")
    return seed, verify.new_reveal(seed)


def import_record(db: Session, rules: Rules, user: User, record: Any) -> tuple[Game, Snapshot]:
    """A new private, unrated analysis game at the record's final position; `user` holds both seats."""
    if not isinstance(record, dict) or record.get("format", FORMAT) != FORMAT:
        raise ApiError(422, "bad_record", f"A record is a JSON object (format {FORMAT!r}).")
    check_json(record, "The record", max_depth=64)
    scenario, options = record.get("scenario"), record.get("options") or {}
    if scenario not in SCENARIOS or not isinstance(options, dict):
        raise ApiError(422, "bad_record", f"scenario must be one of {', '.join(SCENARIOS)}; options an object.")
    raw_actions = record.get("actions")
    if not isinstance(raw_actions, list):
        raise ApiError(422, "bad_record", "The record has no `actions` list.")
    if isinstance(record.get("partial"), dict):
        raise ApiError(422, "bad_record", "This is one side's record of a game in progress; import the full record "
                                          "once the game has ended.")
    seed, reveal = _seed_from(record)
    try:
        engine_game = rules.new_game(scenario, seed, options)
    except Exception as exc:  # noqa: BLE001 - the engine's complaint is the answer
        raise ApiError(422, "bad_record", f"The engine refused the scenario and options: {exc}") from None
    steps: list[tuple[str, dict, list]] = []
    for n, item in enumerate(a for a in raw_actions if not (isinstance(a, dict) and a.get("undone"))):
        if not isinstance(item, dict) or item.get("side") not in SIDES or not isinstance(item.get("action"), dict):
            raise ApiError(422, "bad_record", f"Action {n + 1} is not {{seq, side, action}}.")
        try:
            entries = engine_game.apply(item["side"], item["action"])
        except Exception as exc:  # noqa: BLE001
            raise ApiError(422, "bad_record", f"Action {n + 1} (seq {item.get('seq')}) is not legal when replayed "
                                              f"from the seed: {exc}") from None
        steps.append((item["side"], item["action"], entries or []))
    source = {key: record.get(key) for key in ("id", "server", "players", "result", "seed_commitment", "finished_at")}
    game = Game(
        scenario=scenario, options=options, status="active", is_private=True, invite_token=secrets.token_urlsafe(24),
        created_by_id=user.id, axis_user_id=user.id, soviet_user_id=user.id, is_analysis=True, rated=False,
        imported_from=json.loads(json.dumps(source)), seed=seed, seed_salt=reveal.rsplit(":", 1)[1],
        seed_commitment=verify.commitment(reveal), seed_reveal=reveal,
    )
    db.add(game)
    db.flush()
    for seq, (side, action, entries) in enumerate(steps, start=1):
        db.add(GameAction(game_id=game.id, seq=seq, side=side, action=action, user_id=user.id))
        db.add_all(GameLogEntry(**_log_row(game.id, seq, e)) for e in entries)
    game.seq = len(steps)
    game.state = engine_game.to_json()
    game.started_at = game.updated_at = lobby.now()
    snap = Snapshot(game.id, game.seq, engine_game)
    game.summary = lobby.summarize(snap.view(None))
    db.add(GameLogEntry(game_id=game.id, seq=game.seq, to_side=None,
                        text=f"Imported for analysis from {_source_label(source)}: {len(steps)} actions replayed.",
                        entry={"text": "imported", "to": None, "server": True}))
    result = engine_game.result()
    if result:
        lobby.finish(db, game, winner=result.get("winner"), reason=str(result.get("reason", "")))
    else:
        game.active_sides = [s for s in engine_game.active_sides() if s in SIDES]
    return game, snap


def _source_label(source: dict[str, Any]) -> str:
    players = source.get("players") or {}
    names = [f"{(players.get(s) or {}).get('username', '?')} ({s})" for s in SIDES] if players else []
    where = f"game {source['id']}" if source.get("id") is not None else "a record"
    return f"{where}{' — ' + ' vs '.join(names) if names else ''}"
