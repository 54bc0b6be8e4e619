"""Your games and the standings on (simulated) Discord, on both backends:
``/game mine`` and ``/game list`` paged with buttons (a Join button per open
lobby), the turn notice by direct message (a closed DM pings in the thread
once, and says so), the final post's rating changes, ``/game leaderboard``,
``/game stats`` and ``/game ratings``; every payload within Discord's limits
with thirty games, long names and many pages."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app import RailyardBot
from games.registry import get_game
from tests.test_discord_limits import check_view_fits_discord
from tests.test_scheduler import HOUR, FakeClock


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def simcord_bot(store_target: str, clock: FakeClock) -> Any:
    """The bot on SQLite, then on PostgreSQL, with a fake clock and the
    scheduler's loop off (the tests tick it)."""
    bot = RailyardBot(store_target, scheduler_seconds=0, clock=clock)
    yield bot
    if bot.store is not None:
        await bot.store.close()


def _last(result: Any) -> Any:
    return result.followups[-1] if result.followups else result.response


def _rows(message: Any) -> list[list[Any]]:
    """A message's component rows (raw dicts in a follow-up, objects once stored)."""
    return [row["components"] if isinstance(row, dict) else row.children for row in message.components]


def _labels(message: Any) -> list[str]:
    return [c["label"] if isinstance(c, dict) else c.label for row in _rows(message) for c in row]


def _thread_posts(env: Any, thread: Any) -> list[Any]:
    return [r for r in env.http_requests if r.method == "POST" and r.path == f"/channels/{thread.id}/messages"]


async def _world(env: Any, names: tuple[str, ...] = ("ann", "bob")) -> tuple[Any, Any, list[Any], list[Any]]:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    users = [env.create_user(n) for n in names]
    return guild, channel, users, [guild.add_member(u) for u in users]


async def _race(env: Any, channel: Any, creator: Any, others: list[Any]) -> tuple[Any, Any, int]:
    """A race started by ``creator`` with ``others``: its thread, lobby and id."""
    lobby = (await creator.slash(channel, "game new", game="race")).response
    thread = channel.threads[-1]
    for member in others:
        await member.click(lobby, label="Join")
    await creator.slash(thread, "game start")
    row = await env.bot.service.store.game_for_thread(thread.id)
    return thread, lobby, row.id


async def _due(env: Any, game_id: int) -> int:
    row = await env.bot.service.store.get_game(game_id)
    seats = await env.bot.service.store.seats(game_id)
    return int(seats[get_game("race").to_act(row.state)[0]].user_id)


async def test_mine_lists_the_members_games_waiting_ones_first_with_links(env: Any) -> None:
    _guild, channel, _users, (ann, bob) = await _world(env)
    games = [await _race(env, channel, ann, [bob]) for _ in range(2)]
    shown = await ann.slash(channel, "game mine")
    page = _last(shown)
    assert shown.ephemeral and "Your games on this server** (2;" in page.content
    lines = page.content.splitlines()[1:]
    waiting = [("your turn" in line) for line in lines]
    assert waiting == sorted(waiting, reverse=True)
    for thread, _lobby, game_id in games:
        line = next(line for line in lines if f"#{game_id}:" in line)
        assert f"<#{thread.id}>" in line and ("your turn" in line) == (await _due(env, game_id) == ann.id)
    posted = [r for r in env.http_requests if "/callback" in r.path or "/webhooks/" in r.path]
    assert all(r.json.get("allowed_mentions", r.json.get("data", {}).get("allowed_mentions")) is not None
               for r in posted if isinstance(r.json, dict) and ("content" in r.json or "content" in r.json.get("data", {})))


async def test_thirty_games_with_long_names_page_within_discords_limits(env: Any) -> None:
    long = "*`_~|>@everyone<@1>" * 3
    _guild, channel, _users, (ann, bob) = await _world(env, (long[:32], long[:31]))
    for i in range(30):
        if i % 3:
            await _race(env, channel, ann, [bob])
        else:
            await ann.slash(channel, "game new", game="race")
    for command, kind in (("game mine", "mine"), ("game list", "list")):
        page = _last(await ann.slash(channel, command))
        seen = 1
        while True:
            assert len(page.content) <= 2000 and "@everyone" not in page.content
            rows = _rows(page)
            assert len(rows) <= 5 and all(len(row) <= 5 for row in rows)
            if "Next ▶" not in _labels(page):
                break
            await ann.click(page, label="Next ▶")
            page = next(m for m in channel.history(viewer=ann) if m.id == page.id)
            seen += 1
            assert f"page {seen}/" in page.content
        assert seen >= 3, kind
    from bot.cogs.standings import page_view
    from bot.standings import Page

    many = list(range(10**15, 10**15 + 12))
    check_view_fits_discord(page_view("list", Page("x", 2, 99_999, many)))
    check_view_fits_discord(page_view("lb", Page("x", 2, 3), "string-railway"))


async def test_list_shows_lobbies_with_join_buttons_and_running_games_to_watch(env: Any) -> None:
    _guild, channel, _users, (ann, bob, cid) = await _world(env, ("ann", "bob", "cid"))
    running, _lobby, running_id = await _race(env, channel, ann, [bob])
    await ann.slash(channel, "game new", game="race")
    lobby_id = running_id + 1
    page = _last(await cid.slash(channel, "game list"))
    assert f"watch in <#{running.id}>" in page.content and f"#{lobby_id}" in page.content
    assert _labels(page) == [f"Join #{lobby_id}"]
    joined = await cid.click(page, label=f"Join #{lobby_id}")
    assert "cid joined" in _last(joined).content
    seats = await env.bot.service.store.seats(lobby_id)
    assert [s.user_id for s in seats] == [ann.id, cid.id]


async def test_a_player_who_chose_a_dm_gets_one_and_no_thread_ping(env: Any) -> None:
    _guild, channel, users, (ann, bob) = await _world(env)
    thread, _lobby, game_id = await _race(env, channel, ann, [bob])
    first = ann if await _due(env, game_id) == ann.id else bob
    second, second_user = (bob, users[1]) if first is ann else (ann, users[0])
    said = await second.slash(channel, "game notify", how="dm")
    assert said.ephemeral and "direct message" in said.response.content
    await first.slash(thread, "race step", choice="step 1")
    dms = second_user.dm_channel.history()
    assert len(dms) == 1 and f"<#{thread.id}>" in dms[0].content and "your turn" in dms[0].content
    allowed = _thread_posts(env, thread)[-1].json["allowed_mentions"]
    assert not allowed.get("users") and not allowed.get("parse")
    await second.slash(thread, "race step", choice="step 1")  # the other, on the thread default, is pinged
    allowed = _thread_posts(env, thread)[-1].json["allowed_mentions"]
    assert [int(u) for u in allowed["users"]] == [first.id]


async def test_a_closed_dm_falls_back_to_one_thread_ping_and_says_so(env: Any) -> None:
    _guild, channel, users, (ann, bob) = await _world(env)
    thread, _lobby, game_id = await _race(env, channel, ann, [bob])
    first = ann if await _due(env, game_id) == ann.id else bob
    second, second_user = (bob, users[1]) if first is ann else (ann, users[0])
    await second.slash(channel, "game notify", how="dm")
    env.inject_error("POST", f"/channels/{second_user.dm_channel.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user")
    await first.slash(thread, "race step", choice="step 1")
    assert second_user.dm_channel.history() == []
    posts = _thread_posts(env, thread)
    assert [int(u) for u in posts[-1].json["allowed_mentions"]["users"]] == [second.id]
    assert "couldn't send" in posts[-1].json["content"] and posts[-1].json["content"].count(f"<@{second.id}>") >= 1
    assert sum(f"<@{second.id}>" in str(p.json.get("content")) and "couldn't send" in str(p.json.get("content"))
               for p in posts) == 1


async def _finish(env: Any, thread: Any, game_id: int, members: dict[int, Any], winner: int) -> None:
    while (await env.bot.service.store.get_game(game_id)).status == "active":
        due = await _due(env, game_id)
        await members[due].slash(thread, "race step", choice="step 2" if due == winner else "step 1")


async def test_the_final_post_leaderboard_and_stats_show_the_ratings(env: Any) -> None:
    _guild, channel, _users, (ann, bob) = await _world(env)
    thread, _lobby, game_id = await _race(env, channel, ann, [bob])
    await _finish(env, thread, game_id, {ann.id: ann, bob.id: bob}, ann.id)
    final = [m for m in thread.history() if "Game over" in (m.content or "")][-1]
    assert "📈 Ratings on this server:" in final.content and "ann: 1000 → **" in final.content
    board = _last(await bob.slash(channel, "game leaderboard", game="Race"))
    assert board.content.splitlines()[1].startswith("1. ann: **") and "(1 game)" in board.content
    choices = await bob.autocomplete(channel, "game leaderboard", "game", "rac")
    assert [c["value"] for c in choices] == ["race"]
    stats = _last(await bob.slash(channel, "game stats", member=ann))
    assert "**Race**: 1 played, 1 won, best score 10; rating **" in stats.content


async def test_the_bot_games_rule_needs_manage_server(env: Any) -> None:
    _guild, channel, _users, (ann, _bob) = await _world(env)
    refused = await ann.slash(channel, "game ratings", bot_games="none")
    assert "Manage Server" in _last(refused).content
    assert await env.bot.service.store.bot_games(_guild.id) == "humans"


async def test_a_lobby_with_a_bot_says_whether_it_counts(env: Any) -> None:
    guild, channel, _users, (ann, _bob) = await _world(env)
    lobby = (await ann.slash(channel, "game new", game="race")).response
    await ann.click(lobby, label="Add bot")
    shown = next(m for m in channel.history() if m.id == lobby.id)
    assert "counts for its human players' ratings" in shown.content
    await env.bot.service.store.set_bot_games(guild.id, "none")
    await ann.click(lobby, label="Remove bot")
    await ann.click(lobby, label="Add bot")
    shown = next(m for m in channel.history() if m.id == lobby.id)
    assert "doesn't count for the ratings" in shown.content


async def test_a_leaderboard_of_many_pages_turns_within_discords_limits(env: Any) -> None:
    from bot.ratings import plan_pool, Match

    guild, channel, _users, (ann, _bob) = await _world(env)
    long = "\\*" * 32
    store = env.bot.service.store
    ids = [await store.create_game(slug="race", options={}, secret=b"s" * 32, creator_id=1, creator_name="a",
                                   guild_id=guild.id) for _ in range(60)]
    games = [(ids[i], float(i), Match([[10 + i], [11 + i]], [1, 2], {10 + i: 1, 11 + i: 0},
                                        {10 + i: long, 11 + i: long}, True)) for i in range(60)]
    await env.bot.service.store.rate(guild.id, "race", lambda pool: plan_pool(pool, games))
    page = _last(await ann.slash(channel, "game leaderboard", game="race"))
    assert "page 1/5" in page.content
    for number in range(2, 6):
        await ann.click(page, label="Next ▶")
        page = next(m for m in channel.history(viewer=ann) if m.id == page.id)
        assert f"page {number}/5" in page.content and len(page.content) <= 2000
    assert _labels(page) == ["◀ Previous"]


async def test_a_server_manager_sets_the_bot_games_rule_and_the_ratings_follow(env: Any) -> None:
    import discord

    guild, channel, _users, (ann, bob) = await _world(env)
    boss = guild.add_member(env.create_user("boss"),
                            roles=[guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))])
    lobby = (await ann.slash(channel, "game new", game="race")).response
    thread = channel.threads[-1]
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Add bot")
    await ann.slash(thread, "game start")
    row = await env.bot.service.store.game_for_thread(thread.id)
    while (await env.bot.service.store.get_game(row.id)).status == "active":
        due = await _due(env, row.id)
        if due < 0:
            await env.bot.scheduler.bot_move(row.id, next(s.seat for s in await env.bot.service.store.seats(row.id)
                                                          if s.user_id == due))
        else:
            member = ann if due == ann.id else bob
            await member.slash(thread, "race step", choice="step 2" if member is ann else "step 1")
    assert {r.user_id for r in await env.bot.service.store.ratings(guild.id, "race")} == {ann.id, bob.id}
    said = _last(await boss.slash(channel, "game ratings", bot_games="none"))
    assert "don't count" in said.content and "(1 finished game)" in said.content
    assert await env.bot.service.store.ratings(guild.id, "race") == []
    board = _last(await ann.slash(channel, "game leaderboard", game="race"))
    assert "Nobody has finished a rated game" in board.content


async def test_a_reminder_goes_by_dm_to_a_player_who_chose_one(env: Any, clock: FakeClock) -> None:
    _guild, channel, users, (ann, bob) = await _world(env)
    lobby = (await ann.slash(channel, "game new", game="race", remind="6h")).response
    thread = channel.threads[-1]
    await bob.click(lobby, label="Join")
    await ann.slash(thread, "game start")
    row = await env.bot.service.store.game_for_thread(thread.id)
    due = await _due(env, row.id)
    member, user = (ann, users[0]) if due == ann.id else (bob, users[1])
    await member.slash(channel, "game notify", how="dm")
    await env.bot.scheduler.tick()
    clock.advance(6 * HOUR + 1)
    await env.bot.scheduler.tick()
    await env.settle()
    reminder = thread.history()[-1]
    assert "still your turn" in reminder.content
    assert env.backend.messages[thread.id][reminder.id].ping_user_ids == []
    dms = user.dm_channel.history()
    assert len(dms) == 1 and "still your turn" in dms[0].content and f"<#{thread.id}>" in dms[0].content
