"""The service side of the platform tests: a race started through it."""

from __future__ import annotations

from bot.service import GameService, Renderer
from bot.store import Store


async def started_race(store: Store, renderer: Renderer, seed: int = 1) -> tuple[GameService, int, int, int]:
    """A race of ann (user 1) and bob (user 2) started through a service
    drawing with ``renderer`` (the full board too): the service, the game,
    the user due first and the other."""
    service = GameService(store, renderer, full_renderer=renderer)
    row = await service.lobby.new_game("race", 1, "ann", seed=seed)
    await service.lobby.join(row.id, 2, "bob")
    await service.lobby.start(row.id, 1)
    b = await service.context.table(row.id)
    first = b.seats[b.game.to_act(b.state)[0]].user_id
    return service, row.id, first, 3 - first
