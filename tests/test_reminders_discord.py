"""Reminders, the turn clock and housekeeping on (simulated) Discord: the
``/game new`` settings, a reminder pinging only the due player with "Mute
reminders", ``/game remind`` rate-limited, the clock's two ways out as
buttons, a lobby's expiry, an idle game archived, the thread reopened, the
scheduler's loop in the bot, and its timers picked up after a restart."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.discord import game_lobby, said
from bot.app import RailyardBot, scheduler_interval
from bot.scheduler import IDLE_AFTER, IDLE_GRACE, KEEPALIVE, LOBBY_TTL, NUDGE_GAP, Notice
from bot.ui import post_notice
from games.registry import get_game
from games.registry import registered
from rendering import register_renderer
from tests.support.race import render
from tests.test_scheduler import HOUR, FakeClock, PassRace


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def simcord_bot(request: Any, db_path: str, clock: FakeClock) -> Any:
    """The bot with a fake clock and the scheduler's loop off (the tests
    tick it), or on every 30 s when the test asks for "looping"."""
    looping = getattr(request, "param", "") == "looping"
    bot = RailyardBot(db_path, scheduler_seconds=30 if looping else 0, clock=clock)
    yield bot
    if bot.store is not None:
        await bot.store.close()


def _stored(env: Any, message: Any) -> Any:
    return env.backend.messages[message.channel.id][message.id]


def _labels(message: Any) -> list[str]:
    """Its buttons' labels and its selects' placeholders."""
    return [getattr(c, "label", None) or c.placeholder for row in message.components for c in row.children]


async def tick_scheduler(env: Any) -> None:
    bot = env.bot
    assert isinstance(bot, RailyardBot) and bot.scheduler is not None
    await bot.scheduler.tick()
    await env.settle()


async def start_game(env: Any, game: str = "race", **settings: str) -> tuple[Any, Any, Any, Any, int]:
    """A started race between ann and bob; thread, lobby, due member, other member, game id."""
    _channel, thread, lobby, ann, bob = await game_lobby(env, game, **settings)
    await bob.click(lobby, label="Join")
    await ann.slash(thread, "game start")
    service = env.bot.service
    row = await service.store.game_for_thread(thread.id)
    due = get_game(game).to_act(row.state)
    first, second = (ann, bob) if due == [0] else (bob, ann)
    return thread, lobby, first, second, row.id


async def test_new_game_settings_show_in_the_lobby(env: Any) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    result = await ann.slash(channel, "game new", game="race", remind="6h", clock="48h", hours="18-23",
                             zone="Europe/Paris")
    assert "reminders after 6 h; turn clock 2 d, counted 18-23 h Europe/Paris" in result.response.content
    zones = await ann.autocomplete(channel, "game new", "zone", "paris")
    assert [c["value"] for c in zones] == ["Europe/Paris"]


@pytest.mark.parametrize("settings, refusal", [
    ({"remind": "１２h"}, "written like 12h"),
    ({"clock": "soon"}, "written like 12h"),
    ({"clock": "48h", "hours": "six to ten"}, "written like 18-23"),
    ({"clock": "48h", "zone": "Mars/Olympus"}, "no time zone called 'Mars/Olympus'"),
    ({"hours": "18-23"}, "give a clock too"),
])
async def test_bad_settings_are_refused_before_any_game_exists(env: Any, settings: dict[str, str],
                                                               refusal: str) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    result = await ann.slash(channel, "game new", game="race", **settings)
    assert result.ephemeral and refusal in said(result)
    assert channel.threads == [] and await env.bot.service.store.count_games() == 0


async def test_reminder_pings_only_the_due_player_and_can_be_muted(env: Any, clock: FakeClock) -> None:
    thread, _lobby, first, second, _game_id = await start_game(env, remind="6h")
    await tick_scheduler(env)
    clock.advance(6 * HOUR + 1)
    await tick_scheduler(env)
    reminder = thread.history()[-1]
    assert f"<@{first.id}>" in reminder.content and "still your turn" in reminder.content
    assert _stored(env, reminder).ping_user_ids == [first.id]
    assert _labels(reminder) == ["Your turn", "Mute reminders"]
    outsider = await second.click(reminder, label="Mute reminders")
    assert "muted for you" in said(outsider)  # bob mutes only himself
    muted = await first.click(reminder, label="Mute reminders")
    assert muted.ephemeral and "muted for you" in said(muted)
    count = len(thread.history())
    clock.advance(6 * HOUR + 1)
    await tick_scheduler(env)
    assert len(thread.history()) == count


async def test_game_remind_pings_the_due_player_once_an_hour(env: Any, clock: FakeClock) -> None:
    thread, _lobby, first, second, _game_id = await start_game(env)
    nudged = await second.slash(thread, "game remind")
    assert not nudged.ephemeral and f"<@{first.id}>" in nudged.response.content
    assert env.backend.messages[thread.id][nudged.response.id].ping_user_ids == [first.id]
    again = await second.slash(thread, "game remind")
    assert again.ephemeral and "less than an hour ago" in said(again)
    own = await first.slash(thread, "game remind")
    assert own.ephemeral and "your own turn" in said(own)
    clock.advance(NUDGE_GAP)
    assert not (await second.slash(thread, "game remind")).ephemeral


async def clock_ran_out(env: Any, clock: FakeClock, game: str = "race") -> tuple[Any, Any, Any, int, Any]:
    """A started game with a 2 h turn clock whose due player let it run out:
    its thread, the late player, the other, the game's id and the post
    saying it ran out."""
    thread, _lobby, first, second, game_id = await start_game(env, game=game, remind="off", clock="2h")
    await tick_scheduler(env)
    clock.advance(2 * HOUR)
    await tick_scheduler(env)
    ran_out = thread.history()[-1]
    assert "turn clock ran out" in ran_out.content
    return thread, first, second, game_id, ran_out


async def test_clock_ran_out_offers_skip_and_bot_and_the_player_takes_his_seat_back(
        env: Any, clock: FakeClock) -> None:
    thread, first, second, game_id, ran_out = await clock_ran_out(env, clock)
    assert _stored(env, ran_out).ping_user_ids == []
    assert _labels(ran_out) == ["Skip the turn", "Hand to the bot", "🤖 Hand the seat to the bot at a level…"]
    own = await first.click(ran_out, label="Hand to the bot")
    assert "No other player's turn clock" in said(own)
    late_seat = 0 if first.name == "ann" else 1
    skipped = await second.click(ran_out, label="Skip the turn")  # race has no pass: the bot plays
    assert skipped.ephemeral
    assert any("no safe way to skip" in m.content for m in thread.history())
    await tick_scheduler(env)
    log = await env.bot.service.store.log(game_id)
    assert log[-1].seat == late_seat  # the bot moved for him
    row = await env.bot.service.context.get(game_id)
    assert get_game("race").to_act(row.state) == [1 - late_seat]
    moved = [m for m in thread.history() if m.attachments][-1]
    assert _stored(env, moved).ping_user_ids == [second.id]  # the bot's seat is never pinged
    back = await first.slash(thread, "game takeover")
    assert not back.ephemeral and "takes the seat back" in back.response.content
    again = await first.slash(thread, "game takeover")
    assert again.ephemeral and "already play your own seat" in said(again)


async def test_lobby_never_started_expires_and_its_buttons_go(env: Any, clock: FakeClock) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    lobby = (await ann.slash(channel, "game new", game="race")).response
    thread = channel.threads[0]
    await tick_scheduler(env)
    clock.advance(LOBBY_TTL + 1)
    await tick_scheduler(env)
    shown = next(m for m in channel.history() if m.id == lobby.id)
    assert "Abandoned" in shown.content and shown.components == []
    assert any("expired" in m.content for m in thread.history())
    assert env.backend.channels[thread.id].thread_metadata.archived


async def test_idle_game_is_warned_then_archived_with_its_thread(env: Any, clock: FakeClock) -> None:
    thread, _lobby, first, _second, game_id = await start_game(env, remind="off")
    await tick_scheduler(env)
    clock.advance(IDLE_AFTER + 1)
    await tick_scheduler(env)
    warning = thread.history()[-1]
    assert "Nobody has moved" in warning.content and _stored(env, warning).ping_user_ids == [first.id]
    clock.advance(IDLE_GRACE + 1)
    await tick_scheduler(env)
    assert "archived" in thread.history()[-1].content
    assert (await env.bot.service.context.get(game_id)).status == "abandoned"
    assert env.backend.channels[thread.id].thread_metadata.archived


async def test_archived_thread_of_an_active_game_is_reopened(env: Any, clock: FakeClock) -> None:
    thread, _lobby, _first, _second, _game_id = await start_game(env, remind="off")
    await tick_scheduler(env)
    env.backend.channels[thread.id].thread_metadata.archived = True  # Discord's week without a message
    clock.advance(KEEPALIVE + 1)
    await tick_scheduler(env)
    assert not env.backend.channels[thread.id].thread_metadata.archived


async def test_a_thread_reopened_while_another_process_archived_its_game_is_closed_again(
        env: Any, clock: FakeClock) -> None:
    """The keep-alive found the game active, then another process archived
    it (and closed its thread) before Discord was asked to reopen it: the
    thread ends closed, as the archive left it."""
    thread, _lobby, _first, _second, game_id = await start_game(env, remind="off")
    channels = env.backend.channels
    channels[thread.id].thread_metadata.archived = True  # Discord's week without a message
    bot = env.bot
    real_fetch = bot.fetch_channel
    archived: list[bool] = []

    async def fetch_channel(channel_id: int) -> Any:
        if channel_id == thread.id and not archived:  # the other process, just now
            archived.append(await bot.service.seats.end_quietly(game_id, "active"))
            channels[thread.id].thread_metadata.archived = True
        return await real_fetch(channel_id)

    bot.fetch_channel = fetch_channel
    assert await post_notice(bot, Notice("keepalive", game_id, thread.id))
    await env.settle()
    assert archived == [True] and (await bot.service.context.get(game_id)).status == "abandoned"
    assert channels[thread.id].thread_metadata.archived


async def test_timers_survive_a_restart_of_the_bot(env: Any, clock: FakeClock, db_path: str) -> None:
    thread, _lobby, first, _second, _game_id = await start_game(env, remind="6h")
    await tick_scheduler(env)
    await env.restart_bot(RailyardBot(db_path, scheduler_seconds=0, clock=clock))
    clock.advance(6 * HOUR + 1)
    await tick_scheduler(env)
    reminder = thread.history()[-1]
    assert "still your turn" in reminder.content and _stored(env, reminder).ping_user_ids == [first.id]


@pytest.mark.parametrize("value, seconds", [("", 30.0), ("5", 5.0), ("0", 0.0), ("５", 30.0), ("lots", 30.0)])
def test_scheduler_interval_is_read_strictly(value: str, seconds: float) -> None:
    assert scheduler_interval({"SCHEDULER_SECONDS": value}) == seconds


@pytest.mark.parametrize("simcord_bot", ["looping"], indirect=True)
async def test_the_bots_own_loop_ticks_the_scheduler(env: Any, clock: FakeClock) -> None:
    thread, _lobby, first, _second, _game_id = await start_game(env, remind="6h")
    clock.advance(6 * HOUR + 1)
    await env.advance_time(31)  # the loop's next look (virtual time)
    assert any("still your turn" in m.content and f"<@{first.id}>" in m.content for m in thread.history())


async def test_a_player_teamed_with_a_bot_gets_the_first_say(env: Any, clock: FakeClock) -> None:
    """Mine Carts, ann + Bot 1 against bob + Bot 2: the bots wait for their
    human teammates, who get their turn (not a finished game)."""
    _channel, thread, lobby, ann, bob = await game_lobby(env, "mine-carts", remind="off")
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Add bot")
    await ann.click(lobby, label="Add bot")
    started = await ann.slash(thread, "game start")
    assert "Started!" in said(started)
    await tick_scheduler(env)
    await tick_scheduler(env)
    row = await env.bot.service.context.get((await env.bot.service.context.game_in_thread(thread.id)).id)
    assert row.status == "active"
    assert [a.seat for a in await env.bot.service.store.log(row.id) if a.seat >= 0] == []  # no bot moved
    board = [m for m in thread.history() if m.attachments][-1]
    assert f"<@{ann.id}>" in board.content and _stored(env, board).ping_user_ids == [ann.id]
    panel = await ann.click(board, label="Your turn")
    assert "finished" not in said(panel) and "your turn" in said(panel)


async def test_a_skip_is_the_skippers_not_the_skipped_players_to_take_back(env: Any, clock: FakeClock) -> None:
    """The skip's post offers no Undo, and the player skipped can't take it
    back with ``/game undo``: a staller can't cancel every skip."""
    register_renderer(PassRace.slug, render)
    with registered(PassRace()):
        thread, late, other, game_id, ran_out = await clock_ran_out(env, clock, "pass-race")
        skipped = await other.click(ran_out, label="Skip the turn")
        assert "Skipped" in said(skipped)
        post = [m for m in thread.history() if m.attachments][-1]
        assert f"{other.name} skipped {late.name}'s turn" in post.content and "passes" in post.content
        assert "Undo" not in _labels(post)
        version = (await env.bot.service.context.get(game_id)).version
        undo = await late.slash(thread, "game undo")
        assert undo.ephemeral and "played for your seat" in said(undo)
        assert (await env.bot.service.context.get(game_id)).version == version
        shown = await env.bot.service.log.page(game_id)
        assert f"{late.name} (skipped by {other.name}): {late.name} passes." in shown.text
