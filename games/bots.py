"""Bot seats: policies that choose a seat's next action.

A :class:`Policy` is given what one seat may see (``game.view(state, seat)``,
never the whole state: :func:`bot_action` makes the view), the seat and an
rng, and returns the canonical text of a complete legal action. Policies are
pure (no I/O), deterministic given the rng, and fast (a move well under a
second).

A bot seat has a **level** (:data:`LEVELS`), chosen by the table:

- ``easy``: the game's first bot, kept as it was so the stronger levels have
  a fixed opponent to be measured against;
- ``normal``: the game's stronger heuristic player;
- ``hard``: a player that searches (rollouts of a policy from a few
  candidate moves within a time budget, chance sampled from what the seat
  may see, never read); :class:`games.bot_search.Rollouts` is the shared
  engine for it.

Each game has one shape: ``easy.py``, ``normal.py`` and ``hard.py`` (one
level each, importing no other level), what levels share in modules below
them, and ``levels.py`` holding ``LEVELS = {"easy": ..., "normal": ...,
"hard": ...}``. The registry names each game's levels module
(:data:`games.registry.BOT_LEVELS`); :func:`policy_for` reads it, and a
level it lacks or a module that fails to import raises: a bot never quietly
plays another level. A game the registry names no levels module for (a
test's stand-in game) plays :data:`RANDOM`, a uniformly random legal
player, at every level; an unknown game is a KeyError. The figures of each
level are ``bench/bot_strength.py``'s, in ``bench/results/bot_strength.json``.

The shared one-ply engine is :class:`Greedy`: it applies each candidate
action to a copy of the view and keeps the one whose result a
game-specific evaluation likes best (ties broken with the rng). A game with
a large action space prunes the candidates first.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from types import MappingProxyType
from typing import Callable, Mapping, Protocol, Sequence

from games.core import CHANCE, Game, IllegalAction, State
from games.playout import random_action
from games.registry import BOT_LEVELS, slugs


class Policy(Protocol):
    """Chooses a seat's next action from what that seat may see."""

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        """The canonical text of a complete legal action of ``seat`` in
        ``state`` (the seat's view)."""
        ...


class RandomPolicy:
    """The fallback: a uniformly random token at each panel step."""

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        return random_action(game, state, seat, rng)


RANDOM = RandomPolicy()

Evaluate = Callable[[Game, State, int], float]
"""How good a state is for a seat (higher is better)."""

Candidates = Callable[[Game, State, int, random.Random], Sequence[str]]
"""The action texts worth trying in a state (a pruned subset of the legal
ones; best first where the order matters, as for a search's width)."""


def all_legal(game: Game, state: State, seat: int, rng: random.Random) -> list[str]:
    """Every legal action's text, in the game's order."""
    return [c.text for c in game.legal_actions(state, seat)]


def score_margin(game: Game, state: State, seat: int) -> float:
    """The seat's running score minus the best other seat's."""
    scores = game.outcome(state).scores
    others = [s for i, s in enumerate(scores) if i != seat]
    return float(scores[seat] - (max(others) if others else 0))


@dataclass(frozen=True)
class Greedy:
    """A one-ply lookahead: each candidate applied to a copy of the view,
    the result scored by ``evaluate``; the best is played (ties by the rng).
    With more than ``limit`` candidates a random ``limit`` of them are tried.
    A candidate the view can't settle (IllegalAction) is skipped; with none
    left the seat plays at random."""

    evaluate: Evaluate
    candidates: Candidates = all_legal
    limit: int = 200

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        texts = list(dict.fromkeys(self.candidates(game, state, seat, rng)))
        if len(texts) > self.limit:
            texts = rng.sample(texts, self.limit)
        return best_action(game, state, seat, rng, texts, lambda after: self.evaluate(game, after, seat))


def best_action(game: Game, state: State, seat: int, rng: random.Random, texts: Sequence[str],
                evaluate: Callable[[State], float]) -> str:
    """The text among ``texts`` whose state after scores best by
    ``evaluate`` (ties by the rng); texts the state can't settle
    (IllegalAction) are skipped, and with none left the seat plays at random."""
    best: tuple[float, float, str] | None = None
    for text in texts:
        try:
            after = game.apply(state, seat, text).state
        except IllegalAction:
            continue
        key = (evaluate(after), rng.random(), text)
        if best is None or key[:2] > best[:2]:
            best = key
    return best[2] if best is not None else random_action(game, state, seat, rng)


LEVELS = ("easy", "normal", "hard")
"""A bot seat's levels, weakest first (see the module docstring)."""
DEFAULT_LEVEL = "normal"
"""The level of a bot seat whose table chose none."""

LEVEL_TABLES: dict[str, Mapping[str, Policy]] = {}
"""Slug -> its read-only table of levels, read once (the same for every thread)."""


def check_level(level: str) -> str:
    """``level`` when it is one of :data:`LEVELS`; else ValueError naming them."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level[:20]!r}: choose one of {', '.join(LEVELS)}")
    return level


def levels_of(slug: str) -> Mapping[str, Policy]:
    """The game's policy at each level, read from the levels module the
    registry names for it (:data:`games.registry.BOT_LEVELS`); every level
    is :data:`RANDOM` for a registered game it names none for. An unknown
    game (KeyError), a module that fails to import, has no ``LEVELS`` or
    lacks a level raises."""
    found = LEVEL_TABLES.get(slug)
    if found is not None:
        return found
    if slug not in slugs():
        raise KeyError(f"no game '{slug[:40]}': known games are {', '.join(slugs())}")
    name = BOT_LEVELS.get(slug)
    if name is None:
        table: dict[str, Policy] = {level: RANDOM for level in LEVELS}
    else:
        module = importlib.import_module(name)
        table = dict(module.LEVELS)
        if sorted(table) != sorted(LEVELS):
            raise LookupError(f"{name}.LEVELS has {', '.join(sorted(table))}, not {', '.join(LEVELS)}")
    found = LEVEL_TABLES[slug] = MappingProxyType(table)
    return found


def policy_for(slug: str, level: str = DEFAULT_LEVEL) -> Policy:
    """The policy of the game with this slug at ``level`` (see
    :func:`levels_of`); ValueError for an unknown level."""
    return levels_of(slug)[check_level(level)]


def bot_action(game: Game, state: State, seat: int, rng: random.Random,
               policy: Policy | None = None, level: str = DEFAULT_LEVEL) -> str:
    """The action a bot in ``seat`` takes: its policy (the game's own at
    ``level`` unless one is given) sees only ``game.view(state, seat)``."""
    if seat == CHANCE:
        raise ValueError("chance outcomes are drawn, not chosen by a bot")
    chosen = policy if policy is not None else policy_for(game.slug, level)
    return chosen.choose(game, game.view(state, seat), seat, rng)


def play_game(game: Game, policies: Sequence[Policy], seed: int,
              options: dict[str, str] | None = None, max_actions: int = 20000,
              timer: Callable[[float], None] | None = None) -> State:
    """A whole game, seat ``i`` played by ``policies[i]`` (each seeing only its
    view), chance drawn from ``seed``'s secret; the final state. ``timer``, if
    given, receives the seconds each bot decision took. Raises if the game
    does not end within ``max_actions``."""
    import time

    from games.core import chance_rng, secret_from_seed
    rng = random.Random(seed)
    secret = secret_from_seed(seed)
    state = game.new([f"seat{i}" for i in range(len(policies))], options or {})
    for _ in range(max_actions):
        if game.is_over(state):
            return state
        due = game.to_act(state)
        if CHANCE in due:
            seat = CHANCE
            action = game.sample_chance(state, chance_rng(secret, int(state["chance_taken"])))
        else:
            seat = rng.choice(due)
            start = time.perf_counter()
            action = bot_action(game, state, seat, rng, policies[seat])
            if timer is not None:
                timer(time.perf_counter() - start)
        state = game.apply(state, seat, action).state
    raise RuntimeError(f"{game.slug} seed {seed}: no end after {max_actions} actions")
