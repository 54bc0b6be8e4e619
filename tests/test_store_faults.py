"""An SQLite database that can't be used: refused at start-up with one line
and promptly; one that fails while the bot runs: answered clearly, nothing
changed, and recovered from by itself when the fault is lifted. Names that
break text layout never stop a board."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import AsyncIterator

import pytest

from bot.service import DAMAGED, UNAVAILABLE, GameService, ServiceError, Unavailable
from bot.store import StoreOpenError
from bot.store.sqlite import MIGRATIONS, SQLiteStore
from games.core import CHANCE
from games.playout import random_action

ROOT = Path(__file__).resolve().parent.parent


def no_render(state: object, viewer: object) -> bytes:
    return b"png"


def _bad_files(tmp_path: Path) -> dict[str, Path]:
    garbage = tmp_path / "notadb.sqlite3"
    garbage.write_bytes(b"this is not a database at all\n" * 100)
    header = tmp_path / "garbled.sqlite3"
    sqlite3.connect(header).executescript("CREATE TABLE t (x); INSERT INTO t VALUES (1);").close()
    data = bytearray(header.read_bytes())
    data[0:16] = b"SQLite format 4\x00"
    header.write_bytes(bytes(data))
    truncated = tmp_path / "truncated.sqlite3"
    con = sqlite3.connect(truncated)
    con.executescript("CREATE TABLE t (x); " + "INSERT INTO t VALUES (randomblob(3000));" * 50)
    con.close()
    truncated.write_bytes(truncated.read_bytes()[:5000])
    newer = tmp_path / "newer.sqlite3"
    sqlite3.connect(newer).execute("PRAGMA user_version = 99").connection.close()
    return {"garbage": garbage, "garbled header": header, "truncated": truncated, "newer": newer}


@pytest.mark.parametrize("kind", ["garbage", "garbled header", "truncated", "newer"])
async def test_a_bad_database_is_refused_at_open_with_one_line(tmp_path: Path, kind: str) -> None:
    path = _bad_files(tmp_path)[kind]
    before = path.read_bytes()
    with pytest.raises(StoreOpenError) as err:
        await SQLiteStore.open(str(path))
    assert str(path) in str(err.value) and "\n" not in str(err.value)
    assert path.read_bytes() == before  # nothing written to it


async def test_a_database_from_a_newer_railyard_names_both_versions(tmp_path: Path) -> None:
    path = _bad_files(tmp_path)["newer"]
    with pytest.raises(StoreOpenError, match=f"schema version 99, newer than this Railyard's {len(MIGRATIONS)}"):
        await SQLiteStore.open(str(path))


@pytest.mark.parametrize("kind", ["garbage", "garbled header", "truncated", "newer", "a folder", "locked"])
def test_the_console_exits_promptly_with_one_line_on_a_bad_database(tmp_path: Path, kind: str) -> None:
    files = _bad_files(tmp_path)
    holder = None
    if kind == "a folder":
        path = tmp_path / "folder.sqlite3"
        path.mkdir()
    elif kind == "locked":
        path = tmp_path / "locked.sqlite3"
        holder = sqlite3.connect(path, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")
    else:
        path = files[kind]
    try:
        start = time.monotonic()
        done = subprocess.run(
            [sys.executable, "-m", "bot.cli", "play", "days-of-steam",
             "--players", "a,b", "--auto", "--db", str(path)],
            cwd=ROOT, capture_output=True, text=True, timeout=60,
        )
        elapsed = time.monotonic() - start
    finally:
        if holder is not None:
            holder.close()
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert elapsed < 30


async def test_a_locked_database_is_answered_clearly_and_recovered_from(tmp_path: Path,
                                                                        caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "db.sqlite3"
    store = await SQLiteStore.open(str(path), busy_timeout_ms=200)
    try:
        service = GameService(store, no_render)
        row = await service.lobby.new_game("race", 1, "ann")
        await service.lobby.join(row.id, 2, "bob")
        await service.lobby.start(row.id, 1)
        board = await service.context.table(row.id)
        user = board.seats[next(s for s in board.game.to_act(board.state) if s != CHANCE)].user_id
        holder = sqlite3.connect(path, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")
        try:
            with pytest.raises(Unavailable) as err:
                await service.turns.act(row.id, user, "step 1")
            assert str(err.value) == UNAVAILABLE
            with pytest.raises(ServiceError, match="can't save moves right now"):
                await service.lobby.new_game("race", 3, "cid")
        finally:
            holder.close()
        assert any("database unavailable" in r.getMessage() for r in caplog.records if r.levelname == "ERROR")
        assert (await service.context.get(row.id)).version == board.row.version
        await service.turns.act(row.id, user, "step 1")  # the fault is lifted: it works again
        assert (await service.context.get(row.id)).version == board.row.version + 1
        assert await service.log.rebuild(row.id) == (await service.context.get(row.id)).state
    finally:
        await store.close()


async def _race(service: GameService) -> tuple[int, int]:
    """A started race between ann and bob; its id and the due member."""
    row = await service.lobby.new_game("race", 1, "ann")
    await service.lobby.join(row.id, 2, "bob")
    await service.lobby.start(row.id, 1)
    board = await service.context.table(row.id)
    return row.id, board.seats[next(s for s in board.game.to_act(board.state) if s != CHANCE)].user_id


def _garble_table(path: Path, table: str) -> None:
    """Overwrite the root page of ``table`` (its only page, in a small
    database) with garbage, as a failing disk would; the rest of the file,
    its header and schema included, stays sound."""
    db = sqlite3.connect(path)
    try:
        page_size = db.execute("PRAGMA page_size").fetchone()[0]
        root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        db.close()
    with open(path, "r+b") as file:
        file.seek((root - 1) * page_size)
        file.write(b"\xa5" * page_size)


async def test_a_page_found_garbled_while_running_is_answered_as_damage_with_what_to_do(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """SQLite's "database disk image is malformed" met by a move is no
    passing fault: the player is told the database is damaged and what
    the operator does (``railyard check``, a backup), and the operator's
    log line names the file."""
    path = tmp_path / "db.sqlite3"
    store = await SQLiteStore.open(str(path))
    game_id, user = await _race(GameService(store, no_render))
    await store.close()
    _garble_table(path, "games")
    store = await SQLiteStore.open(str(path))  # opening reads the header and the schema: it still opens
    try:
        service = GameService(store, no_render)
        for attempt in (lambda: service.turns.act(game_id, user, "step 1"),
                        lambda: service.lobby.new_game("race", 3, "cid")):
            with pytest.raises(Unavailable) as told:
                await attempt()
            assert str(told.value) == DAMAGED
        assert "damaged" in DAMAGED and "`railyard check`" in DAMAGED and "backup" in DAMAGED
        logged = [r.getMessage() for r in caplog.records if r.levelname == "ERROR"]
        assert logged and all("damaged" in m and str(path) in m and "malformed" in m for m in logged)
    finally:
        await store.close()


@pytest.fixture
async def sqlite_store(tmp_path: Path) -> AsyncIterator[SQLiteStore]:
    store = await SQLiteStore.open(str(tmp_path / "db.sqlite3"))
    yield store
    await store.close()


async def test_a_database_that_turned_read_only_is_answered_clearly_and_recovered_from(
        sqlite_store: SQLiteStore) -> None:
    service = GameService(sqlite_store, no_render)
    row = await service.lobby.new_game("race", 1, "ann")
    await sqlite_store.db.execute("PRAGMA query_only = ON")  # as if the disk were remounted read-only
    with pytest.raises(Unavailable):
        await service.lobby.join(row.id, 2, "bob")
    await sqlite_store.db.execute("PRAGMA query_only = OFF")
    assert await service.lobby.join(row.id, 2, "bob") == "bob joined."


async def test_a_backup_is_a_consistent_copy_taken_while_games_run(sqlite_store: SQLiteStore, tmp_path: Path) -> None:
    service = GameService(sqlite_store, no_render)
    row = await service.lobby.new_game("race", 1, "ann")
    await service.lobby.join(row.id, 2, "bob")
    await service.lobby.start(row.id, 1)
    target = tmp_path / "backup.sqlite3"
    await asyncio.gather(sqlite_store.backup(str(target)), service.lobby.new_game("race", 3, "cid"))
    copy = await SQLiteStore.open(str(target))
    try:
        assert (await copy.get_game(row.id)) == (await sqlite_store.get_game(row.id))
        assert await copy.log(row.id) == await sqlite_store.log(row.id)
    finally:
        await copy.close()
    with pytest.raises(Exception, match="already exists"):
        await sqlite_store.backup(str(target))


async def test_finished_games_are_archived_and_their_log_stays_readable(store: object) -> None:
    from bot.store import Store

    assert isinstance(store, Store)
    service = GameService(store, no_render)
    row = await service.lobby.new_game("race", 1, "ann", {"goal": "10"})
    await service.lobby.join(row.id, 2, "bob")
    await service.lobby.start(row.id, 1)
    post = None
    while post is None or not post.finished:
        b = await service.context.table(row.id)
        seat = next(s for s in b.game.to_act(b.state) if s != CHANCE)
        post = await service.turns.act(row.id, b.seats[seat].user_id, "step 2")
    live = await store.log(row.id)
    active = await service.lobby.new_game("race", 5, "eve")
    assert await store.archive(older_than_days=30) == 0
    assert await store.archive(older_than_days=30, now=time.time() + 31 * 86400) == 1
    assert await store.log(row.id) == live
    assert await store.log(row.id, last=2) == live[-2:]
    assert await service.log.rebuild(row.id) == (await service.context.get(row.id)).state
    assert (await service.context.get(active.id)).status == "lobby"
    assert await store.archive(older_than_days=30, now=time.time() + 31 * 86400) == 0


@pytest.mark.parametrize(("slug", "moves"), [("age-of-steam", 400), ("days-of-steam", 40)])
async def test_names_with_separators_and_control_characters_play_to_the_end(
        store: object, slug: str, moves: int) -> None:
    from bot.store import Store

    assert isinstance(store, Store)
    service = GameService(store)  # the real boards
    names = ["ann\u2029para", "bob\nline", "cid\x1c\x1e\u0085\r"]
    row = await service.lobby.new_game(slug, 1, names[0], seed=3)
    for user, name in enumerate(names[1:], start=2):
        await service.lobby.join(row.id, user, name)
    post = await service.lobby.start(row.id, 1)
    rng = random.Random(3)
    for _ in range(moves):
        if post.finished:
            break
        assert post.png is not None and post.png[:4] == b"\x89PNG"
        b = await service.context.table(row.id)
        seat = rng.choice([s for s in b.game.to_act(b.state) if s != CHANCE])
        post = await service.turns.act(row.id, b.seats[seat].user_id, random_action(b.game, b.state, seat, rng))
    assert post.png is not None and (post.finished or slug != "age-of-steam")
    assert [s.name for s in await store.seats(row.id)] == names  # stored as given
