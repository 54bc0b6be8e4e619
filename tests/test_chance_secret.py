"""Chance comes from a per-game secret of 256 bits through HMAC-SHA256: no
view, post, log line or board carries it, two games with the same public
start differ, and a game is still exactly its log replayed."""

from __future__ import annotations

import json
import random

import pytest

from bot.service import GameService
from bot.store import Store
from games.core import CHANCE, SECRET_BYTES, chance_rng, secret_from_seed
from games.playout import random_action
from games.registry import all_games, get_game

NAMES = ["ann", "bob", "cid", "dee"]


class Recorder:
    """A renderer that keeps what it was asked to draw."""

    def __init__(self) -> None:
        self.drawn: list[str] = []

    def __call__(self, state: object, viewer: object) -> bytes:
        self.drawn.append(json.dumps(state))
        return b"png"


async def _play(service: GameService, slug: str, moves: int, seed: int) -> tuple[int, list[str]]:
    game = get_game(slug)
    players = game.nearest_count(3)
    row = await service.lobby.new_game(slug, 1, NAMES[0])
    for user in range(2, players + 1):
        await service.lobby.join(row.id, user, NAMES[user - 1])
    posts = [(await service.lobby.start(row.id, 1)).text]
    rng = random.Random(seed)
    for _ in range(moves):
        b = await service.context.table(row.id)
        if b.game.is_over(b.state):
            break
        seat = rng.choice([s for s in b.game.to_act(b.state) if s != CHANCE])
        posts.append((await service.turns.act(row.id, b.seats[seat].user_id,
                                              random_action(b.game, b.state, seat, rng))).text)
    return row.id, posts


@pytest.mark.parametrize("slug", sorted(all_games()))
async def test_the_secret_appears_in_no_view_post_log_or_board(store: Store, slug: str) -> None:
    drawn = Recorder()
    service = GameService(store, drawn)
    game_id, posts = await _play(service, slug, 30, seed=1)
    secret = await store.secret(game_id)
    assert len(secret) == SECRET_BYTES
    b = await service.context.table(game_id)
    seen = [json.dumps(b.game.view(b.state, seat)) for seat in [None, *range(len(b.seats))]]
    seen += posts + drawn.drawn + await service.log.lines(game_id, 1000)
    seen += [json.dumps(a.__dict__) for a in await store.log(game_id)]
    seen.append(repr(await service.context.get(game_id)))
    for forms in (secret.hex(), secret.hex().upper(), str(int.from_bytes(secret, "big"))):
        assert not any(forms in text for text in seen)
    assert "seed" not in b.state


@pytest.mark.parametrize("slug", sorted(all_games()))
async def test_two_games_with_the_same_public_start_draw_differently(store: Store, slug: str) -> None:
    service = GameService(store, lambda s, v: b"")
    first, _ = await _play(service, slug, 0, seed=1)
    second, _ = await _play(service, slug, 0, seed=1)
    assert await store.secret(first) != await store.secret(second)
    # the first 32 draws either game would make: equal only if the secrets agreed
    draws = [[chance_rng(await store.secret(g), k).random() for k in range(32)] for g in (first, second)]
    assert draws[0] != draws[1]


@pytest.mark.parametrize("slug", sorted(all_games()))
async def test_a_game_with_a_secret_still_rebuilds_exactly_from_its_log(store: Store, slug: str) -> None:
    service = GameService(store, lambda s, v: b"")
    game_id, _ = await _play(service, slug, 60, seed=2)
    assert await service.log.rebuild(game_id) == (await service.context.get(game_id)).state


def test_a_seeded_local_game_is_reproducible_and_its_secret_is_256_bits() -> None:
    assert secret_from_seed(3) == secret_from_seed(3) != secret_from_seed(4)
    assert len(secret_from_seed(3)) == SECRET_BYTES
    assert chance_rng(secret_from_seed(3), 5).random() == chance_rng(secret_from_seed(3), 5).random()
    assert chance_rng(secret_from_seed(3), 5).random() != chance_rng(secret_from_seed(3), 6).random()
