"""The board's static files under content-hashed URLs (cached for a year; see app/board_assets.py)."""
from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from app import board_assets
from app.errors import ApiError

router = APIRouter(include_in_schema=False)

IMMUTABLE = {"Cache-Control": "public, max-age=31536000, immutable"}


def _assets(request: Request) -> board_assets.BoardAssets:
    assets = board_assets.get(request.app.state.ctx.rules)
    if assets is None:
        raise ApiError(404, "not_found", "This engine offers no board assets.")
    return assets


@router.get("/assets/board-{digest}.svg")
def board_svg(request: Request, digest: str) -> Response:
    assets = _assets(request)
    if digest != assets.svg_digest:
        raise ApiError(404, "not_found", "No such version of the board; reload the page.")
    return Response(assets.svg, media_type="image/svg+xml", headers=IMMUTABLE)


@router.get("/assets/board-{digest}.json")
def board_data(request: Request, digest: str) -> Response:
    assets = _assets(request)
    if digest != assets.data_digest:
        raise ApiError(404, "not_found", "No such version of the board data; reload the page.")
    return Response(assets.data, media_type="application/json", headers=IMMUTABLE)
