#!/usr/bin/env python3
"""Stalin's War Online: one entry point for developers and operators.

    python3 manage.py serve        start the server (embedded PostgreSQL unless DATABASE_URL is set)
    python3 manage.py test [ARGS]  run the whole test suite (ARGS go to pytest)
    python3 manage.py bench NAME   run a benchmark from bench/
    python3 manage.py create-admin USERNAME
    python3 manage.py migrate      apply the Alembic migrations
    python3 manage.py verify-game RECORD.json   check a finished game's dice against its seed commitment

It needs nothing but a Python 3.11+ interpreter: on first use it creates `.venv`,
installs the project and its pinned dependencies there, and re-runs itself inside it.
This file uses the standard library only, because it runs before anything is installed.
"""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
VENV_PYTHON = VENV / "bin" / "python"
STAMP = VENV / ".installed-from"


def _in_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


def _run(cmd: list[str], **kw) -> None:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run(cmd, check=True, **kw)


def _bootstrap_pip() -> None:
    """Debian's python3 has no ensurepip: fetch pip's wheel from PyPI and install it with itself."""
    with urllib.request.urlopen("https://pypi.org/pypi/pip/json", timeout=60) as resp:
        meta = json.load(resp)
        base = resp.geturl()
    wheel = next(f for f in meta["urls"] if f["filename"].endswith(".whl"))
    url = urllib.parse.urljoin(base, wheel["url"])  # mirrors may answer with relative links
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / wheel["filename"]
        with urllib.request.urlopen(url, timeout=120) as resp:
            data = resp.read()
        if hashlib.sha256(data).hexdigest() != wheel["digests"]["sha256"]:
            sys.exit("pip wheel from PyPI failed its checksum")
        path.write_bytes(data)
        _run([str(VENV_PYTHON), f"{path}/pip", "install", "--no-index", str(path)])


def _ensure_venv() -> None:
    if not VENV_PYTHON.exists():
        try:
            _run([sys.executable, "-m", "venv", str(VENV)])
        except subprocess.CalledProcessError:
            _run([sys.executable, "-m", "venv", "--clear", "--without-pip", str(VENV)])
            _bootstrap_pip()
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if not STAMP.exists() or STAMP.read_text().strip() != wanted:
        _run([str(VENV_PYTHON), "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
        _run([str(VENV_PYTHON), "-m", "pip", "install", "--quiet", "--config-settings", "editable_mode=compat", "-e", f"{ROOT}[dev]"])
        STAMP.write_text(wanted)


def main() -> None:
    if not _in_venv():
        _ensure_venv()
        os.execv(str(VENV_PYTHON), [str(VENV_PYTHON), str(Path(__file__).resolve()), *sys.argv[1:]])
    os.chdir(ROOT)
    from app.cli import main as cli_main  # imported only once the dependencies exist

    sys.exit(cli_main(sys.argv[1:]))


if __name__ == "__main__":
    main()
