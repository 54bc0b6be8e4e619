"""The turn panel's harder paths, on simulated Discord with the stand-in game
Pledge (tests/support/pledge.py): Back after a step the panel took for the
player, and a step where several seats are due at once."""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from types import SimpleNamespace
from typing import Any, Iterator, cast

import discord
import pytest

import rendering
from bot.service import Board
from bot.ui import Walk, back_path, confirm_panel, panel, path_sig
from games.core import Option
from games.registry import registered
from tests.support.discord import bot_service, panel_message
from tests.support.pledge import PLEDGE
from tests.support.pledge import render as render_pledge


@pytest.fixture(autouse=True)
def pledge_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(rendering.REGISTERED_RENDERERS, PLEDGE.slug, render_pledge)
    with registered(PLEDGE):
        yield


async def _pledge_game(env: Any) -> tuple[Any, Any, Any, int]:
    """A started Pledge between ann and bob in its own thread, with the
    "Your turn" post; returns the thread, ann, bob and the game id."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    bob = guild.add_member(env.create_user("bob"))
    service = bot_service(env)
    row = await service.lobby.new_game(PLEDGE.slug, ann.id, "ann", guild_id=guild.id, channel_id=channel.id, seed=1)
    await service.lobby.join(row.id, bob.id, "bob")
    bot_channel = env.bot.get_channel(channel.id)
    bot_thread = await bot_channel.create_thread(name="Pledge", type=discord.ChannelType.public_thread)
    await service.lobby.attach_discord(row.id, bot_thread.id, None)
    post = await service.lobby.start(row.id, ann.id)
    await env.bot.poster.post(bot_thread.id, post)
    await env.settle()
    thread = channel.threads[0]
    return thread, ann, bob, row.id


async def _open(thread: Any, player: Any) -> Any:
    turn_post = [m for m in thread.history() if m.attachments][-1]
    opened = await player.click(turn_post, label="Your turn")
    return (opened.followups or [opened.response])[-1]


def _labels(message: Any) -> list[str]:
    rows = message.components
    return [c["label"] if isinstance(c, dict) else c.label
            for row in rows for c in (row["components"] if isinstance(row, dict) else row.children)]


async def _click(thread: Any, player: Any, panel_id: int, label: str) -> Any:
    result = await player.click(panel_message(thread, player, panel_id), label=label)
    return result, panel_message(thread, player, panel_id)


# -- Back ------------------------------------------------------------------------


async def test_back_right_after_a_skipped_step_returns_to_the_choice_before_it(env: Any) -> None:
    thread, ann, _bob, _game = await _pledge_game(env)
    shown = await _open(thread, ann)
    assert "Which colour?" in shown.content and _labels(shown) == ["Blue", "Red"]
    _r, shown = await _click(thread, ann, shown.id, "Red")
    assert "How many?" in shown.content and "Red › North" in shown.content  # the single route was taken
    _r, shown = await _click(thread, ann, shown.id, "↩ Back")
    assert "Which colour?" in shown.content and _labels(shown) == ["Blue", "Red"]
    assert "Chosen" not in shown.content


async def test_back_from_confirm_returns_to_the_last_step_the_player_chose(env: Any) -> None:
    thread, ann, _bob, _game = await _pledge_game(env)
    shown = await _open(thread, ann)
    _r, shown = await _click(thread, ann, shown.id, "Red")
    _r, shown = await _click(thread, ann, shown.id, "2 coins")
    assert "**Confirm:** Red › North › 2 coins?" in shown.content
    _r, shown = await _click(thread, ann, shown.id, "↩ Back")
    assert "How many?" in shown.content and "Red › North" in shown.content


def _walk(counts: list[int], complete: bool) -> Walk:
    board = cast(Board, SimpleNamespace())
    n = len(counts)
    return Walk(board, [0] * n, [f"t{i}" for i in range(n)], [f"l{i}" for i in range(n)], counts, [], complete)


@pytest.mark.parametrize("counts, complete, back", [
    ([2, 1], False, []),            # chose, then a forced step: back to the first choice
    ([1, 2, 1, 1], False, [0]),     # forced, chose, forced, forced: back before the real choice
    ([2, 1, 3], True, [0, 0]),      # the finishing pick is undone alone
    ([2, 1, 1], True, [0, 0]),      # a single finishing option was shown, so it was chosen
    ([3, 2], False, [0]),
])
def test_back_path_undoes_the_last_real_choice_and_the_forced_steps_after_it(
        counts: list[int], complete: bool, back: list[int]) -> None:
    assert back_path(_walk(counts, complete)) == back


# -- several seats due at once --------------------------------------------------


async def _pledge_through_panel(thread: Any, player: Any, shown: Any, labels: tuple[str, ...]) -> Any:
    for label in labels:
        _r, shown = await _click(thread, player, shown.id, label)
    return shown


async def test_a_panel_opened_before_another_due_seat_acted_still_works(env: Any) -> None:
    thread, ann, bob, game_id = await _pledge_game(env)
    service = bot_service(env)
    ann_panel = await _open(thread, ann)
    bob_panel = await _pledge_through_panel(thread, bob, await _open(thread, bob), ("Red", "1 coin", "Confirm"))
    assert bob_panel.content.startswith("✅ Done")
    # ann's panel was built before bob's pledge; Blue is still its first option
    result, ann_panel = await _click(thread, ann, ann_panel.id, "Blue")
    assert result.followups == [] and "Which route?" in ann_panel.content
    ann_panel = await _pledge_through_panel(thread, ann, ann_panel, ("South", "2 coins", "Confirm"))
    assert ann_panel.content.startswith("✅ Done")
    row = await service.context.get(game_id)
    assert row.status == "finished" and row.state["pledges"] == [["blue", "south", "2"], ["red", "north", "1"]]


async def test_a_confirm_shown_before_another_due_seat_acted_is_applied(env: Any) -> None:
    thread, ann, bob, game_id = await _pledge_game(env)
    ann_panel = await _pledge_through_panel(thread, ann, await _open(thread, ann), ("Blue", "East", "2 coins"))
    assert "**Confirm:** Blue › East › 2 coins?" in ann_panel.content
    await _pledge_through_panel(thread, bob, await _open(thread, bob), ("Red", "2 coins", "Confirm"))
    result, ann_panel = await _click(thread, ann, ann_panel.id, "Confirm")
    said = "\n".join(m.content for m in result.followups)
    assert ann_panel.content.startswith("✅ Done"), said
    assert (await bot_service(env).context.get(game_id)).state["pledges"][0] == ["blue", "east", "2"]


async def test_a_confirm_shown_before_another_due_seat_acted_reaches_the_service_with_its_version(
        env: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    thread, ann, bob, game_id = await _pledge_game(env)
    service = bot_service(env)
    version = (await service.context.get(game_id)).version
    ann_panel = await _pledge_through_panel(thread, ann, await _open(thread, ann), ("Blue", "East", "2 coins"))
    await _pledge_through_panel(thread, bob, await _open(thread, bob), ("Red", "2 coins", "Confirm"))
    calls: list[tuple[str, int | None]] = []
    real_act = service.turns.act

    async def act(game: int, user: int, action: str, interaction_id: str | None = None,
                  expected_version: int | None = None) -> Any:
        calls.append((action, expected_version))
        return await real_act(game, user, action, interaction_id=interaction_id, expected_version=expected_version)

    monkeypatch.setattr(service.turns, "act", act)
    result, ann_panel = await _click(thread, ann, ann_panel.id, "Confirm")
    assert calls == [("blue east 2", version)]  # the panel's own action, judged by the service
    if not ann_panel.content.startswith("✅ Done"):  # refused: the player is told why, privately
        assert result.followups and all(m.ephemeral for m in result.followups)


async def test_a_stale_panel_never_applies_a_different_choice(env: Any) -> None:
    """ann's panel offered Blue first; bob took Blue, so the first option is
    now Red: ann's click on Blue must not pledge on Red."""
    thread, ann, bob, game_id = await _pledge_game(env)
    service = bot_service(env)
    ann_panel = await _open(thread, ann)
    await _pledge_through_panel(thread, bob, await _open(thread, bob), ("Blue", "South", "1 coin", "Confirm"))
    version = (await service.context.get(game_id)).version
    result, after = await _click(thread, ann, ann_panel.id, "Blue")
    said = "\n".join(m.content for m in result.followups)
    assert "moved on" in said and "Your turn" in said and all(m.ephemeral for m in result.followups)
    assert after.content == ann_panel.content  # the panel is left as it was
    result, after = await _click(thread, ann, ann_panel.id, "Red")  # Red was the second option
    assert "no longer available" in "\n".join(m.content for m in result.followups)
    assert (await service.context.get(game_id)).version == version
    fresh = await _open(thread, ann)
    assert "Chosen: Red › North" in fresh.content  # the only colour left, and its only route


# -- custom ids ----------------------------------------------------------------------


def _parts(view: discord.ui.View) -> list[dict[str, Any]]:
    return [c for row in view.to_components() for c in row["components"]]


def test_every_panel_click_carries_the_digest_of_the_tokens_it_stands_for() -> None:
    board = cast(Board, SimpleNamespace(row=SimpleNamespace(id=2**53, version=10**9), game=SimpleNamespace(name="G")))
    path, tokens = [999] * 8, [f"token{i}" for i in range(8)]
    few = [Option(f"t{n}", f"{n}", "Which?", "", False) for n in range(3)]
    _content, view = panel(board, path, ["l"] * 8, few, 0, tokens=tokens)
    picks = [c for c in _parts(view) if c["custom_id"].endswith(("i0", "i1", "i2"))]
    assert [c["custom_id"].split(":")[-2] for c in picks] == [path_sig([*tokens, o.token]) for o in few]
    back = next(c for c in _parts(view) if c["custom_id"].endswith(":back"))
    assert back["custom_id"].split(":")[-2] == path_sig(tokens)
    many = [Option(f"t{n}", f"{n}", "How many?", "", True) for n in range(60)]
    for page in (0, 1, 2):
        _content, view = panel(board, path, ["l"] * 8, many, page, tokens=tokens)
        select = next(c for c in _parts(view) if c["type"] == 3)
        values = [o["value"] for o in select["options"]]
        assert values == [f"{n}:{path_sig([*tokens, f't{n}'])}" for n in range(25 * page, min(60, 25 * page + 25))]
        assert all(len(c["custom_id"]) <= 100 for c in _parts(view))
    _content, view = confirm_panel(board, path, ["x"] * 8, tokens)
    assert all(len(c["custom_id"]) <= 100 and path_sig(tokens) in c["custom_id"] for c in _parts(view))


# -- the typed command ------------------------------------------------------------


async def test_a_typed_variant_is_answered_and_logged_in_its_canonical_form(env: Any) -> None:
    thread, ann, _bob, game_id = await _pledge_game(env)
    typed = await ann.slash(thread, "pledge pledge", choice="BLUE East 02")
    said = "\n".join(m.content for m in [*([typed.response] if typed.response else []), *typed.followups])
    assert "✅ Done: `blue east 2`" in said and "BLUE" not in said
    log = await bot_service(env).store.log(game_id)
    assert [a.action for a in log] == ["blue east 2"]
    assert "ann pledged 2 on blue via east." in [m for m in thread.history() if m.attachments][-1].content


@pytest.mark.parametrize("custom_id, path, sig, op", [
    ("ry:p:1:5:0.1:ok", "0.1", None, "ok"),                       # a panel sent before the digest existed
    ("ry:p:1:5::i2", "", None, "i2"),
    ("ry:p:1:5:0.1:1a2b3c4d:i2", "0.1", "1a2b3c4d", "i2"),
    ("ry:p:1:5::1a2b3c4d:back", "", "1a2b3c4d", "back"),
])
def test_panel_button_ids_old_and_new_are_understood(custom_id: str, path: str, sig: str | None, op: str) -> None:
    from bot.ui import PanelButton

    match = PanelButton.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match is not None and (match["path"], match["sig"], match["op"]) == (path, sig, op)


@pytest.mark.parametrize("custom_id", ["ry:p:\uff11:5::ok", "ry:p:1:5:\u0661:ok", "ry:p:1:5:0..1:ok", "ry:p:1:5::ABCDEF12:ok"])
def test_panel_button_ids_are_ascii_digits_only(custom_id: str) -> None:
    from bot.ui import PanelButton

    assert PanelButton.__discord_ui_compiled_template__.fullmatch(custom_id) is None


# -- posts in the order of the moves ------------------------------------------------


async def test_two_moves_at_once_are_posted_in_log_order_whatever_their_drawing_time(env: Any) -> None:
    """ann pledges, then bob, while ann's board is still being drawn (it
    finishes only after bob's): bob's post waits for ann's, so the thread's
    last post is the current state (only cid due) and ann's post no longer
    offers an Undo that can't apply."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann, bob, cid = (guild.add_member(env.create_user(n)) for n in ("ann", "bob", "cid"))
    service = bot_service(env)
    row = await service.lobby.new_game(PLEDGE.slug, ann.id, "ann", guild_id=guild.id, channel_id=channel.id, seed=1)
    await service.lobby.join(row.id, bob.id, "bob")
    await service.lobby.join(row.id, cid.id, "cid")
    bot_thread = await env.bot.get_channel(channel.id).create_thread(name="Pledge",
                                                                     type=discord.ChannelType.public_thread)
    await service.lobby.attach_discord(row.id, bot_thread.id, None)
    await env.bot.poster.post(bot_thread.id, await service.lobby.start(row.id, ann.id))
    await env.settle()
    thread = channel.threads[0]

    loop = asyncio.get_running_loop()
    bob_drawn = threading.Event()
    bob_moving: list[concurrent.futures.Future[bool]] = []

    async def bob_pledges() -> bool:
        return await env.bot.poster.post(bot_thread.id, await service.turns.act(row.id, bob.id, "red north 1"))

    def slow_for_ann(state: Any, viewer: Any) -> bytes:
        pledged = [p is not None for p in state["pledges"]]
        if pledged == [True, False, False]:  # ann's board: bob moves meanwhile, and is drawn first
            bob_moving.append(asyncio.run_coroutine_threadsafe(bob_pledges(), loop))
            assert bob_drawn.wait(timeout=30)
        png = render_pledge(state, viewer)
        if pledged == [True, True, False]:
            bob_drawn.set()
        return png

    service.context.renderer = slow_for_ann
    await ann.slash(thread, "pledge pledge", choice="blue south 2")
    assert await asyncio.wrap_future(bob_moving[0])
    await env.settle()
    posts = [m for m in thread.history() if m.attachments]
    assert "ann pledged" in posts[-2].content and "bob pledged" in posts[-1].content
    assert posts[-1].content.endswith(f"Your turn: <@{cid.id}>")
    assert "Undo" not in _labels(posts[-2])  # bob moved since: ann's Undo can't apply
    assert "Undo" in _labels(posts[-1])
