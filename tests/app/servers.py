"""Real server processes for the tests that need them (two-process fan-out, the browser)."""
from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def running_server(database_url: str, data_dir: Path, *, secret_key: str, engine_module: str | None = None,
                   extra_env: dict[str, str] | None = None, processes: list | None = None) -> Iterator[str]:
    """`python -m app serve` on a free port; yields its base URL and stops it afterwards.

    `processes`, if given, receives the server's Popen (the benchmarks read its CPU time and memory)."""
    port = free_port()
    env = {**os.environ, "DATABASE_URL": database_url, "SW_SECRET_KEY": secret_key, "SW_DATA_DIR": str(data_dir),
           "SW_HOST": "127.0.0.1", "SW_PORT": str(port), **(extra_env or {})}
    if engine_module:
        env["SW_ENGINE_MODULE"] = engine_module
    log = data_dir / f"server-{port}.log"
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "app", "serve"], cwd=ROOT, env=env, stdout=out,
                                stderr=subprocess.STDOUT)
    if processes is not None:
        processes.append(proc)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"server exited with {proc.returncode}:\n{log.read_text()}")
            try:
                if httpx.get(f"{url}/healthz", timeout=1).json().get("listening"):
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"server did not start:\n{log.read_text()}")
            time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
