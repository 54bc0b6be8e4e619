"""The bot on (simulated) Discord: real discord.py driven by simcord.

Lifecycle through commands and lobby buttons, the board posted in the thread
after each move, out-of-turn and non-player errors, the Your-turn panel
walked to Confirm, and a restart in the middle of a game."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.app import RailyardBot
from bot.service import ServiceError
from games.registry import get_game
from tests.support.discord import bot_service, game_lobby, panel_message, race_lobby, said, started_race
from tests.support.race import RACE


async def test_new_game_posts_lobby_and_opens_thread(env: Any) -> None:
    channel, thread, lobby, ann, _bob = await race_lobby(env)
    labels = [c.get("label") or c["placeholder"] for row in lobby.components for c in row["components"]]
    assert labels == ["Join", "Leave", "Start", "Add bot", "Remove bot", "🤖 Add a bot at a level…"]
    assert thread.name == "Race #1"
    assert env.backend.channels[thread.id].thread_metadata.auto_archive_duration == 10080  # a week
    assert "home of Race #1" in thread.history()[0].content
    row = await bot_service(env).store.game_for_thread(thread.id)
    assert row.lobby_message_id == lobby.id and row.channel_id == channel.id


async def test_join_leave_and_start_rules(env: Any) -> None:
    _channel, thread, lobby, ann, bob = await race_lobby(env)
    alone = await ann.slash(thread, "game start")
    assert alone.ephemeral and "played by 2-4 players; 1 seated" in said(alone)
    again = await ann.click(lobby, label="Join")
    assert again.ephemeral and "already in this game" in again.response.content
    await bob.slash(thread, "game join")
    left = await bob.click(lobby, label="Leave")
    assert "Left the game" in left.response.content
    await bob.click(lobby, label="Join")
    not_creator = await bob.click(lobby, label="Start")
    assert "Only the player who created the game" in said(not_creator)
    assert [m for m in thread.history() if m.attachments] == []
    await ann.click(lobby, label="Start")
    posts = [m for m in thread.history() if m.attachments]
    assert len(posts) == 1 and "Race" in posts[0].content and "Your turn" in posts[0].content


async def test_board_posted_after_each_move_pings_only_next_player(env: Any) -> None:
    thread, first, second, _game = await started_race(env)
    before = len([m for m in thread.history() if m.attachments])
    result = await first.slash(thread, "race step", choice="step 2")
    assert result.ephemeral
    posts = [m for m in thread.history() if m.attachments]
    assert len(posts) == before + 1
    last = posts[-1]
    assert "stepped to space 2" in last.content
    assert f"<@{second.id}>" in last.content
    assert last.attachments[0].filename == "board.png"


async def test_out_of_turn_and_non_player_are_refused(env: Any) -> None:
    thread, first, second, game_id = await started_race(env)
    service = bot_service(env)
    version = (await service.context.get(game_id)).version
    wrong = await second.slash(thread, "race step", choice="step 1")
    assert wrong.ephemeral
    text = said(wrong)
    assert "not your turn" in text
    assert (await service.context.get(game_id)).version == version


async def test_illegal_text_is_refused_with_a_reason(env: Any) -> None:
    thread, first, _second, game_id = await started_race(env)
    service = bot_service(env)
    version = (await service.context.get(game_id)).version
    bad = await first.slash(thread, "race step", choice="step 9")
    text = said(bad)
    assert bad.ephemeral and "is not a move" in text
    assert (await service.context.get(game_id)).version == version


async def test_spectator_cannot_act_or_open_panel(env: Any) -> None:
    thread, _first, _second, game_id = await started_race(env)
    guild = thread.guild
    cid = guild.add_member(env.create_user("cid"))
    act = await cid.slash(thread, "race roll", choice="roll")
    assert "not playing in this game" in said(act)
    turn_post = [m for m in thread.history() if m.attachments][-1]
    panel = await cid.click(turn_post, label="Your turn")
    assert panel.ephemeral and "not playing in this game" in said(panel)


async def test_your_turn_panel_reaches_confirm_and_applies(env: Any) -> None:
    thread, first, second, game_id = await started_race(env)
    turn_post = [m for m in thread.history() if m.attachments][-1]
    opened = await first.click(turn_post, label="Your turn")
    assert opened.ephemeral
    panel = (opened.followups or [opened.response])[-1]
    assert "What do you do?" in panel.content
    stepped = await first.click(panel, label="Step")
    panel = stepped.response or panel
    panel = [m for m in thread.history(viewer=first) if m.id == panel.id][0]
    assert "How far?" in panel.content
    await first.click(panel, label="2 spaces")
    panel = [m for m in thread.history(viewer=first) if m.id == panel.id][0]
    assert "Confirm" in panel.content
    assert [a.filename for a in panel.attachments] == ["preview.png"]
    await first.click(panel, label="Confirm")
    panel = [m for m in thread.history(viewer=first) if m.id == panel.id][0]
    assert panel.content.startswith("✅ Done")
    last = [m for m in thread.history() if m.attachments][-1]
    assert "stepped to space 2" in last.content
    row = await bot_service(env).context.get(game_id)
    assert row.state["positions"][0 if first.name == "ann" else 1] == 2
    assert not panel.components  # the finished panel offers nothing more to press


async def test_restart_mid_game_keeps_game_and_buttons(env: Any, db_path: str) -> None:
    thread, first, second, game_id = await started_race(env)
    await first.slash(thread, "race step", choice="step 1")
    version = (await bot_service(env).context.get(game_id)).version
    await env.restart_bot(RailyardBot(db_path))
    row = await bot_service(env).context.get(game_id)
    assert row.version == version and row.status == "active"
    turn_post = [m for m in thread.history() if m.attachments][-1]
    opened = await second.click(turn_post, label="Your turn")
    assert "What do you do?" in said(opened)
    await second.slash(thread, "race step", choice="step 2")
    assert (await bot_service(env).context.get(game_id)).version > version


async def test_status_log_rules_and_abandon(env: Any) -> None:
    thread, first, second, game_id = await started_race(env)
    await first.slash(thread, "race step", choice="step 1")
    status = await second.slash(thread, "game status")
    assert status.ephemeral and (status.followups or [status.response])[-1].attachments
    log = await second.slash(thread, "game log", count=5)
    assert log.ephemeral and "stepped to space 1" in log.response.content
    rules = await second.slash(thread, "game rules")
    assert rules.ephemeral and "first to the goal wins" in rules.response.content
    topics = await second.autocomplete(thread, "game rules", "topic", "ro")
    assert [c["value"] for c in topics] == ["rolling"]
    bob_or_ann_not_creator = first if first.name == "bob" else second
    refused = await bob_or_ann_not_creator.slash(thread, "game abandon")
    assert "Only the game's creator" in refused.response.content
    creator = first if first.name == "ann" else second
    done = await creator.slash(thread, "game abandon")
    assert not done.ephemeral and "abandoned" in done.response.content
    assert (await bot_service(env).context.get(game_id)).status == "abandoned"


async def test_choice_autocomplete_offers_only_legal_actions(env: Any) -> None:
    thread, first, second, _game = await started_race(env)
    offered = await first.autocomplete(thread, "race step", "choice", "")
    assert [c["value"] for c in offered] == ["step 1", "step 2"]
    assert await second.autocomplete(thread, "race step", "choice", "") == []


async def test_commands_outside_a_game_thread_explain_themselves(env: Any) -> None:
    channel, _thread, _lobby_msg, ann, _bob = await race_lobby(env)
    result = await ann.slash(channel, "game status")
    assert result.ephemeral and "no game in this channel" in result.response.content.lower()


@pytest.mark.parametrize("slug", ["steam-rollers", "age-of-steam", "days-of-steam"])
async def test_every_game_can_be_started_on_discord(env: Any, slug: str) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    users = [guild.add_member(env.create_user(n)) for n in ("ann", "bob", "cid")]
    result = await users[0].slash(channel, "game new", game=slug)
    thread = channel.threads[0]
    for u in users[1:]:
        await u.click(result.response, label="Join")
    await users[0].slash(thread, "game start")
    posts = [m for m in thread.history() if m.attachments]
    assert len(posts) == 1 and "Your turn" in posts[0].content


async def test_more_than_25_choices_become_a_paged_select(env: Any) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    bob = guild.add_member(env.create_user("bob"))
    lobby = (await ann.slash(channel, "game new", game="race", options="goal=100, stride=30")).response
    thread = channel.threads[0]
    await bob.click(lobby, label="Join")
    await ann.slash(thread, "game start")
    row = await bot_service(env).store.game_for_thread(thread.id)
    player = ann if get_game("race").to_act(row.state) == [0] else bob
    turn_post = [m for m in thread.history() if m.attachments][-1]
    panel = (await player.click(turn_post, label="Your turn")).response
    await player.click(panel, label="Step")
    panel = panel_message(thread, player, panel.id)
    select = panel.components[0].children[0]
    assert len(select.options) == 25 and "(1/2)" in (select.placeholder or "")
    await player.click(panel, label="More ▶")
    panel = panel_message(thread, player, panel.id)
    select = panel.components[0].children[0]
    assert [o.label for o in select.options] == [f"{n} spaces" for n in range(26, 31)]
    await player.select(panel, [select.options[-1].value])
    panel = panel_message(thread, player, panel.id)
    assert "Confirm" in panel.content and "30 spaces" in panel.content
    await player.click(panel, label="Confirm")
    row = await bot_service(env).context.get(row.id)
    assert max(row.state["positions"]) == 30


async def test_move_post_mentions_only_the_player_now_due(env: Any) -> None:
    thread, first, second, _game = await started_race(env)
    await first.slash(thread, "race step", choice="step 1")
    posts = [r for r in env.http_requests
             if r.method == "POST" and r.path == f"/channels/{thread.id}/messages"]
    allowed = posts[-1].json["allowed_mentions"]
    assert allowed["users"] == [str(second.id)] or allowed["users"] == [second.id]
    assert allowed.get("parse", []) == [] and not allowed.get("roles")


async def test_unexpected_error_is_answered_politely_and_changes_nothing(
        env: Any, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    env.railyard_expected = (RuntimeError,)
    thread, first, _second, game_id = await started_race(env)
    service = bot_service(env)
    version = (await service.context.get(game_id)).version

    def broken(*args: Any) -> Any:
        raise RuntimeError("the rules engine caught fire")

    monkeypatch.setattr(RACE, "apply", broken)
    result = await first.slash(thread, "race step", choice="step 1")
    assert result.ephemeral and "something went wrong on our side" in said(result)
    assert "caught fire" not in said(result) and "Traceback" not in said(result)
    assert (await service.context.get(game_id)).version == version
    assert any(f"game {game_id}" in r.getMessage() for r in caplog.records if r.levelname == "ERROR")


async def test_a_board_that_cant_be_drawn_never_blocks_the_move(
        env: Any, caplog: pytest.LogCaptureFixture) -> None:
    thread, first, _second, game_id = await started_race(env)
    service = bot_service(env)
    version = (await service.context.get(game_id)).version

    def broken(state: Any, viewer: Any) -> bytes:
        raise RuntimeError("the drawing board caught fire")

    service.context.renderer = broken
    result = await first.slash(thread, "race step", choice="step 1")
    assert "Done" in said(result)
    assert (await service.context.get(game_id)).version == version + 1
    post = thread.history()[-1]
    assert "stepped to space 1" in post.content and not post.attachments
    assert any(f"game {game_id}" in r.getMessage() for r in caplog.records if r.levelname == "ERROR")


async def test_panel_skips_steps_with_a_single_option_and_back_returns_to_a_real_choice(env: Any) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    users = [guild.add_member(env.create_user(n)) for n in ("ann", "bob", "cid")]
    lobby = (await users[0].slash(channel, "game new", game="age-of-steam")).response
    thread = channel.threads[0]
    for u in users[1:]:
        await u.click(lobby, label="Join")
    await users[0].slash(thread, "game start")
    row = await bot_service(env).store.game_for_thread(thread.id)
    due = next(s for s in get_game("age-of-steam").to_act(row.state) if s >= 0)
    player = users[due]
    turn_post = [m for m in thread.history() if m.attachments][-1]
    panel = (await player.click(turn_post, label="Your turn")).response
    assert "How many shares?" in panel.content  # "Issue shares?" offered one option: skipped
    labels = [c["label"] for r in panel.components for c in r["components"]]
    assert "↩ Back" not in labels
    none = next(label for label in labels if label.startswith("Issue none"))
    await player.click(panel, label=none)
    panel = panel_message(thread, player, panel.id)
    assert "Confirm" in panel.content
    await player.click(panel, label="↩ Back")
    panel = panel_message(thread, player, panel.id)
    assert "How many shares?" in panel.content
    assert [a.filename for a in panel.attachments] == ["your-board.png"]  # not the stale preview


async def test_game_options_autocomplete_and_bad_options_are_refused(env: Any) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    offered = await ann.autocomplete(channel, "game new", "options", "diff", game="steam-rollers")
    assert {c["value"] for c in offered} == {"difficulty=easy", "difficulty=medium", "difficulty=hard"}
    bad = await ann.slash(channel, "game new", game="steam-rollers", options="difficulty=impossible")
    assert bad.ephemeral and "impossible" in said(bad)
    assert channel.threads == []
    good = await ann.slash(channel, "game new", game="steam-rollers", options="difficulty=hard")
    assert "difficulty: hard" in good.response.content


async def test_posting_to_an_archived_thread_reopens_it(env: Any) -> None:
    thread, first, _second, _game = await started_race(env)
    bot_thread = env.bot.get_channel(thread.id)
    await bot_thread.edit(archived=True)
    await env.settle()
    assert env.backend.channels[thread.id].thread_metadata.archived
    await first.slash(thread, "race step", choice="step 1")
    assert not env.backend.channels[thread.id].thread_metadata.archived
    assert "stepped to space 1" in [m for m in thread.history() if m.attachments][-1].content


async def test_move_is_kept_when_its_thread_cannot_be_posted_to(env: Any) -> None:
    thread, first, _second, game_id = await started_race(env)
    version = (await bot_service(env).context.get(game_id)).version
    env.inject_error("POST", f"/channels/{thread.id}/messages", status=500)
    result = await first.slash(thread, "race step", choice="step 1")
    assert "Done" in said(result) and "went wrong" not in said(result)
    assert (await bot_service(env).context.get(game_id)).version > version


async def test_a_game_played_to_the_end_through_the_panel(env: Any) -> None:
    channel, thread, lobby, ann, bob = await race_lobby(env)
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Start")
    players = {"ann": ann, "bob": bob}
    for _move in range(20):
        last = [m for m in thread.history() if m.attachments][-1]
        if "Game over" in last.content:
            break
        due = next(name for name in players if f"<@{players[name].id}>" in last.content.split("Your turn:")[-1])
        player = players[due]
        panel = (await player.click(last, label="Your turn")).response
        await player.click(panel, label="Step")
        await player.click(panel_message(thread, player, panel.id), label="2 spaces")
        await player.click(panel_message(thread, player, panel.id), label="Confirm")
    final = [m for m in thread.history() if m.attachments][-1]
    assert "Game over" in final.content and "wins" in final.content and not final.components
    lobby_now = next(m for m in channel.history() if m.id == lobby.id)
    assert "Finished" in lobby_now.content and not lobby_now.components


async def _walk_panel_to_confirm(thread: Any, player: Any, panel_id: int, rng: Any) -> list[str]:
    """Press random choices (buttons or select options) until Confirm shows."""
    chosen: list[str] = []
    for _step in range(12):
        panel = panel_message(thread, player, panel_id)
        if "**Confirm:**" in panel.content:
            return chosen
        parts = [c for row in panel.components for c in row.children]
        selects = [c for c in parts if isinstance(c, discord.components.SelectMenu)]
        if selects:
            option = rng.choice(selects[0].options)
            chosen.append(option.label)
            await player.select(panel, [option.value])
        else:
            buttons = [c for c in parts if c.label not in ("↩ Back", "◀ Previous", "More ▶")]
            button = rng.choice(buttons)
            chosen.append(button.label)
            await player.click(panel, label=button.label)
    raise AssertionError(f"no Confirm after {chosen}")


@pytest.mark.parametrize("slug", ["steam-rollers", "age-of-steam", "days-of-steam"])
async def test_real_games_take_turns_through_the_panel(env: Any, slug: str) -> None:
    import random

    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    users = [guild.add_member(env.create_user(n)) for n in ("ann", "bob", "cid")]
    lobby = (await users[0].slash(channel, "game new", game=slug)).response
    thread = channel.threads[0]
    for u in users[1:]:
        await u.click(lobby, label="Join")
    await users[0].slash(thread, "game start")
    rng = random.Random(3)
    for _turn in range(4):
        posts = [m for m in thread.history() if m.attachments]
        row = await bot_service(env).store.game_for_thread(thread.id)
        due = next(s for s in get_game(slug).to_act(row.state) if s >= 0)
        player = users[due]
        panel = (await player.click(posts[-1], label="Your turn")).response
        await _walk_panel_to_confirm(thread, player, panel.id, rng)
        await player.click(panel_message(thread, player, panel.id), label="Confirm")
        assert panel_message(thread, player, panel.id).content.startswith("✅ Done")
        assert len([m for m in thread.history() if m.attachments]) == len(posts) + 1
    assert (await bot_service(env).context.get(row.id)).version > row.version


async def test_a_compact_chat_image_keeps_the_full_board_one_tap_away(env: Any) -> None:
    from rendering import register_renderer
    from tests.support.race import render

    def whole(state: Any, viewer: Any) -> bytes:
        drawn.append(viewer)
        return render(state, viewer)

    drawn: list[Any] = []
    register_renderer(RACE.slug, render, full=whole)
    try:
        thread, first, _second, game_id = await started_race(env)
        await first.slash(thread, "race step", choice="step 1")
        seat = await bot_service(env).context.seat_of_user(game_id, first.id)
        post = thread.history()[-1]
        labels = [c.label for row in post.components for c in row.children]
        assert labels == ["Your turn", "Full board", "Undo"]
        shown = await first.click(post, label="Full board")
        assert shown.ephemeral and drawn == [seat]  # drawn as the clicking player sees it
        files = [a for m in [shown.response, *shown.followups] if m is not None for a in m.attachments]
        assert [f.filename for f in files] == ["full-board.png"]
    finally:
        register_renderer(RACE.slug, render)


async def test_a_game_drawn_whole_in_the_chat_has_no_full_board_button(env: Any) -> None:
    thread, first, _second, _game_id = await started_race(env)
    await first.slash(thread, "race step", choice="step 1")
    post = thread.history()[-1]
    assert [c.label for row in post.components for c in row.children] == ["Your turn", "Undo"]


async def test_leave_on_a_finished_game_says_it_is_finished(env: Any) -> None:
    _channel, thread, lobby, ann, bob = await game_lobby(env, options="stride=30")
    await bob.click(lobby, label="Join")
    await ann.slash(thread, "game start")
    row = await bot_service(env).store.game_for_thread(thread.id)
    first = ann if get_game("race").to_act(row.state) == [0] else bob
    await first.slash(thread, "race step", choice="step 10")
    assert (await bot_service(env).context.get(row.id)).status == "finished"
    left = await bob.slash(thread, "game leave")
    assert left.ephemeral and "This game is finished" in said(left) and "started" not in said(left)
