"""A crash or a restart leaves nothing behind: what the scheduler committed
(a bot's move, a reminder) but had not yet posted is kept in the store's
outbox, in the same transaction, and posted after the restart exactly once,
on both backends. A crash after Discord took a post but before the outbox
heard of it doesn't double it, nor a turn's direct message."""

from __future__ import annotations

import asyncio

import pytest

from bot.scheduler import LOBBY_TTL, OUTBOX_LEASE, OUTBOX_MAX_TRIES, Notice, Scheduler
from bot.service import GameService
from bot.store import OutboxPost, Schedule, Store, open_store
from tests.test_scheduler import HOUR, FakeClock, make_service, open_race, race_with_bot_due, start_race


class Crash(BaseException):
    """The process dies here: nothing after it runs (not an Exception, so
    no handler on the way catches it)."""


class Thread:
    """A transport that records what Discord took, and can die before or
    just after Discord takes a post."""

    def __init__(self, store: Store, crash: str = "") -> None:
        self.store = store
        self.crash = crash
        self.posted: list[Notice] = []

    async def __call__(self, notice: Notice) -> bool:
        if notice.kind == "keepalive":
            return True
        if self.crash == "before":
            raise Crash
        self.posted.append(notice)
        if notice.post is not None and notice.post.seq is not None and notice.post.game_id is not None:
            await self.store.remember_post(notice.post.game_id, notice.post.seq, 1000 + len(self.posted))
        if self.crash == "after":
            raise Crash
        return True


async def _past_two_leases(scheduler: Scheduler, clock: FakeClock) -> None:
    """Two ticks, each after a lease ran out: a queued post is retried once."""
    for _ in range(2):
        clock.advance(OUTBOX_LEASE)
        await scheduler.tick()


async def _restarted(store_target: str, clock: FakeClock) -> tuple[Store, Thread, Scheduler]:
    store = await open_store(store_target)
    thread = Thread(store)
    return store, thread, Scheduler(make_service(store), clock, thread)


async def test_a_bot_move_committed_just_before_a_crash_is_posted_once_after_the_restart(store_target: str) -> None:
    clock = FakeClock()
    first = await open_store(store_target)
    service = make_service(first)
    game_id = await race_with_bot_due(service)
    version = (await service.context.get(game_id)).version
    with pytest.raises(Crash):
        await Scheduler(service, clock, Thread(first, crash="before")).tick()
    assert (await service.context.get(game_id)).version > version  # the move is stored, its post never went out
    await first.close()

    again, thread, scheduler = await _restarted(store_target, clock)
    try:
        await scheduler.tick()  # the dead scheduler's lease still runs: not yet
        assert thread.posted == []
        clock.advance(OUTBOX_LEASE)
        await scheduler.tick()
        moves = [n for n in thread.posted if n.kind == "move"]
        assert len(moves) == 1 and moves[0].post is not None and moves[0].post.seq == version + 1
        assert moves[0].post.png is not None  # the board, drawn again: the game is still there
        clock.advance(OUTBOX_LEASE)
        await scheduler.tick()
        assert len([n for n in thread.posted if n.kind == "move"]) == 1
    finally:
        await again.close()


async def test_a_reminder_claimed_just_before_a_crash_is_posted_once_after_the_restart(store_target: str) -> None:
    clock = FakeClock()
    first = await open_store(store_target)
    service = make_service(first)
    await start_race(service, schedule=Schedule(remind_every=6 * HOUR))
    await Scheduler(service, clock).tick()
    clock.advance(6 * HOUR + 1)
    with pytest.raises(Crash):
        await Scheduler(service, clock, Thread(first, crash="before")).tick()
    await first.close()

    again, thread, scheduler = await _restarted(store_target, clock)
    try:
        await _past_two_leases(scheduler, clock)
        reminders = [n for n in thread.posted if n.kind == "reminder"]
        assert len(reminders) == 1 and "still your turn" in reminders[0].text and reminders[0].retry
    finally:
        await again.close()


async def test_a_bot_move_discord_took_just_before_a_crash_is_not_posted_again(store_target: str) -> None:
    """The crash falls after Discord took the move (its message was
    remembered) and before the outbox heard: the restart finds the
    remembered message and posts nothing."""
    clock = FakeClock()
    first = await open_store(store_target)
    service = make_service(first)
    await race_with_bot_due(service)
    crashed = Thread(first, crash="after")
    with pytest.raises(Crash):
        await Scheduler(service, clock, crashed).tick()
    assert [n.kind for n in crashed.posted] == ["move"]
    await first.close()

    again, thread, scheduler = await _restarted(store_target, clock)
    try:
        clock.advance(OUTBOX_LEASE)
        await scheduler.tick()
        assert [n for n in thread.posted if n.kind == "move"] == []
        assert await again.due_posts(clock() + OUTBOX_LEASE * 10) == []
    finally:
        await again.close()


async def test_a_post_discord_refuses_stays_queued_and_is_given_up_after_a_few_tries(store: Store) -> None:
    clock = FakeClock()
    service = make_service(store)
    refused: list[Notice] = []

    async def refusing(notice: Notice) -> bool:
        refused.append(notice)
        return notice.kind == "keepalive"

    await start_race(service, schedule=Schedule(remind_every=6 * HOUR))
    scheduler = Scheduler(service, clock, refusing)
    await scheduler.tick()
    clock.advance(6 * HOUR + 1)
    await scheduler.tick()
    for _ in range(OUTBOX_MAX_TRIES + 2):
        clock.advance(OUTBOX_LEASE)
        await scheduler.tick()
    reminders = [n for n in refused if n.kind == "reminder"]
    assert len(reminders) == 1 + OUTBOX_MAX_TRIES  # the first try, then the retries, then given up
    assert await store.due_posts(clock() + 100 * HOUR) == []


async def test_two_schedulers_post_a_queued_post_once(store: Store) -> None:
    clock = FakeClock()
    service = make_service(store)
    await race_with_bot_due(service)
    with pytest.raises(Crash):
        await Scheduler(service, clock, Thread(store, crash="before")).tick()
    clock.advance(OUTBOX_LEASE)
    one, two = Thread(store), Thread(store)
    queued = await store.due_posts(clock())
    assert [q.kind for q in queued] == ["move"]
    assert await store.lease_post(queued[0], clock() + OUTBOX_LEASE)
    assert not await store.lease_post(queued[0], clock() + OUTBOX_LEASE)  # the other one lost the race
    await Scheduler(make_service(store), clock, one).tick()
    await Scheduler(make_service(store), clock, two).tick()
    assert [n.kind for n in one.posted + two.posted if n.kind == "move"] == []  # leased: neither yet
    clock.advance(OUTBOX_LEASE)
    await Scheduler(make_service(store), clock, one).tick()
    await Scheduler(make_service(store), clock, two).tick()
    assert len([n for n in one.posted + two.posted if n.kind == "move"]) == 1



async def test_a_queued_posts_direct_message_is_claimed_by_one_try_only(store: Store) -> None:
    """A turn's direct message for a queued post: of two tries at once, one
    claims it; a failed one is given back (the thread post pings him then);
    a post no longer queued claims nothing."""
    service = make_service(store)
    game_id = await start_race(service)
    await store.queue_post(OutboxPost("reminder:x", game_id, "reminder", "still your turn", 0.0, (1, 2)))
    claims = await asyncio.gather(store.take_ping("reminder:x", 1), store.take_ping("reminder:x", 1))
    assert sorted(claims) == [False, True]
    assert [q.pings for q in await store.due_posts(1.0)] == [(2,)]  # a retry neither DMs nor pings him
    assert not await store.take_ping("reminder:x", 1)
    assert await store.take_ping("reminder:x", 1, taken=False)  # the DM failed: given back
    assert not await store.take_ping("reminder:x", 1, taken=False)
    assert sorted((await store.due_posts(1.0))[0].pings) == [1, 2]
    await store.post_done("reminder:x")
    assert not await store.take_ping("reminder:x", 2)


class CrashBeforeEnding(Crash):
    pass


async def _expiry_interrupted(service: GameService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> int:
    """A lobby whose expiry was claimed (its post queued) by a scheduler
    that died before ending it."""
    game_id = await open_race(service)
    await Scheduler(service, clock).tick()
    clock.advance(LOBBY_TTL + 1)
    dying = Scheduler(service, clock, Thread(service.store))

    async def crash(*_args: object, **_kwargs: object) -> bool:
        raise CrashBeforeEnding

    monkeypatch.setattr(dying.context.keeping, "end_quietly", crash)
    with pytest.raises(CrashBeforeEnding):
        await dying.tick()
    monkeypatch.undo()
    return game_id


async def test_a_lobby_expiry_claimed_just_before_a_crash_ends_the_lobby_after_the_restart(
        store_target: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The expiry's claim and its queued post were committed, the lobby's
    ending was not: after the restart the lobby is called off and the post
    goes out once."""
    clock = FakeClock()
    first = await open_store(store_target)
    service = make_service(first)
    game_id = await _expiry_interrupted(service, clock, monkeypatch)
    assert (await service.context.get(game_id)).status == "lobby"
    await first.close()

    again, thread, scheduler = await _restarted(store_target, clock)
    try:
        await _past_two_leases(scheduler, clock)
        assert [n.kind for n in thread.posted] == ["lobby_expired"]
        assert (await make_service(again).context.get(game_id)).status == "abandoned"
    finally:
        await again.close()


async def test_a_lobby_started_after_an_interrupted_expiry_is_not_announced_expired(
        store_target: str, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock()
    first = await open_store(store_target)
    service = make_service(first)
    game_id = await _expiry_interrupted(service, clock, monkeypatch)
    await service.lobby.start(game_id, 1)
    await first.close()

    again, thread, scheduler = await _restarted(store_target, clock)
    try:
        clock.advance(OUTBOX_LEASE)
        await scheduler.tick()
        assert "lobby_expired" not in [n.kind for n in thread.posted]
        assert (await make_service(again).context.get(game_id)).status == "active"
    finally:
        await again.close()
