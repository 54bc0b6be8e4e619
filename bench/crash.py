"""Crash test: kill -9 a process driving several games at once, at random
moments, many times; then check that every acknowledged action is stored
exactly once and every game's state equals its replayed log.

    .venv/bin/python bench/crash.py [--kills 100] [--games 6] [--db FILE-or-URL]

The driver process opens the store, starts ``--games`` games (first run) and
then advances all of them at once through the service, each move with a
fresh interaction id. After a move is acknowledged (the service returned),
the driver appends its interaction id to an acknowledgement file. On each
restart it first re-sends the last few acknowledged interactions (a retried
click after a crash) and expects each to be refused as already taken. The
parent kills the driver with SIGKILL after a random 0.3-1.5 s, ``--kills``
times, then checks.

Every game also seats the bot, which the scheduler plays, ticking beside the
players; its transport appends each post's outbox key to a posts file (the
"thread"; a retry already in it is not written again, as the bot looks in
the thread's recent messages). Each driver's scheduler clock runs an outbox
lease ahead of the one before, so the posts a kill left queued are posted by
the next driver; the check posts what the last one left. Every bot move must
be posted exactly once. Prints one line:

    crash kills=N acked=A stored=S lost=L doubled=D replay_mismatch=M
          bot_moves=B posts_lost=P posts_doubled=Q raw_errors=E
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SLUGS = ("age-of-steam", "days-of-steam", "steam-rollers")


class Thread:
    """The bot's transport in this bench: each post's outbox key appended to
    a file, fsynced (what Discord took); a retry whose key is there already
    is taken as posted, as the bot finds it in the thread."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.seen = set(path.read_text().split()) if path.exists() else set()
        self.file = path.open("a")

    async def __call__(self, notice: Any) -> bool:
        from bot.service import move_post_key

        post = notice.post
        key = notice.outbox_key or (move_post_key(notice.game_id, post.seq) if post and post.seq else None)
        if key is None or (notice.retry and key in self.seen):
            return True
        self.file.write(key + "\n")
        self.file.flush()
        os.fsync(self.file.fileno())
        self.seen.add(key)
        return True


class RandomBot:
    """A quick bot: a uniformly random legal action from its seat's view."""

    def choose(self, game: Any, state_view: Any, seat: int, rng: random.Random) -> str:
        from games.playout import random_action

        return random_action(game, state_view, seat, rng)


def scheduler_clock(run: int) -> Any:
    """The clock of the ``run``-th driver's scheduler: an outbox lease ahead
    of the run before, so what a kill left queued is due for the next."""
    from bot.scheduler import OUTBOX_LEASE

    return lambda: time.time() + (run + 1) * OUTBOX_LEASE


async def drive(target: str, acks: Path, games: int, seed: int) -> None:
    """Advance every game at once until killed (or every game is over)."""
    from bot.scheduler import Scheduler
    from bot.service import GameService, ServiceError
    from bot.store import open_store
    from games.core import CHANCE
    from games.playout import random_action

    store = await open_store(target)
    service = GameService(store, lambda state, viewer: b"")
    scheduler = Scheduler(service, scheduler_clock(seed), Thread(posts_file(acks)), RandomBot())
    rng = random.Random(seed)
    total = await store.count_games()
    ids = [g for g in range(1, total + 1) if (await service.context.get(g)).status == "active"]
    if not ids:  # first run, or every game ended: a new batch
        for g in range(games):
            slug = SLUGS[g % len(SLUGS)]
            row = await service.lobby.new_game(slug, 1000 * g + 1, "p1", seed=seed * games + g)
            await service.lobby.join(row.id, 1000 * g + 2, "p2")
            await service.seats.add_bot(row.id, 1000 * g + 1)
            await service.lobby.start(row.id, 1000 * g + 1)
            ids.append(row.id)
    acked = acks.read_text().split() if acks.exists() else []
    for old in acked[-3:]:  # a retried click after the crash
        game_id = int(old.split("-")[0])
        b = await service.context.table(game_id)
        due = [s for s in b.game.to_act(b.state) if s != CHANCE and not b.seats[s].bot]
        if not due:
            continue
        try:
            await service.turns.act(game_id, b.seats[due[0]].user_id, "x", interaction_id=old)
            raise SystemExit(f"retried interaction {old} was applied again")
        except ServiceError as exc:
            if "already taken" not in str(exc):
                raise SystemExit(f"retried interaction {old}: {exc}")
    out = acks.open("a")
    counter = len(acked)

    async def one(game_id: int) -> None:
        nonlocal counter
        while True:
            b = await service.context.table(game_id)
            if b.game.is_over(b.state):
                return
            players = [s for s in b.game.to_act(b.state) if s != CHANCE and not b.seats[s].bot]
            if not players:  # the bot's turn: the scheduler plays it
                await asyncio.sleep(0.005)
                continue
            seat = rng.choice(players)
            action = random_action(b.game, b.state, seat, rng)
            counter += 1
            interaction = f"{game_id}-{os.getpid()}-{counter}"
            await service.turns.act(game_id, b.seats[seat].user_id, action, interaction_id=interaction)
            out.write(interaction + "\n")
            out.flush()
            os.fsync(out.fileno())

    async def ticking() -> None:
        while not all(done.done() for done in players):
            await scheduler.tick()
            await asyncio.sleep(0.005)

    players = [asyncio.ensure_future(one(g)) for g in ids]
    await asyncio.gather(*players, ticking())
    await store.close()


def posts_file(acks: Path) -> Path:
    return acks.with_name("posts.txt")


async def check(target: str, acks: Path, runs: int) -> dict[str, int]:
    from bot.scheduler import Scheduler
    from bot.service import GameService, move_post_key
    from bot.store import open_store

    store = await open_store(target)
    service = GameService(store, lambda state, viewer: b"")
    thread = Thread(posts_file(acks))
    clock = scheduler_clock(runs)
    await Scheduler(service, clock, thread).post_queued(clock(), [])  # what the last kill left queued
    posts = posts_file(acks).read_text().split() if posts_file(acks).exists() else []
    bot_moves: list[str] = []
    acked = acks.read_text().split() if acks.exists() else []
    stored: dict[str, int] = {}
    mismatched = 0
    for game_id in range(1, await store.count_games() + 1):
        row = await service.context.get(game_id)
        if row.state is None:  # killed while its lobby was being set up: nothing was played
            continue
        log = await store.log(game_id)
        if [a.seq for a in log] != list(range(1, row.version + 1)):
            mismatched += 1
        elif await service.log.rebuild(game_id) != row.state:
            mismatched += 1
        bots = {s.seat for s in await store.seats(game_id) if s.bot}
        bot_moves += [move_post_key(game_id, a.seq) for a in log if a.seat in bots]
        for a in log:
            if a.interaction_id:
                stored[a.interaction_id] = stored.get(a.interaction_id, 0) + 1
    await store.close()
    return {
        "acked": len(acked),
        "stored": sum(stored.values()),
        "lost": sum(1 for a in acked if a not in stored),
        "doubled": sum(1 for n in stored.values() if n > 1) + (len(acked) - len(set(acked))),
        "replay_mismatch": mismatched,
        "bot_moves": len(bot_moves),
        "posts_lost": sum(1 for key in bot_moves if key not in posts),
        "posts_doubled": len(posts) - len(set(posts)),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description="kill -9 crash test of the store")
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--db", help="an SQLite file or a postgresql:// URL (default: a fresh temporary file)")
    parser.add_argument("--wait", nargs=2, type=float, default=(0.3, 1.5), metavar=("LOW", "HIGH"),
                        help="seconds a driver runs before its kill, drawn between LOW and HIGH")
    parser.add_argument("--drive", nargs=3, metavar=("DB", "ACKS", "SEED"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.drive:
        db, ack_file, seed = args.drive
        asyncio.run(drive(db, Path(ack_file), args.games, int(seed)))
        return 0
    rng = random.Random(1)
    raw_errors = 0
    with tempfile.TemporaryDirectory() as tmp:
        target = args.db or str(Path(tmp) / "crash.sqlite3")
        acks = Path(tmp) / "acks.txt"
        start = time.perf_counter()
        for kill in range(args.kills):
            proc = subprocess.Popen(
                [sys.executable, __file__, "--games", str(args.games), "--drive", target, str(acks), str(kill)],
                cwd=ROOT, stderr=subprocess.PIPE, text=True,
            )
            time.sleep(rng.uniform(*args.wait) + (1.5 if kill == 0 else 0))
            proc.send_signal(signal.SIGKILL)
            _out, err = proc.communicate()
            if "Traceback" in err or "SystemExit" in err or "retried" in err:
                raw_errors += 1
                print(err.strip().splitlines()[-1], file=sys.stderr)
        result = asyncio.run(check(target, acks, args.kills))
        elapsed = time.perf_counter() - start
    print(f"crash kills={args.kills} games={args.games} " + " ".join(f"{k}={v}" for k, v in result.items())
          + f" raw_errors={raw_errors} seconds={elapsed:.0f}")
    faults = ("lost", "doubled", "replay_mismatch", "posts_lost", "posts_doubled")
    return 0 if all(result[k] == 0 for k in faults) and raw_errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
