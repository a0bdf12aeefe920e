"""HTML pages: the leaderboard (/players) and a player's page with ratings and their history."""
from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from app.deps import DB
from app.routes.api_ratings import find_player
from app.services import games as lobby
from app.services import ratings
from app.web import caller as page_caller
from app.web import render

router = APIRouter(include_in_schema=False)
POOLS = {"overall": "Overall", "axis": "As Axis", "soviet": "As Soviet"}


@router.get("/players", response_class=HTMLResponse)
def leaderboard(request: Request, db: DB, pool: str = "overall") -> HTMLResponse:
    pool = pool if pool in POOLS else "overall"
    return render(request, db, "players.html", pool=pool, pools=POOLS,
                  standings=ratings.leaderboard(db, pool, limit=200))


def chart(points: list[float], width: int = 640, height: int = 180, pad: int = 40) -> dict | None:
    """Polyline coordinates of a rating history, oldest first, with the axis labels."""
    if not points:
        return None
    lo, hi = min(points), max(points)
    lo, hi = (lo - 25, hi + 25) if hi - lo < 50 else (lo, hi)
    step = (width - 2 * pad) / max(1, len(points) - 1)

    def y(v: float) -> float:
        return round(height - pad - (v - lo) / (hi - lo) * (height - 2 * pad), 1)

    coords = [(round(pad + i * step, 1), y(v)) for i, v in enumerate(points)]
    return {"width": width, "height": height, "pad": pad, "points": " ".join(f"{x},{yy}" for x, yy in coords),
            "dots": coords, "lo": round(lo), "hi": round(hi), "y_lo": y(lo), "y_hi": y(hi)}


@router.get("/players/{username}", response_class=HTMLResponse)
def player(request: Request, db: DB, username: str) -> HTMLResponse:
    user = find_player(db, username)
    viewer = page_caller(request, db).user
    changes = ratings.history(db, user.id, viewer, limit=500)
    overall = [c.row for c in changes if c.row.pool == "overall"]
    points = ([overall[-1].rating_before] + [c.rating_after for c in reversed(overall)]) if overall else []
    rows = lobby.list_games(db, mine=user, limit=30)
    people = lobby.players(db, rows)
    visible = [g for g in rows if lobby.may_see(g, viewer)]
    return render(request, db, "player.html", player=user, pools=POOLS, rank=ratings.rank_of(db, user.id),
                  ratings={p: ratings.rating_out(r) for p, r in ratings.of_user(db, user.id).items()},
                  changes=changes, chart=chart(points),
                  games=[lobby.game_out(g, people, None) for g in visible])
