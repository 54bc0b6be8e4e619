"""Your games and the server's standings through the service, on both
backends: ``/game mine``'s order and contents, ``/game list``, the turn
notice setting, ratings updated when a game ends (teams, ties, bots, the
server's rule), the final post's rating changes, the leaderboard and stats,
and a rebuild from the logs giving the numbers the live updates gave."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from bot.ratings import MODEL, Match, fold, rebuild, shown
from bot.service import GameService
from bot.standings import LINE_MAX, Standings, fit
from bot.store import Schedule, Store
from games.core import CHANCE
from games.registry import get_game
from tests.support.recorded import fixture_path

GUILD = 77


def _service(store: Store) -> GameService:
    return GameService(store, lambda s, v: b"", full_renderer=lambda s, v: b"")


async def _race(service: GameService, users: list[tuple[int, str]], guild: int = GUILD, seed: int = 1,
                **options: str) -> int:
    row = await service.lobby.new_game("race", users[0][0], users[0][1], dict(options), guild_id=guild, seed=seed)
    for user, name in users[1:]:
        await service.lobby.join(row.id, user, name)
    await service.lobby.start(row.id, users[0][0])
    return row.id


async def _play_to_end(service: GameService, game_id: int, winner: int | None = None) -> Any:
    """Step 2 for ``winner`` and 1 for everyone else until the game ends; the last post."""
    post = None
    while True:
        t = await service.context.table(game_id)
        if t.game.is_over(t.state):
            return post
        seat = t.game.to_act(t.state)[0]
        user = t.seats[seat].user_id
        post = await service.turns.act(game_id, user, "step 2" if user == winner else "step 1")


async def test_mine_lists_games_waiting_for_the_member_first_with_thread_turn_and_clock(store: Store) -> None:
    service = _service(store)
    standings = Standings(service)
    first = await _race(service, [(1, "ann"), (2, "bob")])
    second = await _race(service, [(2, "bob"), (1, "ann")], seed=2)
    lobby = (await service.lobby.new_game("race", 3, "cid", guild_id=GUILD)).id
    await service.lobby.join(lobby, 1, "ann")
    other_server = await _race(service, [(1, "ann"), (2, "bob")], guild=78)
    for game_id in (first, second, lobby):
        await service.lobby.attach_discord(game_id, 9000 + game_id, None)
    due = {}
    for g in (first, second):
        t = await service.context.table(g)
        due[g] = t.seats[t.game.to_act(t.state)[0]]
    waiting_for_ann = [g for g in (first, second) if due[g].user_id == 1]
    await store.set_schedule(first, Schedule(turn_clock=48 * 3600.0))
    games = await standings.member_games(GUILD, 1)
    assert {m.row.id for m in games} == {first, second, lobby} and other_server not in {m.row.id for m in games}
    flags = [m.waiting_for_me for m in games]
    assert flags == sorted(flags, reverse=True) and sum(flags) == len(waiting_for_ann)
    page = await standings.mine_page(GUILD, 1)
    assert f"<#{9000 + lobby}>" in page.text and "in the lobby" in page.text
    for g in (first, second):
        line = next(line for line in page.text.splitlines() if f"#{g}:" in line)
        assert f"<#{9000 + g}>" in line and "<t:" in line
        assert ("your turn" in line) == (due[g].user_id == 1)
        if due[g].user_id != 1:
            assert f"waiting for {due[g].name}" in line


async def test_mine_shows_the_members_turn_clock(store: Store) -> None:
    service = _service(store)
    game_id = await _race(service, [(1, "ann"), (2, "bob")])
    t = await service.context.table(game_id)
    user = t.seats[t.game.to_act(t.state)[0]].user_id
    from bot.store import Timer

    await store.plan_timers(game_id, t.row.version, [], [Timer(game_id, "clock", t.seats[t.game.to_act(t.state)[0]].seat,
                                                                1_900_000_000.0)])
    text = (await Standings(service).mine_page(GUILD, user)).text
    assert "your clock runs out <t:1900000000:R>" in text
    other = (await Standings(service).mine_page(GUILD, 3 - user)).text
    assert "clock" not in other


async def test_list_shows_lobbies_with_join_and_running_games_to_watch(store: Store) -> None:
    service = _service(store)
    running = await _race(service, [(1, "ann"), (2, "bob")])
    lobby = (await service.lobby.new_game("race", 3, "cid", guild_id=GUILD)).id
    await service.lobby.attach_discord(running, 5001, None)
    page = await Standings(service).list_page(GUILD)
    assert page.lobbies == [lobby]
    assert "1 open lobby, 1 running" in page.text and "watch in <#5001>" in page.text
    assert page.text.index(f"#{lobby}") < page.text.index(f"#{running}")


async def test_thirty_games_with_long_names_fit_every_page(store: Store) -> None:
    service = _service(store)
    long = "\\*" * 32  # an escaped name of 32 stars: 64 characters, the longest stored
    for i in range(30):
        if i % 3:
            game_id = await _race(service, [(1, long), (2 + i, long)], seed=i)
        else:  # a full lobby of long names
            game_id = (await service.lobby.new_game("race", 1, long, guild_id=GUILD)).id
            for user in (100, 101, 102):
                await service.lobby.join(game_id, user + i, long)
        await service.lobby.attach_discord(game_id, 10**18 + i, None)
    standings = Standings(service)
    for page_of in (lambda p: standings.mine_page(GUILD, 1, p), lambda p: standings.list_page(GUILD, p)):
        first = await page_of(1)
        assert first.pages >= 3
        for p in range(1, first.pages + 1):
            shown_page = await page_of(p)
            assert len(shown_page.text) <= 1900 and shown_page.page == p
            assert all(len(line) <= LINE_MAX for line in shown_page.text.splitlines()[1:])
            assert not any(line.endswith("\\") for line in shown_page.text.splitlines())
            tokens = re.findall(r"<[#t][^>\s]*>?", shown_page.text)  # thread links and times stay whole
            assert tokens and all(re.fullmatch(r"<(#\d+|t:\d+:R)>", token) for token in tokens), tokens
    assert len((await standings.list_page(GUILD, 1)).lobbies) <= 10


def test_a_cut_line_never_ends_in_a_lone_escape() -> None:
    cut = fit("ab" + "\\*" * 200, 11)
    assert cut.endswith("…") and not cut[:-1].endswith("\\") and len(cut) <= 11


async def test_notify_setting_is_per_player(store: Store) -> None:
    standings = Standings(_service(store))
    assert "direct message" in await standings.set_notify(1, "dm")
    assert await standings.dm_users([1, 2, -1]) == {1}
    await standings.set_notify(1, "thread")
    assert await standings.dm_users([1, 2]) == set()


async def test_a_finished_game_rates_its_players_and_the_final_post_shows_the_change(store: Store) -> None:
    service = _service(store)
    game_id = await _race(service, [(1, "ann"), (2, "bob")])
    post = await _play_to_end(service, game_id, winner=1)
    assert post.finished
    assert "📈 Ratings on this server:" in post.text
    ann = next(r for r in await store.ratings(GUILD, "race") if r.user_id == 1)
    bob = next(r for r in await store.ratings(GUILD, "race") if r.user_id == 2)
    assert ann.mu > MODEL.mu > bob.mu and ann.games == bob.games == 1
    start = shown(MODEL.mu, MODEL.sigma)
    assert f"ann: {start} → **{shown(ann.mu, ann.sigma)}** ({shown(ann.mu, ann.sigma) - start:+d})" in post.text
    board = await Standings(service).leaderboard_page(GUILD, "race")
    assert board.text.splitlines()[1].startswith("1. ann:") and "(1 game)" in board.text


async def test_a_game_off_the_server_and_an_abandoned_game_are_not_rated(store: Store) -> None:
    service = _service(store)
    off = await _race(service, [(1, "ann"), (2, "bob")], guild=None)  # type: ignore[arg-type]
    post = await _play_to_end(service, off, winner=1)
    assert "Ratings" not in post.text
    gone = await _race(service, [(1, "ann"), (2, "bob")])
    await service.lobby.abandon(gone, 1, False)
    assert await rebuild(store) == 0
    assert await store.ratings(GUILD, "race") == []


async def test_bots_are_not_rated_and_the_server_rule_decides_whether_bot_games_count(store: Store) -> None:

    service = _service(store)
    standings = Standings(service)
    row = await service.lobby.new_game("race", 1, "ann", guild_id=GUILD, seed=4)
    await service.seats.add_bot(row.id, 1)
    await service.lobby.join(row.id, 2, "bob")
    await service.lobby.start(row.id, 1)
    post = None
    while True:
        t = await service.context.table(row.id)
        if t.game.is_over(t.state):
            break
        seat = t.game.to_act(t.state)[0]
        post = await service.turns.act(row.id, t.seats[seat].user_id,
                                       "step 2" if t.seats[seat].user_id == 1 else "step 1")
    assert post is not None and "Bots are not rated" in post.text
    rated = {r.user_id for r in await store.ratings(GUILD, "race")}
    assert rated == {1, 2}
    with pytest.raises(Exception, match="Manage Server"):
        await standings.set_bot_games(GUILD, "none", can_manage=False)
    said = await standings.set_bot_games(GUILD, "none", can_manage=True)
    assert "don't count" in said and await store.ratings(GUILD, "race") == []
    stats = await standings.stats(GUILD, 1, "ann")
    assert "**Race**: 1 played" in stats and "rating" not in stats


def test_a_team_is_rated_as_one_and_a_tie_shares_its_place() -> None:
    current: dict[int, Any] = {}
    teams = Match([[1, 3], [2, 4]], [1, 2], {u: 0 for u in (1, 2, 3, 4)}, {u: str(u) for u in (1, 2, 3, 4)}, True)
    results = {r.user_id: r for r in fold(current, 1, 1.0, teams)}
    assert results[1].mu_after == results[3].mu_after > MODEL.mu > results[2].mu_after == results[4].mu_after
    assert results[1].won == results[3].won == 1 and results[2].won == 0
    tie = Match([[5], [6]], [1, 1], {5: 3, 6: 3}, {5: "e", 6: "f"}, True)
    results = {r.user_id: r for r in fold({}, 2, 2.0, tie)}
    assert results[5].mu_after == results[6].mu_after and results[5].won == results[6].won == 1


def test_mine_carts_teams_come_from_the_partners() -> None:
    from bot.ratings import match_of
    from bot.store import SeatRow
    from games.playout import play_out

    game = get_game("mine-carts")
    state, _log = play_out(game, ["a", "b", "c", "d"], 5)
    seats = [SeatRow(i, 10 + i, n) for i, n in enumerate("abcd")]
    match = match_of(game, state, seats, "humans")
    assert sorted(sorted(t) for t in match.teams) == sorted(
        sorted(10 + s for s in [seat, *game.partners(state, seat)]) for seat in (0, 1))


async def test_stats_give_played_won_rating_trend_best_score_and_current_games(store: Store) -> None:
    service = _service(store)
    for seed in range(3):
        await _play_to_end(service, await _race(service, [(1, "ann"), (2, "bob")], seed=seed), winner=1)
    current = await _race(service, [(1, "ann"), (2, "bob")], seed=9)
    await service.lobby.attach_discord(current, 4242, None)
    text = await Standings(service).stats(GUILD, 1, "ann")
    ann = next(r for r in await store.ratings(GUILD, "race") if r.user_id == 1)
    assert "**Race**: 3 played, 3 won, best score 10" in text
    assert f"rating **{shown(ann.mu, ann.sigma)}** (last 3: +" in text
    assert "Current games (1): <#4242>" in text


async def _state_of_ratings(store: Store) -> tuple[list[Any], list[Any]]:
    ratings = []
    results = []
    for slug in ("race", "age-of-steam", "days-of-steam", "mine-carts", "steam-rollers", "string-railway"):
        ratings += sorted(await store.ratings(GUILD, slug), key=lambda r: (slug, r.user_id))
    for user in range(1, 10):
        results += await store.member_results(GUILD, user)
    return ratings, results


async def test_rebuild_over_the_recorded_games_gives_the_live_numbers(store: Store) -> None:
    """Every fixture game played through the service (the shorter ones
    twice, the seats taken by other members), updating the ratings live; a
    rebuild from the logs gives the very same numbers."""
    service = _service(store)
    slugs = ["age-of-steam", "days-of-steam", "mine-carts", "steam-rollers", "string-railway"]
    for round_ in range(2):
        for slug in slugs if round_ == 0 else ["age-of-steam", "mine-carts", "string-railway"]:  # the shorter
            rec = json.loads(fixture_path(slug).read_text())
            users = [(1 + (i + round_) % 4, name) for i, name in enumerate(rec["players"])]
            row = await service.lobby.new_game(slug, users[0][0], users[0][1], rec["options"], guild_id=GUILD,
                                         seed=rec["seed"])
            for user, name in users[1:]:
                await service.lobby.join(row.id, user, name)
            await service.lobby.start(row.id, users[0][0])
            for seat, action in rec["log"]:
                if seat != CHANCE:
                    await service.turns.act(row.id, users[seat][0], action)
            final = await service.context.table(row.id)
            assert final.row.status == "finished" and final.state == get_game(slug).upgrade(rec["final"])
    live = await _state_of_ratings(store)
    assert len(live[0]) >= 8 and any(r.mu_after is not None for r in live[1])
    assert await rebuild(store) == 8
    assert await _state_of_ratings(store) == live


def test_a_game_rated_out_of_finishing_order_folds_the_pool_again_in_order() -> None:
    from bot.ratings import plan_pool
    from bot.store import RatingPool

    a = Match([[1], [2]], [1, 2], {1: 5, 2: 3}, {1: "ann", 2: "bob"}, True)
    b = Match([[2], [1]], [1, 2], {1: 1, 2: 4}, {1: "ann", 2: "bob"}, True)
    in_order: dict[int, Any] = {}
    fold(in_order, 1, 1.0, a)
    fold(in_order, 2, 2.0, b)
    first = plan_pool(RatingPool(GUILD, "race", [], {}), [(2, 2.0, b)])
    late = plan_pool(RatingPool(GUILD, "race", first.games, {r.user_id: r for r in first.ratings}), [(1, 1.0, a)])
    assert late.reset and [g for g, _at, _m in late.games] == [1, 2]
    assert {r.user_id: (r.mu, r.sigma) for r in late.ratings} == {u: (r.mu, r.sigma) for u, r in in_order.items()}
    on_top = plan_pool(RatingPool(GUILD, "race", first.games, {r.user_id: r for r in first.ratings}), [(3, 3.0, a)])
    assert not on_top.reset and [g for g, _at, _m in on_top.games] == [3]


async def test_the_export_carries_the_bot_seats_and_finish_time_and_import_names_them(store: Store) -> None:
    from bot.history import import_summary, read_export, replay_export

    service = _service(store)
    row = await service.lobby.new_game("race", 1, "ann", guild_id=GUILD, seed=4)
    await service.seats.add_bot(row.id, 1)
    await service.lobby.start(row.id, 1)
    while (await service.context.get(row.id)).status == "active":
        t = await service.context.table(row.id)
        seat = t.game.to_act(t.state)[0]
        if t.seats[seat].user_id == 1:
            await service.turns.act(row.id, 1, "step 2")
        else:
            from bot.scheduler import Scheduler

            await Scheduler(service, lambda: 0.0).bot_move(row.id, seat)
    _name, data = await service.log.export(row.id)
    doc = read_export(data.decode())
    last = (await store.log(row.id, last=1))[-1]
    assert doc["bots"] == [1] and doc["finished_at"] == last.at
    imported = replay_export(doc)
    assert imported.bots == (1,) and "bot seats, not rated: Bot 1" in import_summary(imported)
    assert (await store.game_results(row.id))[0].finished_at == last.at


def test_railyard_ratings_rebuild_works_on_the_configured_database(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    import asyncio

    from bot.cli import main
    from bot.store import open_store

    path = str(tmp_path / "live.sqlite3")

    async def played() -> list[Any]:
        store = await open_store(path)
        try:
            service = _service(store)
            await _play_to_end(service, await _race(service, [(1, "ann"), (2, "bob")]), winner=2)
            return await store.ratings(GUILD, "race")
        finally:
            await store.close()

    async def stored() -> list[Any]:
        store = await open_store(path)
        try:
            return await store.ratings(GUILD, "race")
        finally:
            await store.close()

    live = asyncio.run(played())
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("DATABASE_PATH", path)
    monkeypatch.chdir(tmp_path)
    assert main(["ratings", "rebuild"]) == 0
    assert "ratings rebuilt from 1 finished game" in capsys.readouterr().out
    assert sorted(asyncio.run(stored()), key=lambda r: r.user_id) == sorted(live, key=lambda r: r.user_id)


async def test_a_final_post_posted_again_from_the_outbox_rates_the_game_if_a_crash_came_first(store: Store) -> None:
    from bot.store import OutboxPost

    service = _service(store)
    game_id = await _race(service, [(1, "ann"), (2, "bob")])
    await _play_to_end(service, game_id, winner=2)
    live = await store.ratings(GUILD, "race")
    await store.clear_ratings()  # as if the process died between the move and its rating
    row = await service.context.get(game_id)
    item = OutboxPost(f"move:{game_id}:{row.version}", game_id, "move", "🏁 Game over.", 0.0, (), 0, row.version,
                      row.version)
    post = await service.turns.queued_post(item)
    assert "📈 Ratings on this server:" in post.text and "bob: 1000 → **" in post.text
    assert sorted(await store.ratings(GUILD, "race"), key=lambda r: r.user_id) == sorted(live, key=lambda r: r.user_id)
    again = await service.turns.queued_post(item)  # rated once: the same numbers
    assert again.text == post.text
