"""The Discord bot: a ``commands.Bot`` whose setup hook opens the store,
registers the persistent components and loads the lifecycle cog plus one cog
per registered game. Errors go to one handler (``discord_io.handle_error``).

Imports go one way: ``discord_io`` <- ``ui`` <- ``cogs`` <- ``app``."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import re
import time
from datetime import datetime, timezone
from typing import Any, Callable

import discord
from discord import app_commands
from discord.ext import commands

from .cogs import all_cogs
from .discord_io import NO_MENTIONS, ServiceBot, handle_error
from .scheduler import BotPlayer, Notice, Scheduler
from .service import GameService, ServiceError
from .standings import Standings
from .store import Store, open_store
from .ui import DYNAMIC_ITEMS, ThreadPoster, clip_text, post_notice, post_view, refresh_lobby, turn_view

log = logging.getLogger("railyard.bot")


class RailyardTree(app_commands.CommandTree["RailyardBot"]):
    """The command tree, whose errors all go through one handler."""

    async def on_error(self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError) -> None:
        await self.client.on_app_command_error(interaction, error)


class RailyardBot(ServiceBot):
    """The bot. ``service`` is ready once :meth:`setup_hook` has run."""

    def __init__(self, database_path: str, dev_guild_id: int | None = None, sync_commands: bool = True,
                 shard: tuple[int, int] | None = None, scheduler_seconds: float | None = None,
                 clock: Callable[[], float] = time.time, bot_player: BotPlayer | None = None,
                 store: Store | None = None) -> None:
        intents = discord.Intents.default()
        # Nothing the bot writes pings anyone unless a send names its users
        # (the turn ping, mentions_for); names and events never do.
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         tree_cls=RailyardTree, allowed_mentions=NO_MENTIONS,
                         shard_id=shard[0] if shard else None, shard_count=shard[1] if shard else None)
        self.database_path = database_path
        self.dev_guild_id = dev_guild_id
        self.sync_commands = sync_commands
        self.store: Store | None = store
        """The open store: given (``railyard bot`` opens it once, before
        logging in) or opened by :meth:`setup_hook`."""
        self._service: GameService | None = None
        self._standings: Standings | None = None
        self.poster = ThreadPoster(self, post_view=post_view, turn_view=turn_view, refresh_lobby=refresh_lobby)
        """Every post in a game's thread goes through it; it reaches the
        turn panel's buttons and the lobby's refresh through what it is handed here."""
        self.scheduler_seconds = scheduler_interval() if scheduler_seconds is None else scheduler_seconds
        """Seconds between the scheduler's looks at the stored due times (0: no loop; tests tick by hand)."""
        self.clock = clock
        self.bot_player = bot_player
        self.scheduler: Scheduler | None = None
        self._scheduler_task: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()
        self._wake_task: asyncio.Task[None] | None = None
        self._tick_lock = asyncio.Lock()
        self.database_check: asyncio.Task[None] | None = None
        """The full check of the database, running in the background after :meth:`setup_hook`."""

    @property
    def service(self) -> GameService:
        assert self._service is not None, "setup_hook has not run"
        return self._service

    @property
    def standings(self) -> Standings:
        assert self._standings is not None, "setup_hook has not run"
        return self._standings

    async def setup_hook(self) -> None:
        if self.store is None:
            self.store = await open_store(self.database_path)
        self.database_check = asyncio.create_task(self._check_database(), name="railyard-database-check")
        self._service = GameService(self.store)
        self._standings = Standings(self._service)
        self.scheduler = Scheduler(self._service, self.clock, self._post_notice, self.bot_player)
        if self.scheduler_seconds > 0:
            self._scheduler_task = asyncio.create_task(self._run_scheduler(), name="railyard-scheduler")
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for cog in all_cogs(self):
            await self.add_cog(cog)
        if self.sync_commands:
            if self.dev_guild_id:
                guild = discord.Object(id=self.dev_guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()

    async def _check_database(self) -> None:
        """The full check of the stored pages, in the background: opening
        checked the header, the schema and a write at once; this reads the
        whole file (minutes on a big cold one) and logs what it finds."""
        assert self.store is not None
        started = time.monotonic()
        try:
            problems = await self.store.full_check()
        except Exception:  # noqa: BLE001 - a check that fails to run is logged, never fatal
            log.exception("the database check could not run")
            return
        if problems:
            log.error("the database %s is damaged (quick_check: %s): stop the bot and restore a backup, "
                      "or run `railyard check` for details", self.database_path, "; ".join(problems[:3]))
        else:
            log.info("the database check found nothing wrong (%.1f s)", time.monotonic() - started)

    async def close(self) -> None:
        if self.database_check is not None:
            self.database_check.cancel()
            await asyncio.gather(self.database_check, return_exceptions=True)
            self.database_check = None
        if self._scheduler_task is not None:
            self._scheduler_task.cancel()
            await asyncio.gather(self._scheduler_task, return_exceptions=True)
            self._scheduler_task = None
        if self._wake_task is not None:
            await asyncio.gather(self._wake_task, return_exceptions=True)
        if self.store is not None:
            await self.store.close()
            self.store = None
        await super().close()

    # -- the scheduler: a thin driver over bot.scheduler --------------------
    def wake_scheduler(self) -> None:
        """Look at the due times now (after a move: a bot may be due), in a
        task of its own; a tick under way looks once more when it ends."""
        if self.scheduler is None or self.is_closed():
            return
        self._wake.set()
        if self._wake_task is None or self._wake_task.done():
            self._wake_task = asyncio.create_task(self._tick_while_woken(), name="railyard-scheduler-wake")

    async def _post_notice(self, notice: Notice) -> bool:
        """Post a scheduler's notice; whether Discord has it. A retry from
        the outbox is first looked for in the thread (see
        :func:`already_posted`); every queued post goes with a nonce Discord
        enforces, so a retry within minutes can't double it either."""
        try:
            if notice.retry and await already_posted(self, notice):
                return True
            return await post_notice(self, notice, outbox_nonce(notice.outbox_key))
        except Exception:  # noqa: BLE001 - one post that fails never stops the scheduler
            log.exception("game %s: could not post the scheduler's %s", notice.game_id, notice.kind)
            return False

    async def _tick(self) -> None:
        """One tick, one at a time; a failure is logged, never raised."""
        assert self.scheduler is not None
        async with self._tick_lock:
            try:
                await self.scheduler.tick()
            except Exception:  # noqa: BLE001 - the scheduler outlives any one failure
                log.exception("the scheduler's tick failed")

    async def _tick_while_woken(self) -> None:
        while self._wake.is_set():
            self._wake.clear()
            await self._tick()

    async def _run_scheduler(self) -> None:
        """Tick every :attr:`scheduler_seconds` (and when woken). Every due
        time is in the store, so a restart loses nothing."""
        await self.wait_until_ready()
        while not self.is_closed():
            await self._tick()
            await asyncio.sleep(self.scheduler_seconds)

    # -- errors, in one place ----------------------------------------------
    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        await handle_error(interaction, error)


RECENT_MESSAGES = 50
"""How many of a thread's latest messages a retried post is looked for in."""


def outbox_nonce(key: str | None) -> str | None:
    """The nonce of a queued post: 20 characters from its outbox key
    (Discord takes at most 25)."""
    return None if key is None else "ry" + hashlib.blake2b(key.encode(), digest_size=9).hexdigest()


async def already_posted(bot: RailyardBot, notice: Notice) -> bool:
    """Whether the thread already has the post ``notice`` retries: a message
    of the bot's, among the thread's last :data:`RECENT_MESSAGES`, sent since
    the post was queued, with the same text (a crash fell between Discord
    taking it and the outbox hearing). A move's message found is remembered
    for its Undo, as if just posted. Ruling: a thread that moved on by more
    than that many messages, or a look that fails, is posted again: a rare
    double beats a lost move."""
    if notice.thread_id is None or bot.user is None:
        return False
    text = notice.post.text if notice.post is not None else notice.text
    since = datetime.fromtimestamp((notice.queued_at or 0.0) - 5.0, timezone.utc)
    try:
        channel = bot.get_channel(notice.thread_id) or await bot.fetch_channel(notice.thread_id)
        if not isinstance(channel, discord.abc.Messageable):
            return False
        async for message in channel.history(limit=RECENT_MESSAGES):
            if message.created_at < since:
                break
            if message.author.id == bot.user.id and message.content == clip_text(text):
                if notice.post is not None and notice.post.seq is not None:
                    await bot.service.context.remember_post(notice.game_id, notice.post.seq, message.id)
                return True
    except (discord.HTTPException, ServiceError) as exc:
        log.warning("game %s: could not look for an earlier post in thread %s: %s", notice.game_id,
                    notice.thread_id, exc)
    return False


SCHEDULER_SECONDS = 30.0


def scheduler_interval(environ: dict[str, str] | None = None) -> float:
    """``SCHEDULER_SECONDS`` from the environment (ASCII digits, 1-3600;
    default 30; 0 turns the loop off), else the default, with a warning."""
    text = (os.environ if environ is None else environ).get("SCHEDULER_SECONDS", "").strip()
    if not text:
        return SCHEDULER_SECONDS
    if re.fullmatch(r"[0-9]{1,4}", text, re.ASCII) and int(text) <= 3600:
        return float(int(text))
    log.warning("SCHEDULER_SECONDS=%r is not a number of seconds (0-3600): using %s", text[:40], SCHEDULER_SECONDS)
    return SCHEDULER_SECONDS
