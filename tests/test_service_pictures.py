"""The pictures the service gives a player besides the thread post: the
preview before Confirm says it is a preview, and a panel step whose choices
don't yet finish an action is pictured by the game's own step picture, and a
crash drawing it is logged with the game id."""

from __future__ import annotations

import logging
import threading
from io import BytesIO
from typing import Any

import pytest
from PIL import Image

from bot.service import GameService
from bot.store import open_store
from games.core import CHANCE
from games.string_railway import phases
from rendering import kit


async def _started(service: GameService, slug: str) -> tuple[int, int]:
    """A started game of ``slug`` with three players; its id and the first seat due."""
    row = await service.lobby.new_game(slug, 1, "ann", seed=7)
    for user, name in ((2, "bob"), (3, "cid")):
        await service.lobby.join(row.id, user, name)
    await service.lobby.start(row.id, 1)
    b = await service.context.table(row.id)
    return row.id, next(s for s in b.game.to_act(b.state) if s != CHANCE)


async def test_the_preview_before_confirm_says_it_is_a_preview(db_path: str) -> None:
    store = await open_store(db_path)
    try:
        service = GameService(store)
        game_id, seat = await _started(service, "age-of-steam")
        b = await service.context.table(game_id)
        action = b.game.legal_actions(b.state, seat)[0].text
        png = await service.pictures.preview(game_id, seat + 1, action)
        assert png is not None
        with Image.open(BytesIO(png)) as shown:
            assert shown.convert("RGB").getpixel((2, 2)) == kit.PREVIEW_FILL
    finally:
        await store.close()


async def test_a_step_that_does_not_finish_an_action_is_pictured_by_the_game(db_path: str) -> None:
    store = await open_store(db_path)
    try:
        service = GameService(store)
        asked: list[tuple[Any, Any, list[str]]] = []

        def picture(view: Any, viewer: Any, prefix: list[str]) -> bytes:
            asked.append((view, viewer, prefix))
            return b"picture"

        service.context.step_renderer = picture
        game_id, seat = await _started(service, "steam-rollers")
        b = await service.context.table(game_id)
        options = b.game.options_at(b.state, seat, [])
        assert len(options) > 1 and not all(o.complete for o in options)
        assert await service.pictures.choice_sheet(game_id, seat + 1, []) == b"picture"
        [(view, viewer, prefix)] = asked
        assert viewer == seat and prefix == [] and view == b.game.view(b.state, seat)
    finally:
        await store.close()


async def test_a_game_with_its_own_step_picture_shows_it_in_the_panel(db_path: str) -> None:
    store = await open_store(db_path)
    try:
        service = GameService(store)
        row = await service.lobby.new_game("mine-carts", 1, "ann", seed=7)
        await service.lobby.join(row.id, 2, "bob")
        await service.lobby.start(row.id, 1)
        b = await service.context.table(row.id)
        seat = next(s for s in b.game.to_act(b.state) if s != CHANCE)
        png = await service.pictures.choice_sheet(row.id, seat + 1, [])
        assert png is not None
        with Image.open(BytesIO(png)) as shown:
            assert shown.convert("RGB").getpixel((2, 2)) == kit.PREVIEW_FILL
    finally:
        await store.close()


async def test_a_rules_crash_in_a_games_own_step_picture_is_logged_with_the_game_id(
        db_path: str, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    """String Railway's proposals picture asks the rules for the proposals
    again, in a worker thread: a crash there (as a thread-safety fault would
    be) reaches the service, which logs it with the game id and answers the
    panel with the generic picture of the choices instead."""
    store = await open_store(db_path)
    try:
        service = GameService(store)
        game_id, seat = await _started(service, "string-railway")
        b = await service.context.table(game_id)
        while b.state["phase"] != "string":
            await service.turns.act(game_id, seat + 1, b.game.legal_actions(b.state, seat)[0].text)
            b = await service.context.table(game_id)
            seat = next(s for s in b.game.to_act(b.state) if s != CHANCE)
        found = phases.proposals

        def crashing(*args: Any) -> Any:
            if threading.current_thread() is not threading.main_thread():
                raise RuntimeError("rules crash")
            return found(*args)

        monkeypatch.setattr(phases, "proposals", crashing)
        caplog.set_level(logging.ERROR)
        sheet = await service.pictures.choice_sheet(game_id, seat + 1, ["long"])
        crashes = [r for r in caplog.records if r.exc_info and r.exc_info[0] is RuntimeError]
        assert crashes and all(f"game {game_id}:" in r.getMessage() for r in crashes)
        assert sheet is not None  # the generic picture of the choices stands in
        assert (await service.turns.options_at(game_id, seat + 1, ["long"]))[1]  # the panel goes on
    finally:
        await store.close()
