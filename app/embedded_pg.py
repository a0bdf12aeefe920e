"""The embedded PostgreSQL (the `pgserver` package) used when no DATABASE_URL is configured."""
from __future__ import annotations

import json
import logging
import os
from pathlib import Path

log = logging.getLogger(__name__)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _forget_dead_handles(pgdata: Path) -> None:
    """pgserver stops the server when its last *registered* process exits; a process that was
    killed never unregisters, and the server would then run forever. Drop such pids."""
    path = pgdata / ".handle_pids.json"
    try:
        pids = json.loads(path.read_text())
    except (OSError, ValueError):
        return
    alive = [p for p in pids if isinstance(p, int) and _alive(p)]
    if alive != pids:
        path.write_text(json.dumps(alive))


def start(data_dir: Path) -> str:
    """Start (or attach to) the server whose data lives in data_dir/pgdata and return its URL.

    The server stops when the last process that attached to it exits normally.
    """
    import pgserver  # imported lazily: deployments with DATABASE_URL never need it

    logging.getLogger("pgserver").setLevel(logging.WARNING)
    data_dir.mkdir(parents=True, exist_ok=True)
    _forget_dead_handles(data_dir / "pgdata")
    server = pgserver.get_server(data_dir / "pgdata", cleanup_mode="stop")
    url = server.get_uri()
    log.info("embedded PostgreSQL running at %s", url)
    return url
