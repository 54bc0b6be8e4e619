"""Age of Steam's bot levels: the normal railroad's link plans, shares,
first builds and Urbanization, and its strength against the easy bot."""

from __future__ import annotations

import random

import pytest

from games.age_of_steam import GAME
from games.age_of_steam.economy import shares_to_pay
from games.age_of_steam.links import delivery_value, link_plans, plan_gain
from games.age_of_steam import hard as hard_level
from games.age_of_steam.hard import SearchingRailroad, standing
from games.age_of_steam.state import typed
from games.age_of_steam.track import network
from games.bots import Policy, bot_action, play_game, policy_for
from games.core import CHANCE, State, chance_rng, secret_from_seed

from aos_helpers import started, stop_search_clocks


def test_link_plans_are_complete_links_on_empty_hexes_at_the_cost_of_their_tiles() -> None:
    """From the opening board, St. Louis (F10) to Evansville (J10) is a
    3-tile link of $7 at best (a river on the way), and every plan runs on
    empty hexes from a city to another city or a town, costing its tiles."""
    state = typed(started(4))
    net = network(state)
    plans = link_plans(state, net, 0, 3)
    ends = {(p.origin, p.end): p.cost for p in plans}
    assert ends[("F10", "J10")] == 7 and ends[("J10", "F10")] == 7
    for plan in plans:
        assert 1 <= len(plan.tiles) <= 3 and plan.origin != plan.end
        assert plan.origin in net.cities
        assert all(h not in state["board"] for h, _, _ in plan.tiles)
        assert plan.cost == sum(c for _, _, c in plan.tiles)


def test_a_link_plan_is_worth_the_deliveries_it_opens() -> None:
    """A St. Louis-Evansville link lets its builder deliver the cubes of
    each city coloured like the other: the gain is what those pay."""
    state = typed(started(4))
    net = network(state)
    before = delivery_value(state, net, 0, 2, 6)
    plan = next(p for p in link_plans(state, net, 0, 3) if (p.origin, p.end) == ("F10", "J10"))
    gain = plan_gain(state, plan, 0, 2, 6, before)
    red_at_evansville = state["cubes"].get("J10", []).count("red")
    blue_at_st_louis = state["cubes"].get("F10", []).count("blue")
    assert before == 0
    assert gain >= min(2, red_at_evansville + blue_at_st_louis)
    assert (gain > 0) == (red_at_evansville + blue_at_st_louis > 0)


def test_the_normal_bot_issues_no_share_that_no_plan_pays_back() -> None:
    """With no tile left to build, the shares a plan could pay back are
    none: the normal bot issues just what its expenses need (the easy bot
    issued $8 more for building it cannot do)."""
    state = started(4)
    state["supply"] = {name: 0 for name in state["supply"]}
    state["cash"][0] = 1
    need = shares_to_pay(typed(state), 0)
    assert need == 1
    assert bot_action(GAME, state, 0, random.Random(1), level="normal") == f"shares {need}"


def _through_first_build(policy: Policy, seed: int) -> State:
    """Four ``policy`` seats from the start to the end of turn 1's building."""
    rng = random.Random(seed)
    secret = secret_from_seed(seed)
    state = GAME.new(["a", "b", "c", "d"], {})
    while state["phase"] != "move":
        due = GAME.to_act(state)
        if CHANCE in due:
            state = GAME.apply(state, CHANCE, GAME.sample_chance(state, chance_rng(secret, int(state["chance_taken"])))).state
        else:
            seat = rng.choice(due)
            state = GAME.apply(state, seat, bot_action(GAME, state, seat, rng, policy)).state
    return state


def test_the_normal_bot_completes_every_link_it_starts_in_its_first_turn() -> None:
    """Track left unfinished earns nothing and is lost if not extended:
    after the first turn's building every normal railroad owns a
    completed link and no unfinished track (seed 7 left the easy bot's
    fourth railroad with unfinished track only; in seed 3 a railroad that
    began a second route to the same city left its first one unfinished)."""
    for seed in (3, 7):
        state = _through_first_build(policy_for("age-of-steam", "normal"), seed)
        net = network(typed(state))
        for seat in range(4):
            mine = [s for s in net.sections if s.owner == seat]
            assert any(s.complete for s in mine), (seed, seat)
            assert all(s.complete for s in mine), (seed, seat)


def test_standing_counts_the_score_cash_and_income_to_come_against_the_rivals_mean() -> None:
    """Income to come is counted net of the expenses (shares and engine)
    for the turns left, this one's income included, less the mean of the
    rivals' worth (an eliminated rival counts -100); once the game is over
    only the scores count (no railroad has track here, so no deliveries)."""
    state = started(3)
    state["income"] = [4, 2, 0]
    state["cash"] = [2, 0, 0]
    state["shares"] = [2, 2, 2]
    left = state["rounds"] - state["round"] + 1
    engine = state["engine"][0]
    me = 3 * 4 - 6 + 0.5 * ((4 - 2 - engine) * left + 2)
    second = 3 * 2 - 6 + 0.5 * ((2 - 2 - engine) * left)
    third = 3 * 0 - 6 + 0.5 * ((0 - 2 - engine) * left)
    assert standing(state, 0) == me - (second + third) / 2
    assert standing(state, 2) == third - (me + second) / 2
    state["eliminated"][1] = True
    assert standing(state, 0) == me - (-100 + third) / 2
    state["phase"] = "over"
    assert standing(state, 0) == (3 * 4 - 6) - (-100 + (3 * 0 - 6)) / 2


def test_standing_with_one_rival_is_the_difference_of_the_two_railroads() -> None:
    """Two railroads (St. Lucia): what one gains the other loses."""
    state = started(3)
    state["income"] = [4, 2, 0]
    state["players"] = state["players"][:2]
    state["eliminated"] = [False, False]
    assert standing(state, 0) == -standing(state, 1) != 0


def test_standing_at_four_seats_or_more_counts_the_rivals_mean_only_at_its_weight() -> None:
    """At four seats or more a rival's loss is shared among many
    (a table of hard railroads must not fight itself into the ground): the
    rivals' mean counts :data:`~games.age_of_steam.hard.RIVALS_WEIGHT`;
    at three seats it counts whole."""
    state = started(4)
    state["income"] = [4, 2, 0, 6]
    state["phase"] = "over"
    worth = [3 * i - 3 * int(state["shares"][s]) for s, i in enumerate(state["income"])]
    weight = hard_level.RIVALS_WEIGHT
    assert weight < 1
    assert len(set(worth)) == 4
    assert standing(state, 0) == worth[0] - weight * (worth[1] + worth[2] + worth[3]) / 3
    assert standing(state, 3) == worth[3] - weight * (worth[0] + worth[1] + worth[2]) / 3
    assert hard_level.rivals_weight(3) == 1.0 and hard_level.rivals_weight(5) == weight


def test_the_normal_bot_beats_the_easy_bot_head_to_head_in_most_fixed_seeds() -> None:
    """One normal railroad against two easy ones over 4 fixed seeds (its
    seat rotating): it finishes strictly ahead of both in at least 3."""
    normal, easy = policy_for("age-of-steam", "normal"), policy_for("age-of-steam", "easy")
    wins = 0
    for seed in range(4):
        seat = seed % 3
        final = play_game(GAME, [normal if i == seat else easy for i in range(3)], seed)
        scores = GAME.outcome(final).scores
        wins += all(scores[seat] > x for i, x in enumerate(scores) if i != seat)
    assert wins >= 3


def test_the_normal_bot_issues_no_share_that_runs_its_expenses_past_its_income() -> None:
    """Income ahead of expenses: past the founding turns, a railroad whose
    expenses ($8 of shares, $3 of engine) already run past its income ($3)
    issues only the shares its expenses need, even with links on offer that
    a share would build (the old planner issued one more, and in 5-seat
    games such railroads spiralled into shares paying shares)."""
    state = started(5)
    state["round"] = 4
    state["income"] = [3] * 5
    state["shares"][0] = 8
    state["engine"][0] = 3
    state["cash"][0] = 0
    need = shares_to_pay(typed(state), 0)
    assert need == 2
    assert bot_action(GAME, state, 0, random.Random(1), level="normal") == f"shares {need}"


def test_the_hard_bot_plays_out_the_normal_bots_choice_first() -> None:
    """The hard bot's candidates (shares, then actions) start with the
    normal bot's own choice, so a search its time limit cuts short has
    weighed it; the others are distinct legal choices."""
    hard = policy_for("age-of-steam", "hard")
    normal = policy_for("age-of-steam", "normal")
    assert isinstance(hard, SearchingRailroad)
    rng = random.Random(2)
    state = started(4)
    for phase in ("shares", "actions"):
        while state["phase"] != phase:
            due = GAME.to_act(state)
            seat = due[0]
            state = GAME.apply(state, seat, bot_action(GAME, state, seat, rng, policy_for("age-of-steam", "easy"))).state
        seat = GAME.to_act(state)[0]
        texts = [c.text for c in GAME.legal_actions(state, seat)]
        found = hard.candidates(state, seat, texts, phase)
        assert found[0] == normal.choose(GAME, state, seat, random.Random(0))
        assert len(found) == len(set(found)) >= 2 and set(found) <= set(texts)


def test_a_hard_search_past_its_time_limit_plays_the_normal_bots_choice() -> None:
    """A play-out still running at the search's deadline is dropped (the
    shared engine checks it before every action of the play-out, however
    long the rest of the turn takes on a loaded machine); with no play-out
    finished the hard bot plays the normal bot's choice."""
    hard = policy_for("age-of-steam", "hard")
    assert isinstance(hard, SearchingRailroad)
    assert hard.search().cut_playouts
    state = started(4)
    seat = GAME.to_act(state)[0]
    saved = hard_level.TIME_LIMIT
    hard_level.TIME_LIMIT = -1.0
    try:
        chosen = hard.choose(GAME, state, seat, random.Random(3))
    finally:
        hard_level.TIME_LIMIT = saved
    assert chosen == policy_for("age-of-steam", "normal").choose(GAME, state, seat, random.Random(3))


def test_the_hard_bot_keeps_the_normal_bots_choice_unless_a_search_beats_it_by_the_margin(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """At a searched choice (the first share issue: the normal bot issues
    none), a judge that prizes issued shares a little less than
    :data:`TURN_MARGIN` leaves the normal bot's choice; prizing them more,
    the hard bot issues two."""
    monkeypatch.setattr(hard_level, "CANDIDATES", 2)
    monkeypatch.setattr(hard_level, "PLAYOUT_ACTIONS", PLAYOUT_BUDGET)
    stop_search_clocks(monkeypatch)
    hard = policy_for("age-of-steam", "hard")
    assert isinstance(hard, SearchingRailroad)
    state = started(3)
    seat = GAME.to_act(state)[0]
    assert hard.ranked(GAME, state, seat, random.Random(3))[:2] == ["shares 0", "shares 2"]
    for prize, chosen in ((hard_level.TURN_MARGIN - 1, "shares 0"), (hard_level.TURN_MARGIN + 1, "shares 2")):
        monkeypatch.setattr(hard_level, "evaluate",
                            lambda g, end, s, prize=prize: prize if end["shares"][s] > state["shares"][s] else 0.0)
        assert hard.choose(GAME, state, seat, random.Random(3)) == chosen


PLAYOUT_BUDGET = 8
"""The most actions of a hard play-out in the small-map games below (a
turn of two railroads takes some twenty)."""


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("slug,seats", [("barbados", 1), ("st-lucia", 2)])
def test_each_bot_level_plays_each_small_map_to_the_end(level: str, slug: str, seats: int,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Every seat played by the level's bot: the game on Barbados or St.
    Lucia ends (every action legal, or apply would refuse it) with an
    outcome, and the invariants hold at the end. The hard bot searches
    on a small budget (two candidates, each played out once for at most
    :data:`PLAYOUT_BUDGET` actions; on Barbados, two plans and two new
    cities on four play-outs of the cash): the same search, shorter."""
    monkeypatch.setattr(hard_level, "CANDIDATES", 2)
    monkeypatch.setattr(hard_level, "SAMPLES", 1)
    for setting, value in (("samples", 4), ("width", 2), ("new_cities", 2)):
        monkeypatch.setattr(hard_level.HARD, setting, value)
    monkeypatch.setattr(hard_level, "PLAYOUT_ACTIONS", PLAYOUT_BUDGET)
    final = play_game(GAME, [policy_for("age-of-steam", level)] * seats, seed=3, options={"map": slug})
    assert GAME.is_over(final) and final["map"] == slug
    assert GAME.check_invariants(final) == []
    out = GAME.outcome(final)
    assert len(out.scores) == seats
    assert bool(out.summary) == (slug == "barbados")
