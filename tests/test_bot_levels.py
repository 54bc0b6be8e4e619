"""Bot levels on the service, the store (SQLite and PostgreSQL) and the
scheduler: each bot seat keeps the level it was seated or handed over at,
seats made before levels play at normal as they did, posts name the level,
the scheduler plays each seat at its own level, and bot decisions think in
a bounded pool shared by all games, one decision at a time per game, never
holding up a player's move in another game."""

from __future__ import annotations

import asyncio
import random
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from bot.bot_levels import seat_label
from bot.bot_pool import BotPool
from bot.scheduler import GameBots, Scheduler
from bot.service import ServiceError, seat_mention
from bot.store import SeatRow, Store, open_store
from bot.store.sqlite import MIGRATIONS
from games.bots import RANDOM, Policy
from games.core import Game, State
from tests.test_scheduler import ANN, BOB, FakeClock, due_user, make_service, open_race, race_with_bot_due, start_race

SAFETY_S = 20.0
"""How long a blocked fake decision waits before giving up: never reached
when the code is right (the test releases it first); on wrong code the test
then fails on the order of events instead of hanging."""


# -- the store: a seat's level ------------------------------------------------------------

async def test_a_bot_seat_keeps_the_level_it_was_seated_or_handed_over_at(store: Store) -> None:
    service = make_service(store)
    game_id = await open_race(service, players=2)
    row = await service.context.get(game_id)
    added = await store.add_bot_seat(game_id, seen=row, level="hard")
    assert added == SeatRow(2, -1, "Bot 1 (hard)", True, "hard")
    row = await service.context.get(game_id)
    assert await store.set_seat_bot(game_id, 1, True, seen=row, level="easy")
    seats = await store.seats(game_id)
    assert [(s.name, s.bot, s.level) for s in seats] == [("ann", False, "normal"), ("bob", True, "easy"),
                                                        ("Bot 1 (hard)", True, "hard")]
    row = await service.context.get(game_id)
    assert await store.set_seat_bot(game_id, 1, False, seen=row)  # bob takes it back
    assert [(s.bot, s.level) for s in await store.seats(game_id)][1:] == [(False, "easy"), (True, "hard")]


async def test_a_bot_seat_keeps_its_level_when_a_player_leaves_the_lobby(store: Store) -> None:
    service = make_service(store)
    game_id = await open_race(service, players=2)
    await service.seats.add_bot(game_id, ANN, "easy")
    await service.lobby.leave(game_id, BOB)
    assert [(s.seat, s.name, s.level) for s in await store.seats(game_id)] == [(0, "ann", "normal"),
                                                                              (1, "Bot 1 (easy)", "easy")]


async def _back_to_version_7(store_target: str) -> None:
    """The database as schema 7 left it (no level column) with a bot seat
    made then: "Bot 1" in seat 1 of game 1."""
    if store_target.startswith("postgresql://"):
        import asyncpg

        conn = await asyncpg.connect(store_target)
        try:
            await conn.execute("ALTER TABLE seats DROP COLUMN level")
            await conn.execute("UPDATE railyard_schema SET version = 7")
            await conn.execute("INSERT INTO seats (game_id, seat, user_id, name, bot) VALUES (1, 1, -1, 'Bot 1', 1)")
        finally:
            await conn.close()
        return
    import sqlite3

    db = sqlite3.connect(store_target)
    db.execute("ALTER TABLE seats DROP COLUMN level")
    db.execute("PRAGMA user_version = 7")
    db.execute("INSERT INTO seats (game_id, seat, user_id, name, bot) VALUES (1, 1, -1, 'Bot 1', 1)")
    db.commit()
    db.close()


async def test_a_version_7_database_keeps_its_bot_seats_playing_at_normal(store_target: str) -> None:
    old = await open_store(store_target)
    await open_race(make_service(old), players=1)
    await old.close()
    await _back_to_version_7(store_target)
    store = await open_store(store_target)
    try:
        assert await store.schema_version() == store.schema_version_known == len(MIGRATIONS)
        seats = await store.seats(1)
        assert [(s.name, s.bot, s.level) for s in seats] == [("ann", False, "normal"), ("Bot 1", True, "normal")]
        assert seat_label(seats[1]) == "Bot 1 (normal) 🤖"
    finally:
        await store.close()


# -- the service: choosing a level and naming it ----------------------------------------------

async def test_the_lobby_names_a_bot_with_its_level(store: Store) -> None:
    service = make_service(store)
    game_id = await open_race(service, players=1)
    assert await service.seats.add_bot(game_id, ANN, "hard") == "Bot 1 (hard) 🤖 takes a seat."
    assert "Seats 2/4 (plays 2-4): ann, Bot 1 (hard) 🤖." in await service.lobby.text(game_id)


async def test_an_unknown_level_is_refused_and_changes_nothing(store: Store) -> None:
    service = make_service(store)
    game_id = await open_race(service, players=2)
    with pytest.raises(ServiceError, match="no bot level 'brutal'.*easy, normal, hard"):
        await service.seats.add_bot(game_id, ANN, "brutal")
    await service.lobby.start(game_id, ANN)
    with pytest.raises(ServiceError, match="no bot level"):
        await service.seats.leave_to_bot(game_id, BOB, "brutal")
    assert not any(s.bot for s in await store.seats(game_id))


async def test_a_player_hands_his_seat_to_the_bot_at_the_level_he_chose_and_posts_name_it(store: Store) -> None:
    service = make_service(store)
    game_id = await start_race(service)
    said = await service.seats.leave_to_bot(game_id, BOB, "hard")
    assert said == "bob left the game: the bot 🤖 (hard) plays the seat from now on."
    bob = (await store.seats(game_id))[1]
    assert (bob.bot, bob.level) == (True, "hard") and seat_mention(bob) == "bob (hard) 🤖"


# -- the scheduler: each seat at its level -------------------------------------------------

async def test_the_scheduler_plays_each_bot_seat_at_its_own_level(store: Store,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[str, str]] = []

    def recording_policy_for(slug: str, level: str = "normal") -> Policy:
        asked.append((slug, level))
        return RANDOM

    monkeypatch.setattr("bot.scheduler.players.policy_for", recording_policy_for)
    service = make_service(store)
    game_id = await open_race(service, players=1)
    await service.seats.add_bot(game_id, ANN, "hard")
    await service.seats.add_bot(game_id, ANN, "easy")
    await service.lobby.start(game_id, ANN)
    scheduler = Scheduler(service, FakeClock())
    table = await service.context.table(game_id)
    due = table.game.to_act(table.state)[0]
    if due == 0:
        await service.turns.act(game_id, ANN, "step 1")
    for _ in range(4):
        table = await service.context.table(game_id)
        seat = table.game.to_act(table.state)[0]
        if seat == 0:
            await service.turns.act(game_id, ANN, "step 1")
            continue
        await scheduler.bot_move(game_id, seat)
    levels = {1: "hard", 2: "easy"}
    played = [a.seat for a in await store.log(game_id) if a.seat in levels]
    assert played and asked == [("race", levels[s]) for s in played]


def test_the_games_own_bots_play_at_the_level_they_are_given(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []

    class Named:
        def __init__(self, level: str) -> None:
            self.level = level

        def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
            return f"played at {self.level}"

    def recording_policy_for(slug: str, level: str = "normal") -> Policy:
        asked.append(level)
        return Named(level)

    monkeypatch.setattr("bot.scheduler.players.policy_for", recording_policy_for)
    from games.registry import get_game

    game = get_game("race")
    view = game.view(game.new(["a", "b"], {}), 0)
    assert GameBots("hard").choose(game, view, 0, random.Random(1)) == "played at hard"
    assert GameBots().choose(game, view, 0, random.Random(1)) == "played at normal"
    assert asked == ["hard", "normal"]


# -- the pool: bounded, one decision per game, never in a player's way ---------------------------

class Blocking:
    """A bot that thinks until released: records when each decision starts
    and ends, per game (the game is told by the state's version, set per test)."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.started = 0
        self.lock = threading.Lock()
        self.order: list[str] = []

    def choose(self, game: Game, state_view: State, seat: int, rng: random.Random) -> str:
        with self.lock:
            self.started += 1
        released = self.release.wait(SAFETY_S)
        with self.lock:
            self.order.append("bot done" if released else "bot gave up")
        return RANDOM.choose(game, state_view, seat, rng)


async def _until(check: Any) -> None:
    """Wait (yielding to the loop) until ``check()`` holds."""
    while not check():
        await asyncio.sleep(0.01)


async def test_bots_thinking_in_other_games_never_hold_up_a_players_move(store: Store) -> None:
    executor = ThreadPoolExecutor(2)  # the loop's default executor, where the service draws every move,
    asyncio.get_running_loop().set_default_executor(executor)  # as small as two thinking bots could fill
    service = make_service(store)
    bot_games = [await race_with_bot_due(service) for _ in range(3)]
    human_game = await start_race(service)
    blocking = Blocking()
    scheduler = Scheduler(service, FakeClock(), bot_player=blocking, pool=BotPool(2))
    thinking = [asyncio.create_task(scheduler.bot_move(g, 1)) for g in bot_games]
    try:
        await _until(lambda: blocking.started == 2)
        await service.turns.act(human_game, await due_user(service, human_game), "step 1")
        blocking.order.append("player moved")
        assert blocking.started == 2  # the third game's bot waits for a thread of the pool
    finally:
        blocking.release.set()
        posts = await asyncio.gather(*thinking)
        executor.shutdown(wait=False)
    assert blocking.order[0] == "player moved" and blocking.started == 3
    assert all(post is not None for post in posts)  # each bot then moved


async def test_a_games_decisions_never_overlap_while_other_games_decide_meanwhile() -> None:
    pool = BotPool(2)
    lock = threading.Lock()
    running: dict[int, int] = {1: 0, 2: 0}
    most: dict[int, int] = {1: 0, 2: 0}
    other_game_started = threading.Event()
    first_saw_other_game = threading.Event()

    def decide(game: int, first: bool) -> int:
        with lock:
            running[game] += 1
            most[game] = max(most[game], running[game])
        if game == 2:
            other_game_started.set()
        elif first and other_game_started.wait(SAFETY_S):
            first_saw_other_game.set()  # game 2 decided while game 1's first decision was thinking
        with lock:
            running[game] -= 1
        return game

    results = await asyncio.gather(pool.decide(1, decide, 1, True), pool.decide(1, decide, 1, False),
                                   pool.decide(2, decide, 2, False))
    assert results == [1, 1, 2]
    assert most == {1: 1, 2: 1} and first_saw_other_game.is_set()


async def test_a_cancelled_decision_keeps_its_games_turn_until_its_thread_is_done() -> None:
    pool = BotPool(2)
    release = threading.Event()
    order: list[str] = []

    def slow() -> str:
        release.wait(SAFETY_S)
        order.append("first done")
        return "first"

    def second() -> str:
        order.append("second ran")
        return "second"

    first = asyncio.create_task(pool.decide(1, slow))
    await asyncio.sleep(0)
    then = asyncio.create_task(pool.decide(1, second))
    await asyncio.sleep(0.05)
    first.cancel()
    await asyncio.sleep(0.05)
    release.set()
    assert await then == "second"
    with pytest.raises(asyncio.CancelledError):
        await first
    assert order == ["first done", "second ran"]


async def test_in_a_tick_a_bot_thinking_in_one_game_never_holds_up_another_games_bot(store: Store) -> None:
    class FirstWaitsForTheOther:
        """The first decision thinks until a second one (another game's) is made."""

        def __init__(self) -> None:
            self.other_decided = threading.Event()
            self.calls = 0
            self.order: list[str] = []

        def choose(self, game: Game, state_view: State, seat: int, rng: random.Random) -> str:
            self.calls += 1
            if self.calls == 1:
                self.order.append("first waited" if self.other_decided.wait(SAFETY_S) else "first gave up")
            else:
                self.order.append("other decided")
                self.other_decided.set()
            return RANDOM.choose(game, state_view, seat, rng)

    service = make_service(store)
    games = [await race_with_bot_due(service) for _ in range(2)]
    player = FirstWaitsForTheOther()
    notices = await Scheduler(service, FakeClock(), bot_player=player, pool=BotPool(2)).tick()
    assert player.order[:2] == ["other decided", "first waited"]
    assert {n.game_id for n in notices if n.kind == "move"} == set(games)
