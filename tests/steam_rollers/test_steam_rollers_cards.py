"""Steam Rollers special cards: taking, stealing, turning sideways and
upright, one-time and permanent cards, and every card's effect."""

from __future__ import annotations

import pytest

from games.core import CHANCE, IllegalAction
from games.steam_rollers import GAME
from games.steam_rollers.scoring import breakdown
from steam_rollers_fixtures import DIRECT_1_3, act, figure_track, give, lay, started, tokens


# -- taking, stealing, sideways ---------------------------------------------

def test_taking_a_card_turns_it_sideways_so_nobody_can_steal_it_this_round() -> None:
    state = started(2, roll="roll 1 3 3 5")
    state, events = act(state, 0, "3 card")
    assert state["cards"]["3"] == {"side": "a", "holder": 0, "sideways": True}
    assert "took card 3a" in events[0] and "from the centre" in events[0]
    assert "card" not in tokens(state, 1, "3")


def test_sideways_card_is_straightened_at_the_holders_next_turn_then_can_be_stolen() -> None:
    state = started(2, roll="roll 1 3 3 5")
    state, _ = act(state, 0, "3 card")
    state, _ = act(state, 1, "5 improve")
    state = GAME.apply(state, CHANCE, "roll 1 1 3 5").state      # bob starts round 2
    assert GAME.to_act(state) == [1]
    assert "card" not in tokens(state, 1, "3")                  # still sideways: ann hasn't picked
    state, _ = act(state, 1, "3 improve")
    assert state["cards"]["3"]["sideways"] is False             # ann straightened it
    state, _ = act(state, 0, "1 improve")
    state = GAME.apply(state, CHANCE, "roll 1 1 3 5").state
    state, _ = act(state, 0, "1 build C2 N-S")                  # ann starts round 3
    state, events = act(state, 1, "3 card")
    assert "from ann" in events[0]
    assert state["cards"]["3"] == {"side": "a", "holder": 1, "sideways": True}


def test_a_player_may_take_his_own_upright_card_to_turn_it_sideways() -> None:
    state = started(2, roll="roll 1 3 3 5")
    give(state, "3a", 0)
    choice = next(c for c in GAME.legal_actions(state, 0) if c.text == "3 card")
    assert "to turn it sideways" in choice.summary
    state, _ = act(state, 0, "3 card")
    assert state["cards"]["3"]["sideways"] is True and state["cards"]["3"]["holder"] == 0


def test_a_card_held_sideways_cannot_be_used_until_straightened() -> None:
    state = started(2, roll="roll 1 3 3 5")
    give(state, "5a", 0, sideways=True)
    assert "5a+1" not in tokens(state, 0, "3")
    give(state, "5a", 0)
    assert "5a+1" in tokens(state, 0, "3")


def test_card_vp_count_for_whoever_holds_the_card() -> None:
    state = started(2)
    give(state, "1b", 1)
    give(state, "5a", 1)
    assert breakdown(state, 1)["cards"] == -3
    assert breakdown(state, 0)["cards"] == 0


# -- die changes ------------------------------------------------------------

@pytest.mark.parametrize("code,one_time", [("1a", True), ("1b", False)])
def test_card_1_changes_the_die_to_any_value(code: str, one_time: bool) -> None:
    state = started(2, roll="roll 1 3 3 5")
    give(state, code, 0)
    assert [t for t in tokens(state, 0, "3") if t.startswith(code)] == [
        f"{code}={v}" for v in (1, 2, 4, 5, 6)]
    state, events = act(state, 0, f"3 {code}=6 improve")
    assert state["maps"][0]["engine"] == [6]
    assert f"uses card {code}: die 3 becomes 6" in events[0]
    assert (state["cards"]["1"]["holder"] is None) == one_time


def test_card_5a_changes_the_die_by_one_but_never_to_0_or_7() -> None:
    state = started(2, roll="roll 1 1 3 6")
    give(state, "5a", 0)
    assert [t for t in tokens(state, 0, "1") if t.startswith("5a")] == ["5a+1"]
    assert [t for t in tokens(state, 0, "6") if t.startswith("5a")] == ["5a-1"]
    assert [t for t in tokens(state, 0, "3") if t.startswith("5a")] == ["5a+1", "5a-1"]
    state, _ = act(state, 0, "3 5a-1 improve")
    assert state["maps"][0]["engine"] == [2]
    assert state["cards"]["5"]["holder"] == 0                 # permanent


def test_one_die_change_per_die() -> None:
    state = started(2, roll="roll 1 1 3 6")
    give(state, "5a", 0)
    give(state, "1b", 0)
    assert not [t for t in tokens(state, 0, "3 5a+1") if t[0].isdigit()]


def test_card_5b_flips_the_die_to_its_opposite_face() -> None:
    state = started(2, roll="roll 1 1 3 6")
    give(state, "5b", 0)
    assert "5b=flip" in tokens(state, 0, "1")
    state, events = act(state, 0, "1 5b=flip improve")
    assert state["maps"][0]["engine"] == [6]


def test_card_5b_reroll_is_a_chance_outcome_and_the_new_value_must_be_used() -> None:
    state = started(2, roll="roll 1 1 3 6")
    give(state, "5b", 0)
    state, events = act(state, 0, "1 5b=reroll")
    assert GAME.to_act(state) == [CHANCE]
    assert GAME.sample_chance(state, __import__("random").Random(2)).startswith("reroll ")
    state = GAME.apply(state, CHANCE, "reroll 4").state
    assert GAME.to_act(state) == [0] and state["held"] == 4
    assert not any(t.startswith("5") for t in tokens(state, 0))        # no second change
    assert "improve" in tokens(state, 0)
    state, _ = act(state, 0, "improve")
    assert state["maps"][0]["engine"] == [4]


# -- two dice and the claim -------------------------------------------------

def test_card_2a_takes_two_dice_and_leaves_no_leftover() -> None:
    state = started(2, roll="roll 1 1 3 6")
    give(state, "2a", 0)
    state, _ = act(state, 0, "1 improve")
    assert state["phase"] == "extra" and tokens(state, 0) == ["2a", "done"]
    state, events = act(state, 0, "2a 3 improve")
    assert state["maps"][0]["engine"] == [1, 3]
    assert state["cards"]["2"]["holder"] is None               # one-time
    assert GAME.to_act(state) == [1] and state["pool"] == [6]
    state, events = act(state, 1, "6 improve")
    assert not any("Leftover" in e for e in events)


def test_card_2a_may_be_kept_for_later() -> None:
    state = started(2, roll="roll 1 1 3 6")
    give(state, "2a", 0)
    state, _ = act(state, 0, "1 improve")
    state, _ = act(state, 0, "done")
    assert GAME.to_act(state) == [1] and state["cards"]["2"]["holder"] == 0


def test_card_2a_second_die_only_if_every_later_player_still_gets_one() -> None:
    state = started(2, roll="roll 1 1 3 6")
    give(state, "2a", 1)
    state, _ = act(state, 0, "1 improve")
    state, _ = act(state, 1, "3 improve")                     # one die left, nobody after bob
    assert state["phase"] == "extra"
    state = started(3, roll="roll 1 1 3 5 6", first=1)
    give(state, "2a", 1)
    state["pool"] = [1, 3]                                     # a die went missing (claimed)
    state, _ = act(state, 1, "1 improve")
    assert state["phase"] == "pick" and GAME.to_act(state) == [2]


def test_card_2b_holder_is_asked_right_after_another_players_pick_and_may_claim() -> None:
    state = started(3, roll="roll 1 1 3 5 6")
    give(state, "2b", 2)
    options = GAME.options_at(state, 0, [])
    assert all(o.complete for o in options)                   # the pick is its own action
    assert all(o.detail.endswith("cid may claim it (2b)") for o in options)
    state, events = act(state, 0, "3")
    assert GAME.to_act(state) == [2]                           # only the holder answers
    assert tokens(state, 2) == ["claim", "let"]
    state, events = act(state, 2, "claim")
    assert "claims die 3" in events[0]
    assert state["cards"]["2"]["holder"] is None               # one-time
    assert GAME.to_act(state) == [0] and 3 not in state["pool"]
    state, _ = act(state, 0, "5 improve")                      # ann drafts another die
    state, _ = act(state, 1, "1 improve")
    assert GAME.to_act(state) == [2] and state["phase"] == "act" and state["held"] == 3
    assert "1" not in tokens(state, 2)                         # cid must use the claimed die
    state, events = act(state, 2, "improve")
    assert state["maps"][2]["engine"] == [3]
    assert "Leftover white die discarded: 6." in events


def test_card_2b_holder_may_let_the_die_go() -> None:
    state = started(3, roll="roll 1 1 3 5 6")
    give(state, "2b", 2)
    state, _ = act(state, 0, "3")
    state, events = act(state, 2, "let")
    assert GAME.to_act(state) == [0] and state["held"] == 3
    state, _ = act(state, 0, "improve")
    assert state["maps"][0]["engine"] == [3]
    assert state["cards"]["2"]["holder"] == 2                  # kept for later


def test_card_2b_cannot_claim_after_the_holder_has_picked() -> None:
    state = started(3, roll="roll 1 1 3 5 6", first=2)
    give(state, "2b", 2)
    state, _ = act(state, 2, "1 improve")                      # holder goes first
    assert all(not o.complete for o in GAME.options_at(state, 0, []))
    state, _ = act(state, 0, "3 improve")
    assert GAME.to_act(state) == [1]


def test_card_2b_taken_this_round_cannot_claim_the_later_picks_of_this_round() -> None:
    state = started(3, roll="roll 1 1 2 3 5", sides="abaaaa")
    state, _ = act(state, 0, "2 card")                         # ann has drafted: 2b sideways
    assert all(not o.complete for o in GAME.options_at(state, 1, []))
    state, _ = act(state, 1, "3 improve")
    assert GAME.to_act(state) == [2]


def test_card_2b_taken_last_round_lets_its_holder_claim_the_picks_before_his_own_while_sideways() -> None:
    state = started(3, roll="roll 1 1 2 3 5", sides="abaaaa")
    state, _ = act(state, 0, "1 improve")
    state, _ = act(state, 1, "3 improve")
    state, _ = act(state, 2, "2 card")                         # cid takes 2b in round 1
    state = GAME.apply(state, CHANCE, "roll 1 1 3 5 6").state   # round 2: bob, cid, ann
    assert state["cards"]["2"]["sideways"] is True
    assert all(o.complete for o in GAME.options_at(state, 1, []))
    state, _ = act(state, 1, "1")
    assert GAME.to_act(state) == [2] and tokens(state, 2) == ["claim", "let"]
    state, events = act(state, 2, "claim")
    assert "claims die 1" in events[0] and state["cards"]["2"]["holder"] is None


def test_card_2b_holder_gets_his_claim_chance_before_anyone_can_steal_it() -> None:
    """The issue's case: bob takes 2b in round 1 and drafts first in round 2.
    He has no pick to claim in round 2, so 2b stays sideways (safe); in
    round 3 he is offered the picks before his own, then turns it upright
    at his draft; only then can it be stolen."""
    state = started(3, roll="roll 1 1 2 3 5", sides="abaaaa")
    state, _ = act(state, 0, "1 improve")
    state, _ = act(state, 1, "2 card")
    state, _ = act(state, 2, "3 improve")
    rolled = GAME.apply(state, CHANCE, "roll 1 2 3 5 6")       # round 2: bob, cid, ann
    state = rolled.state
    assert GAME.to_act(state) == [1]
    assert any("bob keeps card 2b sideways" in e for e in rolled.events)
    state, events = act(state, 1, "3 improve")
    assert state["cards"]["2"]["sideways"] is True
    assert "card" not in tokens(state, 2, "2")                 # cid can't steal it
    state, _ = act(state, 2, "5 improve")
    assert "card" not in tokens(state, 0, "2")                 # nor ann
    state, _ = act(state, 0, "2 improve")
    state = GAME.apply(state, CHANCE, "roll 1 2 3 5 6").state   # round 3: cid, ann, bob
    state, _ = act(state, 2, "6")
    assert GAME.to_act(state) == [1] and tokens(state, 1) == ["claim", "let"]
    state, _ = act(state, 1, "let")
    state, _ = act(state, 2, "improve")
    state, _ = act(state, 0, "5")
    assert GAME.to_act(state) == [1]                           # every pick before his own
    state, _ = act(state, 1, "let")
    state, events = act(state, 0, "improve")
    assert "bob turns card 2b upright." in events
    state, _ = act(state, 1, "2 improve")
    state = GAME.apply(state, CHANCE, "roll 1 2 3 5 6").state   # round 4: ann, bob, cid
    state, _ = act(state, 0, "2")
    state, _ = act(state, 1, "let")
    state, events = act(state, 0, "card")                      # now it can be stolen
    assert "took card 2b" in events[0] and "from bob" in events[0]


# -- deliveries -------------------------------------------------------------

def test_card_3a_uses_the_die_as_the_destination() -> None:
    state = started(2, roll="roll 1 2 3 6")
    state["maps"][0]["track"] = figure_track()
    state["maps"][0]["engine"] = [1, 2, 3, 4]
    assert "red@1" not in tokens(state, 0, "2 deliver")         # the die names the source
    give(state, "3a", 0)
    assert "red@1" in tokens(state, 0, "2 deliver")
    state, events = act(state, 0, "2 deliver red@1 to2-4")
    assert "uses card 3a" in events[0]
    assert state["maps"][0]["delivery_points"] == 4
    assert state["cards"]["3"]["holder"] == 0                  # permanent


def test_card_3b_adds_one_or_two_to_the_distance_if_the_engine_covers_it() -> None:
    state = started(2, roll="roll 1 1 3 6")
    state["maps"][0]["track"] = figure_track()
    state["maps"][0]["engine"] = [1, 2, 3, 4, 5]
    give(state, "3b", 0)
    assert tokens(state, 0, "1 deliver red@1") == ["to2-4+1", "to2-3+2", "to2-4", "to2-3+1", "to2-3"]
    state, events = act(state, 0, "1 deliver red@1 to2-3+2")
    assert state["maps"][0]["delivery_points"] == 5
    assert state["cards"]["3"]["holder"] is None               # one-time


def test_card_4a_delivers_beyond_the_engine_once() -> None:
    state = started(2, roll="roll 1 1 3 6")
    state["maps"][0]["track"] = figure_track()
    state["maps"][0]["engine"] = [1]
    give(state, "4a", 0)
    assert tokens(state, 0, "1 deliver red@1") == ["to2-4", "to2-3"]
    state, events = act(state, 0, "1 deliver red@1 to2-4")
    assert state["maps"][0]["delivery_points"] == 4
    assert state["cards"]["4"]["holder"] is None
    assert any("used card 4a" in e for e in events)


def test_card_4a_is_not_spent_on_a_delivery_the_engine_covers() -> None:
    state = started(2, roll="roll 1 1 3 6")
    state["maps"][0]["track"] = figure_track()
    state["maps"][0]["engine"] = [1, 2, 3, 4]
    give(state, "4a", 0)
    state, _ = act(state, 0, "1 deliver red@1 to2-4")
    assert state["cards"]["4"]["holder"] == 0


def test_card_4b_raises_the_engine_by_one_while_held() -> None:
    state = started(2, roll="roll 1 1 3 6")
    state["maps"][0]["track"] = figure_track()
    state["maps"][0]["engine"] = [1, 2, 3]
    assert tokens(state, 0, "1 deliver red@1") == ["to2-3"]
    give(state, "4b", 0, sideways=True)
    assert tokens(state, 0, "1 deliver red@1") == ["to2-4", "to2-3"]


# -- building ---------------------------------------------------------------

def test_card_6a_draws_a_shape_the_black_die_forbids_once() -> None:
    state = started(2, roll="roll 1 1 3 6")                    # black 1: straight or gentle
    give(state, "6a", 0)
    labels = {o.token: o.label for o in GAME.options_at(state, 0, ["1", "build", "C2"])}
    assert labels["N-NE"] == "sharp curve, N to NE (card 6a)"
    assert labels["N-S"] == "straight, N to S"
    state, _ = act(state, 0, "1 build C2 N-S")
    assert state["cards"]["6"]["holder"] == 0                  # not needed, not spent
    state2 = started(2, roll="roll 1 1 3 6")
    give(state2, "6a", 0)
    state2, events = act(state2, 0, "1 build C2 N-NE")
    assert state2["cards"]["6"]["holder"] is None
    assert "uses card 6a" in events[0]


def test_card_6b_draws_any_shape_and_stays() -> None:
    state = started(2, roll="roll 1 1 3 6")
    give(state, "6b", 0)
    assert len(tokens(state, 0, "1 build C2")) == 15
    state, _ = act(state, 0, "1 build C2 N-NE")
    assert state["cards"]["6"]["holder"] == 0


def test_without_card_6_the_black_die_limits_the_shapes() -> None:
    state = started(2, roll="roll 5 1 3 6")                    # black 5: gentle or sharp
    pieces = tokens(state, 0, "1 build C2")
    assert len(pieces) == 12 and "N-S" not in pieces


def test_wall_track_still_drawn_but_connects_nothing() -> None:
    state = started(2, difficulty="medium", wall=1, roll="roll 1 1 3 6")
    track: dict[str, list[int]] = {}
    lay(track, DIRECT_1_3)
    state["maps"][0]["track"] = track
    assert breakdown(state, 0)["network"] == 0
    with pytest.raises(IllegalAction):
        act(state, 0, "1 deliver grey@1 to3-1")


def test_card_2b_claimer_straightens_his_cards_and_may_change_the_claimed_die_on_his_turn() -> None:
    state = started(3, roll="roll 1 1 3 5 6")
    give(state, "2b", 2)
    give(state, "5a", 2, sideways=True)                        # taken last round
    state, _ = act(state, 0, "3")
    state, _ = act(state, 2, "claim")
    state, _ = act(state, 0, "5 improve")
    state, events = act(state, 1, "1 improve")
    assert "cid turns card 5a upright." in events
    assert GAME.to_act(state) == [2] and state["held"] == 3
    assert {"5a+1", "5a-1"} <= set(tokens(state, 2))
    state, _ = act(state, 2, "5a+1 improve")
    assert state["maps"][2]["engine"] == [4]


# -- what the events and the board's "last move" say ------------------------

def test_improve_event_counts_card_4b_in_the_strength() -> None:
    state = started(2, roll="roll 1 1 3 6")
    state["maps"][0]["engine"] = [1, 2, 3, 4]
    give(state, "4b", 0)
    improve = next(c for c in GAME.legal_actions(state, 0) if c.text == "6 improve")
    assert "strength 6" in improve.summary
    state, events = act(state, 0, "6 improve")
    assert "strength 6 (card 4b +1)" in events[0]
    assert state["last"]["text"] == events[0]


def test_build_ignoring_the_black_die_with_card_6b_names_the_card() -> None:
    state = started(2, roll="roll 1 1 3 6")                    # black 1: straight or gentle
    give(state, "6b", 0)
    labels = {o.token: o.label for o in GAME.options_at(state, 0, ["1", "build", "C2"])}
    assert labels["N-NE"] == "sharp curve, N to NE (card 6b)" and labels["N-S"] == "straight, N to S"
    state, events = act(state, 0, "1 build C2 N-NE")
    assert events[0] == "ann uses card 6b to ignore the black die."
    state2 = started(2, roll="roll 1 1 3 6")
    give(state2, "6b", 0)
    state2, events2 = act(state2, 0, "1 build C2 N-S")         # allowed shape: no card named
    assert not any("6b" in e for e in events2)


def test_last_move_shows_a_pick_that_waits_for_a_2b_claim() -> None:
    state = started(3, roll="roll 1 1 3 5 6")
    state["last"] = {"seat": 2, "kind": "improve", "where": [], "text": "old news", "box": 1}
    give(state, "2b", 2)
    state, events = act(state, 0, "3")
    assert state["last"]["seat"] == 0 and state["last"]["text"] == events[0]
    assert "ann takes die 3; cid may claim it" in state["last"]["text"]


def test_last_move_shows_the_2b_holder_letting_the_die_go() -> None:
    state = started(3, roll="roll 1 1 3 5 6")
    give(state, "2b", 2)
    state, _ = act(state, 0, "3")
    state, events = act(state, 2, "let")
    assert state["last"] == {"seat": 2, "kind": "let", "where": [], "text": "cid lets ann keep die 3."}
    assert events == ["cid lets ann keep die 3."]


def test_last_move_shows_a_5b_reroll_while_the_new_value_is_rolled() -> None:
    state = started(2, roll="roll 1 1 3 6")
    state["last"] = {"seat": 1, "kind": "improve", "where": [], "text": "old news", "box": 1}
    give(state, "5b", 0)
    state, events = act(state, 0, "1 5b=reroll")
    assert state["last"]["seat"] == 0 and state["last"]["text"] == "ann uses card 5b to reroll die 1."


def test_last_move_shows_a_turn_ended_without_2a_second_die() -> None:
    state = started(2, roll="roll 1 1 3 6")
    give(state, "2a", 0)
    state, _ = act(state, 0, "1 improve")
    state, events = act(state, 0, "done")
    assert state["last"]["seat"] == 0 and state["last"]["text"] == "ann keeps card 2a and ends the turn."
    assert events[0] == state["last"]["text"]
