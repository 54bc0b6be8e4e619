"""The ``railyard`` command.

    railyard bot                      run the Discord bot
    railyard games                    list the registered games, one slug per line
    railyard play SLUG --players a,b  a hot-seat game in the terminal (--auto, --level, --seed, --out, --db)
    railyard commands --json          the slash-command payloads the bot would sync
    railyard backup FILE              an online copy of the SQLite database (pg_dump for PostgreSQL)
    railyard archive [--days N]       fold the logs of games finished N+ days ago into one row each
    railyard check                    the full check of every stored page (the bot runs it in the background)
    railyard import FILE              replay a game exported with /game export, checking every step
    railyard ratings rebuild          work the ratings out again from the finished games' logs

The database is ``DATABASE_URL`` (a ``postgresql://`` URL) or the SQLite file
``DATABASE_PATH`` (default ``railyard.sqlite3``), read from the environment or ``.env``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import logging
import os
import sys
from pathlib import Path
from typing import Any

from games.bots import DEFAULT_LEVEL, LEVELS
from games.registry import get_game, slugs

ENV_FILE = ".env"


def load_env_file(path: str = ENV_FILE) -> None:
    """KEY=value lines from ``.env`` into the environment (real variables win)."""
    file = Path(path)
    if not file.is_file():
        return
    for line in file.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, value = line.split("=", 1)
        os.environ.setdefault(key.strip(), value.strip().strip('"').strip("'"))


def database_target() -> str:
    """``DATABASE_URL`` (a ``postgresql://`` URL) if set, else the SQLite
    file ``DATABASE_PATH`` (default ``railyard.sqlite3``)."""
    url = os.environ.get("DATABASE_URL", "").strip()
    return url or os.environ.get("DATABASE_PATH", "").strip() or "railyard.sqlite3"


def shard_from_env() -> tuple[int, int] | None:
    """(shard id, shard count) from ``SHARD_IDS`` and ``SHARD_COUNT``, or None
    (one process, unsharded). One shard per process: several processes, one
    per shard, share one PostgreSQL database. ValueError says what is wrong."""
    count = os.environ.get("SHARD_COUNT", "").strip()
    ids = os.environ.get("SHARD_IDS", "").strip()
    if not count and not ids:
        return None
    if not (count.isascii() and count.isdigit() and int(count) >= 1):
        raise ValueError(f"SHARD_COUNT must be a whole number of shards (1 or more), not '{count[:20]}'")
    if not (ids.isascii() and ids.isdigit()):
        raise ValueError("SHARD_IDS must name this process's one shard, a number from 0 "
                         f"to {int(count) - 1} (run one process per shard), not '{ids[:20]}'")
    if int(ids) >= int(count):
        raise ValueError(f"SHARD_IDS {ids} is not a shard of SHARD_COUNT {count} (0 to {int(count) - 1})")
    return int(ids), int(count)


async def serve(token: str, target: str, dev_guild: int | None, shard: tuple[int, int] | None) -> None:
    """Open (and so check) the database once, before logging in (a bad one
    raises StoreOpenError before Discord is contacted), then run the bot on
    that store until it stops."""
    from .app import RailyardBot
    from .store import open_store

    store = await open_store(target)
    bot = RailyardBot(target, dev_guild, shard=shard, store=store)
    # What start-up made lives as long as the process: out of the collector's
    # way, a full collection walks only what came since (the scheduler's
    # ticks stay short with thousands of games; bench/scheduler_tick.py).
    gc.collect()
    gc.freeze()
    try:
        async with bot:
            await bot.start(token)
    finally:
        await store.close()  # the bot closes it too; closing again does nothing


def run_bot() -> int:
    load_env_file()
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        print("railyard: DISCORD_TOKEN is not set, so the bot cannot log in to Discord.\n"
              "Put it in a .env file next to README.md (copy .env.example) or export it;\n"
              "to try a game without a token: python3 dev.py play days-of-steam --players ann,bob --auto",
              file=sys.stderr)
        return 2
    logging.basicConfig(level=os.environ.get("LOG_LEVEL", "INFO").upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    from .store import StoreOpenError, is_postgres_url

    try:
        shard = shard_from_env()
    except ValueError as exc:
        print(f"railyard: {exc}", file=sys.stderr)
        return 2
    if shard is not None and shard[1] > 1 and not is_postgres_url(database_target()):
        print("railyard: several shards must share one PostgreSQL database: set DATABASE_URL", file=sys.stderr)
        return 2
    dev_guild = os.environ.get("DEV_GUILD_ID", "").strip()
    import discord

    try:
        asyncio.run(serve(token, database_target(), int(dev_guild) if dev_guild.isdigit() else None, shard))
    except KeyboardInterrupt:
        return 0
    except StoreOpenError as exc:  # before logging in: a supervisor sees it at once
        print(f"railyard: {exc}", file=sys.stderr)
        return 2
    except discord.LoginFailure:
        print("railyard: Discord refused the token in DISCORD_TOKEN. Reset it in the Developer Portal "
              "(Bot -> Reset Token) and update .env.", file=sys.stderr)
        return 2
    return 0


async def command_payloads() -> list[dict[str, Any]]:
    """The application commands exactly as the bot would sync them."""
    from .app import RailyardBot
    from .cogs import all_cogs

    bot = RailyardBot(":memory:", sync_commands=False)
    for cog in all_cogs(bot):
        await bot.add_cog(cog)
    return [command.to_dict(bot.tree) for command in bot.tree.get_commands()]


async def housekeeping(args: argparse.Namespace) -> int:
    """``railyard backup``, ``railyard check``, ``railyard archive`` and
    ``railyard ratings rebuild``: one line out, non-zero
    with one line on stderr when the database can't do it."""
    from .store import StoreError, open_store

    load_env_file()
    try:
        store = await open_store(database_target())
        try:
            if args.command == "backup":
                await store.backup(args.file)
                print(f"railyard: backup written to {args.file}")
            elif args.command == "check":
                problems = await store.full_check()
                if problems:
                    print(f"railyard: the database {database_target()} is damaged (quick_check: "
                          f"{'; '.join(problems[:3])}): restore a backup", file=sys.stderr)
                    return 2
                print(f"railyard: the database {database_target()} is sound")
            elif args.command == "ratings":
                from .ratings import rebuild

                count = await rebuild(store)
                print(f"railyard: ratings rebuilt from {count} finished game{'s' * (count != 1)}")
            else:
                count = await store.archive(args.days)
                print(f"railyard: archived {count} game{'s' * (count != 1)} finished {args.days:g}+ days ago")
        finally:
            await store.close()
    except StoreError as exc:
        print(f"railyard: {exc}", file=sys.stderr)
        return 2
    return 0


def import_game(path: str) -> int:
    """``railyard import FILE``: replay an export (``/game export``) with the
    rules, checking every step and, when the file has the secret, every
    draw; one line out and 0, or one line on stderr naming the step and 2."""
    from .history import ExportError, import_summary, read_export, replay_export

    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        print(f"railyard: can't read {path}: {exc}", file=sys.stderr)
        return 2
    try:
        imported = replay_export(read_export(text))
    except ExportError as exc:
        print(f"railyard: {path}: {exc}", file=sys.stderr)
        return 2
    print(f"railyard: {path}: {import_summary(imported)}")
    return 0


def options_help() -> str:
    """Each game's players and options, for ``railyard play --help``."""
    lines = ["games, their players and --options (name=value, comma-separated; default first):"]
    for slug in slugs():
        game = get_game(slug)
        lines.append(f"  {slug}: {game.players_needed()} players")
        for option in game.options:
            others = [c for c in option.choices if c != option.default]
            lines.append(f"    {option.name}={'|'.join([option.default, *others])}  {option.description}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="railyard", description="Railway board games on Discord.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("bot", help="run the Discord bot (needs DISCORD_TOKEN)")
    sub.add_parser("games", help="list the registered games")
    play = sub.add_parser("play", help="play a hot-seat game in the terminal", epilog=options_help(),
                          formatter_class=argparse.RawDescriptionHelpFormatter)
    play.add_argument("slug", choices=slugs())
    play.add_argument("--players", required=True, help="comma-separated names, e.g. ann,bob,cid")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--out", help="directory for the board PNGs (default: a new folder under out/)")
    play.add_argument("--db", help="SQLite file (default: a temporary one)")
    play.add_argument("--auto", action="store_true",
                      help="each game's bot takes every seat (it sees only its own seat's view)")
    play.add_argument("--level", choices=LEVELS, default=DEFAULT_LEVEL,
                      help=f"the bots' level with --auto (default {DEFAULT_LEVEL}; easy is the first bot, "
                           "hard searches)")
    play.add_argument("--options", default="", help="game options, e.g. difficulty=hard")
    backup = sub.add_parser("backup", help="an online copy of the database into FILE")
    backup.add_argument("file")
    archive = sub.add_parser("archive", help="compress the logs of long-finished games")
    archive.add_argument("--days", type=float, default=90.0,
                         help="archive games finished or abandoned at least this many days ago (default 90)")
    sub.add_parser("check", help="check every stored page of the database (slow on a big file)")
    ratings = sub.add_parser("ratings", help="the ratings: rebuild them from the finished games' logs")
    ratings.add_argument("action", choices=["rebuild"])
    imported = sub.add_parser("import", help="replay an exported game (/game export), checking every step")
    imported.add_argument("file")
    cmds = sub.add_parser("commands", help="print the slash-command payloads")
    cmds.add_argument("--json", action="store_true", help="as JSON (the only format)")
    args = parser.parse_args(argv)

    if args.command == "bot":
        return run_bot()
    if args.command == "games":
        for slug in slugs():
            print(slug)
        return 0
    if args.command == "import":
        return import_game(args.file)
    if args.command in ("backup", "archive", "check", "ratings"):
        return asyncio.run(housekeeping(args))
    if args.command == "commands":
        print(json.dumps(asyncio.run(command_payloads()), indent=2))
        return 0
    from .console import play_console

    return asyncio.run(play_console(args))


if __name__ == "__main__":
    sys.exit(main())
