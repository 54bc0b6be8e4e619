"""The standings of the Age of Steam maps, through the service and on
(simulated) Discord: each island is a board of its own; a solo Barbados
game is never rated, its result kept completed or lost for the board's best
scores (``/game leaderboard game:age-of-steam map:barbados``) and ``/game
stats``; St. Lucia is rated like any two-player game, on its own board."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.cogs.standings import PageButton
from bot.ratings import Match, board_of, board_title, final_note, fold, is_solo, rate_game
from bot.service import GameService
from bot.standings import Standings
from bot.store import Store
from games.core import IllegalAction, Outcome
from games.registry import get_game
from tests.support.discord import said

GUILD = 77
BARBADOS = "age-of-steam:barbados"


def _service(store: Store) -> GameService:
    return GameService(store, lambda s, v: b"", full_renderer=lambda s, v: b"")


def test_each_island_is_a_board_of_its_own_and_rust_belt_stays_the_games() -> None:
    assert board_of("age-of-steam", {}) == board_of("age-of-steam", {"map": "rust-belt"}) == "age-of-steam"
    assert board_of("age-of-steam", {"map": "barbados"}) == BARBADOS
    assert board_of("age-of-steam", {"map": "st-lucia"}) == "age-of-steam:st-lucia"
    assert board_of("race", {}) == "race"
    with pytest.raises(IllegalAction):
        board_of("age-of-steam", {"map": "atlantis"})
    assert board_title(BARBADOS) == "Age of Steam on the Barbados map"
    assert board_title("race") == "Race"
    assert is_solo(BARBADOS) and not is_solo("age-of-steam:st-lucia") and not is_solo("age-of-steam")


def test_a_lost_solo_game_is_neither_won_nor_rated() -> None:
    current: dict[int, Any] = {}
    lost = fold(current, 1, 10.0, Match([[5]], [1], {5: -4}, {5: "ann"}, True, lost=True))
    done = fold(current, 2, 11.0, Match([[5]], [1], {5: 23}, {5: "ann"}, True))
    assert [(r.won, r.score, r.mu_after) for r in lost + done] == [(0, -4, None), (1, 23, None)]
    assert current == {}  # no rating: openskill needs opponents
    assert Match.from_json(Match([[5]], [1], {5: -4}, {5: "ann"}, True, lost=True).to_json()).lost


async def _finished(service: GameService, store: Store, game_map: str, users: list[tuple[int, str]]) -> int:
    """A game on ``game_map`` started by ``users`` and marked finished."""
    row = await service.lobby.new_game("age-of-steam", users[0][0], users[0][1], {"map": game_map}, guild_id=GUILD)
    for user, name in users[1:]:
        await service.lobby.join(row.id, user, name)
    await service.lobby.start(row.id, users[0][0])
    await store.set_status(row.id, "finished")
    return row.id


async def _solo(service: GameService, store: Store, monkeypatch: pytest.MonkeyPatch, user: tuple[int, str],
                score: int, lost: bool = False) -> int:
    """A Barbados game of ``user`` that ended with ``score`` (or lost), rated; its id."""
    outcome = Outcome([score], [{"cash": score}], [[0]], summary="lost" if lost else f"completed with ${score}",
                      solo_lost=lost)
    monkeypatch.setattr(type(get_game("age-of-steam")), "outcome", lambda self, state: outcome)
    game_id = await _finished(service, store, "barbados", [user])
    await rate_game(store, game_id)
    return game_id


async def test_barbados_lists_each_members_best_completed_score_and_stats_count_completed_and_lost(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    service = _service(store)
    first = await _solo(service, store, monkeypatch, (1, "ann"), 23)
    note = await final_note(store, first, await store.seats(first))
    assert "A solo game is not rated: `/game leaderboard game:age-of-steam map:barbados`" in note
    await _solo(service, store, monkeypatch, (1, "ann"), 30)
    await _solo(service, store, monkeypatch, (2, "bob"), 40, lost=True)
    await _solo(service, store, monkeypatch, (2, "bob"), 12)
    await _solo(service, store, monkeypatch, (3, "cid"), 50, lost=True)
    assert await store.ratings(GUILD, BARBADOS) == [] and await store.ratings(GUILD, "age-of-steam") == []
    standings = Standings(service)
    page = await standings.leaderboard_page(GUILD, BARBADOS)
    lines = page.text.splitlines()
    assert lines[0] == "**Age of Steam on the Barbados map: best scores**"
    assert re.fullmatch(r"1\. ann: \*\*30\*\* \(<t:\d+:d>\)", lines[1])
    assert re.fullmatch(r"2\. bob: \*\*12\*\* \(<t:\d+:d>\)", lines[2])
    assert len(lines) == 3  # cid never completed; ann's 23 is not her best
    ann = await standings.stats(GUILD, 1, "ann")
    bob = await standings.stats(GUILD, 2, "bob")
    cid = await standings.stats(GUILD, 3, "cid")
    assert "**Age of Steam on the Barbados map**: 2 completed, 0 lost, best score 30" in ann
    assert "**Age of Steam on the Barbados map**: 1 completed, 1 lost, best score 12" in bob
    assert "**Age of Steam on the Barbados map**: 0 completed, 1 lost" in cid and "best" not in cid
    assert "rating" not in ann


async def test_st_lucia_is_rated_on_its_own_board(store: Store) -> None:
    service = _service(store)
    game_id = await _finished(service, store, "st-lucia", [(1, "ann"), (2, "bob")])
    results = await rate_game(store, game_id)
    assert {r.user_id for r in results if r.mu_after is not None} == {1, 2}
    assert {r.user_id for r in await store.ratings(GUILD, "age-of-steam:st-lucia")} == {1, 2}
    assert await store.ratings(GUILD, "age-of-steam") == []
    page = await Standings(service).leaderboard_page(GUILD, "age-of-steam:st-lucia")
    assert page.text.startswith("**Age of Steam on the St. Lucia map leaderboard**\n1. ")
    stats = await Standings(service).stats(GUILD, 1, "ann")
    assert "**Age of Steam on the St. Lucia map**: 1 played" in stats and "rating **" in stats


async def test_a_solo_lobby_is_listed_with_its_one_seat_and_says_it_is_not_rated(store: Store) -> None:
    service = _service(store)
    row = await service.lobby.new_game("age-of-steam", 1, "ann", {"map": "barbados"}, guild_id=GUILD)
    standings = Standings(service)
    assert "1/1 seated (ann)" in (await standings.list_page(GUILD)).text
    assert "A solo game is not rated" in await standings.lobby_note(row.id)
    duo = await service.lobby.new_game("age-of-steam", 1, "ann", {"map": "st-lucia"}, guild_id=GUILD)
    assert await standings.lobby_note(duo.id) == ""


def test_a_leaderboard_page_button_keeps_the_map_of_its_board() -> None:
    button = PageButton("lb", 2, "Next ▶", BARBADOS)
    template = PageButton.__discord_ui_compiled_template__  # type: ignore[attr-defined]
    found = template.fullmatch(button.custom_id)
    assert found is not None and found["slug"] == BARBADOS and found["page"] == "2"


async def test_leaderboard_on_discord_takes_the_map(env: Any) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    shown = said(await ann.slash(channel, "game leaderboard", game="age-of-steam", map="barbados"))
    assert "**Age of Steam on the Barbados map: best scores**" in shown
    assert "Nobody has completed a game of Age of Steam on the Barbados map here yet." in shown
    rust = said(await ann.slash(channel, "game leaderboard", game="age-of-steam"))
    assert "**Age of Steam leaderboard**" in rust
    wrong = said(await ann.slash(channel, "game leaderboard", game="age-of-steam", map="atlantis"))
    assert "map can't be 'atlantis'" in wrong
