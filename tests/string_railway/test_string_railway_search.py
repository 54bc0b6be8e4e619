"""The engine's string search against typed strings: ``skip`` only when
nothing can be laid (the rulebook ends the game "when all players have
placed all their strings"), and the search finds what the rules allow, a
string's ends anywhere on their tiles ("both ends on top of a station
tile").

On crafted tables the search is compared with typed probes: every straight
string between grid points of two station tiles, and a seeded sample of
strings bending once at any grid point."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.bots import policy_for
from games.core import IllegalAction
from games.string_railway import GAME, board
from games.string_railway.laying import Context, check_path
from games.string_railway.routes import proposals, tile_points
from games.string_railway.state import typed
from tests.string_railway.string_railway_fixtures import cell, put, string_turn, table, track

B2 = cell(3, 3)  # company 0's home (NW corner)


def _home_and_central_30_5_cm_apart() -> dict[str, Any]:
    """The central 30.5 cm from the home, centre to centre: no short string
    joins the centres, yet ``short C3-O10`` (27.8 cm) is legal."""
    state = table()
    put(state, "central", cell(29, 19))
    state["companies"][0]["strings"] = {"short": 4, "long": 0}
    return string_turn(state, 0)


def _a_full_station_in_the_way() -> dict[str, Any]:
    """A countryside taken by another company lies between the home and a
    central: the straight string is refused, a bent one is legal."""
    state = table()
    put(state, "countryside", cell(13, 13))
    track(state, 1, [cell(13, 13), cell(13, 15)], [cell(13, 13)])
    put(state, "central", cell(25, 25))
    put(state, "local", cell(41, 3))
    return string_turn(state, 0)


def _reaching_from_a_tiles_edge() -> dict[str, Any]:
    """A network through a local; a suburban and a terminal just within a
    short string of the local's and the home's tile edges, the river between."""
    state = table()
    put(state, "local", cell(21, 11))
    track(state, 0, [B2, cell(21, 11)], [B2, cell(21, 11)])
    put(state, "suburban", cell(49, 25))
    put(state, "terminal", cell(3, 35))
    put(state, "junction", cell(37, 41))
    return string_turn(state, 0)


def _nothing_in_reach() -> dict[str, Any]:
    """Only short strings left, every other station beyond 30 cm of the
    home's tile or full: nothing can be laid."""
    state = table()
    put(state, "central", cell(35, 21))
    put(state, "countryside", cell(15, 15))
    track(state, 1, [cell(15, 15), cell(15, 17)], [cell(15, 15)])
    state["companies"][0]["strings"] = {"short": 2, "long": 0}
    return string_turn(state, 0)


TABLES = [_home_and_central_30_5_cm_apart, _a_full_station_in_the_way, _reaching_from_a_tiles_edge,
          _nothing_in_reach]


def _probes(state: dict[str, Any], length: str, bent: int) -> list[tuple[int, list[str]]]:
    """The legal typed strings among the probes, with their points."""
    s = typed(state)
    ctx = Context.of(s)
    points = [p for c in ctx.cells for p in tile_points(s["shape"], c)]
    paths: list[list[str]] = [[p, q] for p in points for q in points if ctx.station_at(board.centre(p))
                              != ctx.station_at(board.centre(q))]
    rng = random.Random(22)
    bends = board.all_cells(s["shape"])
    mine = [p for c in ctx.network(0) for p in tile_points(s["shape"], c)]
    paths += [[rng.choice(mine), rng.choice(bends), rng.choice(points)] for _ in range(bent)]
    legal = []
    for path in paths:
        try:
            legal.append((check_path(ctx, 0, length, path).points, path))
        except IllegalAction:
            continue
    return legal


@pytest.mark.parametrize("make", TABLES, ids=[t.__name__.strip("_") for t in TABLES])
def test_the_search_finds_what_typed_strings_find(make: Any) -> None:
    state = make()
    for length in [n for n, left in state["companies"][0]["strings"].items() if left]:
        found = proposals(typed(state), 0, length)
        probes = _probes(state, length, bent=1500)
        if probes:
            assert found, (length, probes[:3])
            assert max(r.points for r in found) >= max(p for p, _path in probes), length
        for r in found:  # each proposal is a typed string scoring the same
            applied = GAME.apply(state, 0, f"{length} {'-'.join(r.path)}")
            assert applied.state["companies"][0]["score"] == 3 + r.points


def test_a_strings_ends_may_lie_anywhere_on_their_tiles() -> None:
    state = _home_and_central_30_5_cm_apart()
    assert GAME.apply(state, 0, "short C3-O10").state["companies"][0]["score"] == 3 + 3
    [best] = [r for r in proposals(typed(state), 0, "short") if cell(29, 19) in r.entered]
    assert best.points == 3 and best.length <= 30


def test_skip_only_when_nothing_can_be_laid() -> None:
    state = _home_and_central_30_5_cm_apart()
    tokens = [o.token for o in GAME.options_at(state, 0, [])]
    assert tokens == ["short"]
    assert GAME.default_action(state, 0) is None  # the turn clock hands the seat to the bot
    after = GAME.apply(state, 0, policy_for("string-railway").choose(GAME, state, 0, random.Random(0))).state
    assert after["companies"][0]["score"] == 3 + 3 and after["companies"][0]["skipped"] == 0
    stuck = _nothing_in_reach()
    assert not _probes(stuck, "short", bent=1500)
    assert [o.token for o in GAME.options_at(stuck, 0, [])] == ["skip"]
    assert GAME.default_action(stuck, 0) == "skip"


def test_the_long_string_is_offered_when_no_short_one_fits() -> None:
    state = _nothing_in_reach()
    state["companies"][0]["strings"] = {"short": 2, "long": 1}
    assert [o.token for o in GAME.options_at(state, 0, [])] == ["long"]
    assert GAME.default_action(state, 0) is None
