"""Telling a player it is his turn the way he chose (``/game notify``): a
ping in the game's thread (the default) or a direct message.

A player who chose a direct message is not pinged in the thread, by a
move's post or a reminder: he gets the message instead, with a link to the
thread. If Discord refuses it (he
closed his DMs, or left every server the bot shares with him), he is pinged
in the thread's post after all, once, and the post says why. Never both.
A post queued in the outbox (a bot's move, a reminder) and tried again
after a failure or a crash sends no direct message twice: each is claimed
in the outbox's row before it is sent (:func:`turn_notices`).
"""

from __future__ import annotations

import logging
from typing import Sequence

import discord

from games.registry import get_game

from .discord_io import NO_MENTIONS, ServiceBot
from .service import ServiceError
from .store import StoreError

log = logging.getLogger("railyard.notice")


async def turn_notices(bot: ServiceBot, game_id: int | None, ping_user_ids: Sequence[int], thread_id: int,
                       reminder: bool = False, outbox_key: str | None = None) -> tuple[list[int], str]:
    """Send the direct messages the players due (``ping_user_ids``) chose,
    for a move's post or a ``reminder``; the users the thread post must
    still ping, and a line to add to it (or ""). For a post queued in the
    outbox (``outbox_key``), each message is claimed in the outbox before it
    is sent (:meth:`bot.standings.Standings.claim_dm`): a post tried again after a failure
    or a crash sends none twice, and pings nobody who had his."""
    pings = list(ping_user_ids)
    if not pings or game_id is None:
        return pings, ""
    try:
        by_dm = await bot.standings.dm_users(pings)
        row = await bot.service.context.get(game_id) if by_dm else None
    except (ServiceError, StoreError) as exc:  # the thread ping is the safe default
        log.warning("game %s: turn notices read as thread pings: %s", game_id, exc)
        return pings, ""
    if row is None:
        return pings, ""
    still = "still " if reminder else ""
    text = f"🚂 It's {still}your turn in **{get_game(row.slug).name}** #{row.id}: <#{thread_id}>"
    closed = []
    for user_id in sorted(by_dm):
        if not await _claimed(bot, game_id, outbox_key, user_id):
            continue  # an earlier try of this post sent it: neither a second one nor a ping
        try:
            user = bot.get_user(user_id) or await bot.fetch_user(user_id)
            await user.send(text, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException as exc:
            log.info("game %s: no direct message to %s (%s): pinged in the thread", game_id, user_id, exc)
            closed.append(user_id)
            await _claimed(bot, game_id, outbox_key, user_id, claimed=False)
    thread_pings = [u for u in pings if u not in by_dm or u in closed]
    note = ""
    if closed:
        who = ", ".join(f"<@{u}>" for u in closed)
        note = (f"\n📭 I couldn't send {who} a direct message (closed DMs?), so I ping here instead. "
                "`/game notify thread` stops trying.")
    return thread_pings, note


async def _claimed(bot: ServiceBot, game_id: int, outbox_key: str | None, user_id: int,
                   claimed: bool = True) -> bool:
    """Claim the direct message to ``user_id`` for the queued post
    ``outbox_key`` (or, ``claimed`` False, give it back); True when it is
    this try's to send. A post not queued is sent once anyway. Ruling: a
    crash between the claim and Discord taking the message loses it (the
    next reminder tells him); a message is never sent twice. If the claim
    can't be stored, the message is sent: a rare double beats a lost turn."""
    if outbox_key is None:
        return True
    try:
        return await bot.standings.claim_dm(outbox_key, user_id, claimed)
    except (ServiceError, StoreError) as exc:
        log.warning("game %s: the direct message to %s could not be claimed: %s", game_id, user_id, exc)
        return claimed
