"""The hard level's engine: rollouts of a game's own policy from a few
candidate moves, seeing only the seat's view.

:class:`Rollouts` is a :class:`games.bots.Policy`. Given a seat's view it
takes the ``width`` best candidate actions (a game-specific ranking, best
first, usually the normal bot's own), and for each of ``samples`` sampled
worlds plays every candidate out: the candidate applied, then every seat
played by ``playout`` (each seeing its own view of the sampled world) and
chance drawn with the bot's own rng, until the game ends or ``horizon``
actions have passed. The position reached is judged by ``evaluate``; the
candidate with the best mean wins (ties: the earlier, better-ranked one).
Given a ``margin``, the first candidate (the normal bot's own choice) is
kept unless another's mean beats it by at least that much: with a sample
or two a candidate, a small difference is the play-outs' luck, and a choice
swapped on it sends the game another way for nothing.

Hidden information: the search starts from the view, never the state. A game
whose view hides something (a deck's order, other hands) gives
``determinize``, which fills the hidden parts with a sample consistent with
the view (drawn with the bot's rng); the default uses the view as it is,
which is right for games whose only unknown is the chance still to come
(that is drawn in the play-out from the bot's rng, never the game's secret).
Every candidate of one sample is played out in the same sampled world and
with the same rng seed (common random numbers), so the comparison measures
the candidates, not the luck.

A policy that picks an illegal action in a play-out is a bug, and raises
(IllegalAction), except in a sampled world (``determinize``): a world the
sample got wrong (Days of Steam's dealt hands) may refuse what a seat's view
of it allowed, and the play-out ends there, judged where it stopped, and is
counted in :data:`EARLY_ENDS` (``bench/bot_strength.py`` reports the count).

Three optional rules shape a play-out (all off by default):

- ``rivals``: the policy every other seat plays (a model of the rivals,
  e.g. a quicker player than the seat's own ``policy``);
- ``until``: a stop rule, given the world the play-out began in and the
  state reached (e.g. "the turn is over"), checked before every action
  along with ``horizon``;
- ``cut_playouts``: the time limit is checked inside every play-out, before
  each of its actions, and a play-out still running then is dropped.

A play-out that reaches the game's end should be judged by who won, not by
how a mid-game position looks (cubes still on the board, an engine still to
grow are worth nothing once the game is over): :class:`WinFirst` wraps a
game's evaluation so.

The number of play-outs is fixed, so a decision depends only on the view and
the rng; ``time_limit`` only stops a search that runs far too long, keeping
the best mean so far (without ``cut_playouts`` it is checked between
play-outs, so a decision may run one play-out past it). The clock starts
before the candidates are ranked: ranking (a ply of the game's judgement
over every promising action) can take as long as the play-outs, and a
player waits for both. The clock is read
through this module's ``time`` attribute (a bench or test may stop it).
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass
from typing import Callable, Mapping

from games.bots import Candidates, Evaluate, Policy
from games.core import CHANCE, Game, IllegalAction, State

Determinize = Callable[[Game, State, int, random.Random], State]
"""A whole state consistent with a seat's view, hidden parts sampled."""
Until = Callable[[State, State], bool]
"""Whether a play-out stops, given the world it began in and the state reached."""


class Count:
    """A count the threads of a process add to under a lock (the ruling of
    :mod:`games.per_thread` for what threads share)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._count = 0

    def add(self) -> None:
        with self._lock:
            self._count += 1

    def take(self) -> int:
        """The count so far, which starts again from 0."""
        with self._lock:
            count, self._count = self._count, 0
            return count


EARLY_ENDS = Count()
"""Play-outs that a sampled world ended early (see the module docstring)."""
SEARCHES = Count()
"""Searches made: decisions that played out two candidates or more (a
game's own search counts its own, as Mine Carts' does)."""
CUT_SEARCHES = Count()
"""Of :data:`SEARCHES`, those the clock stopped (``time_limit``) before
every candidate was played out every sample: how often the hard level is
the normal one's choice for lack of time (``bench/bot_strength.py``
reports both counts)."""


def counted_search(cut: bool) -> None:
    """Counts a search in :data:`SEARCHES`, and in :data:`CUT_SEARCHES` when ``cut``."""
    SEARCHES.add()
    if cut:
        CUT_SEARCHES.add()


def clock() -> float:
    """The searches' clock: ``time.perf_counter`` read through this module's
    ``time`` attribute, so stopping it (a test, ``bench/bot_strength.py
    --whole-searches``) stops every search built on this module."""
    return float(time.perf_counter())


def as_seen(game: Game, view: State, seat: int, rng: random.Random) -> State:
    """The default world: the view itself (nothing hidden but future chance)."""
    return view


def playout(game: Game, world: State, seat: int, first: str, policy: Policy,
            rng: random.Random, horizon: int | None, until: Until | None = None,
            rivals: Policy | None = None, deadline: float | None = None, sampled: bool = False) -> State | None:
    """``world`` after ``seat`` plays ``first`` and everybody then plays
    ``policy`` (each from its own view; the other seats ``rivals`` when
    given) for up to ``horizon`` actions or until ``until(world, now)``,
    chance drawn from ``rng``; None when ``first`` is illegal in this world,
    or when ``deadline`` (a ``time.perf_counter()`` time) passes before the
    play-out ends. A policy's illegal action raises, unless the world is
    ``sampled``: then the play-out ends there (counted in :data:`EARLY_ENDS`)."""
    try:
        state = game.apply(world, seat, first).state
    except IllegalAction:
        return None
    taken = 0
    while not game.is_over(state) and (horizon is None or taken < horizon):
        if until is not None and until(world, state):
            break
        if deadline is not None and clock() > deadline:
            return None
        due = game.to_act(state)
        if CHANCE in due:
            who, action = CHANCE, game.sample_chance(state, rng)
        else:
            who = due[0] if len(due) == 1 else rng.choice(due)
            model = policy if rivals is None or who == seat else rivals
            action = model.choose(game, game.view(state, who), who, rng)
        try:
            state = game.apply(state, who, action).state
        except IllegalAction:
            if not sampled:
                raise  # a policy's illegal action in the world as it is: a bug
            EARLY_ENDS.add()
            break  # a world the sample got wrong: judge what was reached
        taken += 1
    return state


def win_share(game: Game, state: State, seat: int) -> float:
    """1 when the seat is first alone in a finished game's ranking, 1/2 when
    it shares first place, else 0."""
    first = game.outcome(state).winners
    return 1.0 if first == [seat] else 0.5 if seat in first else 0.0


def kept(means: Mapping[int, float], margin: float = 0.0) -> int:
    """The candidate to play, from the ``means`` of those played out (by
    their index in the ranking, 0 the best ranked, usually the normal bot's
    own choice): the best mean (ties: the better ranked), unless candidate 0
    was played out and the best beats it by less than ``margin``; 0 when
    none was played out."""
    if not means:
        return 0
    best = max(means, key=lambda i: (means[i], -i))
    return 0 if 0 in means and means[best] < means[0] + margin else best


@dataclass(frozen=True)
class WinFirst:
    """An evaluation that judges a finished game by its result: ``won``
    times :func:`win_share`, plus ``final`` (e.g. the score margin) to tell
    a wide win from a narrow one; a game still going by ``evaluate``. ``won``
    should exceed what ``evaluate`` gives any position, so that ending a game
    the seat wins beats any promise, and a lost one is worth its margin alone,
    none of the promise a game still going may hold."""

    evaluate: Evaluate
    final: Evaluate
    won: float

    def __call__(self, game: Game, state: State, seat: int) -> float:
        if game.is_over(state):
            return self.won * win_share(game, state, seat) + self.final(game, state, seat)
        return self.evaluate(game, state, seat)


@dataclass(frozen=True)
class Rollouts:
    """Plays the ``width`` best candidates out ``samples`` times each with
    ``policy`` (and ``rivals``, ``until``: see :func:`playout`) and keeps the
    one with the best mean ``evaluate`` (see the module docstring). With one
    candidate it plays it; with none, ``fallback`` (or ``policy``)."""

    policy: Policy
    candidates: Candidates
    """The seat's candidate action texts in a view, best first."""
    evaluate: Evaluate
    determinize: Determinize = as_seen
    width: int = 4
    samples: int = 2
    horizon: int | None = None
    time_limit: float = 3.0
    until: Until | None = None
    rivals: Policy | None = None
    cut_playouts: bool = False
    fallback: Policy | None = None
    """Played when there is no candidate (default ``policy``) or no play-out
    finished in time (default: the best-ranked candidate, already at hand,
    so a late search costs no second ranking)."""
    margin: float = 0.0
    """How much better by ``evaluate`` another candidate's mean must be than
    the first candidate's to be played instead (:func:`kept`)."""

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        deadline = clock() + self.time_limit  # ranking the candidates counts against the budget
        texts = list(dict.fromkeys(self.candidates(game, state, seat, rng)))[:self.width]
        if len(texts) <= 1:
            return texts[0] if texts else (self.fallback or self.policy).choose(game, state, seat, rng)
        totals = [0.0] * len(texts)
        counts = [0] * len(texts)
        cut = False
        for _ in range(self.samples):
            world = self.determinize(game, state, seat, rng)
            seed = rng.getrandbits(64)
            for i, text in enumerate(texts):
                if clock() > deadline:
                    cut = True
                    break
                end = playout(game, world, seat, text, self.policy, random.Random(seed), self.horizon,
                              self.until, self.rivals, deadline if self.cut_playouts else None,
                              sampled=self.determinize is not as_seen)
                if end is not None:
                    totals[i] += self.evaluate(game, end, seat)
                    counts[i] += 1
                elif clock() > deadline:
                    cut = True
        counted_search(cut)
        means = {i: totals[i] / counts[i] for i in range(len(texts)) if counts[i]}
        if not means:
            return texts[0] if self.fallback is None else self.fallback.choose(game, state, seat, rng)
        return texts[kept(means, self.margin)]
