"""A hot-seat game in the terminal through the same service and store as the
bot: each seat's legal choices are listed by number and text; each board PNG
is written to ``--out`` (by default a folder of its own under ``out/``), and
the console says where. ``--auto`` lets each game's bot policy
(:mod:`games.bots`) take every seat at ``--level`` (easy, normal or hard),
each seeing only its own view; the same seed prints the same game."""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from datetime import datetime
from pathlib import Path

from games.core import Game, State
from games.bots import bot_action

from .service import GameService, Post, ServiceError, Unavailable, parse_options
from .store import StoreOpenError, open_store


def _write(out: Path, number: int, post: Post) -> None:
    """Write the post's board as ``out/NNNN.png`` and say where it went."""
    if post.png:
        path = out / f"{number:04d}.png"
        path.write_bytes(post.png)
        print(f"[board: {path}]")


def default_out(slug: str, now: datetime | None = None) -> Path:
    """Where boards go without ``--out``: ``out/<game>-<date>-<time>/``, a
    folder of its own per game (``out/`` is ignored by git)."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    return Path("out") / f"{slug}-{stamp}"


def _print_post(post: Post, names: dict[int, str]) -> None:
    text = post.text
    for user_id, name in names.items():
        text = text.replace(f"<@{user_id}>", f"@{name}")
    print(text)


LIST_ALL = 30  # up to this many legal actions are listed at once; more are chosen step by step


QUIT_WORDS = ("q", "quit", "exit")


def _answer(kept: bool) -> str | None:
    """The player's answer, or None to quit. ``kept``: the game is in a
    database file (``--db``); in a temporary one quitting loses the game,
    so the console asks first."""
    try:
        answer = input("> ").strip()
    except EOFError:
        return None
    if answer.lower() not in QUIT_WORDS:
        return answer
    if kept:
        return None
    print("This game is in a temporary database and is lost when you quit "
          "(--db FILE keeps it). Quit anyway? (y/N)")
    try:
        sure = input("> ").strip().lower()
    except EOFError:
        return None
    return None if sure in ("y", "yes") else _answer(kept)


def ask_move(game: Game, state: State, seat: int, name: str, kept: bool = True) -> str | None:
    """One action for ``seat``, by number or typed text (None: quit). Long
    lists are narrowed step by step, as in the Discord turn panel. A typed
    text that is itself an offered choice (a die's value "3") means that
    choice, not the menu line of that number."""
    choices = game.legal_actions(state, seat)
    texts = {c.text for c in choices}
    if len(choices) <= LIST_ALL:
        print(f"\n{name}, choose (number or text; q to quit):")
        for i, choice in enumerate(choices, 1):
            print(f"  {i:>3}. {choice.text:<40} {choice.summary}")
        answer = _answer(kept)
        if answer is not None and answer not in texts and _menu_number(answer, len(choices)):
            return choices[int(answer) - 1].text
        return answer
    tokens: list[str] = []
    while True:
        options = game.options_at(state, seat, tokens)
        print(f"\n{name}: {options[0].heading if options else ''} (number, b to go back, the whole action as"
              " text, or q to quit):")
        for i, option in enumerate(options, 1):
            print(f"  {i:>3}. {option.label}" + (f"  ({option.detail})" if option.detail else ""))
        answer = _answer(kept)
        if answer is None:
            return None
        offered = next((o for o in options if o.token == answer), None)
        if answer.lower() == "b":
            tokens = tokens[:-1]
        elif offered is not None or _menu_number(answer, len(options)):
            option = offered or options[int(answer) - 1]
            tokens.append(option.token)
            if option.complete:
                return " ".join(tokens)
        else:
            return answer


def _menu_number(answer: str, count: int) -> bool:
    """``answer`` is a menu line number 1..count in ASCII digits."""
    return answer.isascii() and answer.isdigit() and len(answer) <= 4 and 0 < int(answer) <= count


async def play_console(args: argparse.Namespace) -> int:
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    out = Path(args.out) if args.out else default_out(args.slug)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        try:
            store = await open_store(args.db or str(Path(tmp) / "railyard.sqlite3"))
        except StoreOpenError as exc:
            print(f"railyard: {exc}", file=sys.stderr)
            return 2
        try:
            return await _play(GameService(store), args, names, out)
        except ServiceError as exc:
            print(f"railyard: {exc}", file=sys.stderr)
            return 2
        finally:
            await store.close()


async def _play(service: GameService, args: argparse.Namespace, names: list[str], out: Path) -> int:
    users = {i + 1: name for i, name in enumerate(names)}
    seed: int | None = args.seed
    row = await service.lobby.new_game(args.slug, 1, names[0], parse_options(args.options), seed=seed)
    for user_id, name in list(users.items())[1:]:
        await service.lobby.join(row.id, user_id, name)
    print(f"Game #{row.id}: {args.slug}" + (f", seed {seed}" if seed is not None else "")
          + f", players {', '.join(names)}")
    post = await service.lobby.start(row.id, 1)
    _print_post(post, users)
    number = 1
    _write(out, number, post)
    rng = random.Random(seed)  # the bots' picks (the game's chance comes from its secret)
    while not post.finished:
        board = await service.context.table(row.id)  # the hot-seat console shows every seat's choices
        due = [s for s in board.game.to_act(board.state) if s >= 0]
        seat = rng.choice(due) if args.auto else due[0]
        user_id = board.seats[seat].user_id
        if args.auto:
            action = bot_action(board.game, board.state, seat, rng, level=args.level)
            print(f"> {board.seats[seat].name}: {action}")
        else:
            private = board.game.private_text(board.state, seat)
            if private:
                print(f"\n({board.seats[seat].name} only) {private}")
            picked = ask_move(board.game, board.state, seat, board.seats[seat].name, kept=bool(args.db))
            if picked is None:
                return 0
            action = picked
        try:
            post = await service.turns.act(row.id, user_id, action)
        except Unavailable as exc:
            print(f"railyard: {exc}", file=sys.stderr)
            return 2
        except ServiceError as exc:
            print(f"! {exc}")
            continue
        number += 1
        _write(out, number, post)
        _print_post(post, users)
    print(f"Boards written to {out}/")
    return 0
