"""The embedded PostgreSQL (the `pgserver` package) used when no DATABASE_URL is configured."""
from __future__ import annotations

import logging
from pathlib import Path

log = logging.getLogger(__name__)


def start(data_dir: Path) -> str:
    """Start (or attach to) the server whose data lives in data_dir/pgdata and return its URL.

    The server stops when the last process that attached to it exits.
    """
    import pgserver  # imported lazily: deployments with DATABASE_URL never need it

    data_dir.mkdir(parents=True, exist_ok=True)
    server = pgserver.get_server(data_dir / "pgdata", cleanup_mode="stop")
    url = server.get_uri()
    log.info("embedded PostgreSQL running at %s", url)
    return url
