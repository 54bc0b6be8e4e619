"""Start-up: quick whatever the database's size, and still refusing at once,
with one line, a file that can't serve: another program's, one missing
Railyard's tables, one on a read-only disk (even with its ``-wal`` and
``-shm`` files there). The full page check, which reads the whole file,
runs in the background once the bot is up and as ``railyard check``."""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

import bot.app
import bot.store
from bot.app import RailyardBot
from bot.cli import main
from bot.store import Store, StoreOpenError, open_store
from bot.store.sqlite import SQLiteStore

ROOT = Path(__file__).resolve().parent.parent


async def _railyard_file(path: Path) -> None:
    store = await SQLiteStore.open(str(path))
    await store.close()


async def _damaged_in_the_middle(path: Path) -> None:
    """A Railyard database whose header and schema are sound but one page
    in the middle of its action log is overwritten."""
    await _railyard_file(path)
    db = sqlite3.connect(path)
    db.execute("INSERT INTO games (id, slug, status, creator_id, created_at, updated_at)"
               " VALUES (1, 'race', 'active', 1, 0, 0)")
    db.executemany("INSERT INTO actions (game_id, seq, seat, action, at) VALUES (1, ?, 0, ?, 0)",
                   [(i, "x" * 200) for i in range(1, 2000)])
    db.commit()
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    data = bytearray(path.read_bytes())
    middle = len(data) // 4096 // 2
    data[middle * 4096:(middle + 1) * 4096] = b"\xff" * 4096
    path.write_bytes(bytes(data))


async def test_a_foreign_sqlite_file_is_refused_at_open_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "photos.sqlite3"
    sqlite3.connect(path).executescript("CREATE TABLE albums (id, title); INSERT INTO albums VALUES (1, 'x');").close()
    before = path.read_bytes()
    with pytest.raises(StoreOpenError) as err:
        await SQLiteStore.open(str(path))
    assert "not a Railyard database" in str(err.value) and "albums" in str(err.value)
    assert "\n" not in str(err.value)
    assert path.read_bytes() == before


async def test_a_railyard_file_missing_a_table_of_its_version_is_refused_at_open(tmp_path: Path) -> None:
    path = tmp_path / "railyard.sqlite3"
    await _railyard_file(path)
    db = sqlite3.connect(path)
    db.execute("DROP TABLE timers")
    db.close()
    with pytest.raises(StoreOpenError) as err:
        await SQLiteStore.open(str(path))
    assert "no table timers" in str(err.value) and str(path) in str(err.value)


async def test_the_full_page_check_is_left_to_the_background_and_logged(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "railyard.sqlite3"
    await _damaged_in_the_middle(path)
    bot = RailyardBot(str(path), sync_commands=False, scheduler_seconds=0)
    with caplog.at_level(logging.INFO, logger="railyard.bot"):
        await bot.setup_hook()  # ready without reading the whole file
        try:
            assert bot.database_check is not None
            await bot.database_check
        finally:
            assert bot.store is not None
            await bot.store.close()
    damaged = [r for r in caplog.records if r.levelno == logging.ERROR and "damaged" in r.getMessage()]
    assert damaged and str(path) in damaged[0].getMessage()


async def test_a_sound_database_is_logged_as_checked_in_the_background(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "railyard.sqlite3"
    bot = RailyardBot(str(path), sync_commands=False, scheduler_seconds=0)
    with caplog.at_level(logging.INFO, logger="railyard.bot"):
        await bot.setup_hook()
        assert bot.database_check is not None
        await bot.database_check
        assert bot.store is not None
        await bot.store.close()
    assert any("found nothing wrong" in r.getMessage() for r in caplog.records)
    assert not any(r.levelno >= logging.ERROR for r in caplog.records)


def test_railyard_check_runs_the_full_check_and_says_so_in_one_line(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    sound = tmp_path / "sound.sqlite3"
    asyncio.run(_railyard_file(sound))
    monkeypatch.setenv("DATABASE_PATH", str(sound))
    assert main(["check"]) == 0
    assert "sound" in capsys.readouterr().out
    damaged = tmp_path / "damaged.sqlite3"
    asyncio.run(_damaged_in_the_middle(damaged))
    monkeypatch.setenv("DATABASE_PATH", str(damaged))
    assert main(["check"]) == 2
    err = capsys.readouterr().err.strip()
    assert "damaged.sqlite3" in err and "damaged (quick_check" in err and len(err.splitlines()) == 1


def test_the_bot_opens_its_database_once(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, store_target: str) -> None:
    """``railyard bot`` checks the database before logging in and runs on
    that same store (it used to open, close and open it again)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("DATABASE_URL", store_target if store_target.startswith("postgresql://") else "")
    monkeypatch.setenv("DATABASE_PATH", store_target)
    monkeypatch.setenv("SCHEDULER_SECONDS", "0")
    opened: list[str] = []

    async def counting_open(target: str) -> Store:
        opened.append(target)
        return await open_store(target)

    async def offline_login(self: RailyardBot, token: str) -> None:
        self.sync_commands = False  # nothing reaches Discord
        await self.setup_hook()

    async def no_gateway(self: RailyardBot, *, reconnect: bool = True) -> None:
        return None

    monkeypatch.setattr(bot.store, "open_store", counting_open)
    monkeypatch.setattr(bot.app, "open_store", counting_open)
    monkeypatch.setattr(RailyardBot, "login", offline_login)
    monkeypatch.setattr(RailyardBot, "connect", no_gateway)
    assert main(["bot"]) == 0
    assert opened == [store_target]


@pytest.fixture
def read_only_folder(tmp_path: Path) -> Iterator[Path]:
    """A folder made read-only by the test and writable again afterwards."""
    folder = tmp_path / "read-only"
    folder.mkdir()
    try:
        yield folder
    finally:
        folder.chmod(0o755)
        for file in folder.iterdir():
            file.chmod(0o644)


BOUND_BY_FILE_MODES = (
    "import ctypes, sys, os\n"
    "libc = ctypes.CDLL(None, use_errno=True)\n"
    "for cap in (1, 2, 3):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER\n"
    "    if libc.prctl(24, cap, 0, 0, 0):  # PR_CAPBSET_DROP: gone from root's next program\n"
    "        sys.exit(f'can not drop capability {cap}: {os.strerror(ctypes.get_errno())}')\n"
    "os.execv(sys.executable, [sys.executable, *sys.argv[1:]])\n"
)
"""Runs ``python ARGS`` as root still, but bound by file modes like any
user: root writes a read-only file only through the capabilities that
override file modes (``CAP_DAC_OVERRIDE``, ``CAP_DAC_READ_SEARCH``,
``CAP_FOWNER``), so they are dropped from the bounding set and the program
exec'd afresh, which leaves them out of its capabilities. The user stays
root, who owns the checkout and the files: nothing depends on where the
checkout lies (an account such as ``nobody`` can't enter a checkout under
/root or a mode-700 folder)."""


def _python_bound_by_file_modes() -> list[str]:
    """The command that runs Python bound by file modes: a plain user's
    Python as it is, root's through :data:`BOUND_BY_FILE_MODES`."""
    if os.geteuid() != 0:
        return [sys.executable]
    return [sys.executable, "-c", BOUND_BY_FILE_MODES]


def test_root_bound_by_file_modes_can_not_write_a_read_only_file(read_only_folder: Path) -> None:
    """The premise of the next test, as root too: a file mode 0444 in a
    folder mode 0555 can't be written, nor a file added."""
    file = read_only_folder / "x"
    file.write_text("before")
    file.chmod(0o444)
    read_only_folder.chmod(0o555)
    probe = ("import sys\n"
             "for path, mode in ((sys.argv[1], 'a'), (sys.argv[1] + '-new', 'w')):\n"
             "    try:\n"
             "        open(path, mode).close()\n"
             "        sys.exit('written: ' + path)\n"
             "    except PermissionError:\n"
             "        pass\n")
    done = subprocess.run([*_python_bound_by_file_modes(), "-c", probe, str(file)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert file.read_text() == "before"


def test_a_read_only_database_with_its_wal_and_shm_is_refused_at_start_with_one_line(
        read_only_folder: Path) -> None:
    """The files and their folder read-only, as on a file system remounted
    read-only after a crash left ``-wal`` and ``-shm`` behind: SQLite still
    opens the file and even begins a write transaction, so only a real
    write shows it. Refused before logging in, exit status 2. As root, the
    bot runs bound by file modes (:data:`BOUND_BY_FILE_MODES`), as root
    still, so the checkout may lie anywhere."""
    path = read_only_folder / "railyard.sqlite3"
    keeper = subprocess.run(  # a process that dies with the database open leaves -wal and -shm
        [sys.executable, "-c", "import asyncio, os, sys\n"
         "from bot.store.sqlite import SQLiteStore\n"
         "async def main():\n"
         "    store = await SQLiteStore.open(sys.argv[1])\n"
         "    await store.db.execute('CREATE TABLE IF NOT EXISTS x (y)')\n"
         "    os._exit(0)\n"
         "asyncio.run(main())\n", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert keeper.returncode == 0, keeper.stderr
    assert {p.name for p in read_only_folder.iterdir()} == {"railyard.sqlite3", "railyard.sqlite3-wal",
                                                          "railyard.sqlite3-shm"}
    for file in read_only_folder.iterdir():
        file.chmod(0o444)
    read_only_folder.chmod(0o555)
    env = {**os.environ, "DISCORD_TOKEN": "not-a-real-token", "DATABASE_PATH": str(path), "PYTHONPATH": str(ROOT)}
    env.pop("DATABASE_URL", None)
    result = subprocess.run([*_python_bound_by_file_modes(), "-c",
                             "import sys; from bot.cli import main; sys.exit(main(['bot']))"],
                            cwd=read_only_folder, env=env, capture_output=True, text=True, timeout=60)
    err = result.stderr.strip()
    assert result.returncode == 2, err
    assert len(err.splitlines()) == 1 and str(path) in err and "write" in err and "Traceback" not in err
