"""The Age of Steam maps on (simulated) Discord and through the service:
``/game new game:age-of-steam map:...`` (Rust Belt the default), the lobby
and ``/game rules`` naming the map and its player count, the count the map
allows enforced by Join, Add bot and Start (Barbados 1, St. Lucia 2, Rust
Belt 3-6), and the final post of a solo game in words."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.service import GameService, ServiceContext, ServiceError, map_choices, with_map
from bot.store import SeatRow
from games.core import Outcome
from games.registry import get_game
from tests.support.discord import game_lobby, said


def _lobby_text(channel: Any, lobby: Any) -> str:
    return str(next(m for m in channel.history() if m.id == lobby.id).content)


async def _row(env: Any, thread: Any) -> Any:
    return await env.bot.service.store.game_for_thread(thread.id)


async def test_a_barbados_lobby_seats_its_creator_alone_and_starts_solo(env: Any) -> None:
    channel, thread, lobby, ann, bob = await game_lobby(env, "age-of-steam", map="barbados")
    text = _lobby_text(channel, lobby)
    assert "map: barbados" in text and "Seats 1/1 (plays 1 on the Barbados map): ann." in text
    labels = [c.get("label") or c["placeholder"] for row in lobby.components for c in row["components"]]
    assert labels == ["Start"]  # no Join, Leave or bot seat to offer in a game for one
    joined = await bob.slash(thread, "game join")
    assert "full (1 player on the Barbados map)" in said(joined)
    await ann.slash(thread, "game start")
    row = await _row(env, thread)
    assert row.status == "active" and row.options["map"] == "barbados"
    assert row.state["map"] == "barbados" and row.state["players"] == ["ann"]


async def test_a_st_lucia_lobby_refuses_one_player_and_fills_the_other_seat_with_a_bot(env: Any) -> None:
    channel, thread, lobby, ann, bob = await game_lobby(env, "age-of-steam", map="st-lucia")
    assert "Seats 1/2 (plays 2 on the St. Lucia map): ann." in _lobby_text(channel, lobby)
    refused = await ann.slash(thread, "game start")
    assert "played by 2 players on the St. Lucia map; 1 seated" in said(refused)
    assert "add a bot" in said(refused)
    assert (await _row(env, thread)).status == "lobby"
    await ann.click(lobby, label="Add bot")
    assert "Seats 2/2" in _lobby_text(channel, lobby)
    third = await ann.click(lobby, label="Add bot")
    assert "full (2 players on the St. Lucia map)" in said(third)
    await ann.slash(thread, "game start")
    row = await _row(env, thread)
    assert row.status == "active" and row.state["map"] == "st-lucia" and len(row.state["players"]) == 2


async def test_rust_belt_is_the_default_map_for_three_to_six(env: Any) -> None:
    channel, thread, lobby, ann, bob = await game_lobby(env, "age-of-steam")
    assert "map: rust-belt" in _lobby_text(channel, lobby)
    assert "Seats 1/6 (plays 3-6 on the Rust Belt map)" in _lobby_text(channel, lobby)
    await bob.click(lobby, label="Join")
    refused = await ann.slash(thread, "game start")
    assert "played by 3-6 players on the Rust Belt map; 2 seated" in said(refused)


async def test_rules_name_the_map_and_its_player_count(env: Any) -> None:
    _channel, thread, _lobby, ann, _bob = await game_lobby(env, "age-of-steam", map="st-lucia")
    shown = said(await ann.slash(thread, "game rules"))
    assert shown.startswith("**Age of Steam** on the St. Lucia map: 2 players")


async def test_a_map_for_a_game_without_maps_or_two_maps_are_refused(env: Any) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    no_map = await ann.slash(channel, "game new", game="race", map="barbados")
    assert "has no option 'map'" in said(no_map)
    both = await ann.slash(channel, "game new", game="age-of-steam", map="barbados", options="map=st-lucia")
    assert "Two maps given" in said(both)
    assert channel.threads == []


def test_map_choices_say_each_maps_player_count() -> None:
    labels = dict(map_choices(get_game("age-of-steam")))
    assert labels == {"rust-belt": "rust-belt: 3-6 players on the Rust Belt map (default)",
                      "barbados": "barbados: 1 player on the Barbados map",
                      "st-lucia": "st-lucia: 2 players on the St. Lucia map"}
    assert map_choices(get_game("race")) == []
    assert with_map({"map": "barbados"}, "Barbados") == {"map": "barbados"}
    with pytest.raises(ServiceError):
        with_map({"map": "barbados"}, "st-lucia")


async def test_the_service_refuses_a_seat_beyond_the_maps_count_and_starts_a_solo_game(store: Any) -> None:
    service = GameService(store)
    row = await service.lobby.new_game("age-of-steam", 1, "ann", {"map": "st-lucia"})
    await service.lobby.join(row.id, 2, "bob")
    with pytest.raises(ServiceError, match=r"full \(2 players on the St. Lucia map\)"):
        await service.lobby.join(row.id, 3, "cid")
    solo = await service.lobby.new_game("age-of-steam", 1, "ann", {"map": "barbados"})
    post = await service.lobby.start(solo.id, 1)
    assert "Age of Steam** begins: ann." in post.text


class _Solo:
    """A finished one-player game's outcome, as the rules give it."""

    def __init__(self, outcome: Outcome) -> None:
        self.result = outcome

    def outcome(self, state: Any) -> Outcome:
        return self.result


def test_the_final_post_of_a_solo_game_says_its_result_in_words() -> None:
    seats = [SeatRow(0, 1, "ann")]
    won = Outcome([23], [{"cash": 33, "buy-back": -10}], [[0]], summary="completed with $23")
    text = ServiceContext.final_text(_Solo(won), {}, seats)  # type: ignore[arg-type]
    assert "🏆 ann: **completed with $23** (cash 33, buy-back -10)" in text
    assert "wins" not in text and "Final scores" not in text
    lost = Outcome([0], [{"cash": 6, "buy-back": -10}], [[0]], summary="lost: short by $4", solo_lost=True)
    text = ServiceContext.final_text(_Solo(lost), {}, seats)  # type: ignore[arg-type]
    assert "💥 ann: **lost: short by $4**" in text and "🏆" not in text


def test_the_console_plays_barbados_solo_to_its_result_in_words(tmp_path: Any,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    from bot.cli import main

    assert main(["play", "age-of-steam", "--options", "map=barbados", "--players", "ann", "--auto", "--seed", "1",
                 "--out", str(tmp_path)]) == 0
    printed = capsys.readouterr().out
    assert "players ann" in printed and "🏁 **Game over.**" in printed
    assert re.search(r"(🏆|💥) ann: \*\*(completed|lost)", printed)
    assert "Final scores" not in printed and "wins!" not in printed
    first = sorted(tmp_path.glob("*.png"))[0].read_bytes()
    assert first[:4] == b"\x89PNG"
