"""Steam Rollers rules: set-up, the round, building, engine, deliveries,
network scoring, walls, scoring and the end. Rulebook examples are named
after what they check."""

from __future__ import annotations

import pytest

from games.core import CHANCE, IllegalAction
from games.steam_rollers import GAME
from games.steam_rollers.network import connections, distances, network_points
from games.steam_rollers.scoring import breakdown
from steam_rollers_fixtures import (
    DIRECT_1_3, DIRECT_3_4, TOWN_4_2, act, figure_track, give, lay, started, tokens,
)

# -- set-up ---------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_puts_players_plus_two_cubes_on_each_city_minus_its_own_colour(players: int) -> None:
    state = GAME.new(["a", "b", "c", "d", "e"][:players], {})
    assert GAME.to_act(state) == [CHANCE]
    text = GAME.sample_chance(state, __import__("random").Random(3))
    state = GAME.apply(state, CHANCE, text).state
    placed = text.split()[1].split(":")[1].split("/")
    own = {1: "y", 2: "r", 3: "g", 4: "g", 5: "b", 6: "p"}
    for city, letters in enumerate(placed, start=1):
        assert len(letters) == players + 2
        assert len(state["cubes"][str(city)]) == len(letters) - letters.count(own[city])
    assert sum(state["drawn"].values()) == 6 * (players + 2)
    assert GAME.check_invariants(state) == []
    assert state["phase"] == "roll" and GAME.to_act(state) == [CHANCE]


def test_setup_rejects_more_than_ten_cubes_of_a_colour() -> None:
    state = GAME.new(["a", "b", "c", "d", "e"], {})
    with pytest.raises(IllegalAction, match="only 10"):
        GAME.apply(state, CHANCE, "setup cubes:rrrrrrr/rrrrrrr/bbbbbbb/bbbbbbb/ggggggg/ggggggg "
                                  "sides:aaaaaa first:0")


@pytest.mark.parametrize("difficulty,roll,walls", [("medium", 4, [4]), ("hard", 4, [4, 5]),
                                                    ("hard", 6, [6, 7])])
def test_wall_die_blocks_borders_from_the_medium_and_hard_tables(difficulty: str, roll: int,
                                                                 walls: list[int]) -> None:
    state = started(3, difficulty=difficulty, wall=roll)
    assert state["walls"] == walls


def test_easy_game_has_no_wall_roll() -> None:
    state = GAME.new(["a", "b"], {})
    assert "wall:" not in GAME.sample_chance(state, __import__("random").Random(1))
    with pytest.raises(IllegalAction, match="Medium and Hard"):
        GAME.apply(state, CHANCE, "setup cubes:rbgp/ybgp/rybp/rybp/rygp/rygb sides:aaaaaa first:0 wall:3")


# -- the round ------------------------------------------------------------

def test_round_start_player_rolls_each_player_takes_one_die_leftover_discarded_marker_passes_left() -> None:
    state = started(3, first=1, roll="roll 2 1 3 5 6")
    assert state["black"] == 2 and state["pool"] == [1, 3, 5, 6]
    assert GAME.to_act(state) == [1]
    state, _ = act(state, 1, "1 improve")
    assert GAME.to_act(state) == [2] and state["pool"] == [3, 5, 6]
    state, _ = act(state, 2, "3 improve")
    state, events = act(state, 0, "5 improve")
    assert "Leftover white die discarded: 6." in events
    assert state["phase"] == "roll" and state["start"] == 2 and state["round"] == 2
    state = GAME.apply(state, CHANCE, "roll 1 1 2 3 4").state
    assert GAME.to_act(state) == [2]


def test_roll_needs_black_die_and_players_plus_one_white_dice() -> None:
    state = started(3)
    with pytest.raises(IllegalAction, match="5 dice"):
        GAME.apply(state, CHANCE, "roll 1 2 3")


# -- building -------------------------------------------------------------

def test_build_in_the_die_region_with_a_shape_the_black_die_allows() -> None:
    state = started(2, roll="roll 3 1 2 4")          # black 3: straight or sharp
    hexes = tokens(state, 0, "1 build")
    assert hexes and all(board_region(h) == 1 for h in hexes) and "B2" not in hexes
    pieces = tokens(state, 0, "1 build C2")
    assert "N-S" in pieces and "N-NE" in pieces and "N-SE" not in pieces   # no gentle curve
    state, events = act(state, 0, "1 build C2 N-S")
    assert state["maps"][0]["track"]["C2"] == [0, 3]
    assert events[0] == "ann built a straight N-S in C2 (region 1)."
    with pytest.raises(IllegalAction, match=r"'C2' isn't possible here. Hex to build in \(region 2\)"):
        act(state, 1, "2 build C2 N-S")               # region 2 is not region 1


def test_a_hex_is_drawn_in_only_once() -> None:
    state = started(2, roll="roll 1 1 1 4")
    state, _ = act(state, 0, "1 build C2 N-S")
    state, _ = act(state, 1, "4 improve")
    state = GAME.apply(state, CHANCE, "roll 1 1 1 1").state
    assert "C2" in tokens(state, 1, "1 build")            # bob's own map is untouched
    state, _ = act(state, 1, "1 improve")
    assert GAME.to_act(state) == [0]
    assert "C2" not in tokens(state, 0, "1 build")
    with pytest.raises(IllegalAction):
        act(state, 0, "1 build C2 NE-SW")


def test_build_hexes_nearest_to_own_track_come_first() -> None:
    state = started(2, roll="roll 1 1 1 4")
    state["maps"][0]["track"]["D3"] = [0, 3]
    hexes = tokens(state, 0, "1 build")
    from games.steam_rollers.board import hex_distance
    assert hex_distance(hexes[0], "D3") == 1
    dists = [hex_distance(h, "D3") for h in hexes]
    assert dists == sorted(dists)


def test_hexes_my_track_points_into_and_pieces_that_join_come_first() -> None:
    state = started(2, roll="roll 3 1 1 4")                  # black 3: straight or sharp
    state["maps"][0]["track"]["C2"] = [0, 3]                 # its ends point into C1 and C3
    assert set(tokens(state, 0, "1 build")[:2]) == {"C1", "C3"}
    options = GAME.options_at(state, 0, ["1", "build", "C3"])
    assert options[0].token == "N-NW"                         # joins the track and city 1
    assert options[0].detail == "N: joins your track in C2 · NW: city 1"


def test_piece_labels_name_the_shape_and_start_from_the_end_that_joins() -> None:
    state = started(2, roll="roll 5 1 1 4")                  # black 5: gentle or sharp
    labels = {o.token: (o.label, o.detail) for o in GAME.options_at(state, 0, ["1", "build", "A3"])}
    assert labels["NE-S"] == ("gentle curve, NE to S", "NE: city 1 · S: A4")
    assert labels["N-NE"] == ("sharp curve, NE to N", "NE: city 1 · N: A2")   # city 1 lies NE
    assert labels["S-NW"] == ("gentle curve, S to NW", "S: A4 · NW: map edge")
    assert "N-S" not in labels                                # no straight on a 5


def board_region(hex_name: str) -> int:
    from games.steam_rollers.board import board
    return board().region[hex_name]


# -- engine ---------------------------------------------------------------

def test_improve_crosses_the_die_value_once_and_engine_starts_at_zero() -> None:
    state = started(2, roll="roll 1 3 3 5")
    assert state["maps"][0]["engine"] == []
    state, events = act(state, 0, "3 improve")
    assert state["maps"][0]["engine"] == [3]
    assert "strength 1" in events[0]
    assert "improve" in tokens(state, 1, "3")
    state["maps"][1]["engine"] = [3]
    assert "improve" not in tokens(state, 1, "3")


def test_no_delivery_without_engine() -> None:
    state = started(2, roll="roll 1 1 3 5")
    state["maps"][0]["track"] = figure_track()
    assert "deliver" not in tokens(state, 0, "1")
    state["maps"][0]["engine"] = [6, 5]
    assert "red@1" not in tokens(state, 0, "1 deliver")     # red needs 3 or more
    state["maps"][0]["engine"] = [4, 5, 6]
    assert tokens(state, 0, "1 deliver red@1") == ["to2-3"]


# -- delivering -----------------------------------------------------------

def test_rulebook_red_cube_from_city_1_to_red_city_2_at_distance_3_or_4() -> None:
    conns = connections(figure_track(), [])
    assert distances(conns, 1, 2) == [4, 3]
    state = started(2, roll="roll 1 1 3 5")
    state["maps"][0]["track"] = figure_track()
    state["maps"][0]["engine"] = [1, 2, 3, 4]
    assert tokens(state, 0, "1 deliver red@1") == ["to2-4", "to2-3"]
    before = state["cubes"]["1"].count("red")
    state, events = act(state, 0, "1 deliver red@1 to2-4")
    assert state["maps"][0]["delivery_points"] == 4
    assert state["cubes"]["1"].count("red") == before - 1
    assert "distance 4, 4 points" in events[0]
    shown = state["last"]["where"]                                       # the board shows a route
    assert shown[0] == "B2" and shown[-1] == "J5" and "F5" in shown
    assert set(shown) <= set(figure_track()) | {"B2", "G2", "F5", "J5"}
    from games.steam_rollers.board import hex_distance
    assert all(hex_distance(a, b) == 1 for a, b in zip(shown, shown[1:]))
    assert GAME.check_invariants(state) == []


def test_delivery_needs_engine_at_least_the_distance() -> None:
    state = started(2, roll="roll 1 1 3 5")
    state["maps"][0]["track"] = figure_track()
    state["maps"][0]["engine"] = [1, 2, 3]
    assert tokens(state, 0, "1 deliver red@1") == ["to2-3"]
    with pytest.raises(IllegalAction):
        act(state, 0, "1 deliver red@1 to2-4")


def test_grey_cube_may_pass_one_grey_city_to_reach_the_other() -> None:
    track: dict[str, list[int]] = {}
    lay(track, DIRECT_1_3)
    lay(track, DIRECT_3_4)
    conns = connections(track, [])
    assert distances(conns, 1, 3) == [1]
    assert distances(conns, 1, 4) == [2]       # through grey city 3
    state = started(2, roll="roll 1 1 3 5")
    state["maps"][0]["track"] = track
    state["maps"][0]["engine"] = [1, 2]
    assert tokens(state, 0, "1 deliver grey@1") == ["to4-2", "to3-1"]


def test_a_cube_never_visits_a_city_twice() -> None:
    track = figure_track()
    conns = connections(track, [])
    # 1-3-4-C4-1 would loop back through city 1: only simple routes count
    assert max(distances(conns, 1, 2)) == 4
    assert distances(conns, 3, 3) == []


def test_deliveries_are_offered_longest_first_with_points() -> None:
    state = started(2, roll="roll 1 1 3 5")
    state["maps"][0]["track"] = figure_track()
    state["maps"][0]["engine"] = [1, 2, 3, 4]
    labels = [o.label for o in GAME.options_at(state, 0, ["1", "deliver", "red@1"])]
    assert labels == ["to city 2 (red), distance 4: 4 pts", "to city 2 (red), distance 3: 3 pts"]


# -- network --------------------------------------------------------------

def test_rulebook_connection_example_cities_1_and_3_with_town_but_not_1_5_or_blue_town() -> None:
    track: dict[str, list[int]] = {}
    lay(track, ["B2", "C2", "D2", "E2", "F2", "G2"])      # 1 - yellow town D2 - 3
    track["B3"] = [0, 3]                                  # from city 1 towards 5 ...
    track["C4"] = [1, 3]                                  # ... blue town, not joined
    track["B4"] = [2, 5]
    conns = connections(track, [])
    assert [(c.cities, c.towns) for c in conns] == [((1, 3), 1)]
    assert network_points(track, []) == 2


def test_track_bordering_a_city_connects_to_it_without_being_drawn_in() -> None:
    track: dict[str, list[int]] = {}
    lay(track, DIRECT_1_3)
    assert "B2" not in track and "G2" not in track
    assert [c.cities for c in connections(track, [])] == [(1, 3)]


def test_wall_blocks_delivery_and_network_points() -> None:
    track: dict[str, list[int]] = {}
    lay(track, DIRECT_1_3)                      # crosses border 1 (regions 1 | 3) at D1-E1
    assert network_points(track, []) == 1
    assert network_points(track, [1]) == 0
    assert network_points(track, [2]) == 1
    state = started(2, difficulty="medium", wall=1, roll="roll 1 1 3 5")
    state["maps"][0]["track"] = track
    state["maps"][0]["engine"] = [1, 2]
    assert "deliver" not in tokens(state, 0, "1")
    state["maps"][0]["track"] = {h: p for h, p in track.items() if h != "D1"}
    details = {o.token: o.detail for o in GAME.options_at(state, 0, ["1", "build", "D1"])}
    assert details["NE-SW"] == "SW: joins your track in C2 · NE: wall"
    state["maps"][0]["track"] = track
    state["walls"] = []
    assert "deliver" in tokens(state, 0, "1")


# -- scoring --------------------------------------------------------------

def tiffany_state() -> dict[str, object]:
    state = started(2)
    record = state["maps"][0]
    record["deliveries"] = [{"cube": "red", "from": 1, "to": 2, "points": p} for p in (4, 4, 3, 2)]
    record["delivery_points"] = 13
    track: dict[str, list[int]] = {}
    lay(track, ["B2", "C2", "D2", "E3", "F3", "F4", "F5"])     # 1 - 4 through two towns
    lay(track, ["G2", "H2", "I2", "J2", "K2"])                 # 3 - 6 through a town
    lay(track, TOWN_4_2)                                       # 4 - 2 through a town
    lay(track, ["J5", "J4", "K4", "K3", "K2"])                 # 2 - 6 through a town
    record["track"] = track
    record["engine"] = [1, 2, 3, 5, 6]
    give(state, "4b", 0)                                       # -2 VP (and engine +1)
    return state


def test_rulebook_tiffany_scores_22_from_13_deliveries_9_network_2_engine_minus_2_cards() -> None:
    state = tiffany_state()
    conns = connections(state["maps"][0]["track"], [])  # type: ignore[index]
    assert len(conns) == 4 and sum(c.towns for c in conns) == 5
    assert breakdown(state, 0) == {"deliveries": 13, "network": 9, "engine": 2, "cards": -2}
    assert GAME.outcome(state).scores[0] == 22


@pytest.mark.parametrize("boxes,bonus", [(3, 0), (4, 1), (5, 2), (6, 3)])
def test_engine_bonus_counts_checkboxes_only_not_card_4b(boxes: int, bonus: int) -> None:
    state = started(2)
    state["maps"][0]["engine"] = list(range(1, boxes + 1))
    give(state, "4b", 0)
    assert breakdown(state, 0)["engine"] == bonus


def _tied(engine: tuple[int, int], network: tuple[bool, bool]) -> dict[str, object]:
    """Two players on equal points with the given engines and networks."""
    state = started(2)
    for seat in (0, 1):
        record = state["maps"][seat]
        record["engine"] = list(range(1, engine[seat] + 1))
        track: dict[str, list[int]] = {}
        if network[seat]:
            lay(track, DIRECT_1_3)
        record["track"] = track
    parts = [breakdown(state, s) for s in (0, 1)]
    top = max(sum(p.values()) for p in parts)
    for seat in (0, 1):
        gap = top - sum(parts[seat].values())
        state["maps"][seat]["deliveries"] = [{"cube": "red", "from": 1, "to": 2, "points": gap}] if gap else []
        state["maps"][seat]["delivery_points"] = gap
    return state


@pytest.mark.parametrize("engines,networks,ranking,note", [
    ((2, 3), (False, False), [[1], [0]], "better engine"),
    ((2, 2), (True, False), [[0], [1]], "better network"),
    ((2, 2), (True, True), [[0, 1]], "share"),
], ids=["engine", "network", "shared"])
def test_ties_are_broken_by_engine_then_network_else_shared(
        engines: tuple[int, int], networks: tuple[bool, bool], ranking: list[list[int]], note: str) -> None:
    result = GAME.outcome(_tied(engines, networks))
    assert result.scores[0] == result.scores[1]
    assert result.ranking == ranking
    assert note in result.tiebreak_note


# -- the end --------------------------------------------------------------

def test_game_ends_at_the_end_of_the_round_with_three_empty_cities() -> None:
    state = started(2, roll="roll 1 1 3 5")
    state["cubes"].update({"3": [], "4": [], "1": ["red"]})
    state["maps"][0]["track"] = figure_track()
    state["maps"][0]["engine"] = [1, 2, 3]
    state, _ = act(state, 0, "1 deliver red@1 to2-3")
    assert state["cubes"]["1"] == [] and not GAME.is_over(state)     # the round goes on
    state, events = act(state, 1, "3 improve")
    assert GAME.is_over(state) and GAME.to_act(state) == []
    assert "Cities 1, 3, 4 are empty: the game is over." in events
    assert GAME.status_line(state).startswith("Game over")


def test_two_empty_cities_do_not_end_the_game() -> None:
    state = started(2, roll="roll 1 1 3 5")
    state["cubes"].update({"3": [], "4": []})
    state, _ = act(state, 0, "1 improve")
    state, _ = act(state, 1, "3 improve")
    assert not GAME.is_over(state) and GAME.to_act(state) == [CHANCE]


def test_game_ends_when_every_map_is_full_and_no_cube_can_be_delivered() -> None:
    from games.steam_rollers.board import board
    state = started(2, roll="roll 1 1 3 5")
    for seat in (0, 1):
        state["maps"][seat]["track"] = {h: [0, 1] for h in board().coords if h not in board().city_at}
    state, _ = act(state, 0, "1 improve")
    state, events = act(state, 1, "3 improve")
    assert GAME.is_over(state)
    assert any("no cube left can be delivered" in e for e in events)


# -- actions and messages -------------------------------------------------

def test_illegal_actions_say_what_is_possible_and_leave_the_state_alone() -> None:
    state = started(2, roll="roll 1 1 3 5")
    before = __import__("copy").deepcopy(state)
    with pytest.raises(IllegalAction, match="Pick a white die: 1, 3, 5"):
        GAME.apply(state, 0, "2 improve")
    with pytest.raises(IllegalAction, match="incomplete"):
        GAME.apply(state, 0, "1 build")
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(state, 1, "1 improve")
    assert state == before


def test_choices_carry_commands_and_summaries() -> None:
    state = started(2, roll="roll 1 1 3 5")
    choices = GAME.legal_actions(state, 0)
    by_command = {c.command for c in choices}
    assert {"build", "improve", "card"} <= by_command
    improve = next(c for c in choices if c.text == "3 improve")
    assert improve.summary == "Die 3: improve engine to strength 1 (box 3)"
    assert improve.steps[0].label == "⚂ 3"
    piece = next(c for c in choices if c.text.startswith("1 build C2 "))
    assert piece.steps[-1].label.split(",")[0] in ("straight", "gentle curve")


def test_panel_steps_die_faces_then_action_buttons_then_hex_then_piece() -> None:
    state = started(2, roll="roll 1 1 3 5")
    state["maps"][0]["track"] = figure_track()
    state["maps"][0]["engine"] = [2, 3, 4]

    def step(prefix: str) -> tuple[set[str], list[str], list[bool]]:
        options = GAME.options_at(state, 0, prefix.split())
        return {o.heading for o in options}, [o.label for o in options], [o.complete for o in options]

    assert step("") == ({"Pick a white die"}, ["⚀ 1", "⚂ 3", "⚄ 5"], [False] * 3)
    assert step("1") == ({"What to do with die 1"},
                         ["Build track", "Improve engine", "Deliver cargo", "Take card 1a from the centre"],
                         [False, True, False, True])
    heading, hexes, _ = step("1 build")
    assert heading == {"Hex to build in (region 1)"} and len(hexes) == 11 - len(
        [h for h in figure_track() if board_region(h) == 1])
    heading, pieces, done = step(f"1 build {hexes[0]}")
    assert heading == {f"Track piece in {hexes[0]}"} and all(done)
    assert all(p.split(",")[0] in ("straight", "gentle curve") for p in pieces)
    assert step("1 deliver") == ({"Cube to deliver"}, ["grey cube in city 1", "red cube in city 1"], [False, False])
    assert step("1 deliver red@1")[1] == ["to city 2 (red), distance 3: 3 pts"]
    assert step("1 deliver grey@1")[1] == [                   # each destination and distance, longest first
        "to city 3 (grey), distance 3: 3 pts", "to city 4 (grey), distance 2: 2 pts",
        "to city 3 (grey), distance 1: 1 pt"]
