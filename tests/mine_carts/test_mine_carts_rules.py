"""Mine Carts: every rule of the rulebook's four phases and the design note,
each checked on a small constructed board."""

from __future__ import annotations

import pytest

from games.core import CHANCE, IllegalAction, State
from games.mine_carts import GAME
from games.mine_carts.state import typed
from mine_carts_fixtures import BLUE, FAR, RED, act, cart, give, line, put, set_cart, started, turn


def test_a_team_starts_laying_one_card_a_turn() -> None:
    state = started()
    assert typed(state)["teams"][RED]["allotment"] == 1
    state = act(state, 0, FAR)
    assert typed(state)["phase"] == "switch"


def test_three_spaces_in_one_move_raise_the_allotment_to_two() -> None:
    state = line(started(), ["C2", "D2", "E2"])
    state = turn(state, 0)
    assert cart(state, RED, "1") == {"square": "E2", "path": [3, 1]}
    assert typed(state)["teams"][RED]["allotment"] == 2


def test_two_spaces_leave_the_allotment_at_one() -> None:
    state = turn(line(started(), ["C2", "D2"]), 0)
    assert cart(state, RED, "1")["square"] == "D2"
    assert typed(state)["teams"][RED]["allotment"] == 1


def test_five_spaces_in_one_move_raise_the_allotment_to_three() -> None:
    state = turn(line(started(), ["C2", "D2", "E2", "F2", "G2"]), 0)
    assert cart(state, RED, "1")["square"] == "G2"  # stops before Blue's town H2
    assert typed(state)["teams"][RED]["allotment"] == 3


def test_the_allotment_never_goes_down() -> None:
    state = started()
    typed(state)["teams"][RED]["allotment"] = 2
    state = act(line(state, ["C2"]), 0, "curve D7 0", "curve G7 0", "green")
    assert cart(state, RED, "1")["square"] == "C2"
    assert typed(state)["teams"][RED]["allotment"] == 2


def test_the_gold_cart_moving_far_raises_no_allotment() -> None:
    state = _gold_road(started())
    set_cart(state, RED, "1", "A7", [0, 2])
    put(state, "A7", "straight", 0)
    state = turn(state, 0)
    assert typed(state)["teams"][RED]["allotment"] == 1


def test_all_allotted_cards_must_be_laid_before_the_switch() -> None:
    state = started()
    typed(state)["teams"][RED]["allotment"] = 2
    state = act(state, 0, "curve D7 0")
    assert typed(state)["phase"] == "lay"
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "green")
    state = act(state, 0, "curve F7 0")
    assert typed(state)["phase"] == "switch"
    state = act(state, 0, "green")
    assert typed(state)["teams"][RED]["factory"] == []  # phase IV discarded the third


def test_a_pit_counts_toward_the_allotment_and_destroys_the_track_under_it() -> None:
    state = give(put(started(), "C6", "straight"), RED, ["pit", "curve", "curve"])
    state = act(state, 0, "pit C6")
    s = typed(state)
    assert s["grid"]["C6"] == {"card": "pit", "rotation": 0}
    assert s["discard"]["straight"] == 1
    assert s["phase"] == "switch"


def test_a_card_may_cover_track_and_the_covered_card_is_discarded() -> None:
    state = act(put(started(), "C6", "straight"), 0, "curve C6 90")
    assert typed(state)["grid"]["C6"] == {"card": "curve", "rotation": 90}
    assert typed(state)["discard"]["straight"] == 1


@pytest.mark.parametrize("square, why", [
    ("B2", "town"), ("H2", "town"), ("E5", "mine"), ("C6", "pit"), ("A7", "cart"),
])
def test_no_card_on_a_cart_town_mine_or_pit(square: str, why: str) -> None:
    state = put(started(), "C6", "pit")
    put(state, "A7", "straight", 0)
    set_cart(state, BLUE, "2", "A7", [0, 2])
    with pytest.raises(IllegalAction, match=why) as refused:
        GAME.apply(state, 0, f"curve {square} 0")
    assert len(str(refused.value)) < 300
    assert square not in {o.token for o in GAME.options_at(state, 0, ["curve"])}


def test_no_card_under_the_gold_cart() -> None:
    state = put(started(), "D5", "straight", 90)
    set_cart(state, RED, "gold", "D5", [1, 3])
    with pytest.raises(IllegalAction, match="cart"):
        GAME.apply(state, 0, "curve D5 0")


def _junction(state: object) -> object:
    """From B2 east: a green junction on C2, stem W, black E to D2, green S to C3."""
    put(state, "C2", "green-straight", 90)  # type: ignore[arg-type]
    put(state, "D2", "straight", 90)  # type: ignore[arg-type]
    put(state, "C3", "straight", 0)  # type: ignore[arg-type]
    return state


def test_a_junction_sends_a_cart_entering_by_its_stem_the_switch_colour_way() -> None:
    state = turn(_junction(started()), 0, switch="green")  # type: ignore[arg-type]
    assert cart(state, RED, "1") == {"square": "C3", "path": [0, 2]}


def test_a_junction_without_the_switch_colour_sends_the_cart_along_black() -> None:
    state = turn(_junction(started()), 0, switch="orange")  # type: ignore[arg-type]
    assert cart(state, RED, "1") == {"square": "D2", "path": [3, 1]}


def _up_the_green_branch(switch: str) -> State:
    """Red's cart 1 on C4 heading north to C3 and the end of C2's green branch."""
    state = _junction(started())
    put(state, "C4", "straight", 0)  # type: ignore[arg-type]
    set_cart(state, RED, "1", "C4", [2, 0])  # type: ignore[arg-type]
    return turn(state, 0, switch=switch)  # type: ignore[arg-type]


def test_a_cart_entering_a_junction_by_a_branch_leaves_by_the_stem() -> None:
    # C4 north to C3, into C2 by its green branch, out by the stem W: B2 is a town, stop
    assert cart(_up_the_green_branch("green"), RED, "1") == {"square": "C2", "path": [2, 3]}


def test_the_switch_gates_a_coloured_branch_from_its_own_end() -> None:
    # C4 north to C3; the green branch of C2 is shut with the switch on orange: halt on C3
    assert cart(_up_the_green_branch("orange"), RED, "1") == {"square": "C3", "path": [2, 0]}


def test_the_black_exit_of_a_junction_stays_open_whatever_the_switch() -> None:
    state = _junction(started())
    put(state, "E2", "straight", 90)  # type: ignore[arg-type]
    set_cart(state, RED, "1", "E2", [1, 3])  # type: ignore[arg-type]
    for switch in ("green", "orange"):
        moved = turn(state, 0, switch=switch)  # type: ignore[arg-type]
        # E2 west to D2, into C2 by its black exit, out by the stem W: B2 is a town, stop
        assert cart(moved, RED, "1") == {"square": "C2", "path": [1, 3]}


def _green_end_at_the_town(state: object) -> object:
    """The issue's example: a green junction on C2, its green branch W
    touching Red's town B2, its stem N onto a straight on C1."""
    put(state, "C2", "green-straight", 180)  # type: ignore[arg-type]  # stem N, black S, green W
    put(state, "C1", "straight", 0)  # type: ignore[arg-type]
    return state


def test_the_switch_gates_a_coloured_branch_from_a_town() -> None:
    state = turn(_green_end_at_the_town(started()), 0, switch="orange")  # type: ignore[arg-type]
    assert cart(state, RED, "1") == {"square": "B2", "path": None}  # stays in its town
    assert typed(state)["last"]["moves"][0]["squares"] == ["B2"]  # type: ignore[index]
    state = turn(_green_end_at_the_town(started()), 0, switch="green")  # type: ignore[arg-type]
    assert typed(state)["last"]["moves"][0]["squares"] == ["B2", "C2", "C1"]  # type: ignore[index]


def test_a_town_offers_a_coloured_branch_only_with_the_switch_on_its_colour() -> None:
    state = put(_green_end_at_the_town(started()), "B3", "straight", 0)  # type: ignore[arg-type]
    state = act(state, 0, FAR)
    texts = {c.text for c in GAME.legal_actions(state, 0)}
    assert {"green 1E", "green 1S", "orange", "fuchsia"} == texts
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "orange 1E")
    assert cart(act(state, 0, "orange"), RED, "1")["square"] == "B3"


def test_the_switch_gates_a_coloured_branch_from_the_mine() -> None:
    state = put(started(), "D5", "green-straight", 0)  # stem S, black N, green E touching the mine
    put(state, "D6", "straight", 0)
    far = "curve G7 0"
    assert cart(turn(state, 0, switch="orange", lay=far), RED, "gold") == {"square": "E5", "path": None}
    assert cart(turn(state, 0, switch="green", lay=far), RED, "gold") == {"square": "D6", "path": [0, 2]}


def test_a_cart_beginning_on_a_coloured_branch_moves_off_it_whatever_the_switch() -> None:
    state = _junction(started())
    put(state, "C4", "straight", 0)  # type: ignore[arg-type]
    set_cart(state, RED, "1", "C2", [3, 2])  # type: ignore[arg-type]  # came in by the stem onto green
    state = turn(state, 0, switch="orange")  # type: ignore[arg-type]
    assert typed(state)["last"]["moves"][0]["squares"] == ["C2", "C3", "C4"]  # type: ignore[index]


def test_a_cart_starting_on_a_coloured_branch_ignores_the_switch() -> None:
    state = _junction(started())
    set_cart(state, RED, "1", "C2", [2, 3])  # type: ignore[arg-type]  # on green, heading W to the town
    state = turn(state, 0, switch="orange")  # type: ignore[arg-type]
    # it can't go on W (a town) so it reverses along its green length, not the black one
    assert cart(state, RED, "1") == {"square": "C3", "path": [0, 2]}


@pytest.mark.parametrize("squares, rotation, end, path", [
    (["A2", "I2"], 90, "I2", [1, 3]),     # west off A2 onto I2, stops before Blue's town H2
    (["B1", "B9"], 0, "B9", [2, 0]),      # north off B1 onto B9, stops before Blue's town B8
])
def test_carts_wrap_around_the_edges(squares: list[str], rotation: int, end: str, path: list[int]) -> None:
    state = turn(line(started(), squares, rotation=rotation), 0)
    assert cart(state, RED, "1") == {"square": end, "path": path}
    assert typed(state)["last"]["moves"][0]["squares"] == ["B2", *squares]  # type: ignore[index]


def test_a_cart_stops_on_the_square_before_another_cart() -> None:
    state = line(started(), ["C2", "D2", "E2"])
    set_cart(state, BLUE, "1", "E2", [3, 1])
    state = turn(state, 0)
    assert cart(state, RED, "1") == {"square": "D2", "path": [3, 1]}
    assert cart(state, BLUE, "1") == {"square": "E2", "path": [3, 1]}


def test_a_cart_blocked_at_once_by_another_cart_halts_and_does_not_reverse() -> None:
    state = line(started(), ["C2", "D2", "E2"])
    set_cart(state, RED, "1", "D2", [3, 1])  # heading E
    set_cart(state, BLUE, "1", "E2", [3, 1])
    state = turn(state, 0)
    assert cart(state, RED, "1") == {"square": "D2", "path": [3, 1]}
    assert typed(state)["last"]["moves"][0]["squares"] == ["D2"]  # type: ignore[index]


def test_a_loop_ends_before_a_square_is_entered_again_the_same_way() -> None:
    state = started()
    for square, rotation in (("C4", 90), ("D4", 180), ("D5", 270), ("C5", 0)):
        put(state, square, "curve", rotation)
    set_cart(state, RED, "1", "C4", [2, 1])
    state = turn(state, 0, lay="curve G7 0")
    assert typed(state)["last"]["moves"][0]["squares"] == ["C4", "D4", "D5", "C5"]  # type: ignore[index]
    assert cart(state, RED, "1") == {"square": "C5", "path": [1, 0]}


def test_a_pit_stops_a_cart_before_it() -> None:
    state = put(line(started(), ["C2", "E2"]), "D2", "pit")
    state = turn(state, 0)
    assert cart(state, RED, "1")["square"] == "C2"


def test_a_cart_must_move_out_of_its_town_onto_the_only_track() -> None:
    state = line(started(), ["C2"])
    assert [c.text for c in GAME.legal_actions(act(state, 0, FAR), 0)] == ["green", "orange", "fuchsia"]
    state = turn(state, 0)
    assert cart(state, RED, "1")["square"] == "C2"


def test_a_cart_that_cannot_go_on_reverses_and_must_move() -> None:
    state = line(started(), ["C2", "D2"])
    set_cart(state, RED, "1", "D2", [3, 1])  # heading E, where no track continues
    state = turn(state, 0)
    assert cart(state, RED, "1") == {"square": "C2", "path": [1, 3]}


def test_a_cart_that_can_go_on_keeps_its_heading() -> None:
    state = line(started(), ["C2", "D2", "E2"])
    set_cart(state, RED, "1", "D2", [3, 1])
    state = turn(state, 0)
    assert cart(state, RED, "1") == {"square": "E2", "path": [3, 1]}


def test_a_cart_leaving_its_town_by_several_tracks_takes_the_teams_choice() -> None:
    state = put(line(started(), ["C2"]), "B3", "straight", 0)
    state = act(state, 0, FAR)
    texts = sorted(c.text for c in GAME.legal_actions(state, 0))
    assert "green 1E" in texts and "green 1S" in texts and "green" not in texts
    with pytest.raises(IllegalAction, match="incomplete"):
        GAME.apply(state, 0, "green")
    assert cart(act(state, 0, "green 1S"), RED, "1")["square"] == "B3"
    assert cart(act(state, 0, "green 1E"), RED, "1")["square"] == "C2"


def _gold_road(state: object) -> object:
    """From the mine E5 west and north into Red's town B2."""
    line(state, ["D5", "C5"])  # type: ignore[arg-type]
    put(state, "B5", "curve", 0)  # type: ignore[arg-type]
    line(state, ["B4", "B3"], rotation=0)  # type: ignore[arg-type]
    return state


def _gold_ready(gold: int = 0) -> object:
    """Red to play, its cart 1 parked on a dead-end, the gold cart's road open."""
    state = _gold_road(started())
    put(state, "A7", "straight", 0)  # type: ignore[arg-type]
    set_cart(state, RED, "1", "A7", [0, 2])  # type: ignore[arg-type]
    typed(state)["teams"][RED]["gold"] = gold  # type: ignore[arg-type]
    return state


def test_the_gold_cart_entering_a_town_scores_a_gold_and_goes_back_to_the_mine() -> None:
    state = turn(_gold_ready(), 0)  # type: ignore[arg-type]
    s = typed(state)
    assert s["teams"][RED]["gold"] == 1 and s["teams"][BLUE]["gold"] == 0
    assert s["gold_cart"] == {"square": "E5", "path": None}
    assert s["last"]["moves"][2]["squares"] == ["E5", "D5", "C5", "B5", "B4", "B3", "B2"]  # type: ignore[index]
    assert s["phase"] == "draw"


def test_the_gold_cart_scores_for_the_towns_team_even_on_the_other_teams_turn() -> None:
    state = _gold_ready()
    state = act(state, 0, "curve G7 0", "fuchsia")  # type: ignore[arg-type]
    typed(state)["gold_cart"] = {"square": "E5", "path": None}
    s = typed(state)
    assert s["teams"][RED]["gold"] == 1
    state = act(state, CHANCE, "draw straight straight straight")
    state = act(state, 1, "straight G9 0", "green")
    assert typed(state)["teams"][RED]["gold"] == 2  # Blue moved the gold cart into Red's town


def test_the_first_team_to_three_gold_wins() -> None:
    state = turn(_gold_ready(gold=2), 0)  # type: ignore[arg-type]
    assert GAME.is_over(state) and typed(state)["ended"] == "gold"
    result = GAME.outcome(state)
    assert result.ranking == [[0], [1]] and result.scores == [3, 0]
    assert "Red wins" in GAME.status_line(state)


def _deck_nearly_out(state: object, left: int) -> object:
    """The reshuffle already taken and ``left`` cards in the deck."""
    s = typed(state)  # type: ignore[arg-type]
    for code in s["deck"]:
        s["discard"][code] += s["deck"][code]
        s["deck"][code] = 0
    s["discard"]["curve"] -= left
    s["deck"]["curve"] = left
    s["reshuffled"] = True
    return state


def test_when_the_reshuffled_deck_runs_out_more_gold_wins() -> None:
    state = _deck_nearly_out(started(), 2)
    typed(state)["teams"][BLUE]["gold"] = 1  # type: ignore[arg-type]
    state = turn(state, 0)  # type: ignore[arg-type]
    assert GAME.is_over(state) and typed(state)["ended"] == "deck"
    assert GAME.outcome(state).ranking == [[1], [0]]


def test_when_the_reshuffled_deck_runs_out_equal_gold_is_a_draw() -> None:
    state = turn(_deck_nearly_out(started(4), 2), 0)  # type: ignore[arg-type]
    result = GAME.outcome(state)
    assert GAME.is_over(state) and result.ranking == [[0, 1, 2, 3]]
    assert "draw" in result.tiebreak_note and "draw" in GAME.status_line(state)


def test_the_game_goes_on_while_the_reshuffled_deck_can_give_three() -> None:
    state = turn(_deck_nearly_out(started(), 3), 0)  # type: ignore[arg-type]
    assert typed(state)["phase"] == "draw"
    state = act(state, CHANCE, "draw curve curve curve")
    assert typed(state)["phase"] == "lay" and typed(state)["team"] == BLUE


def test_the_deck_is_reshuffled_once_when_it_runs_out() -> None:
    state = started()
    s = typed(state)
    for code in s["deck"]:
        s["discard"][code] += s["deck"][code]
        s["deck"][code] = 0
    s["discard"]["curve"] -= 1
    s["deck"]["curve"] = 1
    state = turn(state, 0)  # Red discards two curves
    with pytest.raises(IllegalAction, match="reshuffled only when the deck runs out"):
        GAME.apply(state, CHANCE, "draw reshuffle curve curve curve")
    before = sum(typed(state)["discard"].values())
    state = act(state, CHANCE, "draw curve reshuffle pit curve")
    s = typed(state)
    assert s["reshuffled"] and s["teams"][RED]["factory"] == ["curve", "pit", "curve"]
    assert sum(s["discard"].values()) == 0 and sum(s["deck"].values()) == before - 2
    state = act(state, 1, "straight G9 0", "green")
    s = typed(state)
    for code in s["deck"]:  # the new deck runs out too: no second reshuffle
        s["discard"][code] += s["deck"][code]
        s["deck"][code] = 0
    with pytest.raises(IllegalAction, match="only once"):
        GAME.apply(state, CHANCE, "draw reshuffle curve curve curve")


def test_a_sampled_draw_reshuffles_when_the_deck_is_empty() -> None:
    import random

    state = _deck_nearly_out(started(), 1)
    typed(state)["reshuffled"] = False  # type: ignore[arg-type]
    state = turn(state, 0)  # type: ignore[arg-type]
    text = GAME.sample_chance(state, random.Random(1))
    assert text.startswith("draw curve reshuffle ") and len(text.split()) == 5
    assert typed(act(state, CHANCE, text))["reshuffled"]


def test_either_teammate_acts_for_the_team_and_the_other_team_is_refused() -> None:
    state = started(4)
    assert GAME.to_act(state) == [0, 2]
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(state, 1, FAR)
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(state, 3, FAR)
    state = act(state, 2, FAR)
    assert "cid" in typed(state)["last"]["text"]  # type: ignore[index]
    assert GAME.to_act(state) == [0, 2]
    state = act(state, 0, "green")
    assert "ann" in typed(state)["last"]["text"]  # type: ignore[index]
    state = act(state, CHANCE, "draw curve curve curve")
    assert GAME.to_act(state) == [1, 3]
    assert "Blue (bob, dee) (either may act) to lay 1 card" in GAME.status_line(state)


def test_mine_carts_is_played_by_two_or_four_players() -> None:
    assert [t["seats"] for t in typed(started(4))["teams"]] == [[0, 2], [1, 3]]
    assert [t["seats"] for t in typed(started(2))["teams"]] == [[0], [1]]
    with pytest.raises(IllegalAction, match="played by 2 or 4 players, not 3"):
        started(3)


def test_typed_variants_are_stored_in_their_canonical_text() -> None:
    state = started()
    applied = GAME.apply(state, 0, "  CURVE   d07 090 ")
    assert applied.action == "curve D7 90"
    applied = GAME.apply(put(applied.state, "B3", "straight", 0), 0, "G")
    assert applied.action == "green"


@pytest.mark.parametrize("text", ["curve D7 45", "curve D٧ 0", "curve D7 ０", "curve Z9 0", "curve D7",
                                  "straight D7 0", "curve D7 0 extra", "x" * 500])
def test_malformed_lays_are_refused_with_a_short_message(text: str) -> None:
    state = started()
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, text)
    assert len(str(refused.value)) < 300


@pytest.mark.parametrize("text", ["deal curve", "deal curve curve curve curve curve nope",
                                  "deal reshuffle curve curve curve curve curve curve", "shuffle"])
def test_malformed_deals_are_refused(text: str) -> None:
    with pytest.raises(IllegalAction):
        GAME.apply(GAME.new(["a", "b"], {}), CHANCE, text)


def test_a_deal_of_more_cards_than_the_deck_holds_is_refused() -> None:
    with pytest.raises(IllegalAction, match="No crossing"):
        GAME.apply(GAME.new(["a", "b"], {}), CHANCE, "deal crossing crossing crossing crossing crossing curve")


@pytest.mark.parametrize("text", ["curve\u00a0G7\u00a00", "curve\u3000G7 0", "curve G7\u20030", "curve\u2028G7 0"])
def test_only_ascii_spaces_separate_the_tokens_of_a_lay(text: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(started(), 0, text)
    assert len(str(refused.value)) < 300


def test_only_ascii_spaces_separate_the_tokens_of_the_switch() -> None:
    state = act(put(line(started(), ["C2"]), "B3", "straight", 0), 0, FAR)
    for text in ("green\u00a01E", "green\u30001S"):
        with pytest.raises(IllegalAction):
            GAME.apply(state, 0, text)
    assert GAME.apply(state, 0, "green\t1E").action == "green 1E"  # a tab is an ASCII space


@pytest.mark.parametrize("text", ["draw curve\u00a0curve curve", "draw\u00a0curve curve curve",
                                  "draw curve curve\u3000curve"])
def test_only_ascii_spaces_separate_the_tokens_of_a_draw(text: str) -> None:
    state = turn(started(), 0)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, CHANCE, text)
    assert "\u00a0" not in str(refused.value) and len(str(refused.value)) < 300
    assert GAME.apply(state, CHANCE, "draw curve  curve curve").action == "draw curve curve curve"


@pytest.mark.parametrize("text", ["deal curve curve curve straight straight\u00a0straight",
                                  "deal\u3000curve curve curve straight straight straight"])
def test_only_ascii_spaces_separate_the_tokens_of_the_deal(text: str) -> None:
    with pytest.raises(IllegalAction):
        GAME.apply(GAME.new(["a", "b"], {}), CHANCE, text)


def test_the_deck_is_reshuffled_only_when_a_draw_runs_it_out() -> None:
    state = _deck_nearly_out(started(), 3)
    typed(state)["reshuffled"] = False  # type: ignore[arg-type]
    state = turn(state, 0)  # type: ignore[arg-type]  # three cards left: enough for the draw
    with pytest.raises(IllegalAction, match="reshuffled only when the deck runs out"):
        GAME.apply(state, CHANCE, "draw curve curve curve reshuffle")
    assert not typed(state)["reshuffled"]
    state = act(state, CHANCE, "draw curve curve curve")
    assert not typed(state)["reshuffled"] and sum(typed(state)["deck"].values()) == 0


def test_the_end_names_the_reshuffled_deck_only_after_a_reshuffle() -> None:
    state = _deck_nearly_out(started(), 0)
    s = typed(state)  # type: ignore[arg-type]
    s["reshuffled"] = False
    for code in s["discard"]:  # the deck and the discard pile hold nothing: the cards are elsewhere
        s["discard"][code] = 0
    ended = GAME.apply(act(state, 0, FAR), 0, "green")  # type: ignore[arg-type]  # two cards discarded
    assert GAME.is_over(ended.state) and typed(ended.state)["ended"] == "deck"
    assert not any("reshuffled" in e for e in ended.events)
    assert any("fewer than 3 cards" in e for e in ended.events)


def test_the_end_after_a_reshuffle_says_the_reshuffled_deck_ran_out() -> None:
    state = _deck_nearly_out(started(), 2)
    events = GAME.apply(act(state, 0, FAR), 0, "green").events  # type: ignore[arg-type]
    assert any("reshuffled deck has run out" in e for e in events)


def test_the_summary_says_two_or_four_players() -> None:
    assert "2 or 4 players" in GAME.summary and "2-4" not in GAME.summary


@pytest.mark.parametrize("seat", [2, 7, CHANCE])
def test_partners_of_a_seat_that_is_not_a_player_is_a_clear_error(seat: int) -> None:
    with pytest.raises(ValueError, match=f"seat {seat} is not a player"):
        GAME.partners(started(2), seat)
    assert GAME.partners(started(4), 2) == [0] and GAME.partners(started(2), 1) == []
