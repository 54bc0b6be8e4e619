"""Every listed game's rules, bot and renderer called on states of a played-out
game, in one thread or from several threads at once; one digest per call.

The bot runs rules and renderers in worker threads, several at once on the
same game (autocomplete keystrokes, bot seats, undo, replay, boards): any of
them must give what it gives alone, and must not take the process down.
:func:`plan` picks the calls in the test's process (playing the games out
there, so the probe's own caches start cold); the probe runs them in a
subprocess, so a crash (SIGSEGV) is seen as the subprocess's return code:

    python -m tests.support.threads_probe PLAN.json serial|threads

``serial`` runs every call once in the main thread; ``threads`` runs the
calls of one state from :data:`THREADS` threads at once (each in its own
order, all released together), state after state. Both print a JSON object
{call: [digests]}: a digest is a hash of the call's result (or of the error
it raised).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import threading
from functools import partial
from typing import Any, Callable

from games.bots import bot_action
from games.core import CHANCE, Game, State
from games.playout import play_out, random_action
from games.registry import PACKAGES, get_game
from tests.support.variants import VARIANTS
from rendering import render, render_full, step_picture

THREADS = 3
"""How many threads run the calls of a state at once (three autocompletes
on one String Railway game took the bot down)."""
REPLAYED = 60
"""How many actions of the played-out game are replayed first, each applied
by every thread at once (undo and the history replay a log; in a fresh
process, with cold caches)."""
AT = (0.25, 0.5, 0.75, 0.95)
"""Which states of each phase are probed: fractions of the states of that
phase that wait for a player, in the order played."""

Group = dict[str, Any]
"""One state's calls: slug, name, state, seat (None: drawn only), whether
it is drawn, the prefixes of one action and that action; a replayed
action's: slug, name, state, seat, action and ``replayed``."""


def plan(seed: int = 1) -> list[Group]:
    """The probed states of every listed game, played out with ``seed``
    (its first actions replayed first): in every phase the game went through, four spread over it (cold caches
    for each). The last of them and the final state are drawn as well."""
    groups: list[Group] = []
    for variant in sorted(VARIANTS, key=lambda v: v.id):
        game, slug = variant.game, variant.game.slug
        if slug not in PACKAGES:
            continue
        label = slug if variant.default else f"{slug}:{','.join(variant.options.values())}"
        phases: dict[str, list[State]] = {}

        def keep(state: State, _seat: int, _action: str, game: Game = game) -> None:
            if any(s != CHANCE for s in game.to_act(state)):
                phases.setdefault(str(state.get("phase")), []).append(state)

        players = ["ann", "bob", "cid", "dee"][: variant.count(3)]
        final, log = play_out(game, players, seed=seed, options=variant.options, after_each=keep)
        state = game.new(players, variant.options)
        for n, (seat, action) in enumerate(log[:REPLAYED]):
            groups.append({"slug": slug, "name": f"{label}:replay{n}", "state": state, "seat": seat,
                           "action": action, "replayed": True})
            state = game.apply(state, seat, action).state
        for phase, states in sorted(phases.items()):
            for n, at in enumerate(AT):
                state = states[min(len(states) - 1, int(at * len(states)))]
                seat = min(s for s in game.to_act(state) if s != CHANCE)
                action = random_action(game, state, seat, random.Random(seed + n))
                tokens = action.split()
                groups.append({"slug": slug, "name": f"{label}:{phase}@{at}", "state": state, "seat": seat,
                               "drawn": False, "prefixes": [tokens[:i] for i in range(len(tokens))],
                               "action": action})
        groups[-1]["drawn"] = True
        groups.append({"slug": slug, "name": f"{label}:end", "state": final, "seat": None, "drawn": True,
                       "prefixes": [], "action": None})
    return groups


Call = tuple[str, Callable[[], object]]


def calls(group: Group) -> list[Call]:
    """The named calls a state is probed with: the seat's panel steps along
    one action, its legal actions, that action applied, the bot's choice;
    and, for a drawn state, the board as the seat (or a spectator, when no
    one is due) sees it, whole, and at each panel step. A replayed action's:
    applying it."""
    game = get_game(group["slug"])
    name = group["name"]
    state: State = group["state"]
    seat: int | None = group["seat"]
    view = game.view(state, seat)
    out: list[Call] = []
    if group.get("drawn"):
        out.append((f"{name} render", partial(render, view, seat)))
        out.append((f"{name} render_full", partial(render_full, view, seat)))
    if seat is None:
        return out
    action: str = group["action"]
    if group.get("replayed"):
        return [(f"{name} apply", partial(game.apply, state, seat, action))]
    for prefix in group["prefixes"]:
        out.append((f"{name} options_at {prefix}", partial(game.options_at, state, seat, prefix)))
        if group["drawn"]:
            out.append((f"{name} step_picture {prefix}", partial(step_picture, view, seat, prefix)))
    out.append((f"{name} legal_actions", partial(game.legal_actions, state, seat)))
    out.append((f"{name} apply", partial(game.apply, state, seat, action)))
    out.append((f"{name} bot", partial(_bot, game, state, seat)))
    return out


def _bot(game: Game, state: State, seat: int) -> str:
    """The bot's choice, with an rng of its own (a fixed seed)."""
    return bot_action(game, state, seat, random.Random(7))


def digest(call: Callable[[], object]) -> str:
    """A hash of what the call returns, or of the error it raises."""
    try:
        result = call()
    except Exception as exc:  # noqa: BLE001 - an error is a result to compare
        return f"raised {type(exc).__name__}: {exc}"
    raw = result if isinstance(result, bytes) else repr(result).encode()
    return hashlib.sha256(raw).hexdigest()[:16]


def run_serial(groups: list[Group]) -> dict[str, list[str]]:
    return {name: [digest(call)] for group in groups for name, call in calls(group)}


def run_threads(groups: list[Group]) -> dict[str, list[str]]:
    """Each state's calls from :data:`THREADS` threads at once, each thread
    in its own order, released together by a barrier."""
    found: dict[str, list[str]] = {}
    lock = threading.Lock()
    prepared = [calls(group) for group in groups]
    gate = threading.Barrier(THREADS)

    def worker(index: int) -> None:
        rng = random.Random(index)
        for group_calls in prepared:
            mine = list(group_calls)
            rng.shuffle(mine)
            gate.wait()
            for name, call in mine:
                result = digest(call)
                with lock:
                    found.setdefault(name, []).append(result)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return found


def main(argv: list[str]) -> None:
    path, mode = argv
    with open(path, encoding="utf-8") as f:
        groups = json.load(f)
    found = run_serial(groups) if mode == "serial" else run_threads(groups)
    json.dump(found, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1:])
