"""Bot seats (games/bots.py and each game's levels), over the registry:
every policy answers with a legal action, sees only its seat's view, is
deterministic given its rng, and plays better than the random player."""

from __future__ import annotations

import copy
import importlib
import random
import sys
import types
from typing import Any, Callable

import pytest

import games.bot_search
import games.bots
import games.core
from games.bots import DEFAULT_LEVEL, LEVELS, RANDOM, Policy, bot_action, play_game, policy_for
from games.core import CHANCE, Game, State, chance_rng, find_choice, resolve_chance, secret_from_seed
from games.playout import random_action
from games.registry import BOT_LEVELS, PACKAGES, get_game

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


def test_every_game_has_its_own_policy_and_a_stand_in_game_gets_the_random_one() -> None:
    for slug in SLUGS:
        for level in LEVELS:
            assert policy_for(slug, level) is not RANDOM, f"{slug} has no {level} bot"
    assert policy_for("race") is RANDOM  # the tests' stand-in game has none
    with pytest.raises(KeyError, match="no game 'chess'"):
        policy_for("chess")


def test_each_game_plays_the_levels_its_registry_entry_names() -> None:
    """``policy_for`` plays the ``LEVELS`` of the module the registry names,
    three different bots."""
    assert sorted(BOT_LEVELS) == SLUGS
    for slug in SLUGS:
        module = importlib.import_module(BOT_LEVELS[slug])
        assert {level: policy_for(slug, level) for level in LEVELS} == module.LEVELS
        assert len({id(policy_for(slug, level)) for level in LEVELS}) == 3, slug
    assert policy_for("age-of-steam") is policy_for("age-of-steam", DEFAULT_LEVEL)
    with pytest.raises(ValueError, match="easy, normal, hard"):
        policy_for("age-of-steam", "expert")


def _fresh_levels(monkeypatch: pytest.MonkeyPatch, slug: str, module: str) -> None:
    """The registry names ``module`` for ``slug``, nothing read yet."""
    monkeypatch.setattr(games.bots, "BOT_LEVELS", {**BOT_LEVELS, slug: module})
    monkeypatch.setattr(games.bots, "LEVEL_TABLES", {})


def test_a_levels_module_that_fails_to_import_raises_rather_than_playing_another_level(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _fresh_levels(monkeypatch, "days-of-steam", "games.days_of_steam.no_such_levels")
    with pytest.raises(ModuleNotFoundError):
        policy_for("days-of-steam", "hard")
    broken = types.ModuleType("tests_broken_levels")
    monkeypatch.setitem(sys.modules, "tests_broken_levels", broken)
    _fresh_levels(monkeypatch, "days-of-steam", "tests_broken_levels")
    with pytest.raises(AttributeError):
        policy_for("days-of-steam", "easy")


def test_a_levels_module_without_every_level_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    partial = types.ModuleType("tests_partial_levels")
    partial.LEVELS = {"easy": RANDOM, "normal": RANDOM}  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tests_partial_levels", partial)
    _fresh_levels(monkeypatch, "mine-carts", "tests_partial_levels")
    with pytest.raises(LookupError, match="not easy, normal, hard"):
        policy_for("mine-carts", "easy")


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


UNSEEN = ("bag", "deck")
"""The state's keys for what is still unseen: a bag's or a deck's contents,
whose order (a list's, or a count table's keys) no seat sees."""


def _hidden_replaced(slug: str, state: State, seat: int) -> State:
    """The same state with what ``seat`` may not see replaced: Days of
    Steam's other hands and deck; and in every game the bag and the deck
    (where there is one) in another order. The chance to come is keyed by
    the game's secret, never in a state: :func:`_chance_secret` changes it."""
    return _reordered(_hide_differently(state, seat) if slug == "days-of-steam" else state)


def _reordered(state: State) -> State:
    """A copy of ``state`` with its bag and deck (:data:`UNSEEN`) in the
    other order."""
    other = copy.deepcopy(state)
    for key in UNSEEN:
        unseen = other.get(key)
        if isinstance(unseen, list):
            other[key] = unseen[::-1]
        elif isinstance(unseen, dict):
            other[key] = dict(reversed(list(unseen.items())))
    return other


def _chance_secret(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """Every chance derivation (``games.core.chance_rng``) keyed by the
    secret of ``seed``, whatever secret it is given: a bot that drew the
    game's chance would meet other draws under another seed."""
    keyed = games.core.chance_rng
    monkeypatch.setattr(games.core, "chance_rng", lambda _secret, taken: keyed(secret_from_seed(seed), taken))


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("slug", SLUGS)
def test_every_bot_level_decides_from_its_seats_view_only(slug: str, level: str,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """At decisions spread over a random game, a state whose hidden parts
    were replaced (another order of the bag and the deck still unseen; Days
    of Steam's other hands and deck), under another chance secret, gets the
    same decision from the bot at every level; a game that hides nothing but
    chance in its state shows the seat all of it. The hard searches' safety
    clock is stopped, so a loaded machine cutting one search shorter than
    the other can't make the two decisions differ."""
    stopped = types.SimpleNamespace(perf_counter=lambda: 0.0)
    monkeypatch.setattr(games.bot_search, "time", stopped)
    game = get_game(slug)
    reordered = 0
    for state, seat in _decision_states(game, 11)[1:4]:
        other = _hidden_replaced(slug, state, seat)
        seen = game.view(state, seat)
        assert game.view(other, seat) in (seen, _reordered(seen))  # String Railway shows its deck, a set
        if slug == "days-of-steam":
            assert other != state
        else:
            assert game.view(state, seat) == state
        reordered += any(list(other.get(k) or []) != list(state.get(k) or []) for k in UNSEEN)
        _chance_secret(monkeypatch, 1)
        first = bot_action(game, state, seat, random.Random(5), level=level)
        _chance_secret(monkeypatch, 2)
        assert bot_action(game, other, seat, random.Random(5), level=level) == first
    assert reordered or slug == "steam-rollers"  # Steam Rollers keeps no bag: its cubes are counted as drawn


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
    """Bot against two random railroads over 4 fixed seeds (its seat
    rotating): it finishes strictly ahead of both in at least 3. (How much
    stronger each level is, is measured by bench/bot_strength.py.)"""
    game = get_game("age-of-steam")
    wins = sum(_bot_wins(game, seed, 3, lambda scores, s: all(scores[s] > x for i, x in enumerate(scores) if i != s))
               for seed in range(1, 5))
    assert wins >= 3


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


# -- String Railway ------------------------------------------------------------

def _string_railway_corners_open() -> State:
    """Four players at the corner choice, the river and the mountain range
    both in the north-west quarter: the south-east is the open corner."""
    from games.string_railway import GAME
    state = GAME.apply(GAME.new(["ann", "bob", "cid", "dee"], {}), CHANCE, "table 7 first 0").state
    state["river"] = [[5.0, 30.0], [30.0, 10.0]]
    state["mountain"] = [[12.0, 12.0], [26.0, 12.0], [26.0, 26.0], [12.0, 26.0]]
    return state


def test_the_string_railway_bot_chooses_the_corner_with_the_least_river_and_mountain_nearby() -> None:
    from games.string_railway import GAME
    state = _string_railway_corners_open()
    assert state["phase"] == "corner"
    assert {bot_action(GAME, state, 0, random.Random(seed)) for seed in range(6)} == {"SE"}


def test_the_string_railway_bot_takes_the_countryside_extra_draw() -> None:
    from games.string_railway import GAME
    from tests.string_railway.string_railway_fixtures import table
    state = table()
    state["phase"], state["drawn"], state["extra_used"] = "extra", [next(t for t in state["deck"] if t > 16)], False
    assert [c.text for c in GAME.legal_actions(state, 0)] == ["extra", "no-extra"]
    assert {bot_action(GAME, state, 0, random.Random(seed)) for seed in range(6)} == {"extra"}


def test_the_string_railway_bot_lays_its_best_string_for_its_stronger_colour_too() -> None:
    """Two players: a seat's score is its weaker colour's, yet points for
    the stronger colour still count later; the bot lays the string scoring
    most for its stronger colour (no tie leaves it to chance)."""
    from games.string_railway import GAME
    from games.string_railway.routes import proposals
    from games.string_railway.state import typed
    from tests.string_railway.string_railway_fixtures import cell, put, string_turn, table
    state = table(players=2)
    put(state, "central", cell(11, 25))
    put(state, "countryside", cell(25, 11))
    put(state, "local", cell(31, 31))
    state["companies"][0]["score"] = 20  # ann's stronger colour; her other colour (2) has 3
    state["companies"][0]["strings"] = {"short": 2, "long": 0}
    string_turn(state, 0)
    best = max(r.points for r in proposals(typed(state), 0, "short"))
    for seed in range(6):
        after = GAME.apply(state, 0, bot_action(GAME, state, 0, random.Random(seed))).state
        assert after["companies"][0]["score"] == 20 + best, seed


def test_the_string_railway_bot_places_a_station_where_this_turns_string_enters_it_and_one_more() -> None:
    """A central station 28 cm from the home, only short strings (30 cm)
    left, another central drawn: the bot places it on the narrow strip where
    one string enters both (6 points this turn)."""
    from games.string_railway import GAME
    from tests.string_railway.string_railway_fixtures import cell, home, put, table
    start = table()
    assert home(start, 0) == cell(3, 3)
    put(start, "central", cell(23, 23))  # 28.3 cm from the home's centre
    start["companies"][0]["strings"] = {"short": 4, "long": 0}
    start["phase"], start["company"], start["current"] = "place", 0, 0
    start["drawn"] = [next(t for t in start["deck"] if t <= 4)]
    for seed in range(4):
        after = GAME.apply(start, 0, bot_action(GAME, start, 0, random.Random(seed))).state
        assert after["phase"] == "string"
        laid = GAME.apply(after, 0, bot_action(GAME, after, 0, random.Random(seed))).state
        assert laid["companies"][0]["score"] == 3 + 6, seed


def test_the_string_railway_bot_places_a_station_searching_strings_once_per_length(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The placement is chosen without the engine's full string search on
    a copy of the table per cell tried: one search per string length left
    (the current proposals), the cells' strings checked straight."""
    from games.per_thread import Recent
    from games.string_railway import GAME, routes
    from tests.string_railway.string_railway_fixtures import table
    state = table()
    state["phase"], state["company"], state["current"] = "place", 0, 0
    state["drawn"] = [next(t for t in state["deck"] if t <= 4)]
    calls: list[str] = []
    search = routes.search_proposals

    def counting(ctx: Any, company: int, length: str) -> Any:
        calls.append(length)
        return search(ctx, company, length)

    monkeypatch.setattr(routes, "RECENT_PROPOSALS", Recent(64))
    monkeypatch.setattr(routes, "search_proposals", counting)
    bot_action(GAME, state, 0, random.Random(1))
    assert sorted(calls) == ["long", "short"]


def test_the_string_railway_bot_beats_the_random_player_in_eight_fixed_seeds() -> None:
    """Bot against a random player (two colours each) over 8 fixed seeds,
    its seat alternating: its weaker colour finishes strictly ahead every
    time (measured over 100 seeds by bench/bot_strength.py)."""
    game = get_game("string-railway")
    assert all(_bot_wins(game, seed, 2, lambda scores, s: scores[s] > scores[1 - s]) for seed in range(8))


# -- Mine Carts -------------------------------------------------------------

def _mine_carts_two_card_gap() -> State:
    """Red to lay 2 cards (curve, curve, straight in its factory); the gold
    cart rests on D2 heading north, a pit on C2 closes the short way to
    Red's town B2, and the way round (D1, C1, B1) lacks D1 and B1: two
    curves, neither of which moves the gold cart nearer B2 alone."""
    from tests.mine_carts.mine_carts_fixtures import RED, give, round_the_pit
    from games.mine_carts.state import typed

    state = round_the_pit(2)
    typed(state)["teams"][RED]["allotment"] = 2
    give(state, RED, ["curve", "curve", "straight"])
    return state


def test_the_mine_carts_planner_counts_the_cards_the_gold_cart_needs_to_reach_a_town() -> None:
    """Two cards (D1 and B1) lead the gold cart round the pit into B2; with
    them laid, none."""
    from games.mine_carts.planner import CARD, gold_route
    from games.mine_carts.state import typed
    from tests.mine_carts.mine_carts_fixtures import RED, put

    state = _mine_carts_two_card_gap()
    route = gold_route(typed(state), RED)
    assert route.to_team(RED) == 2 * CARD
    assert [(sq, needed) for sq, _enter, _leave, needed in route.path] == [("D1", True), ("C1", False), ("B1", True)]
    put(state, "D1", "curve", 180)
    put(state, "B1", "curve", 90)
    assert gold_route(typed(state), RED).to_team(RED) == 0


def test_the_mine_carts_planner_needs_one_switch_for_every_junction_on_the_route() -> None:
    """Round the pit, D1 sends the gold cart west only with the switch on
    orange and C1 only with it on green: one switch can't do both, so a
    card is still needed; with C1 on orange too, none is."""
    from games.mine_carts.planner import CARD, gold_route
    from games.mine_carts.state import typed
    from tests.mine_carts.mine_carts_fixtures import RED, put

    state = _mine_carts_two_card_gap()
    typed(state)["grid"].pop("C1")
    put(state, "D1", "green-orange", 0)  # stem S: black N, green E, orange W
    put(state, "B1", "curve", 90)
    put(state, "C1", "green-curve", 270)  # stem E: black N, green W
    assert gold_route(typed(state), RED).to_team(RED) == CARD
    typed(state)["grid"]["C1"] = {"card": "orange-curve", "rotation": 270}
    assert gold_route(typed(state), RED).to_team(RED) == 0


def test_the_mine_carts_planner_counts_a_team_cart_on_the_track_as_a_block() -> None:
    """The gold cart's track runs into B2 but Blue's cart 1 stands on it:
    the gold cart would stop before it, so the way is not free."""
    from games.mine_carts.planner import gold_route
    from games.mine_carts.state import typed
    from tests.mine_carts.mine_carts_fixtures import BLUE, RED, put, set_cart

    state = _mine_carts_two_card_gap()
    put(state, "D1", "curve", 180)
    put(state, "B1", "curve", 90)
    set_cart(state, BLUE, "1", "C1", [1, 3])
    assert gold_route(typed(state), RED).to_team(RED) > 0


@pytest.mark.parametrize("seed", range(4))
def test_the_mine_carts_bot_plans_both_cards_of_its_turn_and_scores_gold(seed: int) -> None:
    """Where the gold cart needs two cards that each look useless alone, the
    bot lays both and sets the switch, and the gold cart enters Red's town
    B2 this turn."""
    from games.mine_carts import GAME
    from games.mine_carts.state import typed
    from tests.mine_carts.mine_carts_fixtures import RED

    state = _mine_carts_two_card_gap()
    while typed(state)["phase"] in ("lay", "switch") and typed(state)["team"] == RED:
        state = GAME.apply(state, 0, bot_action(GAME, state, 0, random.Random(seed))).state
    assert [team["gold"] for team in typed(state)["teams"]] == [1, 0]


def test_the_mine_carts_bot_beats_the_random_player_in_most_fixed_seeds() -> None:
    """Bot against a random team over 5 fixed seeds (its seat alternating):
    it ends with more gold in at least 4."""
    game = get_game("mine-carts")
    wins = sum(_bot_wins(game, seed, 2, lambda scores, s: scores[s] > scores[1 - s]) for seed in range(5, 10))
    assert wins >= 4


def test_the_mine_carts_planner_counts_a_card_more_for_a_town_whose_cart_still_waits() -> None:
    """Red's cart 1 waiting in B2 would hop onto the gold cart's last card
    and block it: one card more, until a track of its own touches B2."""
    from games.mine_carts.planner import CARD, gold_route
    from games.mine_carts.state import typed
    from tests.mine_carts.mine_carts_fixtures import RED, put, set_cart

    state = set_cart(_mine_carts_two_card_gap(), RED, "1", "B2", None)
    typed(state)["grid"].pop("G7")
    assert gold_route(typed(state), RED).to_team(RED) == 3 * CARD
    put(state, "A2", "curve", 0)  # N-E: touches B2 from the west
    assert gold_route(typed(state), RED).to_team(RED) == 2 * CARD


def _blue_bot_turn(state: State, seed: int) -> State:
    """Blue's turn (its factory straight, curve, curve), played by the bot."""
    from games.mine_carts import GAME
    from games.mine_carts.state import typed
    from tests.mine_carts.mine_carts_fixtures import BLUE, give

    typed(state)["team"], typed(state)["phase"] = BLUE, "lay"
    typed(state)["teams"][BLUE]["laid"] = 0
    give(state, BLUE, ["straight", "curve", "curve"])
    while typed(state)["phase"] in ("lay", "switch"):
        state = GAME.apply(state, 1, bot_action(GAME, state, 1, random.Random(seed))).state
    return state


@pytest.mark.parametrize("seed", range(3))
def test_the_mine_carts_bot_leads_its_waiting_cart_out_before_the_gold_cart_comes_home(seed: int) -> None:
    """The gold cart rests on H4 heading for Blue's town H2, one card (H3)
    away, but Blue's cart 1 still waits in H2 and would hop onto H3 first
    and block it. The bot leads the cart out elsewhere, then lays H3: gold."""
    from games.mine_carts.state import typed
    from tests.mine_carts.mine_carts_fixtures import BLUE, RED, put, set_cart, started

    state = started(2)
    put(state, "H4", "straight", 0)
    put(state, "H5", "straight", 0)
    set_cart(state, RED, "gold", "H4", [2, 0])
    state = _blue_bot_turn(state, seed)
    assert typed(state)["teams"][BLUE]["carts"]["1"]["square"] not in ("H2", "H3")
    state = _blue_bot_turn(state, seed)
    assert [team["gold"] for team in typed(state)["teams"]] == [0, 1]


# -- Steam Rollers ----------------------------------------------------------

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
    from games.steam_rollers.guides import link_costs

    assert link_costs({}, [])[1][1, 5] == 2
    assert link_costs({"B3": [0, 3]}, [])[1][1, 5] == 1
    group, cost = link_costs({"B3": [0, 3], "B4": [0, 3]}, [])
    assert group[5] == group[1] and (1, 5) not in cost
