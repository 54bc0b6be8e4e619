"""A random legal player, used by ``railyard play --auto``, the benchmarks and
the random-playout tests."""

from __future__ import annotations

import random
from typing import Callable

from games.core import CHANCE, Game, State, chance_rng, secret_from_seed


def random_action(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """A uniformly chosen token at each panel step, down to a complete action."""
    prefix: list[str] = []
    while True:
        options = game.options_at(state, seat, prefix)
        if not options:
            raise RuntimeError(f"{game.slug}: seat {seat} has no legal option after {prefix!r}")
        option = rng.choice(options)
        prefix.append(option.token)
        if option.complete:
            return " ".join(prefix)


Chooser = Callable[[Game, State, int, random.Random], str]
"""Picks a seat's action (the default: :func:`random_action`)."""


def step(game: Game, state: State, rng: random.Random,
         secret: bytes | None = None, choose: Chooser | None = None) -> tuple[State, int, str, list[str]]:
    """One action: a chance outcome if due (drawn with the game's ``secret``,
    or with ``rng`` when none is given), else a random seat's action, chosen
    by ``choose`` (random when None)."""
    due = game.to_act(state)
    if CHANCE in due:
        chance = rng if secret is None else chance_rng(secret, int(state["chance_taken"]))
        action = game.sample_chance(state, chance)
        seat = CHANCE
    else:
        seat = rng.choice(due)
        action = (choose or random_action)(game, state, seat, rng)
    applied = game.apply(state, seat, action)
    return applied.state, seat, action, applied.events


def play_out(
    game: Game,
    players: list[str],
    seed: int,
    options: dict[str, str] | None = None,
    max_actions: int = 20000,
    after_each: Callable[[State, int, str], None] | None = None,
    choose: Chooser | None = None,
) -> tuple[State, list[tuple[int, str]]]:
    """Play a whole game with random legal players (or ``choose``); returns
    the final state and the log of (seat, action). Raises if it does not end
    within ``max_actions``."""
    rng = random.Random(seed)
    secret = secret_from_seed(seed)
    state = game.new(players, options or {})
    log: list[tuple[int, str]] = []
    for _ in range(max_actions):
        if game.is_over(state):
            return state, log
        state, seat, action, _events = step(game, state, rng, secret, choose)
        log.append((seat, action))
        if after_each is not None:
            after_each(state, seat, action)
    raise RuntimeError(f"{game.slug} seed {seed}: no end after {max_actions} actions")


def replay(game: Game, players: list[str], options: dict[str, str],
           log: list[tuple[int, str]]) -> State:
    """Rebuild a state from its action log (chance outcomes are in it)."""
    state = game.new(players, options)
    for seat, action in log:
        state = game.apply(state, seat, action).state
    return state
