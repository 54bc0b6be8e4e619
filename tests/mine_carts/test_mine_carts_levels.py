"""Mine Carts' stronger bots: the normal bot (games/mine_carts/tactics.py)
reads the other team's face-up factory; the hard bot (games/mine_carts/hard.py) plays the
normal bot's best moves out. Each test sets a position where the easy bot
(today's, kept as the benchmark) goes wrong."""

from __future__ import annotations

import random

import pytest

from games.bots import bot_action
from games.core import CHANCE, State
from games.mine_carts import GAME
from games.mine_carts.planner import CARD, gold_route
import games.bot_search
from tests.test_bot_search import Ticking
from games.mine_carts.hard import (HARD, QUICK, ROUNDS, TIME_LIMIT, TURN_MARGIN, WIDTH, OurTurn, evaluate,
                                   last_turn, turns)
from games.mine_carts.state import plain, typed
from games.mine_carts import hard, turn_plans
from games.mine_carts.tactics import TACTICS, best_plan, fits, threat
from games.mine_carts.turn_plans import TurnPlans
from mine_carts_fixtures import BLUE, RED, give, put, set_cart, started


def one_card_from_blue() -> State:
    """Red to lay 1 card (straight, curve, curve); the gold cart rests on F2
    heading east at Blue's town H2, one straight on G2 away, and Blue holds
    three straights; Blue's cart 1 is out of H2 (on E8)."""
    state = started()
    put(state, "F2", "straight", 90)
    set_cart(state, RED, "gold", "F2", [3, 1])
    put(state, "E8", "straight", 0)
    set_cart(state, BLUE, "1", "E8", [2, 0])
    give(state, RED, ["straight", "curve", "curve"])
    give(state, BLUE, ["straight", "straight", "straight"])
    return state


def red_turn(state: State, level: str, seed: int) -> State:
    while typed(state)["phase"] in ("lay", "switch") and typed(state)["team"] == RED:
        state = GAME.apply(state, 0, bot_action(GAME, state, 0, random.Random(seed), level=level)).state
    return state


def blue_cards_needed(state: State) -> int:
    return gold_route(typed(state), BLUE).to_team(BLUE) // CARD


def test_the_other_teams_route_is_a_threat_only_with_the_cards_to_finish_it() -> None:
    state = one_card_from_blue()
    route = gold_route(typed(state), BLUE)
    assert fits(route, ["straight", "pit", "pit"]) and not fits(route, ["curve", "pit", "pit"])
    assert threat(typed(state), RED, TACTICS.weights) == TACTICS.weights.threat
    give(state, BLUE, ["curve", "curve", "pit"])  # no straight: the route needs another way
    assert threat(typed(state), RED, TACTICS.weights) < TACTICS.weights.threat


@pytest.mark.parametrize("seed", range(4))
def test_the_normal_bot_takes_the_gold_cart_away_from_a_route_the_other_team_can_finish(seed: int) -> None:
    """The easy bot sees Blue's reply without Blue's cards and leaves the
    gold cart one straight from H2; the normal bot lays a curve on G2 that
    takes the gold cart onto it and turns it away (Blue then needs two
    cards and lays one a turn)."""
    easy = red_turn(one_card_from_blue(), "easy", seed)
    assert blue_cards_needed(easy) == 1
    normal = red_turn(one_card_from_blue(), "normal", seed)
    assert blue_cards_needed(normal) > typed(normal)["teams"][BLUE]["allotment"]


def test_the_hard_bot_plays_out_the_normal_bots_moves_and_judges_gold_first() -> None:
    state = one_card_from_blue()
    ranked = turns(typed(state), RED, random.Random(0), TACTICS.weights)
    assert ranked[0].first.startswith("curve G2")
    ahead = typed(GAME.apply(state, 0, ranked[0].first).state)
    before = evaluate(GAME, state, 0)
    ahead["teams"][RED]["gold"] = 1
    assert evaluate(GAME, plain(ahead), 0) > before + 50


def test_hard_bot_judges_a_position_by_the_gold_its_turn_can_score_with_the_cards_it_holds() -> None:
    """Red about to lay, its gold cart one straight from its town B2 (on
    D2 heading west, C2 empty, Red's cart 1 out of B2 on E8): holding a
    straight it scores this turn, holding curves only it may not; the old
    judgement saw the same cards needed either way."""
    state = started()
    put(state, "D2", "straight", 90)
    set_cart(state, RED, "gold", "D2", [1, 3])
    put(state, "E8", "straight", 0)
    set_cart(state, RED, "1", "E8", [2, 0])
    assert gold_route(typed(state), RED).to_team(RED) // CARD == 1
    give(state, RED, ["straight", "pit", "pit"])
    holding = evaluate(GAME, state, 0)
    give(state, RED, ["curve", "pit", "pit"])
    assert holding >= evaluate(GAME, state, 0) + 40


def test_hard_bot_judges_a_higher_allotment_better() -> None:
    state = started()
    before = evaluate(GAME, state, 0)
    typed(state)["teams"][RED]["allotment"] = 2
    assert evaluate(GAME, state, 0) > before


@pytest.mark.parametrize("allotment", [1, 3])
def test_hard_bot_plays_every_move_out_to_the_start_of_a_turn_of_ours(allotment: int) -> None:
    """Each play-out ends where Red is about to lay its first card,
    :data:`ROUNDS` rounds on, whatever the allotments (a fixed count of
    actions stopped mid-turn, a different point for each)."""
    state = started()
    typed(state)["teams"][RED]["allotment"] = allotment
    typed(state)["teams"][BLUE]["allotment"] = 4 - allotment
    until = OurTurn(team=RED, after=typed(state)["round"] + ROUNDS - 1)
    rng = random.Random(0)
    for turn in turns(typed(state), RED, rng, TACTICS.weights)[:WIDTH]:
        played = HARD.play_out(GAME, state, 0, turn, until, random.Random(1))
        assert played is not None
        end = typed(played)
        assert end["ended"] or (end["team"] == RED and end["phase"] == "lay"
                                and end["teams"][RED]["laid"] == 0 and end["round"] == typed(state)["round"] + ROUNDS)


def test_the_playout_player_plans_a_turn_once_and_lays_the_plans_cards_then_its_switch(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Red lays three cards: the play-out player plans at the first card and
    then plays the plan's other cards and its switch without planning again
    (a second plan would raise here)."""
    state = started()
    typed(state)["teams"][RED]["allotment"] = 3
    lays, switch = best_plan(typed(state), RED, random.Random(0), QUICK.weights)
    assert len(lays) == 3
    player = TurnPlans(QUICK.weights)
    played = [player.choose(GAME, state, 0, random.Random(0))]

    def planned_again(*args: object) -> None:
        raise AssertionError("planned again")

    monkeypatch.setattr(turn_plans, "best_plan", planned_again)
    monkeypatch.setattr(turn_plans, "TacticsPolicy", planned_again)
    state = GAME.apply(state, 0, played[0]).state
    while typed(state)["team"] == RED and typed(state)["phase"] in ("lay", "switch"):
        played.append(player.choose(GAME, state, 0, random.Random(1)))
        state = GAME.apply(state, 0, played[-1]).state
    assert played == [*lays, switch]


def test_hard_bots_play_outs_plan_the_other_teams_turn_with_the_normal_bots_whole_beam(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The other team's turn is the one a move must survive: in a play-out
    of Red's decision it plans with the normal bot's own weights (every
    spoiler the normal bot would try), Red's own turns with the quicker
    ones; on Blue's decision the other way round."""
    planned: list[object] = []

    def recorded(state: object, team: int, rng: random.Random, weights: object) -> None:
        planned.append((team, weights))
        return None

    monkeypatch.setattr(turn_plans, "best_plan", recorded)
    monkeypatch.setattr(turn_plans, "TacticsPolicy", lambda weights: TACTICS)
    state = started()
    players = HARD.players(RED)
    players.choose(GAME, state, 0, random.Random(0))
    blue_to_lay = red_turn(state, "normal", 0)
    blue_to_lay = GAME.apply(blue_to_lay, CHANCE, GAME.sample_chance(blue_to_lay, random.Random(0))).state
    assert typed(blue_to_lay)["team"] == BLUE and typed(blue_to_lay)["phase"] == "lay"
    players.choose(GAME, blue_to_lay, 1, random.Random(0))
    HARD.players(BLUE).choose(GAME, blue_to_lay, 1, random.Random(0))
    assert planned == [(RED, QUICK.weights), (BLUE, TACTICS.weights), (BLUE, QUICK.weights)]
    assert QUICK.weights != TACTICS.weights


def test_hard_bots_search_stops_its_play_outs_at_its_time_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """The decision budget is the search's own: on a clock that moves a
    second at each reading, the first play-out is cut at :data:`TIME_LIMIT`
    and no other starts, so the bot plays the normal bot's first move after
    a few readings (a search ignoring its limit plays out all :data:`WIDTH`
    moves, reading the clock many more times)."""
    state = started()
    clock = Ticking()
    monkeypatch.setattr(games.bot_search, "time", clock)
    chosen = HARD.choose(GAME, state, 0, random.Random(2))
    assert chosen == turns(typed(state), RED, random.Random(2), TACTICS.weights)[0].first
    assert clock.now <= TIME_LIMIT + 4


def test_hard_bots_candidates_are_whole_turns_that_lay_the_allotment_then_set_the_switch() -> None:
    """Each candidate is a plan of the normal bot's beam with one of its
    best switches: its lays fill the turn's allotment and its switch is
    legal after them; a plan comes with more than one switch."""
    state = started()
    typed(state)["teams"][RED]["allotment"] = 3
    options = turns(typed(state), RED, random.Random(0), TACTICS.weights)
    assert len(options) > 1
    for turn in options:
        assert len(turn.lays) == 3 and turn.first == turn.lays[0]
        laid = state
        for text in turn.lays:
            laid = GAME.apply(laid, 0, text).state
        assert typed(laid)["phase"] == "switch"
        GAME.apply(laid, 0, turn.switch)
    assert len({turn.lays for turn in options}) < len(options)


@pytest.mark.parametrize("lead, plays_pick", [(TURN_MARGIN, True), (TURN_MARGIN - 1.0, False)])
def test_hard_bot_plays_a_lower_ranked_turn_only_when_its_play_out_ends_better_by_the_margin(
        monkeypatch: pytest.MonkeyPatch, lead: float, plays_pick: bool) -> None:
    """The normal bot's ranking orders the candidates: when the play-out of a
    lower-ranked turn (with another first card) ends better than that of the
    normal bot's best by the margin, the hard bot lays that turn's first
    card; by a little less, it keeps the normal bot's best."""
    state = started()
    typed(state)["teams"][RED]["allotment"] = 2
    options = turns(typed(state), RED, random.Random(5), TACTICS.weights)
    pick = next(i for i, turn in enumerate(options) if turn.first != options[0].first)

    def played(policy: object, game: object, start: State, seat: int, turn: object, *rest: object) -> State:
        return plain({**typed(start), "round": 1 + options.index(turn)})  # type: ignore[typeddict-item]

    monkeypatch.setattr(hard, "evaluate", lambda game, end, seat: lead if typed(end)["round"] == 1 + pick else 0.0)
    monkeypatch.setattr(hard.HardPolicy, "play_out", played)
    expected = options[pick] if plays_pick else options[0]
    assert HARD.choose(GAME, state, 0, random.Random(5)) == expected.first


def test_hard_bot_judges_the_games_last_turn_by_the_win_its_gold_would_bring() -> None:
    """Red about to lay, its gold cart one straight from B2, the game at 0-0:
    holding a straight is worth half a gold more mid-game, but on the game's
    last turn (the reshuffled deck short of three cards) it is most of a won
    game against a draw."""
    state = started()
    put(state, "D2", "straight", 90)
    set_cart(state, RED, "gold", "D2", [1, 3])
    put(state, "E8", "straight", 0)
    set_cart(state, RED, "1", "E8", [2, 0])

    def gap() -> float:
        give(state, RED, ["straight", "pit", "pit"])
        holding = evaluate(GAME, state, 0)
        give(state, RED, ["curve", "pit", "pit"])
        return holding - evaluate(GAME, state, 0)

    assert not last_turn(typed(state)) and gap() < 100
    s = typed(state)
    s["reshuffled"] = True
    s["deck"] = {code: 0 for code in s["deck"]} | {"curve": 2}
    assert last_turn(s) and gap() > 5 * 100
