"""What happens around every action besides the rules: the clocks, "your move" notices, the end.

`play.submit_action` calls these inside the action's transaction, so a notice or a clock
change is stored with the move that caused it, or not at all.
"""
from __future__ import annotations

from sqlalchemy.orm import Session

from app.models import Game
from app.services import notices, timing


def before_action(game: Game, seat: str) -> None:
    """Refuse a live side whose flag has fallen (its opponent decides: claim or give more time)."""
    timing.check_may_act(game, seat)


def after_action(db: Session, game: Game, before: list[str], actor_id: int) -> None:
    """After the engine applied an action and `game.active_sides` says who must act next."""
    timing.on_action(game, before)
    notices.your_move(db, game, before, actor_id)


def after_result(db: Session, game: Game) -> None:
    """The rules ended the game."""
    winner = game.winner.capitalize() if game.winner else "Nobody"
    notices.game_over(db, game, f"Game {game.id} is over: {winner} wins ({game.result_reason}).")
