"""The Discord bot: a ``commands.Bot`` whose setup hook opens the store,
registers the persistent components and loads the lifecycle cog plus one cog
per registered game. Errors go to one handler (``discord_io.handle_error``).

Imports go one way: ``discord_io`` <- ``ui`` <- ``cogs`` <- ``app``."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from .cogs import game_commands, lifecycle
from .discord_io import NO_MENTIONS, ServiceBot, handle_error
from .service import GameService
from .store import Store, open_store
from .ui import DYNAMIC_ITEMS

log = logging.getLogger("railyard.bot")


class RailyardTree(app_commands.CommandTree["RailyardBot"]):
    """The command tree, whose errors all go through one handler."""

    async def on_error(self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError) -> None:
        await self.client.on_app_command_error(interaction, error)


class RailyardBot(ServiceBot):
    """The bot. ``service`` is ready once :meth:`setup_hook` has run."""

    def __init__(self, database_path: str, dev_guild_id: int | None = None, sync_commands: bool = True,
                 shard: tuple[int, int] | None = None) -> None:
        intents = discord.Intents.default()
        # Nothing the bot writes pings anyone unless a send names its users
        # (the turn ping, mentions_for); names and events never do.
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         tree_cls=RailyardTree, allowed_mentions=NO_MENTIONS,
                         shard_id=shard[0] if shard else None, shard_count=shard[1] if shard else None)
        self.database_path = database_path
        self.dev_guild_id = dev_guild_id
        self.sync_commands = sync_commands
        self.store: Store | None = None
        self._service: GameService | None = None

    @property
    def service(self) -> GameService:
        assert self._service is not None, "setup_hook has not run"
        return self._service

    async def setup_hook(self) -> None:
        self.store = await open_store(self.database_path)
        self._service = GameService(self.store)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.add_cog(lifecycle.Lifecycle(self))
        for cog in game_commands.game_cogs(self):
            await self.add_cog(cog)
        if self.sync_commands:
            if self.dev_guild_id:
                guild = discord.Object(id=self.dev_guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()

    async def close(self) -> None:
        if self.store is not None:
            await self.store.close()
            self.store = None
        await super().close()

    # -- errors, in one place ----------------------------------------------
    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        await handle_error(interaction, error)
