"""The scheduler through the service, with a fake clock: reminders (at most a
few, muted per player), the turn clock counted inside the active hours (and
its way out: skip with a safe default, or the bot), lobby expiry, idle games
warned then archived, the thread's keep-alive, the strict parsing of the
``/game new`` settings, and a restart that picks the stored timers up."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from bot.scheduler import (BOT_RETRY_MAX, DAY, DEFAULT_REMIND, HOUR, IDLE_AFTER, IDLE_GRACE, KEEPALIVE, LOBBY_TTL,
                           MAX_REMINDERS, NUDGE_GAP, Notice, Scheduler, active_seconds, clock_deadline, parse_duration,
                           parse_hours, parse_schedule, parse_zone, bot_retry_delay)
from bot.service import GameService, ServiceError, Unavailable
from bot.store import Schedule, Store, open_store
from bot.store.sqlite import MIGRATIONS
from games.core import CHANCE, Choice, State, Step
from games.registry import registered
from rendering import register_renderer
from tests.support.race import Race, render

ANN, BOB, CID = 1, 2, 3
NAMES = {ANN: "ann", BOB: "bob", CID: "cid"}
START = datetime(2026, 6, 1, 12, 0, tzinfo=ZoneInfo("UTC")).timestamp()


class FakeClock:
    """Now, moved on by hand."""

    def __init__(self, at: float = START) -> None:
        self.at = at

    def __call__(self) -> float:
        return self.at

    def advance(self, seconds: float) -> None:
        self.at += seconds


def no_render(state: object, viewer: object) -> bytes:
    return b"png"


def make_service(store: Store) -> GameService:
    return GameService(store, renderer=no_render)


async def open_race(service: GameService, players: int = 2, schedule: Schedule | None = None,
                    slug: str = "race") -> int:
    row = await service.lobby.new_game(slug, ANN, "ann", seed=3)
    if schedule is not None:
        await service.seats.set_schedule(row.id, schedule)
    for user in (BOB, CID)[: players - 1]:
        await service.lobby.join(row.id, user, NAMES[user])
    return row.id


async def start_race(service: GameService, players: int = 2, schedule: Schedule | None = None,
                     slug: str = "race") -> int:
    game_id = await open_race(service, players, schedule, slug)
    await service.lobby.start(game_id, ANN)
    return game_id


async def due_user(service: GameService, game_id: int) -> int:
    t = await service.context.table(game_id)
    seat = next(s for s in t.game.to_act(t.state) if s != CHANCE)
    return t.seats[seat].user_id


async def race_with_bot_due(service: GameService) -> int:
    """A started race of ann and Bot 1, with the bot due."""
    game_id = await open_race(service, players=1)
    await service.seats.add_bot(game_id, ANN)
    await service.lobby.start(game_id, ANN)
    if (await due_user(service, game_id)) == ANN:
        await service.turns.act(game_id, ANN, "step 1")
    return game_id


def _kinds(notices: list[Notice]) -> list[str]:
    return [n.kind for n in notices]


# -- the turn clock's hours ----------------------------------------------------

def test_active_seconds_count_only_inside_the_active_hours() -> None:
    day = datetime(2026, 6, 1, 0, 0, tzinfo=ZoneInfo("UTC")).timestamp()
    assert active_seconds(day, day + 24 * HOUR, (18, 23), "UTC") == 5 * HOUR
    assert active_seconds(day + 20 * HOUR, day + 44 * HOUR, (18, 23), "UTC") == 5 * HOUR
    assert active_seconds(day, day + 24 * HOUR, None, "UTC") == 24 * HOUR


def test_active_hours_running_past_midnight_count_both_sides_of_it() -> None:
    day = datetime(2026, 6, 1, 0, 0, tzinfo=ZoneInfo("UTC")).timestamp()
    # 22-2: 00:00-02:00 and 22:00-24:00 of the same day
    assert active_seconds(day, day + 24 * HOUR, (22, 2), "UTC") == 4 * HOUR
    assert active_seconds(day + 23 * HOUR, day + 25 * HOUR, (22, 2), "UTC") == 2 * HOUR


def test_active_hours_follow_the_time_zone() -> None:
    zone = ZoneInfo("Europe/Paris")  # UTC+2 in June
    start = datetime(2026, 6, 1, 16, 0, tzinfo=ZoneInfo("UTC")).timestamp()  # 18:00 in Paris
    assert active_seconds(start, start + 5 * HOUR, (18, 23), "Europe/Paris") == 5 * HOUR
    assert datetime.fromtimestamp(clock_deadline(start, 2 * HOUR, (18, 23), "Europe/Paris"), zone).hour == 20


def test_spring_forward_night_window_is_an_hour_shorter() -> None:
    zone = ZoneInfo("America/New_York")  # clocks go 02:00 -> 03:00 on 8 March 2026
    night = datetime(2026, 3, 8, 0, 0, tzinfo=zone).timestamp()
    assert active_seconds(night, night + 12 * HOUR, (0, 4), "America/New_York") == 3 * HOUR
    before = datetime(2026, 3, 7, 0, 0, tzinfo=zone).timestamp()
    assert active_seconds(before, before + 12 * HOUR, (0, 4), "America/New_York") == 4 * HOUR


def test_fall_back_night_window_is_an_hour_longer() -> None:
    zone = ZoneInfo("America/New_York")  # clocks go 02:00 -> 01:00 on 1 November 2026
    night = datetime(2026, 11, 1, 0, 0, tzinfo=zone).timestamp()
    assert active_seconds(night, night + 12 * HOUR, (0, 4), "America/New_York") == 5 * HOUR


def test_clock_deadline_waits_through_the_inactive_hours() -> None:
    zone = ZoneInfo("UTC")
    start = datetime(2026, 6, 1, 22, 0, tzinfo=zone).timestamp()  # after the evening's window
    deadline = clock_deadline(start, 7 * HOUR, (18, 23), "UTC")
    # 1 h tonight, 5 h tomorrow, 1 h the evening after
    assert datetime.fromtimestamp(deadline, zone) == datetime(2026, 6, 3, 19, 0, tzinfo=zone)
    assert active_seconds(start, deadline, (18, 23), "UTC") == 7 * HOUR


def test_clock_deadline_across_midnight_and_dst() -> None:
    zone = ZoneInfo("America/New_York")
    start = datetime(2026, 3, 7, 23, 0, tzinfo=zone).timestamp()
    deadline = clock_deadline(start, 4 * HOUR, (22, 2), "America/New_York")
    assert active_seconds(start, deadline, (22, 2), "America/New_York") == 4 * HOUR
    assert datetime.fromtimestamp(deadline, zone) == datetime(2026, 3, 8, 23, 0, tzinfo=zone)


# -- the /game new settings ------------------------------------------------------

def test_durations_are_parsed_strictly_with_units() -> None:
    bounds = (HOUR, 7 * 24 * HOUR)
    assert parse_duration("12h", "reminder interval", bounds) == 12 * HOUR
    assert parse_duration(" 2D ", "reminder interval", bounds) == 48 * HOUR
    assert parse_duration("90 min", "reminder interval", bounds) == 90 * 60
    assert parse_duration("off", "reminder interval", bounds) is None
    for bad in ("12", "１２h", "12 hours please", "-3h", "1e3h", "h"):
        with pytest.raises(ServiceError, match="written like 12h"):
            parse_duration(bad, "reminder interval", bounds)
    with pytest.raises(ServiceError, match="between 1 h and 7 d"):
        parse_duration("30m", "reminder interval", bounds)


def test_active_hours_and_zone_are_parsed_strictly() -> None:
    assert parse_hours("18-23") == (18, 23)
    assert parse_hours("22 - 2") == (22, 2)
    assert parse_hours("0-24") is None and parse_hours("all") is None
    for bad in ("18:00-23:00", "١٨-٢٣", "evening", "18-18", "25-3"):
        with pytest.raises(ServiceError):
            parse_hours(bad)
    assert parse_zone("Europe/Paris") == "Europe/Paris" and parse_zone("utc") == "UTC"
    for bad in ("Mars/Olympus", "../etc/passwd", "Europe/Pariś", "x" * 80):
        with pytest.raises(ServiceError) as refused:
            parse_zone(bad)
        assert len(str(refused.value)) < 160


def test_schedule_defaults_and_hours_need_a_clock() -> None:
    assert parse_schedule(None, None, None, None) == Schedule(DEFAULT_REMIND, None, "", "UTC")
    assert parse_schedule("off", "48h", "18-23", "Europe/Paris") == Schedule(None, 48 * HOUR, "18-23",
                                                                            "Europe/Paris")
    with pytest.raises(ServiceError, match="give a clock too"):
        parse_schedule(None, None, "18-23", None)


# -- reminders ------------------------------------------------------------------------

async def test_due_seat_is_reminded_after_the_interval_at_most_a_few_times(store: Store) -> None:
    service, clock = make_service(store), FakeClock()
    game_id = await start_race(service, schedule=Schedule(remind_every=6 * HOUR))
    scheduler = Scheduler(service, clock)
    due = await due_user(service, game_id)
    assert await scheduler.tick() == []
    clock.advance(6 * HOUR - 60)
    assert await scheduler.tick() == []
    reminders = []
    for _ in range(MAX_REMINDERS + 2):
        clock.advance(6 * HOUR)
        reminders += [n for n in await scheduler.tick() if n.kind == "reminder"]
    assert len(reminders) == MAX_REMINDERS
    assert all(n.ping_user_ids == [due] and f"<@{due}>" in n.text for n in reminders)
    assert "last reminder" in reminders[-1].text


async def _planned_reminding(store: Store) -> tuple[GameService, FakeClock, Scheduler, int, int]:
    """A started race reminding every 6 hours, planned at the clock's start,
    and the user due."""
    service, clock = make_service(store), FakeClock()
    game_id = await start_race(service, schedule=Schedule(remind_every=6 * HOUR))
    scheduler = Scheduler(service, clock)
    await scheduler.tick()
    return service, clock, scheduler, game_id, await due_user(service, game_id)


async def test_a_move_starts_the_next_seats_reminder_afresh(store: Store) -> None:
    service, clock, scheduler, game_id, first = await _planned_reminding(store)
    clock.advance(5 * HOUR)
    await service.turns.act(game_id, first, "step 1")
    await scheduler.tick()
    clock.advance(2 * HOUR)
    assert await scheduler.tick() == []  # the new seat waited 2 h, not 7
    clock.advance(4 * HOUR)
    reminded = await scheduler.tick()
    assert [n.ping_user_ids for n in reminded] == [[await due_user(service, game_id)]]


async def test_muted_player_is_not_reminded(store: Store) -> None:
    service, clock = make_service(store), FakeClock()
    game_id = await start_race(service, schedule=Schedule(remind_every=6 * HOUR))
    scheduler = Scheduler(service, clock)
    await scheduler.tick()
    due = await due_user(service, game_id)
    await service.seats.mute_reminders(game_id, due)
    clock.advance(7 * HOUR)
    assert [n for n in await scheduler.tick() if n.kind == "reminder"] == []


async def test_reminders_off_means_none(store: Store) -> None:
    service, clock = make_service(store), FakeClock()
    await start_race(service, schedule=Schedule(remind_every=None))
    scheduler = Scheduler(service, clock)
    await scheduler.tick()
    clock.advance(3 * 24 * HOUR)
    assert "reminder" not in _kinds(await scheduler.tick())


async def test_nudge_pings_the_due_player_once_an_hour_per_game(store: Store) -> None:
    service, clock = make_service(store), FakeClock()
    game_id = await start_race(service)
    keeping = service.seats
    due = await due_user(service, game_id)
    other = BOB if due == ANN else ANN
    with pytest.raises(ServiceError, match="your own turn"):
        await keeping.nudge(game_id, due, clock(), NUDGE_GAP)
    text, pings = await keeping.nudge(game_id, other, clock(), NUDGE_GAP)
    assert pings == [due] and f"<@{due}>" in text
    clock.advance(NUDGE_GAP - 1)
    with pytest.raises(ServiceError, match="less than an hour ago"):
        await keeping.nudge(game_id, other, clock(), NUDGE_GAP)
    clock.advance(1)
    assert (await keeping.nudge(game_id, other, clock(), NUDGE_GAP))[1] == [due]
    with pytest.raises(ServiceError, match="not playing"):
        await keeping.nudge(game_id, CID, clock(), NUDGE_GAP)


# -- the turn clock --------------------------------------------------------------------

async def test_clock_runs_out_only_after_the_active_hours_add_up(store: Store) -> None:
    service, clock = make_service(store), FakeClock()  # START is 12:00 UTC
    await start_race(service, schedule=Schedule(None, 2 * HOUR, "18-23", "UTC"))
    scheduler = Scheduler(service, clock)
    await scheduler.tick()
    clock.advance(7 * HOUR)  # 19:00: one active hour so far
    assert "clock" not in _kinds(await scheduler.tick())
    clock.advance(HOUR)  # 20:00: two
    ran_out = [n for n in await scheduler.tick() if n.kind == "clock"]
    assert len(ran_out) == 1 and "turn clock ran out" in ran_out[0].text and ran_out[0].ping_user_ids == []
    clock.advance(24 * HOUR)
    assert "clock" not in _kinds(await scheduler.tick())  # told once


async def test_timed_out_seat_is_handed_to_the_bot_and_taken_back(store: Store) -> None:
    service, clock = make_service(store), FakeClock()
    game_id = await start_race(service, schedule=Schedule(None, HOUR))
    scheduler, keeping = Scheduler(service, clock), service.seats
    await scheduler.tick()
    late = await due_user(service, game_id)
    other = BOB if late == ANN else ANN
    with pytest.raises(ServiceError, match="No other player's turn clock has run out"):
        await keeping.timed_out_to_bot(game_id, other)
    clock.advance(HOUR)
    await scheduler.tick()
    with pytest.raises(ServiceError, match="No other player's"):
        await keeping.timed_out_to_bot(game_id, late)  # not his own
    version = (await service.context.get(game_id)).version
    assert "the bot" in await keeping.timed_out_to_bot(game_id, other)
    moved = [n for n in await scheduler.tick() if n.kind == "move"]
    assert len(moved) == 1 and moved[0].post is not None
    assert (await service.context.get(game_id)).version > version
    assert late not in moved[0].ping_user_ids
    assert "takes the seat back" in await keeping.take_back(game_id, late)
    with pytest.raises(ServiceError, match="already play your own seat"):
        await keeping.take_back(game_id, late)


class PassRace(Race):
    """Race with a pass: the stand-in for a game with a safe default."""

    slug = "pass-race"

    def legal_actions(self, state: State, seat: int) -> list[Choice]:
        found = super().legal_actions(state, seat)
        return found + [Choice((Step("pass", "Pass", "What do you do?"),), "step", "Pass")] if found else []

    def _apply(self, state: State, seat: int, action: str) -> list[str]:
        if action == "pass" and seat != CHANCE:
            state["current"] = (seat + 1) % len(state["players"])
            return [f"{state['players'][seat]} passes."]
        return super()._apply(state, seat, action)


def test_default_action_is_a_pass_where_the_game_offers_one() -> None:
    race, passing = Race(), PassRace()
    state = race.new(["ann", "bob"], {})
    state["current"] = 0
    assert race.default_action(state, 0) is None  # no safe way to skip: the bot
    assert passing.default_action(state, 0) == "pass"
    assert passing.default_action(state, 1) is None  # not due


async def test_timed_out_seat_is_skipped_with_the_games_safe_default(store: Store) -> None:
    register_renderer(PassRace.slug, render)
    with registered(PassRace()):
        service, clock = make_service(store), FakeClock()
        game_id = await start_race(service, schedule=Schedule(None, HOUR), slug="pass-race")
        scheduler, keeping = Scheduler(service, clock), service.seats
        await scheduler.tick()
        late = await due_user(service, game_id)
        other = BOB if late == ANN else ANN
        clock.advance(HOUR)
        await scheduler.tick()
        post = await keeping.skip_timed_out(game_id, other)
        assert not isinstance(post, str) and post.action == "pass" and "passes" in post.text
        log = await store.log(game_id, last=1)
        assert log[0].action == "pass" and log[0].seat == (0 if late == ANN else 1)
        assert await due_user(service, game_id) == other


async def test_race_without_a_safe_default_hands_the_skipped_seat_to_the_bot(store: Store) -> None:
    service, clock = make_service(store), FakeClock()
    game_id = await start_race(service, schedule=Schedule(None, HOUR))
    scheduler, keeping = Scheduler(service, clock), service.seats
    await scheduler.tick()
    late = await due_user(service, game_id)
    clock.advance(HOUR)
    await scheduler.tick()
    said = await keeping.skip_timed_out(game_id, BOB if late == ANN else ANN)
    assert isinstance(said, str) and "no safe way to skip" in said
    assert any(s.bot for s in await store.seats(game_id))


# -- bots ----------------------------------------------------------------------------

async def test_bot_seats_play_through_the_service_and_are_never_pinged(store: Store) -> None:
    service, clock = make_service(store), FakeClock()
    game_id = await open_race(service, players=1)
    keeping = service.seats
    assert "Bot 1" in await keeping.add_bot(game_id, ANN)
    with pytest.raises(ServiceError, match="Only the player who created"):
        await keeping.add_bot(game_id, BOB)
    assert "Bot 2" in await keeping.add_bot(game_id, ANN)
    seats = await store.seats(game_id)
    assert [(s.name, s.bot) for s in seats] == [("ann", False), ("Bot 1 (normal)", True), ("Bot 2 (normal)", True)]
    start = await service.lobby.start(game_id, ANN)
    assert all(u > 0 for u in start.ping_user_ids) and "<@-" not in start.text
    if await due_user(service, game_id) == ANN:
        await service.turns.act(game_id, ANN, "step 1")
    notices = await Scheduler(service, clock).tick()
    moves = [n for n in notices if n.kind == "move"]
    table = await service.context.table(game_id)
    assert table.game.to_act(table.state) in ([0], [])  # the bots moved until ann is due
    for n in moves:
        assert n.post is not None and "<@-" not in n.post.text
        assert all(u > 0 for u in n.ping_user_ids)
    assert {a.seat for a in await store.log(game_id)} >= {1, 2}
    assert len(moves) >= 2


async def test_bot_chooser_is_injectable_and_sees_only_its_view(store: Store) -> None:
    seen: list[tuple[int, Any]] = []

    class Stepper:
        def choose(self, game: Any, state_view: State, seat: int, rng: Any) -> str:
            seen.append((seat, state_view))
            return "step 2"

    service, clock = make_service(store), FakeClock()
    game_id = await race_with_bot_due(service)
    await Scheduler(service, clock, bot_player=Stepper()).tick()
    assert seen and seen[0][0] == 1
    assert [a.action for a in await store.log(game_id) if a.seat == 1] == ["step 2"]


async def test_a_refused_bot_choice_falls_back_to_a_legal_move(store: Store) -> None:
    class Wrong:
        def choose(self, game: Any, state_view: State, seat: int, rng: Any) -> str:
            return "fly 9"

    service, clock = make_service(store), FakeClock()
    game_id = await race_with_bot_due(service)
    await Scheduler(service, clock, bot_player=Wrong()).tick()
    assert await due_user(service, game_id) == ANN


async def test_a_bot_move_that_keeps_failing_is_retried_ever_less_often_and_told_once(store: Store) -> None:
    service, clock = make_service(store), FakeClock()
    game_id = await race_with_bot_due(service)
    real_act, tries = service.turns.act, []

    async def broken_act(*args: Any, **kwargs: Any) -> Any:
        tries.append(clock())
        raise Unavailable("the database is down")

    service.turns.act = broken_act  # type: ignore[method-assign]
    scheduler, told = Scheduler(service, clock), []
    for _ in range(24 * 60):  # a day, a tick a minute
        told += [n for n in await scheduler.tick() if n.kind == "bot_stuck"]
        clock.advance(60)
    gaps = [b - a for a, b in zip(tries, tries[1:])]
    assert gaps[:6] == [bot_retry_delay(k) for k in range(1, 7)] == [60, 120, 240, 480, 960, 1920]
    assert max(gaps) == BOT_RETRY_MAX and len(tries) < 40  # not 1,440 tries
    assert len(told) == 1 and "could not make its move" in told[0].text and told[0].ping_user_ids == []
    service.turns.act = real_act  # type: ignore[method-assign]
    clock.advance(BOT_RETRY_MAX)
    await scheduler.tick()
    assert await due_user(service, game_id) == ANN  # the bot moved once the database was back


async def test_player_who_leaves_a_running_game_is_replaced_by_the_bot(store: Store) -> None:
    service, clock = make_service(store), FakeClock()
    game_id = await start_race(service, players=3)
    keeping = service.seats
    assert "the bot" in await keeping.leave_to_bot(game_id, BOB)
    with pytest.raises(ServiceError, match="already plays your seat"):
        await keeping.leave_to_bot(game_id, BOB)
    scheduler = Scheduler(service, clock)
    for _ in range(3):
        await scheduler.tick()
        due = await due_user(service, game_id)
        assert due != BOB
        await service.turns.act(game_id, due, "step 1")
    assert any(a.seat == 1 for a in await store.log(game_id))
    await keeping.take_back(game_id, BOB)
    await scheduler.tick()
    assert not any(s.bot for s in await store.seats(game_id))


async def test_bot_seat_keeps_its_flag_when_a_player_leaves_the_lobby(store: Store) -> None:
    service = make_service(store)
    game_id = await open_race(service, players=2)
    await service.seats.add_bot(game_id, ANN)
    await service.lobby.leave(game_id, BOB)
    assert [(s.seat, s.name, s.bot) for s in await store.seats(game_id)] == [(0, "ann", False),
                                                                            (1, "Bot 1 (normal)", True)]


# -- housekeeping ----------------------------------------------------------------------

async def test_lobby_never_started_expires(store: Store) -> None:
    service, clock = make_service(store), FakeClock()
    game_id = await open_race(service)
    scheduler = Scheduler(service, clock)
    await scheduler.tick()
    clock.advance(LOBBY_TTL - 60)
    assert await scheduler.tick() == []
    clock.advance(120)
    assert _kinds(await scheduler.tick()) == ["lobby_expired"]
    assert (await service.context.get(game_id)).status == "abandoned"
    assert await store.timers(game_id) == []


async def test_idle_game_is_warned_then_archived(store: Store) -> None:
    service, clock = make_service(store), FakeClock()
    game_id = await start_race(service, schedule=Schedule(remind_every=None))
    scheduler = Scheduler(service, clock)
    await scheduler.tick()
    due = await due_user(service, game_id)
    clock.advance(IDLE_AFTER + 1)
    warned = [n for n in await scheduler.tick() if n.kind == "idle_warning"]
    assert len(warned) == 1 and warned[0].ping_user_ids == [due]
    clock.advance(IDLE_GRACE + 1)
    assert "idle_archived" in _kinds(await scheduler.tick())
    assert (await service.context.get(game_id)).status == "abandoned"


async def test_a_move_after_the_warning_keeps_the_game(store: Store) -> None:
    service, clock = make_service(store), FakeClock()
    game_id = await start_race(service, schedule=Schedule(remind_every=None))
    scheduler = Scheduler(service, clock)
    await scheduler.tick()
    clock.advance(IDLE_AFTER + 1)
    await scheduler.tick()
    await service.turns.act(game_id, await due_user(service, game_id), "step 1")
    clock.advance(IDLE_GRACE + 1)
    assert "idle_archived" not in _kinds(await scheduler.tick())
    assert (await service.context.get(game_id)).status == "active"


async def test_active_games_thread_is_kept_alive_each_period(store: Store) -> None:
    service, clock = make_service(store), FakeClock()
    await start_race(service, schedule=Schedule(remind_every=None))
    scheduler = Scheduler(service, clock)
    await scheduler.tick()
    clock.advance(KEEPALIVE + 1)
    assert "keepalive" in _kinds(await scheduler.tick())
    clock.advance(KEEPALIVE - 2)
    assert "keepalive" not in _kinds(await scheduler.tick())


async def test_finished_game_has_no_more_timers_after_they_come_due(store: Store) -> None:
    service, clock = make_service(store), FakeClock()
    game_id = await start_race(service)
    scheduler = Scheduler(service, clock)
    await scheduler.tick()
    await service.lobby.abandon(game_id, ANN, False)
    clock.advance(IDLE_AFTER + KEEPALIVE)
    assert await scheduler.tick() == []
    assert await store.timers(game_id) == []


# -- restarts ---------------------------------------------------------------------------

async def test_scheduler_after_a_restart_picks_up_the_stored_timers(store_target: str) -> None:
    clock = FakeClock()
    first = await open_store(store_target)
    service = make_service(first)
    game_id = await start_race(service, schedule=Schedule(remind_every=6 * HOUR))
    await Scheduler(service, clock).tick()
    due = await due_user(service, game_id)
    await first.close()  # the process stops; no timer lives in memory

    clock.advance(6 * HOUR + 1)
    again = await open_store(store_target)
    try:
        notices = await Scheduler(make_service(again), clock).tick()
        assert [(n.kind, n.ping_user_ids) for n in notices] == [("reminder", [due])]
    finally:
        await again.close()


async def test_two_schedulers_on_one_database_fire_a_reminder_once(store: Store) -> None:
    clock = FakeClock()
    service = make_service(store)
    await start_race(service, schedule=Schedule(remind_every=6 * HOUR))
    one, two = Scheduler(service, clock), Scheduler(make_service(store), clock)
    await one.tick()
    clock.advance(6 * HOUR + 1)
    timers = await store.due_timers(clock())
    fired = [n for t in timers for n in await one.fire(t, clock())] + \
        [n for t in timers for n in await two.fire(t, clock())]
    assert _kinds(fired) == ["reminder"]


# -- the migration ------------------------------------------------------------------------

async def _v2_game(store_target: str) -> None:
    """A database as Railyard schema 2 left it, with one lobby (ann seated)."""
    insert_game = ("INSERT INTO games (slug, status, options, secret, creator_id, created_at, updated_at)"
                   " VALUES ('race', 'lobby', '{}', 'ab', 1, 0, 0)")
    if store_target.startswith("postgresql://"):
        import asyncpg

        from bot.store.postgres import SCHEMA

        conn = await asyncpg.connect(store_target)
        try:
            await conn.execute(SCHEMA)
            await conn.execute("INSERT INTO railyard_schema (version) VALUES (2)")
            await conn.execute(insert_game)
            await conn.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, 1, 'ann')")
        finally:
            await conn.close()
        return
    import sqlite3

    db = sqlite3.connect(store_target)
    db.executescript(MIGRATIONS[0].replace("seed INTEGER NOT NULL", "seed INTEGER"))
    db.executescript(MIGRATIONS[1] + "; PRAGMA user_version = 2;")
    db.execute(insert_game)
    db.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, 1, 'ann')")
    db.commit()
    db.close()


async def test_schema_2_database_is_upgraded_with_players_seats_and_default_settings(store_target: str) -> None:
    await _v2_game(store_target)
    store = await open_store(store_target)
    try:
        assert await store.schema_version() == store.schema_version_known == len(MIGRATIONS)
        assert [(s.name, s.bot) for s in await store.seats(1)] == [("ann", False)]
        assert await store.schedule(1) == Schedule()
        clock = FakeClock()
        await Scheduler(make_service(store), clock).tick()
        assert [(t.kind, t.due_at) for t in await store.timers(1)] == [("lobby", clock() + LOBBY_TTL)]
    finally:
        await store.close()


async def test_a_failing_game_never_stalls_the_others(store: Store) -> None:
    class Broken:
        def choose(self, game: Any, state_view: State, seat: int, rng: Any) -> str:
            raise ZeroDivisionError("a bug in a policy")

    service, clock = make_service(store), FakeClock()
    botted = await open_race(service, players=1)
    await service.seats.add_bot(botted, ANN)
    await service.lobby.start(botted, ANN)
    if await due_user(service, botted) == ANN:
        await service.turns.act(botted, ANN, "step 1")
    other = await start_race(service, schedule=Schedule(remind_every=6 * HOUR))
    scheduler = Scheduler(service, clock, bot_player=Broken())
    await scheduler.tick()
    clock.advance(6 * HOUR + 1)
    reminded = [n for n in await scheduler.tick() if n.kind == "reminder"]
    assert [n.game_id for n in reminded] == [other]
    assert (await due_user(service, botted)) < 0  # the broken bot's turn waits, retried later


# -- a bot teammate ------------------------------------------------------------------

async def _carts_with_bot_partners(service: GameService) -> int:
    """Mine Carts: ann and bob, each teamed with a bot (Red: ann + Bot 1,
    Blue: bob + Bot 2), a turn clock of an hour."""
    game_id = await open_race(service, players=2, schedule=Schedule(None, HOUR), slug="mine-carts")
    keeping = service.seats
    await keeping.add_bot(game_id, ANN)
    await keeping.add_bot(game_id, ANN)
    await service.lobby.start(game_id, ANN)
    return game_id


async def test_a_bot_waits_while_its_human_teammate_is_due(store: Store) -> None:
    service, clock = make_service(store), FakeClock()
    game_id = await _carts_with_bot_partners(service)
    table = await service.context.table(game_id)
    due = table.game.to_act(table.state)
    assert any(not table.seats[s].bot for s in due) and any(table.seats[s].bot for s in due)
    version = table.row.version
    notices = await Scheduler(service, clock).tick()
    assert "move" not in _kinds(notices)
    assert (await service.context.get(game_id)).version == version  # the team's human has the first say


async def test_a_bot_plays_for_its_team_once_the_teammates_clock_runs_out(store: Store) -> None:
    service, clock = make_service(store), FakeClock()
    game_id = await _carts_with_bot_partners(service)
    scheduler = Scheduler(service, clock)
    await scheduler.tick()
    table = await service.context.table(game_id)
    human = next(s for s in table.game.to_act(table.state) if not table.seats[s].bot)
    bot = next(p for p in table.game.partners(table.state, human))
    clock.advance(HOUR)
    notices = await scheduler.tick()
    told = [n for n in notices if n.kind == "clock_to_partner"]
    assert len(told) == 1 and "plays for the team" in told[0].text
    moved = {n.seat for n in notices if n.kind == "move"}
    assert moved == {bot}  # the other team's bot still waits for its human
    table = await service.context.table(game_id)
    assert any(not table.seats[s].bot for s in table.game.to_act(table.state))


class Stepper:
    """A bot that always steps one space (nothing random follows it)."""

    def choose(self, game: Any, state_view: State, seat: int, rng: Any) -> str:
        return "step 1"


async def test_the_bots_move_in_a_handed_over_seat_is_not_its_players_to_take_back(store: Store) -> None:
    service, clock = make_service(store), FakeClock()
    game_id = await start_race(service, schedule=Schedule(None, HOUR))
    scheduler, keeping = Scheduler(service, clock, bot_player=Stepper()), service.seats
    await scheduler.tick()
    late = await due_user(service, game_id)
    clock.advance(HOUR)
    await scheduler.tick()
    await keeping.timed_out_to_bot(game_id, BOB if late == ANN else ANN)
    await scheduler.tick()
    await keeping.take_back(game_id, late)
    last = (await store.log(game_id, last=1))[0]
    assert last.action == "step 1" and last.interaction_id is not None
    with pytest.raises(ServiceError, match="played for your seat"):
        await service.turns.undo(game_id, late)


# -- at scale: due times first, planning in slices ------------------------------------------

async def test_the_first_tick_fires_what_is_due_before_it_plans_the_backlog(store: Store) -> None:
    service, clock = make_service(store), FakeClock()
    reminded = await start_race(service, schedule=Schedule(remind_every=6 * HOUR))
    await Scheduler(service, clock).tick()  # planned by an earlier run
    backlog = [await start_race(service) for _ in range(3)]  # never planned
    clock.advance(6 * HOUR + 1)
    unplanned_when_posted: list[list[int]] = []

    async def notify(notice: Notice) -> bool:
        unplanned_when_posted.append(await store.games_to_plan())
        return True

    notices = await Scheduler(service, clock, notify).tick()
    assert [(n.kind, n.game_id) for n in notices] == [("reminder", reminded)]
    assert unplanned_when_posted == [backlog]  # the reminder went out before any of them was planned
    assert await store.games_to_plan() == []  # and the same tick planned them


async def test_a_tick_plans_a_backlog_a_slice_at_a_time_for_at_most_its_budget(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.scheduler.planning.PLAN_SLICE", 2)
    service, clock = make_service(store), FakeClock()
    games = [await start_race(service) for _ in range(5)]
    scheduler = Scheduler(service, clock)
    scheduler.plan_budget = 0.0  # one slice a tick
    left = []
    for _ in range(3):
        await scheduler.tick()
        left.append(len(await store.games_to_plan()))
    assert left == [3, 1, 0]
    assert all([await store.timers(g) for g in games])


async def test_a_big_backlogs_games_with_a_bot_seat_are_planned_first(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.scheduler.planning.PLAN_SLICE", 2)
    monkeypatch.setattr("bot.scheduler.planning.BACKLOG_READ", 3)
    service, clock = make_service(store), FakeClock()
    humans = [await start_race(service) for _ in range(4)]
    botted = await race_with_bot_due(service)  # the last of the backlog, by id
    scheduler = Scheduler(service, clock)
    scheduler.planning.pass_began = scheduler.context.wall_clock() + DAY  # all changed before the pass began: a restart
    scheduler.plan_budget = 0.0
    notices = await scheduler.tick()
    assert [(n.kind, n.game_id) for n in notices] == [("move", botted)]
    assert set(humans) <= set(await store.games_to_plan())  # the humans' games wait for the next ticks


async def test_thousands_of_due_reminders_hold_up_no_bots_move(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.scheduler.tick.FIRE_BATCH", 1)  # a round fires one of each
    service, clock = make_service(store), FakeClock()
    for _ in range(2):
        await start_race(service, schedule=Schedule(remind_every=6 * HOUR))
    scheduler = Scheduler(service, clock)
    await scheduler.tick()
    clock.advance(6 * HOUR + 1)
    botted = await race_with_bot_due(service)
    await scheduler.plan(botted, clock())  # its move due now, after both reminders
    notices = await scheduler.tick()
    assert sorted(n.kind for n in notices) == ["move", "reminder", "reminder"]
    assert "move" in [n.kind for n in notices[:2]]  # in the first round, with the earliest reminder


async def test_a_due_timer_of_a_game_changed_since_its_plan_fires_only_as_planned_again(store: Store) -> None:
    service, clock, scheduler, game_id, first = await _planned_reminding(store)
    clock.advance(6 * HOUR + 1)
    assert [n.ping_user_ids for n in await scheduler.tick()] == [[first]]
    await service.turns.act(game_id, first, "step 1")
    await service.turns.act(game_id, await due_user(service, game_id), "step 1")
    assert await due_user(service, game_id) == first  # due again, his reminder from before now due too
    clock.advance(6 * HOUR)
    assert await scheduler.tick() == []  # his new turn waited no time: not reminded
    remind = next(t for t in await store.timers(game_id) if t.kind == "remind")
    assert (remind.due_at, remind.count) == (clock() + 6 * HOUR, 0)


def test_due_timers_are_read_in_firing_order_straight_from_the_index(db_path: str) -> None:
    import sqlite3

    from bot.store.timers import due_timers_sql

    db = sqlite3.connect(db_path)
    try:
        for script in MIGRATIONS:
            db.executescript(script)
        plans = [" / ".join(r[3] for r in db.execute("EXPLAIN QUERY PLAN " + due_timers_sql(bots), (START, 100)))
                 for bots in (None, True, False)]
    finally:
        db.close()
    assert all("USING INDEX timers_due" in plan and "TEMP B-TREE" not in plan for plan in plans), plans


async def test_a_reminder_claimed_at_the_planned_version_is_not_claimed_once_the_game_moved(store: Store) -> None:
    service, _, _, game_id, first = await _planned_reminding(store)
    remind = next(t for t in await store.timers(game_id) if t.kind == "remind")
    planned = (await service.context.get(game_id)).version
    await service.turns.act(game_id, first, "step 1")  # after the reminder was read, before its claim
    assert not await store.claim_timer(remind, remind.due_at, 1, status="active", version=planned)
    assert remind in await store.timers(game_id)  # left as it was, for the game's next plan
