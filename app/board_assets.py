"""The static board and the data the browser draws the game from, served under content hashes.

Both depend only on the engine's map version, so they are built once per process and
served with a year-long immutable cache: a new map version gives new URLs. The game page
names them (`board_asset_urls`); pieces and markers come from each view.
"""
from __future__ import annotations

import hashlib
import json
import threading
from dataclasses import dataclass

from app.rules import Rules


@dataclass(frozen=True)
class BoardAssets:
    svg: bytes
    data: bytes
    svg_digest: str
    data_digest: str

    @property
    def urls(self) -> dict[str, str]:
        return {"svg": f"/assets/board-{self.svg_digest}.svg", "data": f"/assets/board-{self.data_digest}.json"}


_lock = threading.Lock()
_built: dict[int, BoardAssets | None] = {}


def _digest(blob: bytes) -> str:
    return hashlib.sha256(blob).hexdigest()[:16]


def get(rules: Rules) -> BoardAssets | None:
    """The assets of this engine (None if it has none to offer), built on first use."""
    key = id(rules)
    if key not in _built:
        with _lock:
            if key not in _built:
                raw = rules.board_assets()
                if raw is None:
                    _built[key] = None
                else:
                    svg = raw["svg"].encode()
                    data = json.dumps(raw["data"], separators=(",", ":")).encode()
                    _built[key] = BoardAssets(svg, data, _digest(svg), _digest(data))
    return _built[key]


def board_asset_urls(request) -> dict[str, str] | None:
    """For templates: the current URLs of the board SVG and data, or None."""
    assets = get(request.app.state.ctx.rules)
    return assets.urls if assets else None
