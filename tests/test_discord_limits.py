"""Everything the bot sends stays inside Discord's documented limits: the
synced command payloads, every turn panel it builds (walked over random
games of every registered game), autocomplete results and message text."""

from __future__ import annotations

import random
import re
from typing import Any, AsyncIterator

import discord
import pytest

from bot.cli import command_payloads
from bot.service import GameService
from bot.store import open_store
from bot.ui import confirm_panel, lobby_view, panel, turn_view
from games.core import CHANCE
from games.playout import random_action
from games.registry import all_games, get_game

NAME = re.compile(r"^[-_\w]{1,32}$")


def _check_option(option: dict[str, Any]) -> None:
    assert NAME.match(option["name"]) and option["name"] == option["name"].lower(), option["name"]
    assert 1 <= len(option["description"]) <= 100, option
    assert len(option.get("choices", [])) <= 25
    for choice in option.get("choices", []):
        assert 1 <= len(choice["name"]) <= 100 and len(str(choice["value"])) <= 100
    subs = option.get("options", [])
    assert len(subs) <= 25
    for sub in subs:
        _check_option(sub)


def _chars(command: dict[str, Any]) -> int:
    total = len(command["name"]) + len(command.get("description", ""))
    for o in command.get("options", []):
        total += _chars(o) + sum(len(c["name"]) + len(str(c["value"])) for c in o.get("choices", []))
    return total


async def test_synced_command_payloads_fit_discord_limits() -> None:
    payloads = await command_payloads()
    assert len(payloads) <= 100
    names = [p["name"] for p in payloads]
    assert len(set(names)) == len(names)
    assert {"game", "aos", "days", "steamrollers"} <= set(names)
    for command in payloads:
        _check_option(command)
        assert _chars(command) <= 4000, command["name"]


def check_view_fits_discord(view: discord.ui.View) -> None:
    """The view as discord.py sends it: at most 5 rows of 5 buttons or one select."""
    rows = view.to_components()
    assert 1 <= len(rows) <= 5
    for row in rows:
        parts = row["components"]
        assert 1 <= len(parts) <= 5
        for part in parts:
            assert 1 <= len(part["custom_id"]) <= 100, part["custom_id"]
            if part["type"] == 2:  # button
                assert 1 <= len(part["label"]) <= 80, part["label"]
            else:
                assert part["type"] == 3 and len(parts) == 1  # a string select fills its row
                assert 1 <= len(part["options"]) <= 25
                assert len(part.get("placeholder", "")) <= 150
                for o in part["options"]:
                    assert 1 <= len(o["label"]) <= 100 and len(o["value"]) <= 100
                    assert len(o.get("description", "")) <= 100


def test_lobby_and_turn_views_fit_discord_limits() -> None:
    check_view_fits_discord(lobby_view(2**53))
    check_view_fits_discord(turn_view(2**53))


@pytest.fixture
async def service(db_path: str) -> AsyncIterator[GameService]:
    store = await open_store(db_path)
    yield GameService(store, lambda s, v: b"")
    await store.close()


@pytest.mark.parametrize("slug", sorted(all_games()))
async def test_every_turn_panel_fits_discord_limits(service: GameService, slug: str) -> None:
    """Walk the panel down random paths at many points of random games."""
    game = get_game(slug)
    players = game.nearest_count(4)
    row = await service.lobby.new_game(slug, 1, "p1", seed=3)
    for user in range(2, players + 1):
        await service.lobby.join(row.id, user, f"p{user}")
    await service.lobby.start(row.id, 1)
    rng = random.Random(9)
    checked = 0
    for _turn in range(150):
        b = await service.context.table(row.id)
        if game.is_over(b.state):
            break
        seat = rng.choice([s for s in game.to_act(b.state) if s != CHANCE])
        user = b.seats[seat].user_id
        board, options = await service.turns.options_at(row.id, user, [])
        path: list[int] = []
        labels: list[str] = []
        tokens: list[str] = []
        while options:
            for page in range((len(options) + 24) // 25):
                content, view = panel(board, path, labels, options, page)
                assert len(content) <= 2000
                check_view_fits_discord(view)
                checked += 1
            index = rng.randrange(len(options))
            path.append(index)
            labels.append(options[index].label)
            tokens.append(options[index].token)
            if options[index].complete:
                content, view = confirm_panel(board, path, labels)
                assert len(content) <= 2000
                check_view_fits_discord(view)
                break
            options = game.options_at(b.state, seat, tokens)
        for choice in game.legal_actions(b.state, seat):
            assert len(choice.text) <= 100, choice.text  # a slash-command option value
            assert 1 <= len(choice.summary) <= 100, choice.summary  # an autocomplete name
        await service.turns.act(row.id, user, random_action(game, b.state, seat, rng))
    assert checked >= 10


def test_board_over_the_guild_upload_size_is_not_attached() -> None:
    from types import SimpleNamespace
    from typing import cast

    from bot.discord_io import board_file
    from bot.service import Post

    guild = cast(discord.Guild, SimpleNamespace(filesize_limit=1000))
    assert board_file(Post("x", b"p" * 1000, game_id=1), guild=guild) is not None
    assert board_file(Post("x", b"p" * 1001, game_id=1), guild=guild) is None
    assert board_file(Post("x", None, game_id=1)) is None


def test_a_step_that_asks_for_a_menu_is_a_select_even_when_short() -> None:
    from types import SimpleNamespace
    from typing import cast

    from bot.service import Board
    from games.core import Option

    board = cast(Board, SimpleNamespace(row=SimpleNamespace(id=1, version=3), game=SimpleNamespace(name="G")))
    amounts = [Option(str(n), f"${n}", "How much?", "", True, menu=True) for n in (1, 2, 3)]
    _content, view = panel(board, [0], ["Bid"], amounts, 0)
    kinds = [c["type"] for row in view.to_components() for c in row["components"]]
    assert kinds[0] == 3 and kinds.count(3) == 1
    buttons = [replace_menu(o) for o in amounts]
    _content, view = panel(board, [0], ["Bid"], buttons, 0)
    assert 3 not in [c["type"] for row in view.to_components() for c in row["components"]]


def replace_menu(option: Any) -> Any:
    from dataclasses import replace

    return replace(option, menu=False)


def test_age_of_steam_bid_amounts_come_as_a_menu() -> None:
    from games.core import resolve_chance, secret_from_seed

    game = get_game("age-of-steam")
    state, _ = resolve_chance(game, game.new(["a", "b", "c"], {}), secret_from_seed(1))
    rng = random.Random(1)
    while "Auction" not in game.status_line(state):
        seat = next(s for s in game.to_act(state) if s != CHANCE)
        state, _ = resolve_chance(game, game.apply(state, seat, random_action(game, state, seat, rng)).state,
                                  secret_from_seed(1))
    seat = next(s for s in game.to_act(state) if s != CHANCE)
    amounts = game.options_at(state, seat, ["bid"])
    assert amounts and all(o.menu for o in amounts)
    assert not any(o.menu for o in game.options_at(state, seat, []))
