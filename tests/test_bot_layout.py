"""The bot's layout: imports go one way (``discord_io`` <- ``ui`` <- cogs <-
``app``), components and cogs reach the games only through the service, and
``/game new`` offers every registered game, however many, by typing."""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from bot.service import ServiceError, game_slug, matching_games
from games.registry import get_game, registered
from tests.support.race import Race

BOT = Path(__file__).resolve().parents[1] / "bot"
UI = sorted((BOT / "ui").glob("*.py"))  # the components, a package grouped by feature


def _bot_imports(path: Path) -> list[list[str]]:
    """Every import of a bot module in a file (at its top or inside a
    function), as the parts of its dotted name and the names it takes."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("bot")):
            found.append([*(node.module or "").split("."), *(a.name for a in node.names)])
        elif isinstance(node, ast.Import):
            found += [a.name.split(".") for a in node.names if a.name.startswith("bot")]
    return found


def _mentions(path: Path, *modules: str) -> list[list[str]]:
    """The bot imports of ``path`` that reach one of ``modules``."""
    return [parts for parts in _bot_imports(path) if any(m in parts for m in modules)]


def test_discord_helpers_import_no_bot_module_above_them() -> None:
    assert _mentions(BOT / "discord_io.py", "app", "ui", "cogs") == []


def test_components_do_not_import_the_app_or_the_cogs() -> None:
    assert UI
    for path in UI:
        assert _mentions(path, "app", "cogs", "lifecycle", "game_commands") == [], path.name


def test_cogs_do_not_import_the_app() -> None:
    for cog in (BOT / "cogs").glob("*.py"):
        assert _mentions(cog, "app") == [], cog.name


def _cog_imports(path: Path) -> set[str]:
    """The modules of ``bot.cogs`` a file imports (``from .x``, ``from .cogs.x``,
    ``bot.cogs.x``)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            parts = (node.module or "").split(".")
            if path.parent.name == "cogs" and node.level == 1:
                found.add(parts[0])
            elif parts[-2:-1] == ["cogs"] or (parts[-1:] == ["cogs"] and node.names):
                found.update([parts[-1]] if parts[-2:-1] == ["cogs"] else [a.name for a in node.names])
    return found


def test_cogs_never_import_each_other_and_are_listed_once() -> None:
    cogs = {path.stem for path in (BOT / "cogs").glob("*.py")} - {"__init__", "game_group"}
    assert {"lifecycle", "game_commands", "history", "standings"} <= cogs
    for cog in cogs:  # what they share is in game_group
        assert _cog_imports(BOT / "cogs" / f"{cog}.py") <= {"game_group"}, cog
    for path in (BOT / "app.py", BOT / "cli.py"):
        assert _cog_imports(path) == {"all_cogs"}, f"{path.name}: the cogs are listed in bot.cogs.all_cogs"


def _attributes(path: Path) -> Iterator[str]:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute):
            yield node.attr


def test_components_and_cogs_reach_the_games_only_through_the_service() -> None:
    for path in [*UI, BOT / "discord_io.py", *(BOT / "cogs").glob("*.py")]:
        assert "store" not in set(_attributes(path)), f"{path.name} goes around the service to the store"
        assert _mentions(path, "store") == [], path.name


def test_components_and_cogs_never_read_a_whole_state() -> None:
    for path in [*UI, BOT / "discord_io.py", BOT / "app.py", *(BOT / "cogs").glob("*.py")]:
        assert "state" not in set(_attributes(path)), f"{path.name} reads a state: ask the service"


async def test_board_carries_the_seats_view_and_nothing_hidden(db_path: str) -> None:
    from bot.service import GameService
    from bot.store import open_store

    store = await open_store(db_path)
    try:
        service = GameService(store, renderer=lambda state, viewer: b"png")
        row = await service.lobby.new_game("days-of-steam", 1, "ann", seed=2)
        await service.lobby.join(row.id, 2, "bob")
        await service.lobby.start(row.id, 1)
        whole = (await service.context.table(row.id)).state
        game = get_game("days-of-steam")
        for user, seat in ((1, 0), (2, 1), (3, None)):
            board = await service.context.board(row.id, user)
            assert board.seat == seat and board.view == game.view(whole, seat)
            assert board.row.state is None
            assert board.due == game.to_act(whole) and board.over is game.is_over(whole)
            hands = [h for s, h in enumerate(whole["hands"]) if s != seat and h]
            assert all(json.dumps(h) not in json.dumps(board.view) for h in hands) or not hands
            if seat is not None and seat in board.due:
                assert board.options_after([]) == game.options_at(whole, seat, [])
            else:
                assert board.options_after([]) == []
    finally:
        await store.close()


def test_game_new_offers_every_game_even_past_discords_25() -> None:
    extra = []
    for n in range(30):
        game = Race()
        game.slug, game.name = f"race-{n:02d}", f"Race number {n:02d}"
        extra.append(game)
    with ExitStack() as stack:
        for game in extra:
            stack.enter_context(registered(game))
        everything = matching_games("")
        assert len(everything) > 25
        for game in extra:  # each one is offered once its name is typed
            assert game in matching_games(game.name)[:25]
            assert game_slug(game.name.upper()) == game.slug == game_slug(game.slug)


def test_game_new_refuses_an_unknown_game_naming_the_games() -> None:
    try:
        game_slug("chess" * 30)
    except ServiceError as exc:
        text = str(exc)
        assert "Race" in text and len(text) < 300 and "chess" * 9 not in text
    else:
        raise AssertionError("an unknown game was accepted")


async def test_game_new_autocompletes_the_game_by_name(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    offered = await ann.autocomplete(channel, "game new", "game", "rac")
    assert {"name": "Race", "value": "race"} in [{"name": c["name"], "value": c["value"]} for c in offered]
    lobby = await ann.slash(channel, "game new", game="Race")
    assert "**Race**" in lobby.response.content
    if simcord_env.bot.store is not None:
        await simcord_env.bot.store.close()


def test_every_component_of_the_ui_package_is_registered_once() -> None:
    """The app registers ``bot.ui.DYNAMIC_ITEMS`` at start-up: a button or
    select defined in any module of the package and left out of it would
    stop answering after a restart (components defined elsewhere may join it)."""
    import importlib
    import inspect
    import pkgutil

    import discord

    import bot.ui

    defined = set()
    for module in pkgutil.iter_modules(bot.ui.__path__):
        name = f"bot.ui.{module.name}"
        defined |= {obj for obj in vars(importlib.import_module(name)).values()
                    if inspect.isclass(obj) and issubclass(obj, discord.ui.DynamicItem) and obj.__module__ == name}
    assert len(defined) >= 11
    assert defined <= set(bot.ui.DYNAMIC_ITEMS), sorted(c.__name__ for c in defined - set(bot.ui.DYNAMIC_ITEMS))
    assert len(set(bot.ui.DYNAMIC_ITEMS)) == len(bot.ui.DYNAMIC_ITEMS)
