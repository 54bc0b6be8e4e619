"""Mine Carts through the real service: both teammates are pinged when
their team is due, either may act for it, and the other team is refused."""

from __future__ import annotations

import pytest

from bot.service import GameService, ServiceError
from bot.store import Store
from games.mine_carts import GAME
from games.mine_carts.state import typed


async def test_both_teammates_are_pinged_and_either_acts_for_the_team(store: Store) -> None:
    service = GameService(store, lambda s, v: b"")
    row = await service.lobby.new_game("mine-carts", 1, "ann", seed=4)
    for user, name in ((2, "bob"), (3, "cid"), (4, "dee")):
        await service.lobby.join(row.id, user, name)
    post = await service.lobby.start(row.id, 1)
    assert sorted(post.ping_user_ids) == [1, 3]  # Red: seats 0 and 2
    assert "Red (ann, cid) (either may act)" in post.text
    b = await service.context.table(row.id)
    lay = GAME.legal_actions(b.state, 2)[0].text
    with pytest.raises(ServiceError, match="not your turn"):
        await service.turns.act(row.id, 2, lay)  # bob plays for Blue
    await service.turns.act(row.id, 3, lay)  # cid lays Red's card
    b = await service.context.table(row.id)
    switch = GAME.legal_actions(b.state, 0)[0].text
    post = await service.turns.act(row.id, 1, switch)  # ann sets the switch for Red
    assert sorted(post.ping_user_ids) == [2, 4] and "Blue (bob, dee)" in post.text
    assert typed((await service.context.table(row.id)).state)["team"] == 1


async def test_a_panel_opened_before_the_teammate_moved_says_so(store: Store) -> None:
    service = GameService(store, lambda s, v: b"")
    row = await service.lobby.new_game("mine-carts", 1, "ann", seed=4)
    for user, name in ((2, "bob"), (3, "cid"), (4, "dee")):
        await service.lobby.join(row.id, user, name)
    await service.lobby.start(row.id, 1)
    b = await service.context.table(row.id)
    seen = b.row.version  # ann and cid both open their panels now
    await service.turns.act(row.id, 3, GAME.legal_actions(b.state, 2)[0].text)  # cid lays Red's card
    b = await service.context.table(row.id)
    with pytest.raises(ServiceError, match="Your teammate cid moved"):
        await service.turns.act(row.id, 1, GAME.legal_actions(b.state, 0)[0].text, expected_version=seen)
    assert (await service.context.get(row.id)).version == seen + 1
