"""Hidden hands through the bot's service: what reaches the board renderer
for the thread, for a player's own (ephemeral) board and for autocomplete."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.service import GameService, ServiceError
from bot.store import open_store
from games.core import CHANCE
from games.playout import random_action

USERS = {1: "ann", 2: "bob", 3: "cid"}


class Recorder:
    """A renderer that keeps every (view, viewer) it is asked to draw."""

    def __init__(self) -> None:
        self.calls: list[tuple[dict[str, Any], int | None]] = []

    def __call__(self, state: dict[str, Any], viewer: int | None) -> bytes:
        self.calls.append((state, viewer))
        return b"png"


async def test_no_board_or_choice_shows_a_hand_to_anyone_but_its_owner(db_path: str) -> None:
    store = await open_store(db_path)
    try:
        await _check_hands(GameService(store, renderer=(drawn := Recorder())), drawn)
    finally:
        await store.close()


async def _check_hands(service: GameService, drawn: Recorder) -> None:
    row = await service.lobby.new_game("days-of-steam", 1, USERS[1], seed=3)
    for user in (2, 3):
        await service.lobby.join(row.id, user, USERS[user])
    await service.lobby.start(row.id, 1)
    rng = random.Random(3)
    for _ in range(12):
        b = await service.context.table(row.id)
        seat = next(s for s in b.game.to_act(b.state) if s != CHANCE)
        for other in (s for s in range(3) if s != seat):
            with pytest.raises(ServiceError, match="not your turn"):
                await service.turns.options_at(row.id, other + 1, [])
        drawn.calls.clear()
        await service.turns.act(row.id, seat + 1, random_action(b.game, b.state, seat, rng))
        # the thread post after the move: a spectator's view, no hand at all
        assert drawn.calls and all(v is None for _s, v in drawn.calls)
        assert all(s["hands"] == [None, None, None] and s["deck"] == {} for s, _v in drawn.calls)
        for user in (1, 2, 3):
            drawn.calls.clear()
            await service.pictures.status(row.id, user)
            [(view, viewer)] = drawn.calls
            assert viewer == user - 1
            real = (await service.context.table(row.id)).state["hands"]
            assert [h is not None for h in view["hands"]] == [s == user - 1 for s in range(3)]
            assert view["hands"][user - 1] == real[user - 1] and view["deck"] == {}


async def test_a_variant_typed_through_the_service_is_logged_as_its_canonical_text(db_path: str) -> None:
    store = await open_store(db_path)
    try:
        service = GameService(store, renderer=Recorder())
        row = await service.lobby.new_game("days-of-steam", 1, USERS[1], seed=5)
        await service.lobby.join(row.id, 2, USERS[2])
        await service.lobby.start(row.id, 1)
        b = await service.context.table(row.id)
        seat = next(s for s in b.game.to_act(b.state) if s != CHANCE)
        canonical = next(c.text for c in b.game.legal_actions(b.state, seat) if c.command == "tile")
        typed = "  " + " ".join(t.lower() if i == 2 else t.upper() for i, t in enumerate(canonical.split())) + " "
        await service.turns.act(row.id, seat + 1, typed)
        logged = [a.action for a in await store.log(row.id) if a.seat == seat]
        assert logged == [canonical]
        assert await service.log.rebuild(row.id) == (await service.context.table(row.id)).state
    finally:
        await store.close()
