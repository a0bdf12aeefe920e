"""The board's static files: served under content hashes with a long cache, named by the game page."""
from __future__ import annotations

import re

from tests.app.support import make_user, start_game


def asset_urls(client, game_id: int) -> tuple[str, str]:
    page = client.get(f"/games/{game_id}").text
    svg = re.search(r'data-map-svg="(/assets/board-[0-9a-f]{16}\.svg)"', page)
    data = re.search(r'data-map-data="(/assets/board-[0-9a-f]{16}\.json)"', page)
    assert svg and data, "the game page names the board's assets"
    return svg.group(1), data.group(1)


def test_the_static_board_and_its_data_are_cached_for_good(client, ctx):
    game = start_game(client, make_user(ctx, "alice"), make_user(ctx, "bob"))
    svg_url, data_url = asset_urls(client, game["id"])
    svg = client.get(svg_url)
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    assert "immutable" in svg.headers["cache-control"] and "max-age=31536000" in svg.headers["cache-control"]
    assert svg.text.count('data-hex="') > 700 and 'data-unit="' not in svg.text  # the map only, no pieces
    data = client.get(data_url)
    assert data.status_code == 200 and "immutable" in data.headers["cache-control"]
    body = data.json()
    assert body["hexes"]["1821"]["name"] and body["units"]["GE-4A"]["steps"]
    assert body["owner_1941"]["1821"] == "soviet" and len(body["fire_tables"]["lcu"]["results"]) == 6


def test_another_version_of_the_assets_is_not_found(client):
    for url in ("/assets/board-0123456789abcdef.svg", "/assets/board-0123456789abcdef.json"):
        response = client.get(url)
        assert response.status_code == 404
