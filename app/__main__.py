"""`python -m app serve|migrate|create-admin` (what the Docker image runs)."""
import sys

from app.server_cli import run

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in ("serve", "migrate", "create-admin"):
        print("usage: python -m app serve|migrate|create-admin [ARGS]", file=sys.stderr)
        sys.exit(2)
    sys.exit(run(sys.argv[1], sys.argv[2:]))
