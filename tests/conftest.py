"""Shared fixtures. The stand-in game "race" is registered before any bot
module is imported, so the platform tests can use a small, fast game."""

from __future__ import annotations

from games.registry import all_games
from rendering import register_renderer
from tests.support.race import RACE, render

all_games()[RACE.slug] = RACE
register_renderer(RACE.slug, render)


import pytest  # noqa: E402

from bot.app import RailyardBot  # noqa: E402


@pytest.fixture
def db_path(tmp_path):  # type: ignore[no-untyped-def]
    return str(tmp_path / "railyard.sqlite3")


@pytest.fixture
async def simcord_bot(db_path):  # type: ignore[no-untyped-def]
    bot = RailyardBot(db_path)
    yield bot
    if bot.store is not None:  # simcord does not close the bot: close its database here
        await bot.store.close()


@pytest.fixture
async def store(db_path):  # type: ignore[no-untyped-def]
    """A fresh, open store (every backend's tests take this one)."""
    from bot.store import open_store

    s = await open_store(db_path)
    yield s
    await s.close()
