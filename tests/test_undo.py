"""Fair undo: the contract's rule (``games.core.undo_target``), the service
(an undo is an append-only log entry, serialised and stored like a move, and
the state is the replay without the move), and the Discord side (the Undo
button, ``/game undo``, the corrected thread post and its withdrawn ping)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app import RailyardBot
from bot.service import GameService, ServiceError
from bot.store import Store
from games.core import (CHANCE, Entry, IllegalAction, State, live_log, replay_entries, undo_target, undo_text,
                        undone_seq)
from games.playout import play_out
from games.registry import all_games, get_game
from tests.support.discord import started_race
from tests.support.race import Race
from tests.support.service import started_race as started_race_service

USERS = {1: "ann", 2: "bob", 3: "cid"}
PLAYERS = ["ann", "bob"]


def no_render(state: object, viewer: object) -> bytes:
    return b"png"


def _log(*items: tuple[int, str]) -> list[Entry]:
    return [Entry(i, seat, action) for i, (seat, action) in enumerate(items, start=1)]


# -- the rule, in the contract -----------------------------------------------------

def test_undo_text_is_read_strictly() -> None:
    assert undone_seq(undo_text(12)) == 12
    for text in ("undo 012", "UNDO 12", "undo  12", "undo １２", "undo 0", "undo 12 3", "undo", "undo -1"):
        assert undone_seq(text) is None, text


def test_live_log_leaves_out_undo_entries_and_what_they_took_back() -> None:
    entries = _log((CHANCE, "first 0"), (0, "step 2"), (0, "undo 2"), (0, "step 1"))
    assert [e.seq for e in live_log(entries)] == [1, 4]


def test_a_seat_may_take_back_its_own_latest_move() -> None:
    entries = _log((CHANCE, "first 0"), (0, "step 2"))
    assert undo_target(Race(), PLAYERS, {}, entries, 0).seq == 2


def test_nothing_to_take_back_before_anyone_moved() -> None:
    with pytest.raises(IllegalAction, match="nothing of yours"):
        undo_target(Race(), PLAYERS, {}, _log((CHANCE, "first 0")), 0)


def test_a_move_followed_by_a_draw_cannot_be_taken_back() -> None:
    entries = _log((CHANCE, "first 0"), (0, "roll"), (CHANCE, "die 4"))
    with pytest.raises(IllegalAction, match="dice were rolled or cards drawn"):
        undo_target(Race(), PLAYERS, {}, entries, 0)


def test_a_move_cannot_be_taken_back_once_another_seat_acted() -> None:
    entries = _log((CHANCE, "first 0"), (0, "step 2"), (1, "step 1"))
    with pytest.raises(IllegalAction, match="it is bob's"):
        undo_target(Race(), PLAYERS, {}, entries, 0)
    assert undo_target(Race(), PLAYERS, {}, entries, 1).seq == 3


def test_taking_back_again_reaches_the_earlier_move_once_it_is_the_latest() -> None:
    entries = _log((CHANCE, "first 0"), (0, "step 2"), (1, "step 1"), (1, "undo 3"))
    assert undo_target(Race(), PLAYERS, {}, entries, 0).seq == 2
    with pytest.raises(IllegalAction, match="it is ann's"):
        undo_target(Race(), PLAYERS, {}, entries, 1)


def test_the_move_that_ended_the_game_stands() -> None:
    moves = [(s, "step 2") for _ in range(5) for s in (0, 1)][:9]  # ann reaches 10 on her 5th step
    entries = _log((CHANCE, "first 0"), *moves)
    assert Race().is_over(replay_entries(Race(), PLAYERS, {}, entries))
    with pytest.raises(IllegalAction, match="game is over"):
        undo_target(Race(), PLAYERS, {}, entries, 0)


class RevealingRace(Race):
    """A race whose "step 1" shows the mover something hidden."""

    def reveals(self, state: State, seat: int, action: str) -> bool:
        return action == "step 1"


def test_a_move_that_revealed_something_hidden_cannot_be_taken_back() -> None:
    with pytest.raises(IllegalAction, match="revealed something hidden"):
        undo_target(RevealingRace(), PLAYERS, {}, _log((CHANCE, "first 0"), (0, "step 1")), 0)
    assert undo_target(RevealingRace(), PLAYERS, {}, _log((CHANCE, "first 0"), (0, "step 2")), 0).seq == 2


def test_replaying_a_log_names_the_entry_that_fails() -> None:
    with pytest.raises(IllegalAction, match="Log entry 2"):
        replay_entries(Race(), PLAYERS, {}, _log((CHANCE, "first 0"), (0, "step 7")))


# -- the service ----------------------------------------------------------------------

async def _race(store: Store, seed: int = 1) -> tuple[GameService, int, int, int]:
    """A started race of ann and bob: the service, the game, the user due and the other."""
    return await started_race_service(store, no_render, seed)


async def test_taking_back_a_move_logs_an_undo_entry_and_restores_the_state(store: Store) -> None:
    service, game_id, first, _second = await _race(store)
    before = (await service.context.table(game_id)).state
    post = await service.turns.act(game_id, first, "step 2")
    assert post.undo_seq == post.seq == 2
    undone = await service.turns.undo(game_id, first, post.seq)
    after = await service.context.table(game_id)
    assert after.state == before
    assert after.row.version == 3
    log = await store.log(game_id)
    assert [(a.seq, a.action) for a in log] == [(1, log[0].action), (2, "step 2"), (3, "undo 2")]
    assert undone.seq == 2 and "stepped to space 2" in undone.note and "Undone by" in undone.note
    assert await service.log.rebuild(game_id) == after.state


async def test_a_move_followed_by_a_roll_is_not_offered_for_undo_and_is_refused(store: Store) -> None:
    service, game_id, first, _second = await _race(store)
    post = await service.turns.act(game_id, first, "roll")
    assert post.undo_seq is None
    version = (await service.context.get(game_id)).version
    with pytest.raises(ServiceError, match="dice were rolled"):
        await service.turns.undo(game_id, first)
    assert (await service.context.get(game_id)).version == version


async def test_undo_and_move_again_meets_the_same_draw_so_no_luck_can_be_fished(store: Store) -> None:
    straight, game_a, first_a, _ = await _race(store, seed=7)
    fishing, game_b, first_b, _ = await _race(store, seed=7)
    assert first_a == first_b
    await straight.turns.act(game_a, first_a, "roll")
    await fishing.turns.act(game_b, first_b, "step 1")
    await fishing.turns.undo(game_b, first_b)
    await fishing.turns.act(game_b, first_b, "roll")
    rolled_a = [a.action for a in await store.log(game_a) if a.seat == CHANCE][-1]
    rolled_b = [a.action for a in await store.log(game_b) if a.seat == CHANCE][-1]
    assert rolled_a == rolled_b
    assert (await straight.context.table(game_a)).state == (await fishing.context.table(game_b)).state


async def test_only_the_mover_may_take_back_and_only_while_no_one_else_moved(store: Store) -> None:
    service, game_id, first, second = await _race(store)
    await service.turns.act(game_id, first, "step 1")
    with pytest.raises(ServiceError, match="latest move"):
        await service.turns.undo(game_id, second)
    await service.turns.act(game_id, second, "step 2")
    with pytest.raises(ServiceError, match="latest move"):
        await service.turns.undo(game_id, first)
    with pytest.raises(ServiceError, match="not playing"):
        await service.turns.undo(game_id, 3)


async def test_an_undo_button_for_an_older_move_is_refused(store: Store) -> None:
    service, game_id, first, second = await _race(store)
    old = await service.turns.act(game_id, first, "step 1")
    await service.turns.act(game_id, second, "step 1")
    await service.turns.act(game_id, first, "step 2")
    with pytest.raises(ServiceError, match="no longer be taken back"):
        await service.turns.undo(game_id, first, old.seq)


async def test_a_retried_undo_interaction_is_applied_once(store: Store) -> None:
    service, game_id, first, _second = await _race(store)
    await service.turns.act(game_id, first, "step 1")
    await service.turns.act(game_id, 3 - first, "step 2")
    await service.turns.undo(game_id, 3 - first, interaction_id="i-1")
    with pytest.raises(ServiceError, match="already taken"):
        await service.turns.undo(game_id, 3 - first, interaction_id="i-1")
    assert [a.action for a in await store.log(game_id)][-1] == "undo 3"


async def test_the_post_after_an_undo_pings_no_one_newly_due(store: Store) -> None:
    service, game_id, first, second = await _race(store)
    moved = await service.turns.act(game_id, first, "step 1")
    assert moved.ping_user_ids == [second]
    undone = await service.turns.undo(game_id, first)
    assert undone.post.ping_user_ids == [] and f"<@{first}>" in undone.post.text
    assert "took back" in undone.post.text


async def test_the_thread_post_of_a_move_is_remembered_for_its_correction(store: Store) -> None:
    service, game_id, first, _second = await _race(store)
    post = await service.turns.act(game_id, first, "step 2")
    assert post.seq is not None
    await service.context.remember_post(game_id, post.seq, 555)
    undone = await service.turns.undo(game_id, first)
    assert undone.message_id == 555


async def test_the_next_move_names_the_post_whose_undo_it_ended(store: Store) -> None:
    service, game_id, first, second = await _race(store)
    post = await service.turns.act(game_id, first, "step 2")
    assert post.seq is not None and post.after_seq == post.seq - 1
    assert await service.context.post_message(game_id, post.seq - 1) is None  # the set-up draw had no post
    await service.context.remember_post(game_id, post.seq, 555)
    after = await service.turns.act(game_id, second, "step 1")
    assert after.after_seq == post.seq
    assert await service.context.post_message(game_id, after.after_seq) == 555


# -- on Discord ---------------------------------------------------------------------------

def _message(thread: Any, message_id: int) -> Any:
    return next(m for m in thread.history() if m.id == message_id)


async def test_undo_button_takes_the_move_back_and_corrects_its_post(env: Any) -> None:
    thread, first, second, game_id = await started_race(env)
    await first.slash(thread, "race step", choice="step 2")
    moved = [m for m in thread.history() if m.attachments][-1]
    assert f"<@{second.id}>" in moved.content
    labels = [getattr(c, "label", None) for row in moved.components for c in row.children]
    assert "Undo" in labels
    refused = await second.click(moved, label="Undo")
    assert refused.ephemeral and "latest move" in "\n".join(m.content for m in [refused.response, *refused.followups])
    done = await first.click(moved, label="Undo")
    assert done.ephemeral
    corrected = _message(thread, moved.id)
    assert corrected.content.startswith("↩️ Undone by")
    assert "~~" in corrected.content and f"<@{second.id}>" not in corrected.content
    assert not corrected.attachments and not corrected.components
    again = [m for m in thread.history() if m.attachments][-1]
    assert again.id != moved.id and "took back" in again.content and f"<@{first.id}>" in again.content
    posts = [r for r in env.http_requests if r.method == "POST" and r.path == f"/channels/{thread.id}/messages"]
    assert posts[-1].json["allowed_mentions"]["users"] == []
    bot = env.bot
    assert isinstance(bot, RailyardBot)
    assert (await bot.service.context.table(game_id)).state["positions"] == [0, 0]


async def test_the_undo_button_leaves_a_post_once_another_move_follows(env: Any) -> None:
    thread, first, second, _game_id = await started_race(env)
    await first.slash(thread, "race step", choice="step 2")
    moved = [m for m in thread.history() if m.attachments][-1]
    await second.slash(thread, "race step", choice="step 1")
    older = _message(thread, moved.id)
    labels = [getattr(c, "label", None) for row in older.components for c in row.children]
    assert "Undo" not in labels and "Your turn" in labels
    newer = [m for m in thread.history() if m.attachments][-1]
    assert newer.id != moved.id
    assert "Undo" in [getattr(c, "label", None) for row in newer.components for c in row.children]
    edits = [r for r in env.http_requests if r.method == "PATCH" and r.path.endswith(f"/messages/{moved.id}")]
    assert edits
    for edit in edits:  # an edit pings no one
        assert not edit.json["allowed_mentions"].get("parse") and not edit.json["allowed_mentions"].get("users")


async def test_game_undo_command_refuses_after_a_roll(env: Any) -> None:
    thread, first, _second, game_id = await started_race(env)
    await first.slash(thread, "race roll", choice="roll")
    rolled = [m for m in thread.history() if m.attachments][-1]
    labels = [getattr(c, "label", None) for row in rolled.components for c in row.children]
    assert "Undo" not in labels
    refused = await first.slash(thread, "game undo")
    said = "\n".join(m.content for m in [refused.response, *refused.followups] if m is not None)
    assert refused.ephemeral and "dice were rolled" in said


# -- every game gets the rule -----------------------------------------------------------------

REAL_GAMES = sorted(s for s in all_games() if s != "race")


@pytest.mark.parametrize("slug", REAL_GAMES)
def test_in_every_game_taking_back_a_move_restores_the_state_before_it(slug: str) -> None:
    game = get_game(slug)
    players = ["ann", "bob", "cid", "dee"][: game.nearest_count(3)]
    _final, log = play_out(game, players, 4)
    entries = [Entry(i, seat, action) for i, (seat, action) in enumerate(log, start=1)]
    states = [game.new(players, {})]
    for entry in entries[:80]:
        states.append(game.apply(states[-1], entry.seat, entry.action).state)
    moves = [k for k in range(2, len(states)) if entries[k - 1].seat != CHANCE]
    checked = 0
    for k in moves[:: max(1, len(moves) // 12)]:
        last = entries[k - 1]
        try:
            target = undo_target(game, players, {}, entries[:k], last.seat)
        except IllegalAction:
            assert k < len(entries) and entries[k].seat == CHANCE or game.is_over(states[k])
            continue
        assert target == last
        taken_back = replay_entries(game, players, {}, [*entries[:k], Entry(k + 1, last.seat, undo_text(k))])
        assert taken_back == states[k - 1]
        checked += 1
        if k < len(entries) and entries[k].seat == CHANCE:
            with pytest.raises(IllegalAction, match="dice were rolled or cards drawn"):
                undo_target(game, players, {}, entries[:k + 1], last.seat)
    assert checked > 0


@pytest.mark.parametrize("slug", REAL_GAMES)
def test_no_game_spells_an_action_like_an_undo_entry(slug: str) -> None:
    game = get_game(slug)
    players = ["ann", "bob", "cid", "dee"][: game.nearest_count(3)]
    seen: list[str] = []

    def no_undo_text(state: State, seat: int, action: str) -> None:
        for s in game.to_act(state):
            if s != CHANCE and any(o.token == "undo" for o in game.options_at(state, s, [])):
                seen.extend(o.token for o in game.options_at(state, s, ["undo"]) if o.token.isascii()
                            and o.token.isdigit())

    play_out(game, players, 5, after_each=no_undo_text)
    assert seen == []


# -- the store remembers thread posts from schema 3 on -------------------------------------------

async def test_a_version_2_sqlite_database_gains_the_posts_table(db_path: str) -> None:
    import sqlite3

    from bot.store import open_store
    from bot.store.sqlite import MIGRATIONS

    db = sqlite3.connect(db_path)
    db.executescript(MIGRATIONS[0] + MIGRATIONS[1] + "PRAGMA user_version = 2;")
    db.close()
    store = await open_store(db_path)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        game_id = await store.create_game(slug="race", options={}, secret=bytes(32), creator_id=1, creator_name="ann")
        await store.remember_post(game_id, 2, 99)
        await store.remember_post(game_id, 2, 100)
        assert await store.post_message(game_id, 2) == 100 and await store.post_message(game_id, 3) is None
    finally:
        await store.close()


async def test_a_version_2_postgres_database_gains_the_posts_table(postgres_url: str) -> None:
    import asyncpg

    from bot.store import open_store
    from bot.store.postgres import SCHEMA, SCHEMA_VERSION

    conn = await asyncpg.connect(postgres_url)
    try:
        await conn.execute(SCHEMA)
        await conn.execute("INSERT INTO railyard_schema (version) VALUES (2)")
    finally:
        await conn.close()
    store = await open_store(postgres_url)
    try:
        assert await store.schema_version() == SCHEMA_VERSION
        game_id = await store.create_game(slug="race", options={}, secret=bytes(32), creator_id=1, creator_name="ann")
        await store.remember_post(game_id, 2, 99)
        assert await store.post_message(game_id, 2) == 99
    finally:
        await store.close()
