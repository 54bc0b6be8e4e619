"""The pictures the service gives a player besides the thread post: the
preview before Confirm says it is a preview, and a panel step whose choices
don't yet finish an action is pictured by the game's own step picture."""

from __future__ import annotations

from io import BytesIO
from typing import Any

from PIL import Image

from bot.service import GameService
from bot.store import open_store
from games.core import CHANCE
from rendering import kit


async def _started(service: GameService, slug: str) -> tuple[int, int]:
    """A started game of ``slug`` with three players; its id and the first seat due."""
    row = await service.new_game(slug, 1, "ann", seed=7)
    for user, name in ((2, "bob"), (3, "cid")):
        await service.join(row.id, user, name)
    await service.start(row.id, 1)
    b = await service.table(row.id)
    return row.id, next(s for s in b.game.to_act(b.state) if s != CHANCE)


async def test_the_preview_before_confirm_says_it_is_a_preview(db_path: str) -> None:
    store = await open_store(db_path)
    try:
        service = GameService(store)
        game_id, seat = await _started(service, "age-of-steam")
        b = await service.table(game_id)
        action = b.game.legal_actions(b.state, seat)[0].text
        png = await service.preview(game_id, seat + 1, action)
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

        service.step_renderer = picture
        game_id, seat = await _started(service, "steam-rollers")
        b = await service.table(game_id)
        options = b.game.options_at(b.state, seat, [])
        assert len(options) > 1 and not all(o.complete for o in options)
        assert await service.choice_sheet(game_id, seat + 1, []) == b"picture"
        [(view, viewer, prefix)] = asked
        assert viewer == seat and prefix == [] and view == b.game.view(b.state, seat)
    finally:
        await store.close()


async def test_a_game_with_its_own_step_picture_shows_it_in_the_panel(db_path: str) -> None:
    store = await open_store(db_path)
    try:
        service = GameService(store)
        row = await service.new_game("mine-carts", 1, "ann", seed=7)
        await service.join(row.id, 2, "bob")
        await service.start(row.id, 1)
        b = await service.table(row.id)
        seat = next(s for s in b.game.to_act(b.state) if s != CHANCE)
        png = await service.choice_sheet(row.id, seat + 1, [])
        assert png is not None
        with Image.open(BytesIO(png)) as shown:
            assert shown.convert("RGB").getpixel((2, 2)) == kit.PREVIEW_FILL
    finally:
        await store.close()
