"""Bot seats (games/bots.py and each game's policy.py), over the registry:
every policy answers with a legal action, sees only its seat's view, is
deterministic given its rng, and plays better than the random player."""

from __future__ import annotations

import copy
import random
from typing import Callable

import pytest

from games.bots import RANDOM, Policy, bot_action, play_game, policy_for
from games.core import CHANCE, Game, State, chance_rng, find_choice, resolve_chance, secret_from_seed
from games.playout import random_action
from games.registry import PACKAGES, get_game

SLUGS = sorted(PACKAGES)
DECISIONS = 6
"""Bot decisions checked per game and seed (spread over a random game)."""


def _decision_states(game: Game, seed: int) -> list[tuple[State, int]]:
    """States along a random game where a player must act, with that seat:
    up to :data:`DECISIONS` of them, spread from the start to the end."""
    rng = random.Random(seed)
    secret = secret_from_seed(seed)
    state = game.new([f"p{i}" for i in range(game.player_counts()[0])], {})
    found: list[tuple[State, int]] = []
    for _ in range(20000):
        if game.is_over(state):
            break
        due = game.to_act(state)
        if CHANCE in due:
            seat, action = CHANCE, game.sample_chance(state, chance_rng(secret, int(state["chance_taken"])))
        else:
            seat = rng.choice(due)
            found.append((state, seat))
            action = random_action(game, state, seat, rng)
        state = game.apply(state, seat, action).state
    step = max(1, len(found) // DECISIONS)
    return found[::step][:DECISIONS]


def test_every_game_has_its_own_policy_and_an_unknown_game_gets_the_random_one() -> None:
    for slug in SLUGS:
        assert policy_for(slug) is not RANDOM, f"{slug} has no policy.py"
    assert policy_for("race") is RANDOM  # the tests' stand-in game has none


@pytest.mark.parametrize("slug", SLUGS)
def test_bot_choices_are_legal_actions_through_a_whole_game(slug: str) -> None:
    """At decisions spread over random games (two seeds), the bot's answer
    is one of the seat's legal actions and applies."""
    game = get_game(slug)
    for seed in (1, 2):
        for state, seat in _decision_states(game, seed):
            action = bot_action(game, state, seat, random.Random(seed))
            assert find_choice(game.legal_actions(state, seat), action) is not None, (slug, action)
            game.apply(state, seat, action)


def test_age_of_steam_bots_play_a_whole_game_with_legal_actions() -> None:
    """Four bots play a whole Age of Steam game (play_game applies every
    choice, so an illegal one would raise) to its end."""
    game = get_game("age-of-steam")
    bot = policy_for("age-of-steam")
    final = play_game(game, [bot] * 4, seed=5)
    assert game.is_over(final)


class Spy:
    """A policy that records what it is shown, then asks the game's own."""

    def __init__(self, inner: Policy) -> None:
        self.inner = inner
        self.shown: list[State] = []

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        self.shown.append(state)
        return self.inner.choose(game, state, seat, rng)


@pytest.mark.parametrize("slug", SLUGS)
def test_a_bot_is_shown_only_its_seats_view(slug: str) -> None:
    game = get_game(slug)
    state, seat = _decision_states(game, 3)[2]
    spy = Spy(policy_for(slug))
    bot_action(game, state, seat, random.Random(0), spy)
    assert spy.shown == [game.view(state, seat)]


def _hide_differently(state: State, seat: int) -> State:
    """The same Days of Steam state with the other hands and the deck
    changed: only what ``seat`` may not see differs."""
    other = copy.deepcopy(state)
    for s, hand in enumerate(other["hands"]):
        if s != seat and hand:
            hand.reverse()
            hand[0] = "curve" if hand[0] != "curve" else "straight"
    kinds = [k for k, n in other["deck"].items() if n > 0]
    if len(kinds) >= 2:  # one tile of the deck becomes another kind: same size, other tiles
        other["deck"][kinds[0]] -= 1
        other["deck"][kinds[1]] += 1
    return other


def test_the_days_of_steam_bot_chooses_the_same_whatever_it_cannot_see() -> None:
    """Two states that differ only in the other players' hands and the
    deck: the bot's choice is the same in both, at every decision sampled."""
    game = get_game("days-of-steam")
    checked = 0
    for state, seat in _decision_states(game, 4) + _decision_states(game, 5):
        other = _hide_differently(state, seat)
        assert other != state and game.view(other, seat) == game.view(state, seat)
        assert bot_action(game, state, seat, random.Random(9)) == bot_action(game, other, seat, random.Random(9))
        checked += 1
    assert checked >= 6


@pytest.mark.parametrize("slug", SLUGS)
def test_a_bot_is_deterministic_given_its_rng(slug: str) -> None:
    game = get_game(slug)
    for state, seat in _decision_states(game, 6)[1:4]:
        first = bot_action(game, state, seat, random.Random(42))
        assert all(bot_action(game, state, seat, random.Random(42)) == first for _ in range(2))


def test_a_policy_never_changes_the_state_it_is_given() -> None:
    for slug in SLUGS:
        game = get_game(slug)
        state, seat = _decision_states(game, 7)[3]
        before = copy.deepcopy(state)
        bot_action(game, state, seat, random.Random(1))
        assert state == before, slug


def _bot_wins(game: Game, seed: int, players: int, better: Callable[[list[int], int], bool]) -> bool:
    seat = seed % players
    bot = policy_for(game.slug)
    final = play_game(game, [bot if i == seat else RANDOM for i in range(players)], seed)
    return better(game.outcome(final).scores, seat)


def test_the_age_of_steam_bot_beats_two_random_players_in_most_fixed_seeds() -> None:
    """Bot against two random railroads over 8 fixed seeds (its seat
    rotating): it finishes strictly ahead of both in at least 7."""
    game = get_game("age-of-steam")
    wins = sum(_bot_wins(game, seed, 3, lambda scores, s: all(scores[s] > x for i, x in enumerate(scores) if i != s))
               for seed in range(8))
    assert wins >= 7


def test_the_bot_seats_on_discord_play_each_games_own_policy() -> None:
    from bot.scheduler import GameBots

    game = get_game("age-of-steam")
    state = game.new(["ann", "bob", "cid"], game.resolve_options({}))
    state, _chance = resolve_chance(game, state, secret_from_seed(4))
    seat = next(s for s in game.to_act(state) if s != CHANCE)
    view = game.view(state, seat)
    chosen = GameBots().choose(game, view, seat, random.Random(2))
    assert chosen == policy_for("age-of-steam").choose(game, view, seat, random.Random(2))
    assert policy_for("age-of-steam") is not RANDOM


SR_STALLED_TRACKS = (
    "A3:13 A5:12 B3:03 B4:03 C2:24 C3:45 C5:04 C6:15 E6:14 F2:13 F4:13 G3:03 G4:04 G5:14 G6:15 H1:24 H2:25 H4:24"
    " I2:25 I5:25 I6:14 J1:25 J2:15 J4:13 K3:04 K5:04 K6:05",
    "A2:23 A3:12 A5:12 B3:03 B4:03 C3:35 C4:03 C5:04 C6:25 D6:15 E5:24 E6:15 F1:25 F2:13 F3:03 F4:03 F6:05 G1:23"
    " G3:04 G5:24 G6:15 H1:24 H2:25 H5:24 I2:25 I5:24 I6:15 J1:25 J2:15 J4:03 J6:05 K1:34 K3:03 K5:14 K6:15 L2:35",
    "A2:23 A3:12 A5:12 A6:01 B3:03 B4:03 B6:01 C2:14 C3:35 C4:03 C5:04 C6:25 D5:25 E3:15 E5:25 E6:15 F1:23 F2:14"
    " F4:03 F6:05 G1:23 G3:03 G4:04 G5:24 G6:25 H1:24 H2:25 H6:15 I2:15 I5:25 I6:14 J1:24 J2:14 J4:13 J6:05 K1:34"
    " K3:04 K5:04 K6:15 L2:45",
)
"""Round 43 of the all-bot Steam Rollers game of seed 29 as the bots once
played it: every map joins cities 1-5 and, apart, 2, 3, 4 and 6, and every
cube left needs the two halves joined (it then ran to full maps in round 457)."""


def _steam_rollers_split_networks() -> State:
    """Round 43 of that game (:data:`SR_STALLED_TRACKS`), about to roll."""
    game = get_game("steam-rollers")
    state = game.new(["p0", "p1", "p2"], {})
    state = game.apply(state, CHANCE, "setup cubes:bbgpp/bgppy/brryb/bppyy/ggpyy/gryyg sides:abbbbb first:2").state
    state["round"] = 43
    state["cubes"] = {"1": ["grey", "purple", "purple"], "2": ["blue", "yellow"], "3": ["blue", "yellow"],
                      "4": ["blue", "yellow"], "5": ["grey", "grey", "purple"], "6": ["yellow", "yellow"]}
    state["drawn"] = {"red": 3, "blue": 5, "purple": 8, "yellow": 7, "grey": 7}
    state["removed"] = {"red": 0, "blue": 0, "purple": 1, "yellow": 0, "grey": 2}
    for record, tracks, engine in zip(state["maps"], SR_STALLED_TRACKS, ([1, 2, 3, 4, 5, 6], [3, 6], [2, 5])):
        record["track"] = {h: [int(p[0]), int(p[1])] for h, p in (t.split(":") for t in tracks.split())}
        record["engine"] = engine
    return state


def test_steam_rollers_bots_with_split_networks_join_them_and_empty_three_cities() -> None:
    """From a position where no bot can deliver until it joins the two
    halves of its network, the all-bot game ends by three emptied cities
    within 15 rounds (not by full maps)."""
    from games.steam_rollers.ending import empty_cities

    game = get_game("steam-rollers")
    bot = policy_for("steam-rollers")
    state = _steam_rollers_split_networks()
    rng = random.Random(29)
    secret = secret_from_seed(29)
    while not game.is_over(state) and state["round"] <= 43 + 15:
        due = game.to_act(state)
        if CHANCE in due:
            seat, action = CHANCE, game.sample_chance(state, chance_rng(secret, int(state["chance_taken"])))
        else:
            seat = rng.choice(due)
            action = bot_action(game, state, seat, rng, bot)
        state = game.apply(state, seat, action).state
    assert game.is_over(state), f"still playing in round {state['round']}"
    assert len(empty_cities(state)) >= 3


def test_steam_rollers_link_cost_counts_the_empty_hexes_still_between_two_cities() -> None:
    """Cities 1 (B2) and 5 (B5) are three steps apart: two empty hexes join
    them; a piece from city 1 pointing at city 5 leaves one; with both
    pieces the cities are one group and no link is missing."""
    from games.steam_rollers.policy import link_costs

    assert link_costs({}, [])[1][1, 5] == 2
    assert link_costs({"B3": [0, 3]}, [])[1][1, 5] == 1
    group, cost = link_costs({"B3": [0, 3], "B4": [0, 3]}, [])
    assert group[5] == group[1] and (1, 5) not in cost
