"""Console commands behind `manage.py` (run inside the project's virtual environment)."""
from __future__ import annotations

import argparse
import subprocess
import sys


def _test(args: list[str]) -> int:
    return subprocess.call([sys.executable, "-m", "pytest", *args])


def _bench(args: list[str]) -> int:
    if not args:
        print("usage: manage.py bench NAME [ARGS]  (see bench/)")
        return 2
    return subprocess.call([sys.executable, f"bench/{args[0]}.py", *args[1:]])


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="manage.py")
    parser.add_argument("command", choices=["test", "bench", "serve", "migrate", "create-admin", "verify-game"])
    ns, rest = parser.parse_known_args(argv)
    if ns.command == "test":
        return _test(rest)
    if ns.command == "bench":
        return _bench(rest)
    if ns.command == "verify-game":
        from app.verify_cli import main as verify_game  # needs the engine only, not the web stack

        return verify_game(rest)
    from app import server_cli  # the web stack is imported only when needed

    return server_cli.run(ns.command, rest)
