"""The posting order of a game's posts (bot/post_order.py): a post waits for
the game's earlier posts, not for other games', and a post dropped without
being posted never holds the next one back."""

from __future__ import annotations

import asyncio
import gc

from bot.post_order import PostOrder


class Post:
    """Stands for a post (any object that can be dropped)."""


async def _pending(order: PostOrder, game_id: int, ticket: int) -> asyncio.Task[None]:
    task = asyncio.create_task(order.turn(game_id, ticket))
    for _ in range(3):
        await asyncio.sleep(0)
    return task


async def test_a_post_waits_for_the_games_earlier_posts_only() -> None:
    order = PostOrder()
    first, second = order.take(1), order.take(1)
    other = order.take(2)
    assert (await _pending(order, 2, other)).done()  # another game's posts don't wait
    waiting = await _pending(order, 1, second)
    assert not waiting.done()
    order.done(1, first)
    await asyncio.sleep(0)
    assert waiting.done()


async def test_a_post_dropped_unposted_hands_its_ticket_back() -> None:
    order = PostOrder()
    first, second = order.take(7), order.take(7)
    post = Post()
    order.attach(post, 7, first)
    waiting = await _pending(order, 7, second)
    assert not waiting.done()
    del post
    gc.collect()
    for _ in range(3):
        await asyncio.sleep(0)
    assert waiting.done()
