"""The scheduler with many running games, none planned yet: how soon the
first reminders and bot moves go out, and how much the event loop lags.

    .venv/bin/python bench/scheduler_tick.py [--games 2000] [--db FILE_OR_URL] [--no-freeze]

(``--db``: filled only when it holds no game; a copy of a filled file is
timed again without filling.)

Fills the database with ``--games`` running games (every registered game
in turn, three or four seats, reminders every hour), as after an upgrade
with a backlog (every game last changed a day before): of every ten games, one has a bot seat due now, one was
planned an hour ago by an earlier run (its reminder is due now), and eight
were never planned. A few games of each kind are played through the
service; the rest are their copies, made in SQL (``--games 100000`` fills
in a minute or two instead of an hour).

Then one :class:`bot.scheduler.Scheduler` on a fake clock ticks back to
back, as the bot's loop does when woken, until every game is planned and
nothing is due, while a watcher on the event loop notes its worst lag (how
late a 5 ms sleep wakes). Bots choose a random legal move: a policy's
thinking is measured by ``bench/bot_strength.py``. Prints:

    tick backend=sqlite games=N gc_freeze=yes kind=first ms=X notices=K
    start backend=sqlite games=N gc_freeze=yes first_reminder_s=A first_bot_move_s=B
        all_reminders_s=C all_bot_moves_s=D all_planned_s=E ticks=T max_lag_ms=L full_gc=G
    tick backend=sqlite games=N gc_freeze=yes kind=idle ms=X notices=0
    tick backend=sqlite games=N gc_freeze=yes kind=reminders ms=X notices=K

(``start`` is one line): the first tick; then, counted from the first
tick's start, the first and the last reminder and bot move handed to the
transport, every game planned, the ticks it took, the worst loop lag and
the full garbage collections meanwhile (each stops the loop; what the
scheduler keeps alive at once decides how many there are); an
idle tick a minute later (what the bot pays every ``SCHEDULER_SECONDS``);
a tick an hour later, when every game's reminder is due at once (a tick
fires at most ``MAX_ROUNDS`` batches of them; the next tick goes on).
Before the first tick everything alive (the imports, the games' registry,
the store) is frozen out of the garbage collector's passes
(``gc.freeze()``), as a long-running process should once started: it lives as
long as the process, and a full collection then walks only what the
scheduler made since; ``--no-freeze`` times it without.
Aim at 100,000 games: first reminders and bot moves within 30 s,
``max_lag_ms`` at most 50.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.scheduler import DAY, HOUR, Notice, Scheduler  # noqa: E402
from bot.service import GameService  # noqa: E402
from bot.store import Schedule, Store, open_store  # noqa: E402
from games.core import CHANCE, Game, State  # noqa: E402
from games.playout import random_action  # noqa: E402
from games.registry import all_games  # noqa: E402

KINDS = ("bot", "reminder") + ("never",) * 8
"""Of every ten games: a bot seat due, a reminder due, eight never planned."""
COPY_BATCH = 2000
THREADS = 10_000_000
"""Copies' thread ids start here (the played games' are far below)."""


def no_render(state: object, viewer: object) -> bytes:
    return b""


class RandomBot:
    """A bot that plays a random legal move: cheap, so the scheduler is timed."""

    def choose(self, game: Game, state_view: State, seat: int, rng: random.Random) -> str:
        return random_action(game, state_view, seat, rng)


async def play_template(service: GameService, slug: str, kind: str, number: int, now: float) -> int:
    """One running game of ``slug`` of ``kind`` (see :data:`KINDS`)."""
    game = all_games()[slug]
    keeping = service.seats
    row = await service.lobby.new_game(slug, 10 * number + 1, "ann", seed=number)
    await keeping.set_schedule(row.id, Schedule(remind_every=HOUR))
    for u in range(2, game.nearest_count(3) + 1):
        await service.lobby.join(row.id, 10 * number + u, f"p{u}")
    await service.lobby.start(row.id, 10 * number + 1)
    if kind == "bot":
        table = await service.context.table(row.id)
        seat = next(s for s in table.game.to_act(table.state) if s != CHANCE)
        await service.store.set_seat_bot(row.id, seat, True)
    elif kind == "reminder":  # planned by an earlier run, an hour and a minute ago
        await Scheduler(service, lambda: now - HOUR - 60).plan(row.id, now - HOUR - 60)
    return row.id


async def copy_games(store: Store, templates: list[int], count: int) -> None:
    """``count`` copies of the ``templates``' rows, in turn: game, seats,
    log, settings and timers."""
    games = ("guild_id, channel_id, lobby_message_id, slug, status, options, secret, state, schema_version,"
             " version, creator_id, created_at, updated_at")
    for start in range(0, count, COPY_BATCH):
        batch = range(start, min(start + COPY_BATCH, count))
        async with store.transaction() as tx:
            await tx.executemany(f"INSERT INTO games (thread_id, {games}) SELECT ?, {games} FROM games WHERE id = ?",
                                 [(THREADS + i, templates[i % len(templates)]) for i in batch])
            rows = await tx.fetchall("SELECT id, thread_id FROM games WHERE thread_id >= ? AND thread_id < ?",
                                     (THREADS + batch.start, THREADS + batch.stop))
            pairs = [(int(r[0]), templates[(int(r[1]) - THREADS) % len(templates)]) for r in rows]
            for sql in (
                "INSERT INTO seats (game_id, seat, user_id, name, bot, level)"
                " SELECT ?, seat, user_id, name, bot, level FROM seats WHERE game_id = ?",
                "INSERT INTO actions (game_id, seq, seat, action, events, at)"
                " SELECT ?, seq, seat, action, events, at FROM actions WHERE game_id = ?",
                "INSERT INTO schedules (game_id, remind_every, turn_clock, hours, zone, planned_version, replan)"
                " SELECT ?, remind_every, turn_clock, hours, zone, planned_version, replan FROM schedules"
                " WHERE game_id = ?",
                "INSERT INTO timers (game_id, kind, seat, due_at, count)"
                " SELECT ?, kind, seat, due_at, count FROM timers WHERE game_id = ?",
            ):
                await tx.executemany(sql, pairs)


async def fill(service: GameService, games: int, now: float) -> None:
    """``games`` running games: a few played, the rest copied."""
    slugs = [s for s, g in all_games().items() if g.__module__.startswith("games.")]
    played = min(games, len(slugs) * len(KINDS))
    templates = [await play_template(service, slugs[g % len(slugs)], KINDS[g % len(KINDS)], g, now)
                 for g in range(played)]
    await copy_games(service.store, templates, games - played)
    async with service.store.transaction() as tx:  # last changed a day ago, before the restart
        await tx.execute("UPDATE games SET created_at = ?, updated_at = ?", (now - DAY, now - DAY))


async def watch_lag(worst: list[float], stop: asyncio.Event) -> None:
    """Note in ``worst[0]`` the most a 5 ms sleep overslept (ms)."""
    while not stop.is_set():
        start = time.perf_counter()
        await asyncio.sleep(0.005)
        worst[0] = max(worst[0], (time.perf_counter() - start - 0.005) * 1000)


async def run(games: int, db: str | None, freeze: bool = True) -> list[str]:
    target = db or os.path.join(tempfile.mkdtemp(), "tick.sqlite3")
    store = await open_store(target)
    service = GameService(store, renderer=no_render)
    now = [time.time()]
    async with store.reading() as tx:
        stored = await tx.fetchone("SELECT COUNT(*) FROM games")
    if stored and stored[0]:
        games = int(stored[0])  # filled before: its reminders are due still
    else:
        await fill(service, games, now[0])
    seen: dict[str, list[float]] = {"reminder": [], "move": []}
    began = [0.0]

    async def notify(notice: Notice) -> bool:
        if notice.kind in seen:
            seen[notice.kind].append(time.perf_counter() - began[0])
        return True

    scheduler = Scheduler(service, lambda: now[0], notify=notify, bot_player=RandomBot())
    head = f"backend={store.backend} games={games} gc_freeze={'yes' if freeze else 'no'}"
    worst, stop = [0.0], asyncio.Event()
    if freeze:
        gc.collect()
        gc.freeze()  # started: what is alive now lives as long as the process
    full_collections = gc.get_stats()[2]["collections"]
    watcher = asyncio.create_task(watch_lag(worst, stop))
    await asyncio.sleep(0.01)
    began[0] = time.perf_counter()
    notices = await scheduler.tick()
    lines = [f"tick {head} kind=first ms={(time.perf_counter() - began[0]) * 1000:.0f} notices={len(notices)}"]
    ticks = 1
    while await scheduler.tick() or await store.games_to_plan(0, 1):
        ticks += 1
    planned = time.perf_counter() - began[0]
    stop.set()
    await watcher

    def at(kind: str, which: int) -> str:
        return f"{seen[kind][which]:.1f}" if seen[kind] else "none"

    lines.append(f"start {head} first_reminder_s={at('reminder', 0)} first_bot_move_s={at('move', 0)} "
                 f"all_reminders_s={at('reminder', -1)} all_bot_moves_s={at('move', -1)} "
                 f"all_planned_s={planned:.1f} ticks={ticks} max_lag_ms={worst[0]:.0f} "
                 f"full_gc={gc.get_stats()[2]['collections'] - full_collections}")
    for kind, advance in (("idle", 60.0), ("reminders", HOUR)):
        now[0] += advance
        start = time.perf_counter()
        notices = await scheduler.tick()
        ms = (time.perf_counter() - start) * 1000
        lines.append(f"tick {head} kind={kind} ms={ms:.0f} notices={len(notices)}")
    await store.close()
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description="The scheduler with many running games, none planned yet.")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--db", help="an SQLite file or a postgresql:// URL (default: a fresh temporary file)")
    parser.add_argument("--no-freeze", action="store_true",
                        help="leave what is alive at start-up to the garbage collector's full passes")
    args = parser.parse_args()
    for line in asyncio.run(run(args.games, args.db, freeze=not args.no_freeze)):
        print(line)


if __name__ == "__main__":
    main()
