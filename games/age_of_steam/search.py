"""Age of Steam's hard bot: the normal railroad (:mod:`planner`) that
tries its most promising action picks and share issues ahead before
choosing.

At the two choices that shape a turn (how many shares to issue, which
action to select) it takes the :data:`CANDIDATES` best candidates by the
normal bot's own reckoning and plays each out to the end of the turn
(income, expenses and goods growth included), itself as the normal bot
and its rivals as the quick easy bot (a model of them, fast enough to
play out in a second), :data:`SAMPLES` times. The chance on the way (Production's draws, goods
growth) is sampled from the seat's view with the bot's own rng: the bag is
a public count, the game's secret is never seen, so the future draws are
guessed, never read. Each play-out ends in a position judged by
:func:`standing`; the candidate with the best mean is chosen. Every other
choice is the normal bot's. The number of play-outs is fixed (so the choice
depends only on the view and the rng) unless :data:`TIME_LIMIT` stops a
search that runs long (a loaded machine), keeping the best candidate played
out so far: the normal bot's own choice is always played out first.
"""

from __future__ import annotations

import random
import time

from games.core import CHANCE, Game, IllegalAction, State

from .params import rules
from .policy import POLICY as RIVAL_MODEL
from .planner import TURN_DOLLAR_VP, PlanningRailroad, rounds_left
from .scoring import track_points
from .state import typed
from .track import network

CANDIDATES = 3
"""Candidates played out per choice."""
SAMPLES = 1
"""Play-outs per candidate."""
TIME_LIMIT = 2.0
"""Seconds a search may take, from the start of the decision: a play-out
still running then is dropped (checked between its actions) and the best
candidate played out so far is chosen, else the normal bot's. Checked only
between play-outs, a 2 s limit let decisions on a loaded 2-core machine
(load 20) reach p95 15 s, max 31 s."""
PLAYOUT_ACTIONS = 600
"""The most actions of a play-out (a turn of six railroads is far fewer)."""


def standing(state: State, seat: int) -> float:
    """How good a position is for ``seat``, in VP: its score now (3 per
    income, its completed track, -3 per share) with its cash and the income
    still to come valued for the turns left, minus the best rival's."""
    net = network(typed(state))
    left = max(0, rounds_left(state) - 1)

    def worth(s: int) -> float:
        if state["eliminated"][s]:
            return -100.0
        income = int(state["income"][s])
        return (rules().vp_per_income * income + rules().vp_per_link_track * track_points(net, s)
                + rules().vp_per_share * int(state["shares"][s])
                + TURN_DOLLAR_VP * (income * left + int(state["cash"][s])))

    rivals = [worth(s) for s in range(len(state["players"])) if s != seat]
    return worth(seat) - (max(rivals) if rivals else 0.0)


class SearchingRailroad(PlanningRailroad):
    """The hard bot (see the module docstring)."""

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        phase = state["phase"]
        if phase not in ("shares", "actions"):
            return super().choose(game, state, seat, rng)
        deadline = time.perf_counter() + TIME_LIMIT
        texts = [c.text for c in game.legal_actions(state, seat)]
        candidates = self.candidates(state, seat, texts, phase)[:CANDIDATES]
        if len(candidates) < 2:
            return candidates[0]
        first = candidates[0]
        best: tuple[float, str] | None = None
        for text in candidates:
            total = 0.0
            for _ in range(SAMPLES):
                got = self.play_out(game, state, seat, text, random.Random(rng.random()), deadline)
                if got is None:
                    return best[1] if best is not None else first
                total += got
            mean = total / SAMPLES
            if best is None or mean > best[0]:
                best = (mean, text)
        return best[1] if best is not None else first

    def candidates(self, state: State, seat: int, texts: list[str], phase: str) -> list[str]:
        """The normal bot's choice first, then the other candidates, most
        promising first: the next best actions by the normal bot's values
        (weighed once); one share more and one fewer."""
        if phase == "actions":
            taken = {a for a in state["action"] if a}
            values = self.action_values(state, seat, taken)
            ranked = sorted(values.items(), key=lambda kv: (-kv[1], kv[0]))
            return [f"action {name}" for name, _ in ranked if f"action {name}" in texts] or [texts[0]]
        chosen = self.issue(state, seat, texts)
        k = int(chosen.split()[1])
        return [chosen] + [t for t in (f"shares {k + 2}", f"shares {k - 1}") if t in texts]

    def play_out(self, game: Game, state: State, seat: int, text: str, rng: random.Random,
                 deadline: float = float("inf")) -> float | None:
        """``text`` played, then the seat as the normal bot and its rivals
        as :data:`RIVAL_MODEL` to the end of the turn (chance sampled with
        ``rng``); :func:`standing` there; None when ``deadline`` (a
        :func:`time.perf_counter` time) passes first."""
        try:
            now = game.apply(state, seat, text).state
        except IllegalAction:
            return float("-inf")
        start_round = int(now["round"])
        for _ in range(PLAYOUT_ACTIONS):
            if game.is_over(now) or int(now["round"]) != start_round:
                break
            if time.perf_counter() > deadline:
                return None
            due = game.to_act(now)
            if CHANCE in due:
                now = game.apply(now, CHANCE, game.sample_chance(now, rng)).state
                continue
            who = rng.choice(due)
            action = (PlanningRailroad.choose(self, game, now, who, rng) if who == seat
                      else RIVAL_MODEL.choose(game, now, who, rng))
            now = game.apply(now, who, action).state
        return standing(now, seat)


HARD = SearchingRailroad()
