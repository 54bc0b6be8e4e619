"""Age of Steam's bots on Barbados, whose score is the cash left: a
board is weighed by the cash it can expect to end with, the rest of the
game played out over sampled dice (:mod:`cash_outlook`), and the normal
and hard railroads choose their actions, new cities and builds by it."""

from __future__ import annotations

import random

import pytest

from games.age_of_steam import GAME
from games.age_of_steam import cash_railroad
from games.age_of_steam.cash_outlook import NextLink, Outlook, expected_cash, outlook
from games.age_of_steam.cash_railroad import CashRailroad, Weighing
from games.age_of_steam.state import typed
from games.age_of_steam.hard import HARD, searched
from games.age_of_steam.normal import NORMAL
from games.core import State

from aos_helpers import on_map, quiet_barbados, tile


def test_with_nothing_to_deliver_the_outlook_is_the_cash_less_expenses_and_the_buy_back() -> None:
    """Turn 9, $20, nothing to deliver: two turns of $3 expenses (2 shares,
    engine 1) and the $10 buy-back leave $4, whatever the dice."""
    assert expected_cash(quiet_barbados(9), 0) == 4.0


def test_an_end_short_of_the_buy_back_counts_below_its_shortfall() -> None:
    """Turn 9 with $12: $6 of expenses and the $10 buy-back leave it $4
    short, a lost game, which counts below -4 (a loss scores nothing)."""
    state = quiet_barbados(9)
    state["cash"] = [12]
    assert expected_cash(state, 0) < -4.0


def test_a_link_is_worth_the_cubes_the_dice_will_bring_over_it() -> None:
    """Bathsheba (E5) - Bell Point (G6) built (F5), no cube on the board:
    the track pays nothing this turn, but yellow cubes waiting in
    Bathsheba's display column (L2) reach E5 on a 2 and pay a link each
    to Bell Point for the turns left, far more than with the column
    empty (only Production's cubes to come)."""
    state = quiet_barbados(3)
    state["board"]["F5"] = tile("straight", 2, 0)
    empty = expected_cash(state, 0)
    state["display"]["light"][1] = ["yellow", "yellow", "yellow"]
    assert expected_cash(state, 0) > empty + 5


def test_the_outlook_is_the_same_for_the_same_board() -> None:
    """The dice are sampled from fixed seeds: the same board gives the same
    outlook, so two candidates differ only by what they build."""
    state = quiet_barbados(3)
    state["display"]["light"][1] = ["yellow", None, None]
    state["board"]["F5"] = tile("straight", 2, 0)
    assert expected_cash(state, 0) == expected_cash(state, 0)


def yellow_at_bathsheba() -> State:
    """Turn 3, a yellow cube at Bathsheba (E5) and more in its column, no
    track yet."""
    state = quiet_barbados(3)
    state["cubes"]["E5"] = ["yellow"]
    state["display"]["light"][1] = ["yellow", "yellow", None]
    return state


def test_a_link_built_next_turn_pays_a_turn_less_than_built_now() -> None:
    """Bathsheba - Bell Point (F5, $2): built now it carries the yellow
    cube this turn; built at the start of next turn it misses this turn's
    delivery but still carries the cubes to come; never built, nothing."""
    state = yellow_at_bathsheba()
    board = {**state, "board": {**state["board"], "F5": tile("straight", 2, 0)}}
    now = expected_cash({**board, "cash": [18]}, 0)
    later = expected_cash(state, 0, then=NextLink(typed(board), 2))
    assert now > later > expected_cash(state, 0)


def test_a_next_link_the_cash_cannot_pay_for_is_not_built() -> None:
    """A next turn's link dearer than the cash then (after the expenses)
    is left unbuilt: the outlook is that of the board as it is."""
    state = yellow_at_bathsheba()
    board = {**state, "board": {**state["board"], "F5": tile("straight", 2, 0)}}
    assert expected_cash(state, 0, then=NextLink(typed(board), 100)) == expected_cash(state, 0)


def test_looking_a_turn_ahead_keeping_the_cash_counts_the_link_it_buys_next_turn() -> None:
    """With ``lookahead``, 'done' is worth the best of the board as it is
    and of the planner's next links built next turn: the paying link to
    Bell Point makes waiting worth more than it is to a railroad that
    does not look ahead."""
    state = yellow_at_bathsheba()
    state["income"] = [5]
    plain = dict(Weighing(CashRailroad(), GAME, 0, None).builds(state))
    ahead = dict(Weighing(CashRailroad(lookahead=100), GAME, 0, None).builds(state))
    assert ahead["done"] > plain["done"]
    assert all(ahead[text] >= plain[text] for text in plain)


def test_the_outlook_counts_the_playouts_ending_lost() -> None:
    """Turn 9, nothing to deliver: with $20 every play-out completes, with
    $12 every one ends short of the buy-back."""
    assert outlook(quiet_barbados(9), 0, 8) == Outlook(4.0, 0)
    assert outlook(quiet_barbados(9, cash=12), 0, 8).lost == 8


def test_a_next_link_that_makes_a_loss_likelier_is_not_counted_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """Looking ahead, a next link whose play-outs end lost more often than
    the board's as it is does not count, however much more cash it
    promises on the mean."""
    state = yellow_at_bathsheba()
    state["income"] = [5]

    def risky(st: State, seat: int, samples: int, then: NextLink | None = None) -> Outlook:
        return Outlook(10.0, 0) if then is None else Outlook(50.0, 1)
    monkeypatch.setattr(cash_railroad, "outlook", risky)
    weighed = Weighing(CashRailroad(lookahead=100), GAME, 0, None).builds(state)
    assert {worth for _, worth in weighed} == {10.0}


def test_the_normal_bot_builds_the_link_whose_cubes_pay_for_it_and_not_at_the_end() -> None:
    """A yellow cube at Bathsheba and more in its column: in turn 3 the $2
    tile joining Bell Point pays back many times, so the normal bot lays
    it; in turn 10 it would pay $1 at most, so it builds nothing."""
    early = quiet_barbados(3)
    early["cubes"]["E5"] = ["yellow"]
    early["display"]["light"][1] = ["yellow", "yellow", None]
    assert NORMAL.choose(GAME, early, 0, random.Random(0)) == "build F5 straight.2"
    late = quiet_barbados(10)
    late["cubes"]["E5"] = ["yellow"]
    assert NORMAL.choose(GAME, late, 0, random.Random(0)) == "done"


def test_the_hard_bot_weighs_barbados_a_turn_ahead_keeping_normals_choice_unless_beaten() -> None:
    """On a cash-scored map the hard bot is the normal railroad also
    weighing its builds with the link it could build next turn, and
    keeping the normal railroad's choice unless clearly beaten; the turn
    search is left to the VP maps."""
    state = quiet_barbados(3)
    assert not searched(state)
    assert HARD.lookahead > NORMAL.lookahead == 0
    assert HARD.fallback is NORMAL and HARD.margin is not None and HARD.margin > 0
    assert NORMAL.margin is None


def test_the_lookahead_weighs_the_build_step_but_not_the_actions_leading_to_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Weighing the actions, each one's build is weighed as the normal
    railroad weighs it (no next link counted); at the build step itself
    the next links are weighed."""
    looked: list[bool] = []
    real = Weighing.looked_ahead

    def spy(self: Weighing, st: State, candidates: list[cash_railroad.Candidate]) -> list[tuple[str, float]]:
        looked.append(self.ahead)
        return real(self, st, candidates)
    monkeypatch.setattr(Weighing, "looked_ahead", spy)
    ahead = CashRailroad(samples=2, lookahead=3)
    weighing = Weighing(ahead, GAME, 0, None)
    actions = GAME.apply(on_map("barbados"), 0, "shares 0").state
    assert actions["phase"] == "actions"
    weighing.actions(actions, weighing.legal(actions))
    assert looked and not any(looked)
    looked.clear()
    build = quiet_barbados(3)
    build["cubes"]["E5"] = ["yellow"]
    build["display"]["light"][1] = ["yellow", "yellow", None]
    weighing.build_step(build, weighing.legal(build))
    assert looked == [True]


def test_a_hard_weighing_past_its_time_limit_makes_the_normal_bots_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    """With its clock already run out, the hard bot's weighing stops at its
    first play-out and the normal railroad's choice is made instead."""
    state = quiet_barbados(3)
    state["cubes"]["E5"] = ["yellow"]
    state["display"]["light"][1] = ["yellow", "yellow", None]
    monkeypatch.setattr(HARD, "time_limit", -1.0)
    seen: list[str] = []

    def normal_choice(game: object, st: State, seat: int, rng: random.Random) -> str:
        seen.append(st["phase"])
        return "done"
    monkeypatch.setattr(NORMAL, "choose", normal_choice)
    assert HARD.choose(GAME, state, 0, random.Random(0)) == "done"
    assert seen == ["build"]


def test_a_railroad_with_a_margin_keeps_its_fallbacks_choice_unless_clearly_beaten() -> None:
    """A weighing's best candidate replaces the fallback railroad's choice
    only when it is worth at least the margin more: a huge margin keeps
    the fallback's choice, none at all takes the weighing's best."""
    state = quiet_barbados(3)
    state["cubes"]["E5"] = ["yellow"]
    state["display"]["light"][1] = ["yellow", "yellow", None]
    own = CashRailroad(samples=4).choose(GAME, state, 0, random.Random(0))
    other = next(t for t in ("done", "build F5 straight.2") if t != own)

    class Fallback(CashRailroad):
        def choose(self, game: object, st: State, seat: int, rng: random.Random) -> str:  # type: ignore[override]
            return other
    fallback = Fallback()
    assert CashRailroad(samples=4, fallback=fallback, margin=1000.0).choose(GAME, state, 0, random.Random(0)) == other
    assert CashRailroad(samples=4, fallback=fallback, margin=0.0).choose(GAME, state, 0, random.Random(0)) == own
