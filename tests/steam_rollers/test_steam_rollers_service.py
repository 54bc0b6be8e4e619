"""Steam Rollers through the service: a harmless variant typed by a player
is logged as its canonical text, so the log replays and reads the same."""

from __future__ import annotations

import random
import re

from bot.service import GameService
from bot.store import open_store
from games.playout import random_action


def no_render(state: object, viewer: object) -> bytes:
    return b"png"


def _shouted_with_zeros(text: str) -> str:
    """"1 build C2 NE-SW" -> "  01   BUILD  C02  SW-NE": case, zeros, spaces, piece end-order."""
    words = [re.sub(r"^([NSEW]{1,2})-([NSEW]{1,2})$", r"\2-\1", w) for w in text.split()]
    return "  " + "   ".join(re.sub(r"[0-9]+", lambda m: "0" + m.group(), w).upper() for w in words)


async def test_a_typed_variant_is_logged_as_the_canonical_text_and_replays(db_path: str) -> None:
    store = await open_store(db_path)
    try:
        service = GameService(store, no_render)
        row = await service.lobby.new_game("steam-rollers", 1, "ann", seed=3)
        await service.lobby.join(row.id, 2, "bob")
        await service.lobby.start(row.id, 1)
        rng = random.Random(1)
        typed_any = False
        for _ in range(6):
            board = await service.context.table(row.id)
            seat = [s for s in board.game.to_act(board.state) if s >= 0][0]
            legal = random_action(board.game, board.state, seat, rng)
            typed = _shouted_with_zeros(legal)
            typed_any = typed_any or typed.split() != legal.split()
            await service.turns.act(row.id, board.seats[seat].user_id, typed)
            logged = [a for a in await store.log(row.id) if a.seat == seat][-1]
            assert logged.action == legal, typed
        assert typed_any
        assert await service.log.rebuild(row.id) == (await service.context.get(row.id)).state
    finally:
        await store.close()
