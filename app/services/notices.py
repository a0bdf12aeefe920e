"""Who to tell that it is now their move (correspondence play)."""
from __future__ import annotations

from sqlalchemy.orm import Session

from app.models import Game, User


def send_your_move(mailer, db: Session, game: Game, before: list[str], actor_id: int, base_url: str) -> None:
    if mailer.enabled:
        for to, subject, body in your_move_notices(db, game, before, actor_id, base_url):
            mailer.send(to, subject, body)


def your_move_notices(db: Session, game: Game, before: list[str], actor_id: int, base_url: str) -> list[tuple[str, str, str]]:
    """(email, subject, body) for each player who must act now but did not have to before."""
    notices = []
    for side in game.active_sides:
        if side in before:
            continue
        user_id = game.player_id(side)
        if user_id is None or user_id == actor_id:
            continue
        user = db.get(User, user_id)
        if user is None or not user.email or not user.email_on_turn or user.is_banned:
            continue
        link = f"{base_url}/games/{game.id}" if base_url else f"/games/{game.id}"
        notices.append((user.email, f"Stalin's War: your move in game {game.id}",
                        f"Hello {user.username},\n\nIt is your move ({side}) in game {game.id}.\n\n{link}\n\n"
                        "(You get these because you asked for them on your account page.)\n"))
    return notices
