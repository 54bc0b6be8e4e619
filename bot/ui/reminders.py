"""Games that last a week, in Discord: what :mod:`bot.scheduler` decided,
posted in the game's thread (:func:`post_notice`: a bot's move, a reminder
with "Mute reminders", a turn clock that ran out with "Skip the turn" and
"Hand to the bot", a lobby's expiry, an idle warning or archiving, a thread
kept open), and those buttons."""

from __future__ import annotations

import re
from typing import Any

import discord

from games.bots import DEFAULT_LEVEL

from ..discord_io import NO_MENTIONS, ServiceBot, bot_of, guarded, reply
from ..discord_text import member_name
from ..scheduler import Notice
from ..service import Post
from ..turn_notice import turn_notices
from .levels import chosen_level, level_select
from .lobby import refresh_lobby
from .turn_panel import TurnButton


def reminder_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(TurnButton(game_id))
    view.add_item(MuteButton(game_id))
    return view


class MuteButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ry:mute:(?P<game>[0-9]+)"):
    """"Mute reminders": no more reminder pings for the clicking player in this game."""

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="Mute reminders", emoji="🔕", style=discord.ButtonStyle.secondary,
                                           custom_id=f"ry:mute:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> "MuteButton":
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._mute(interaction), self.game_id)

    async def _mute(self, interaction: discord.Interaction[Any]) -> None:
        text = await bot_of(interaction).service.seats.mute_reminders(self.game_id, interaction.user.id)
        await reply(interaction, text)


def clock_view(game_id: int, seat: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ClockButton(game_id, seat, "skip"))
    view.add_item(ClockButton(game_id, seat, "bot"))
    view.add_item(HandOverLevelSelect(game_id, seat))
    return view


class ClockButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"ry:clock:(?P<op>skip|bot):(?P<game>[0-9]+):(?P<seat>[0-9]{1,2})"):
    """Under a "turn clock ran out" post: another player skips the late
    seat (the game's safe default) or hands it to the bot. Whether the clock
    really ran out and the seat is still due is the service's call."""

    LABELS = {"skip": ("Skip the turn", "⏭️"), "bot": ("Hand to the bot", "🤖")}

    def __init__(self, game_id: int, seat: int, op: str) -> None:
        label, emoji = self.LABELS[op]
        super().__init__(discord.ui.Button(label=label, emoji=emoji, style=discord.ButtonStyle.secondary,
                                           custom_id=f"ry:clock:{op}:{game_id}:{seat}"))
        self.game_id, self.seat, self.op = game_id, seat, op

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> "ClockButton":
        return cls(int(match["game"]), int(match["seat"]), match["op"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, clock_action(interaction, self.game_id, self.seat, self.op), self.game_id)


class HandOverLevelSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                          template=r"ry:clocklevel:(?P<game>[0-9]+):(?P<seat>[0-9]{1,2})"):
    """Under a "turn clock ran out" post, beside **Hand to the bot**: another
    player hands the late seat to the bot at the level chosen."""

    def __init__(self, game_id: int, seat: int) -> None:
        super().__init__(level_select(f"ry:clocklevel:{game_id}:{seat}", "🤖 Hand the seat to the bot at a level…"))
        self.game_id, self.seat = game_id, seat

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> "HandOverLevelSelect":
        return cls(int(match["game"]), int(match["seat"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, clock_action(interaction, self.game_id, self.seat, "bot", chosen_level(self.item)),
                      self.game_id)


async def clock_action(interaction: discord.Interaction[Any], game_id: int, seat: int | None, op: str,
                       level: str = DEFAULT_LEVEL) -> None:
    """Skip a timed-out seat or hand it to the bot (at ``level``), from a button, a select or a command."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    bot = bot_of(interaction)
    keeping = bot.service.seats
    row = await bot.service.context.get(game_id)
    if op == "skip":
        done = await keeping.skip_timed_out(game_id, interaction.user.id, seat)
    else:
        done = await keeping.timed_out_to_bot(game_id, interaction.user.id, seat, level)
    if isinstance(done, Post):
        await bot.poster.post(row.thread_id, done)
        said = "Skipped: the turn's safe default was played."
    else:
        await bot.poster.send(row.thread_id, f"{member_name(interaction.user)}: {done}")
        said = "Done: the bot plays that seat now."
    bot.wake_scheduler()
    await interaction.followup.send(said, ephemeral=True, allowed_mentions=NO_MENTIONS)


async def post_notice(bot: ServiceBot, notice: Notice, nonce: str | None = None) -> bool:
    """What the scheduler did, in the game's thread: a bot's move like any
    move, a reminder with "Mute reminders", a clock that ran out with its
    two ways out, a lobby's expiry, an idle warning, an archiving, or
    (keep-alive) nothing but the thread kept open. False when Discord did
    not take the post (the scheduler tries again)."""
    if notice.kind == "move" and notice.post is not None:
        return await bot.poster.post(notice.thread_id, notice.post, nonce)
    if notice.kind == "reminder":
        pings, note = ((notice.ping_user_ids, "") if notice.thread_id is None else
                       await turn_notices(bot, notice.game_id, notice.ping_user_ids, notice.thread_id, reminder=True,
                                          outbox_key=notice.outbox_key))
        return await bot.poster.send(notice.thread_id, notice.text + note, pings, reminder_view(notice.game_id), nonce)
    if notice.kind == "clock" and notice.seat is not None:
        return await bot.poster.send(notice.thread_id, notice.text, (), clock_view(notice.game_id, notice.seat), nonce)
    if notice.kind == "keepalive":
        await keep_active_thread_open(bot, notice.game_id, notice.thread_id)
        return True
    posted = await bot.poster.send(notice.thread_id, notice.text, notice.ping_user_ids, nonce=nonce)
    if notice.kind in ("lobby_expired", "idle_archived"):
        await refresh_lobby(bot, notice.game_id)
        await bot.poster.close_thread(notice.thread_id)
    return posted


async def keep_active_thread_open(bot: ServiceBot, game_id: int, thread_id: int | None) -> None:
    """Reopen the thread of a game still active, and look again once it is
    reopened: a game archived meanwhile (by another process, between the
    look and the reopening, its thread closed before ours reopened it) has
    its thread closed again. An archive after the second look closes the
    thread itself, after this reopening."""
    if (await bot.service.context.get(game_id)).status != "active":  # one archived before the keep-alive came
        return
    if await bot.poster.keep_thread_open(thread_id) and (await bot.service.context.get(game_id)).status != "active":
        await bot.poster.close_thread(thread_id)
