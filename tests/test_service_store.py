"""The store and the service, without Discord: migrations, the append-only
log, rebuilding every game from its log, two players acting at the
same moment, a retried interaction, and a restart mid-game."""

from __future__ import annotations

import asyncio
import random
import pytest

from bot.service import GameService, ServiceError
from bot.store import NewAction, Store, VersionConflict, open_store
from bot.store.sqlite import MIGRATIONS, SQLiteStore
from games.core import CHANCE
from games.playout import random_action
from games.registry import all_games, get_game

USERS = {1: "ann", 2: "bob", 3: "cid", 4: "dee"}


def no_render(state: object, viewer: object) -> bytes:
    return b"png"


async def _started(service: GameService, slug: str, players: int, seed: int = 1) -> int:
    row = await service.lobby.new_game(slug, 1, USERS[1], seed=seed)
    for user in range(2, players + 1):
        await service.lobby.join(row.id, user, USERS[user])
    await service.lobby.start(row.id, 1)
    return row.id


async def _due_user(service: GameService, game_id: int) -> int:
    b = await service.context.table(game_id)
    seat = next(s for s in b.game.to_act(b.state) if s != CHANCE)
    return b.seats[seat].user_id


async def _play(service: GameService, game_id: int, actions: int, rng: random.Random) -> None:
    for _ in range(actions):
        b = await service.context.table(game_id)
        if b.game.is_over(b.state):
            return
        seat = rng.choice([s for s in b.game.to_act(b.state) if s != CHANCE])
        action = random_action(b.game, b.state, seat, rng)
        await service.turns.act(game_id, b.seats[seat].user_id, action)


async def test_fresh_database_is_migrated_to_latest_version(store: Store) -> None:
    assert await store.schema_version() == store.schema_version_known == len(MIGRATIONS)
    if isinstance(store, SQLiteStore):
        async with store.db.execute("PRAGMA journal_mode") as cur:
            assert (await cur.fetchone())[0] == "wal"  # type: ignore[index]


async def test_reopening_keeps_games_and_does_not_migrate_again(store_target: str) -> None:
    first = await open_store(store_target)
    game_id = await first.create_game(slug="race", options={"goal": "10"}, secret=b"\x05" * 32, creator_id=1,
                                      creator_name="ann")
    await first.close()
    again = await open_store(store_target)
    try:
        assert await again.schema_version() == len(MIGRATIONS)
        row = await again.get_game(game_id)
        assert row is not None and row.options == {"goal": "10"}
        assert await again.secret(game_id) == b"\x05" * 32
        assert [s.name for s in await again.seats(game_id)] == ["ann"]
    finally:
        await again.close()


async def test_action_log_is_append_only(store: Store) -> None:
    game_id = await store.create_game(slug="race", options={}, secret=bytes(32), creator_id=1, creator_name="ann")
    await store.record(game_id, 0, {"schema": 1}, "active", [NewAction(0, "step 1", ["moved"])])
    for statement in ("UPDATE actions SET action = 'step 2'", "DELETE FROM actions"):
        with pytest.raises(Exception, match="append-only"):
            async with store.transaction() as tx:
                await tx.execute(statement)
    assert [a.action for a in await store.log(game_id)] == ["step 1"]


async def test_stale_version_is_refused_and_nothing_is_written(store_target: str) -> None:
    a, b = await open_store(store_target), await open_store(store_target)
    try:
        game_id = await a.create_game(slug="race", options={}, secret=bytes(32), creator_id=1, creator_name="ann")
        assert await a.record(game_id, 0, {"n": 1}, "active", [NewAction(0, "step 1", [])]) == 1
        with pytest.raises(VersionConflict):
            await b.record(game_id, 0, {"n": 2}, "active", [NewAction(1, "step 2", [])])
        row = await b.get_game(game_id)
        assert row is not None and row.state == {"n": 1} and row.version == 1
        assert [x.action for x in await b.log(game_id)] == ["step 1"]
    finally:
        await a.close()
        await b.close()


@pytest.mark.parametrize("slug", sorted(all_games()))
async def test_game_rebuilds_from_its_log(store: Store, slug: str) -> None:
    service = GameService(store, no_render)
    game = get_game(slug)
    game_id = await _started(service, slug, game.nearest_count(3), seed=11)
    await _play(service, game_id, 120, random.Random(4))
    row = await service.context.get(game_id)
    assert row.version > 10
    assert await service.log.rebuild(game_id) == row.state


async def test_two_players_at_the_same_moment_are_applied_one_after_the_other(store: Store) -> None:
    service = GameService(store, no_render)
    game_id = await _started(service, "race", 2)
    first = await _due_user(service, game_id)
    second = 2 if first == 1 else 1
    version = (await service.context.get(game_id)).version
    await asyncio.gather(service.turns.act(game_id, first, "step 1"), service.turns.act(game_id, second, "step 2"))
    row = await service.context.get(game_id)
    assert row.version == version + 2
    assert [a.action for a in await store.log(game_id, last=2)] == ["step 1", "step 2"]


async def test_second_of_two_simultaneous_clicks_is_judged_against_the_new_state(store: Store) -> None:
    service = GameService(store, no_render)
    game_id = await _started(service, "race", 2)
    first = await _due_user(service, game_id)
    results = await asyncio.gather(service.turns.act(game_id, first, "step 1"),
                                   service.turns.act(game_id, first, "step 2"), return_exceptions=True)
    assert not isinstance(results[0], BaseException)
    assert isinstance(results[1], ServiceError) and "not your turn" in str(results[1])
    assert [a.action for a in await store.log(game_id, last=1)] == ["step 1"]


async def test_retried_interaction_is_applied_once(store: Store) -> None:
    service = GameService(store, no_render)
    game_id = await _started(service, "race", 2)
    first = await _due_user(service, game_id)
    await service.turns.act(game_id, first, "step 1", interaction_id="111")
    version = (await service.context.get(game_id)).version
    with pytest.raises(ServiceError, match="already taken"):
        await service.turns.act(game_id, first, "step 1", interaction_id="111")
    assert (await service.context.get(game_id)).version == version


async def test_panel_opened_before_the_players_own_last_move_is_refused(store: Store) -> None:
    service = GameService(store, no_render)
    game_id = await _started(service, "race", 2)
    first = await _due_user(service, game_id)
    seen = (await service.context.get(game_id)).version
    await service.turns.act(game_id, first, "step 1")
    await service.turns.act(game_id, await _due_user(service, game_id), "step 1")
    assert await _due_user(service, game_id) == first
    with pytest.raises(ServiceError, match="moved on"):
        await service.turns.act(game_id, first, "step 2", expected_version=seen)
    assert (await service.context.get(game_id)).version == seen + 2


async def test_panel_opened_before_another_seat_moved_is_judged_against_the_new_state(store: Store) -> None:
    service = GameService(store, no_render)
    game_id = await _started(service, "race", 2)
    first = await _due_user(service, game_id)
    await service.turns.act(game_id, first, "step 1")
    second = await _due_user(service, game_id)
    seen = (await service.context.get(game_id)).version - 1  # the panel was opened before the first player moved
    await service.turns.act(game_id, second, "step 1", expected_version=seen)
    assert (await service.context.get(game_id)).version == seen + 2


async def test_restart_mid_game_continues_from_last_stored_action(store_target: str) -> None:
    store = await open_store(store_target)
    service = GameService(store, no_render)
    game_id = await _started(service, "steam-rollers", 3, seed=7)
    await _play(service, game_id, 15, random.Random(2))
    before = await service.context.get(game_id)
    await store.close()  # the process dies here
    store = await open_store(store_target)
    try:
        service = GameService(store, no_render)
        after = await service.context.get(game_id)
        assert after.state == before.state and after.version == before.version
        await _play(service, game_id, 5, random.Random(3))
        assert (await service.context.get(game_id)).version > before.version
        assert await service.log.rebuild(game_id) == (await service.context.get(game_id)).state
    finally:
        await store.close()


async def test_lobby_rules(store: Store) -> None:
    service = GameService(store, no_render)
    row = await service.lobby.new_game("race", 1, "ann", seed=1)
    with pytest.raises(ServiceError, match="played by 2-4 players"):
        await service.lobby.start(row.id, 1)
    await service.lobby.join(row.id, 2, "bob")
    with pytest.raises(ServiceError, match="already in this game"):
        await service.lobby.join(row.id, 2, "bob")
    with pytest.raises(ServiceError, match="Only the player who created"):
        await service.lobby.start(row.id, 2)
    with pytest.raises(ServiceError, match="use `/game abandon`"):
        await service.lobby.leave(row.id, 1)
    assert await service.lobby.leave(row.id, 2) == "Left the game."
    for user in (2, 3, 4):
        await service.lobby.join(row.id, user, USERS[user])
    with pytest.raises(ServiceError, match="full"):
        await service.lobby.join(row.id, 5, "eve")


async def test_unknown_option_is_refused_before_anything_is_stored(store: Store) -> None:
    service = GameService(store, no_render)
    with pytest.raises(ServiceError):
        await service.lobby.new_game("steam-rollers", 1, "ann", {"difficulty": "impossible"})
    assert await store.count_games() == 0


async def test_finished_game_reports_scores_and_winner(store: Store) -> None:
    service = GameService(store, no_render)
    game_id = await _started(service, "race", 2)
    post = None
    for _ in range(40):
        user = await _due_user(service, game_id)
        post = await service.turns.act(game_id, user, "step 2")
        if post.finished:
            break
    assert post is not None and post.finished
    assert "Game over" in post.text and "wins" in post.text and post.ping_user_ids == []
    assert (await service.context.get(game_id)).status == "finished"


async def test_only_newly_due_seats_are_pinged(store: Store) -> None:
    service = GameService(store, no_render)
    game_id = await _started(service, "race", 2)
    first = await _due_user(service, game_id)
    post = await service.turns.act(game_id, first, "step 1")
    second = await _due_user(service, game_id)
    assert post.ping_user_ids == [second]


async def _tile_step(service: GameService, game_id: int, heading: str, rng: random.Random) -> tuple[int, list[str]]:
    """Play on until the due player can reach a step titled ``heading``
    whose options all finish the action; (user, prefix) of that step."""
    for _ in range(400):
        b = await service.context.table(game_id)
        seat = next(s for s in b.game.to_act(b.state) if s != CHANCE)
        prefix: list[str] = []
        options = b.game.options_at(b.state, seat, prefix)
        while options and not options[0].complete:
            if heading in options[0].heading:
                break
            prefix.append(rng.choice(options).token)
            options = b.game.options_at(b.state, seat, prefix)
        if options and heading in options[0].heading and len(options) > 1:
            return b.seats[seat].user_id, prefix
        await service.turns.act(game_id, b.seats[seat].user_id, random_action(b.game, b.state, seat, rng))
    raise AssertionError(f"no '{heading}' step reached")


@pytest.mark.parametrize(("slug", "heading"), [("age-of-steam", "Which tile"), ("steam-rollers", "Track piece"),
                                               ("days-of-steam", "Which way round")])
async def test_placement_choices_are_pictured_side_by_side(store: Store, slug: str, heading: str) -> None:
    service = GameService(store, no_render)
    game_id = await _started(service, slug, 3, seed=5)
    user, prefix = await _tile_step(service, game_id, heading, random.Random(1))
    version = (await service.context.get(game_id)).version
    png = await service.pictures.choice_sheet(game_id, user, prefix)
    assert png is not None and png[:4] == b"\x89PNG"
    assert (await service.context.get(game_id)).version == version  # picturing changes nothing
    assert await service.pictures.choice_sheet(game_id, user, []) is None  # first step: not placements


async def test_games_without_pictures_of_choices_get_none(store: Store) -> None:
    service = GameService(store, no_render)
    game_id = await _started(service, "race", 2)
    user = await _due_user(service, game_id)
    assert await service.pictures.choice_sheet(game_id, user, ["step"]) is None
