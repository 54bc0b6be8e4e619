#!/usr/bin/env python3
"""Railyard's two Quick-start commands, on a machine with only Python 3.11+.

    python3 dev.py bot     install what is needed into .venv, then run the bot
    python3 dev.py test    install what is needed (with test tools), then run the tests

    python3 dev.py bench   the turn-latency, start-up, store-load and scheduler benchmarks

Anything after the command is passed on (``python3 dev.py test -k store``,
``python3 dev.py play steam-rollers --players ann,bob --auto``).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")


def ensure_environment(with_tests: bool) -> None:
    """Create .venv and install the project (editable) when its packaging changed."""
    if sys.version_info < (3, 11):
        sys.exit(f"Railyard needs Python 3.11 or newer; this is {sys.version.split()[0]}.")
    if not PYTHON.exists():
        print("Creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    extra = "[test]" if with_tests else ""
    packaging = (ROOT / "pyproject.toml").read_bytes() + (ROOT / "setup.py").read_bytes()
    digest = hashlib.sha256(packaging + extra.encode()).hexdigest()
    stamp = VENV / f".installed{'-test' if with_tests else ''}"
    if stamp.exists() and stamp.read_text() == digest:
        return
    print(f"Installing Railyard{extra} into .venv ...", flush=True)
    subprocess.run(
        [str(PYTHON), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "-e", f".{extra}"],
        cwd=ROOT, check=True,
    )
    stamp.write_text(digest)


def parallel(rest: list[str]) -> list[str]:
    """The tests on every core (pytest-xdist), unless the command line says
    how many workers itself (``-n 0`` runs them in this one process)."""
    if any(a.startswith(("-n", "--numprocesses", "--dist")) for a in rest):
        return []
    return ["-n", "auto"]


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "bot"
    rest = argv[1:]
    if command == "test":
        ensure_environment(with_tests=True)
        steps = [
            [str(PYTHON), "-m", "mypy", "--strict", "games", "rendering", "bot", "bench"],
            [str(PYTHON), "-m", "pytest", *parallel(rest), *rest],
        ]
        for cmd in steps:
            code = subprocess.run(cmd, cwd=ROOT).returncode
            if code:
                return code
        return 0
    ensure_environment(with_tests=False)
    if command == "bench":
        scripts = [ROOT / "bench" / name for name in ("turn_latency.py", "startup.py", "store_load.py", "scheduler_tick.py")]
        return max(subprocess.run([str(PYTHON), str(s), *rest], cwd=ROOT).returncode for s in scripts)
    return subprocess.run([str(BIN / "railyard"), command, *rest], cwd=ROOT).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
