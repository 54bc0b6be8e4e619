"""A game's history: the board at an earlier action (as the asking member
may see it), the whole log page by page, the export and ``railyard import``
checking every step, and the end-of-game animation under the upload limit;
through the service and on (simulated) Discord."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.cli import main as railyard
from bot.history import (EXPORT_KIND, assemble_gif, export_document, frame_states, read_export, replay_export,
                         sample_evenly)
from bot.service import GameService, ServiceError
from bot.store import Store
from games.core import CHANCE, Entry, State, secret_from_seed
from games.playout import play_out, random_action
from games.registry import all_games, get_game
from tests.support.discord import started_race
from tests.support.race import render as race_render
from tests.support.service import started_race as started_race_service

Seen = list[tuple[State, "int | None"]]


def _recording(seen: Seen) -> Any:
    def draw(state: State, viewer: int | None) -> bytes:
        seen.append((state, viewer))
        return b"png"
    return draw


async def _race(store: Store, seen: Seen | None = None, seed: int = 1) -> tuple[GameService, int, int, int]:
    return await started_race_service(store, _recording(seen if seen is not None else []), seed)


async def _play_to_the_end(service: GameService, game_id: int) -> None:
    for _ in range(30):
        b = await service.context.table(game_id)
        if b.game.is_over(b.state):
            return
        seat = b.game.to_act(b.state)[0]
        await service.turns.act(game_id, b.seats[seat].user_id, "step 2")
    raise AssertionError("the race did not end")


# -- the board at an earlier action ------------------------------------------------------

async def test_replay_at_shows_the_board_as_it_stood_after_that_action(store: Store) -> None:
    seen: Seen = []
    service, game_id, first, second = await _race(store, seen)
    await service.turns.act(game_id, first, "step 2")
    await service.turns.act(game_id, second, "step 1")
    seen.clear()
    post = await service.log.replay_at(game_id, None, 2)
    state, viewer = seen[-1]
    mover = 0 if first == 1 else 1
    assert state["positions"][mover] == 2 and state["positions"][1 - mover] == 0 and viewer is None
    assert "after action 2 of 3" in post.text and "stepped to space 2" in post.text


async def test_replay_at_shows_a_move_that_was_taken_back_later(store: Store) -> None:
    seen: Seen = []
    service, game_id, first, _second = await _race(store, seen)
    await service.turns.act(game_id, first, "step 2")
    await service.turns.undo(game_id, first)
    seen.clear()
    await service.log.replay_at(game_id, first, 2)
    assert max(seen[-1][0]["positions"]) == 2
    await service.log.replay_at(game_id, first, 3)
    assert max(seen[-1][0]["positions"]) == 0


async def test_replay_at_refuses_numbers_outside_the_log(store: Store) -> None:
    service, game_id, _first, _second = await _race(store)
    with pytest.raises(ServiceError, match="from 1 to 1"):
        await service.log.replay_at(game_id, None, 2)


async def test_replay_at_shows_a_player_only_his_own_hand_and_a_spectator_none(store: Store) -> None:
    seen: Seen = []
    draw = _recording(seen)
    service = GameService(store, draw, full_renderer=draw)
    row = await service.lobby.new_game("days-of-steam", 1, "ann", seed=3)
    await service.lobby.join(row.id, 2, "bob")
    await service.lobby.start(row.id, 1)
    rng = random.Random(3)
    for _ in range(3):
        b = await service.context.table(row.id)
        seat = next(s for s in b.game.to_act(b.state) if s != CHANCE)
        await service.turns.act(row.id, b.seats[seat].user_id, random_action(b.game, b.state, seat, rng))
    seen.clear()
    await service.log.replay_at(row.id, 2, 2)
    as_bob, viewer = seen[-1]
    assert viewer == 1 and as_bob["hands"][0] is None and isinstance(as_bob["hands"][1], list)
    await service.log.replay_at(row.id, 99, 2)
    as_spectator, viewer = seen[-1]
    assert viewer is None and as_spectator["hands"] == [None, None] and as_spectator["deck"] == {}


# -- the log, page by page ----------------------------------------------------------------

async def test_log_pages_through_the_whole_log_and_strikes_moves_taken_back(store: Store) -> None:
    service, game_id, first, second = await _race(store)
    await service.turns.act(game_id, first, "step 1")
    await service.turns.undo(game_id, first)
    for _ in range(3):
        await service.turns.act(game_id, first, "step 1")
        await service.turns.act(game_id, second, "step 1")
    newest = await service.log.page(game_id, None, per_page=3)
    assert (newest.page, newest.pages) == (3, 3) and "page 3/3" in newest.text
    oldest = await service.log.page(game_id, 1, per_page=3)
    lines = oldest.text.splitlines()[1:]
    assert [line.split("`")[1].strip() for line in lines] == ["1", "2", "3"]
    assert "~~" in lines[1] and "taken back by" in lines[1]
    assert "took back a move" in lines[2]
    assert "(chance)" in lines[0] or "starts" in lines[0]
    assert (await service.log.page(game_id, 99, per_page=3)).page == 3


# -- export and import ----------------------------------------------------------------------

async def test_export_holds_the_secret_only_once_the_game_is_finished(store: Store) -> None:
    service, game_id, first, _second = await _race(store)
    await service.turns.act(game_id, first, "step 1")
    await service.turns.undo(game_id, first)
    _name, running = await service.log.export(game_id)
    doc = json.loads(running)
    assert doc["kind"] == EXPORT_KIND and "secret" not in doc and doc["players"] == ["ann", "bob"]
    assert [e["action"] for e in doc["log"]][1:] == ["step 1", "undo 2"]
    await _play_to_the_end(service, game_id)
    name, finished = await service.log.export(game_id)
    doc = json.loads(finished)
    assert name == f"railyard-race-{game_id}.json"
    assert doc["secret"] == secret_from_seed(1).hex() and doc["status"] == "finished"


async def test_a_running_game_with_hidden_hands_is_not_exported(store: Store) -> None:
    service = GameService(store, lambda s, v: b"png")
    row = await service.lobby.new_game("days-of-steam", 1, "ann", seed=3)
    await service.lobby.join(row.id, 2, "bob")
    await service.lobby.start(row.id, 1)
    with pytest.raises(ServiceError, match="once the game is over"):
        await service.log.export(row.id)


async def test_import_replays_an_export_checking_every_draw_against_the_secret(
        store: Store, tmp_path: Path, capsys: Any) -> None:
    service, game_id, first, _second = await _race(store)
    await service.turns.act(game_id, first, "step 1")
    await service.turns.undo(game_id, first)
    await _play_to_the_end(service, game_id)
    _name, data = await service.log.export(game_id)
    path = tmp_path / "game.json"
    path.write_bytes(data)
    assert railyard(["import", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "every step legal" in out and "1 taken back" in out
    assert "draws checked against the secret" in out and "game over" in out


def _exported(tmp_path: Path, doc: dict[str, Any]) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    return str(path)


RACE_LOG = [Entry(1, CHANCE, "first 0"), Entry(2, 0, "step 2"), Entry(3, 1, "roll"), Entry(4, CHANCE, "die 3")]


def test_import_names_the_step_of_an_illegal_move(tmp_path: Path, capsys: Any) -> None:
    doc = export_document("race", {"goal": "10", "stride": "2"}, ["ann", "bob"], "active",
                          [*RACE_LOG[:2], Entry(3, 1, "step 5")], None)
    assert railyard(["import", _exported(tmp_path, doc)]) == 2
    err = capsys.readouterr().err
    assert "step 3" in err and "is not a move" in err


def test_import_refuses_a_draw_the_secret_does_not_give(tmp_path: Path, capsys: Any) -> None:
    secret = secret_from_seed(5)
    game = get_game("race")
    first = game.sample_chance(game.new(["ann", "bob"], {}), __import__("games.core").core.chance_rng(secret, 0))
    other = "first 1" if first == "first 0" else "first 0"
    doc = export_document("race", {}, ["ann", "bob"], "finished", [Entry(1, CHANCE, other)], secret)
    assert railyard(["import", _exported(tmp_path, doc)]) == 2
    assert "step 1" in capsys.readouterr().err
    doc = export_document("race", {}, ["ann", "bob"], "finished", [Entry(1, CHANCE, first)], secret)
    assert railyard(["import", _exported(tmp_path, doc)]) == 0


def test_import_refuses_an_undo_the_rule_did_not_allow(tmp_path: Path, capsys: Any) -> None:
    doc = export_document("race", {}, ["ann", "bob"], "active", [*RACE_LOG, Entry(5, 1, "undo 3")], None)
    assert railyard(["import", _exported(tmp_path, doc)]) == 2
    assert "step 5" in capsys.readouterr().err


def test_import_refuses_what_is_not_an_export(tmp_path: Path, capsys: Any) -> None:
    path = tmp_path / "x.json"
    path.write_text("{\"kind\": \"something\"}")
    assert railyard(["import", str(path)]) == 2
    assert "not a Railyard game export" in capsys.readouterr().err
    assert railyard(["import", str(tmp_path / "missing.json")]) == 2
    with pytest.raises(Exception, match="numbered 7"):
        replay_export(read_export(json.dumps(export_document("race", {}, ["a", "b"], "active",
                                                             [Entry(7, CHANCE, "first 0")], None))))


@pytest.mark.parametrize("slug", sorted(s for s in all_games() if s != "race"))
def test_a_recorded_game_replays_through_import(slug: str) -> None:
    game = get_game(slug)
    players = ["ann", "bob", "cid"][: game.nearest_count(3)] if game.nearest_count(3) <= 3 else [
        "ann", "bob", "cid", "dee"]
    _final, log = play_out(game, players, 2)
    entries = [Entry(i, seat, action) for i, (seat, action) in enumerate(log, start=1)]
    doc = export_document(slug, game.resolve_options({}), players, "finished", entries, secret_from_seed(2))
    imported = replay_export(read_export(json.dumps(doc)))
    assert game.is_over(imported.state) and imported.chance_checked


# -- the end-of-game animation -----------------------------------------------------------------

def test_a_game_with_rounds_has_one_frame_per_round_and_the_final_board() -> None:
    game = get_game("age-of-steam")
    final, log = play_out(game, ["ann", "bob", "cid"], 6)
    entries = [Entry(i, seat, action) for i, (seat, action) in enumerate(log, start=1)]
    frames = frame_states(game, ["ann", "bob", "cid"], {}, entries)
    rounds = final["round"]
    assert [f["round"] for f in frames[:-1]] == list(range(1, rounds + 1))[: len(frames) - 1]
    assert frames[-1] == final


def test_a_long_game_is_sampled_evenly_keeping_first_and_last() -> None:
    assert sample_evenly(list(range(100)), 5) == [0, 25, 50, 74, 99]
    assert sample_evenly([1, 2], 5) == [1, 2]


def _race_pngs(count: int) -> list[bytes]:
    race = get_game("race")
    state = race.new(["ann", "bob"], {})
    state = race.apply(state, CHANCE, "first 0").state
    pngs = []
    for i in range(count):
        state = race.apply(state, i % 2, "step 1").state
        pngs.append(race_render(state, None))
    return pngs


def test_the_animation_fits_the_upload_limit_by_shrinking() -> None:
    pngs = _race_pngs(8)
    roomy = assemble_gif(pngs)
    assert roomy is not None and roomy.frames == 8
    tight = assemble_gif(pngs, limit=len(roomy.data) // 3)
    assert tight is not None and len(tight.data) <= len(roomy.data) // 3
    image = Image.open(io.BytesIO(tight.data))
    assert image.format == "GIF" and getattr(image, "n_frames") == tight.frames and image.width < 400
    assert assemble_gif(pngs, limit=200) is None


# -- on Discord -----------------------------------------------------------------------------------

def _last(result: Any) -> Any:
    return (result.followups or [result.response])[-1]


async def test_replay_command_shows_an_earlier_board_privately(env: Any) -> None:
    thread, first, second, _game = await started_race(env)
    await first.slash(thread, "race step", choice="step 2")
    await second.slash(thread, "race step", choice="step 1")
    shown = await second.slash(thread, "game replay", at=2)
    message = _last(shown)
    assert shown.ephemeral and "after action 2 of 3" in message.content
    assert [a.filename for a in message.attachments] == ["board-at-2.png"]
    refused = await second.slash(thread, "game replay", at=9)
    assert "from 1 to 3" in _last(refused).content


async def test_log_command_pages_with_older_and_newer_buttons(env: Any) -> None:
    thread, first, second, _game = await started_race(env)
    for _ in range(2):
        await first.slash(thread, "race step", choice="step 1")
        await second.slash(thread, "race step", choice="step 1")
    shown = await second.slash(thread, "game log", count=2)
    page = _last(shown)
    assert shown.ephemeral and "page 3/3" in page.content
    await second.click(page, label="◀ Older")
    page = next(m for m in thread.history(viewer=second) if m.id == page.id)
    assert "page 2/3" in page.content
    labels = [getattr(c, "label", None) for row in page.components for c in row.children]
    assert labels == ["◀ Older", "Newer ▶"]


async def test_export_command_sends_the_log_as_a_file(env: Any) -> None:
    thread, first, _second, _game = await started_race(env)
    await first.slash(thread, "race step", choice="step 2")
    shown = await first.slash(thread, "game export")
    message = _last(shown)
    assert shown.ephemeral and [a.filename for a in message.attachments] == ["railyard-race-1.json"]


async def test_the_final_post_carries_the_whole_game_as_an_animation(env: Any) -> None:
    thread, first, second, _game = await started_race(env)
    players = [first, second]
    for turn in range(12):
        last = [m for m in thread.history() if m.attachments][-1]
        if "Game over" in last.content:
            break
        await players[turn % 2].slash(thread, "race step", choice="step 2")
    final = [m for m in thread.history() if m.attachments][-1]
    assert "Game over" in final.content
    assert [a.filename for a in final.attachments] == ["board.png", "game.gif"]


def test_import_refuses_a_draw_when_none_is_due_naming_the_step(tmp_path: Path, capsys: Any) -> None:
    doc = export_document("race", {}, ["ann", "bob"], "finished",
                          [Entry(1, CHANCE, "first 1"), Entry(2, CHANCE, "die 3")], secret_from_seed(1))
    assert railyard(["import", _exported(tmp_path, doc)]) == 2
    err = capsys.readouterr().err
    assert "step 2" in err and err.count("\n") == 1
