"""A throwaway PostgreSQL cluster the fault tests may stop and start at will (never the shared one).

It uses the PostgreSQL binaries that ship with the `pgserver` package, listens on 127.0.0.1
on a port of its own, and is deleted afterwards. As root, the server runs as pgserver's
system user (PostgreSQL refuses to run as root).
"""
from __future__ import annotations

import os
import shutil
import stat
import tempfile
from pathlib import Path

from tests.app.servers import free_port


class Cluster:
    def __init__(self) -> None:
        from pgserver import _commands, utils  # the same binaries and helpers as the embedded server

        self._commands = _commands
        self.root = Path(tempfile.mkdtemp(prefix="sw-fault-pg-"))
        self.pgdata = self.root / "pgdata"
        self.logfile = self.root / "postgres.log"
        self.port = free_port()
        self.user: str | None = None
        self.pgdata.mkdir()
        if os.geteuid() == 0:
            self.user = "pgserver"
            utils.ensure_user_exists(self.user)
            utils.ensure_prefix_permissions(self.root)
            bin_path = _commands.POSTGRES_BIN_PATH
            readable = stat.S_IRGRP | stat.S_IROTH
            utils.ensure_prefix_permissions(bin_path)
            utils.ensure_folder_permissions(bin_path, stat.S_IXGRP | stat.S_IXOTH | readable)
            utils.ensure_folder_permissions(bin_path.parent / "lib", readable)
            import pwd

            entry = pwd.getpwnam(self.user)
            for path in (self.root, self.pgdata):
                os.chown(path, entry.pw_uid, entry.pw_gid)
        _commands.initdb(["--auth=trust", "--auth-local=trust", "--encoding=utf8", "-U", "postgres"],
                         pgdata=self.pgdata, user=self.user, timeout=120)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def migrated_database(self, name: str = "sw") -> str:
        """A new database on this (running) cluster with the app's schema; its URL."""
        import psycopg

        from app.migrate import upgrade

        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        upgrade(self.url(name))
        return self.url(name)

    def start(self) -> None:
        # -F: no fsync (a test cluster); the socket directory is the data directory.
        self._commands.pg_ctl(["-w", "-t", "60", "-o", f"-F -h 127.0.0.1 -p {self.port} -k {self.pgdata}",
                               "-l", str(self.logfile), "start"], pgdata=self.pgdata, user=self.user, timeout=90)

    def stop(self, mode: str = "fast") -> None:
        """fast: sessions are ended cleanly; immediate: as if the postmaster crashed."""
        self._commands.pg_ctl(["-w", "-t", "60", "-m", mode, "stop"], pgdata=self.pgdata, user=self.user,
                              timeout=90)

    def running(self) -> bool:
        return (self.pgdata / "postmaster.pid").exists()

    def destroy(self) -> None:
        if self.running():
            try:
                self.stop("immediate")
            except Exception:  # noqa: BLE001 - best effort: the directory goes either way
                pass
        shutil.rmtree(self.root, ignore_errors=True)
