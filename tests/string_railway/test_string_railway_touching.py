"""String Railway: a station tile may not lie on the river, the mountain
range string or a railroad string, and touching decides, not rounding (issue
32): a string through exactly one corner of a tile touches it."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, strategies as st
from shapely.geometry import LineString

from games.core import CHANCE, IllegalAction, State
from games.string_railway import GAME, board, stations, touching
from games.string_railway.params import table as rules_table
from games.string_railway.state import typed
from tests.string_railway.string_railway_fixtures import cell, put, table

C34 = cell(5, 67)  # the tile from (2, 64) to (8, 70)
# the issue's table: a river through (8, 64), C34's top right corner, and
# no other point of its tile; floating point puts it 3.5e-15 cm away
THROUGH_THE_CORNER = [[6.36, 62.36], [8.13, 64.13]]


def _placing(river: list[list[float]], mountain: list[list[float]] | None = None) -> State:
    state = table()
    state["river"] = river
    if mountain is not None:
        state["mountain"] = mountain
    state = GAME.apply(state, CHANCE, "draw 1").state
    state = GAME.apply(state, CHANCE, "draw 2").state
    assert state["phase"] == "place"
    return state


def _refused_at_c34(state: State) -> None:
    assert C34 not in stations.legal_cells(typed(state))
    assert C34 not in [c for _block, cells in stations.blocks(typed(state), 0) for c in cells]
    before = str(state)
    with pytest.raises(IllegalAction, match="can't go at C34"):
        GAME.apply(state, 0, "C34")
    assert str(state) == before


def test_a_river_through_exactly_a_tiles_corner_is_under_it_so_the_cell_is_neither_offered_nor_accepted() -> None:
    river = THROUGH_THE_CORNER + [[20.0, 70.0]]
    assert not board.tile(C34).intersects(board.river_line(river))  # floating point misses the corner
    state = _placing(river)
    _refused_at_c34(state)
    assert cell(5, 69) in stations.legal_cells(typed(state))  # a cell further down, clear of the river, is offered
    assert GAME.apply(state, 0, cell(5, 69)).state["stations"][-1]["cell"] == cell(5, 69)


def test_a_mountain_line_through_exactly_a_tiles_corner_on_its_closing_stretch_is_under_it() -> None:
    mountain = [[8.13, 64.13], [30.0, 64.13], [30.0, 50.0], [6.36, 62.36]]  # closes through (8, 64)
    assert not board.tile(C34).intersects(board.mountain_ring(mountain))
    _refused_at_c34(_placing([[51.0, -1.0], [51.0, 30.0]], mountain))


def test_the_invariants_find_a_station_put_where_the_river_passes_through_its_corner() -> None:
    state = _placing(THROUGH_THE_CORNER + [[20.0, 70.0]])
    assert not GAME.check_invariants(state)
    put(state, "local", C34)
    assert GAME.check_invariants(state) == [f"station {C34} lies on the river or the mountain range string"]


def test_a_river_passing_a_hundredth_clear_of_the_corner_leaves_the_cell_free() -> None:
    state = _placing([[6.37, 62.36], [8.14, 64.13], [20.0, 70.0]])
    assert C34 in stations.legal_cells(typed(state))


coordinate = st.integers(-40, 40).map(lambda n: n / 4)  # exact in floating point, where shapely is exact too


@given(coordinate, coordinate, coordinate, coordinate)
def test_the_exact_touch_agrees_with_shapely_where_floating_point_is_exact(
        px: float, py: float, qx: float, qy: float) -> None:
    square = board.tile(cell(1, 1))  # from (-2, -2) to (4, 4)
    exact = touching.segment_touches_square((Fraction(px), Fraction(py)), (Fraction(qx), Fraction(qy)),
                                            (Fraction(1), Fraction(1)), Fraction(3))
    assert exact == square.intersects(LineString([(px, py), (qx, qy)]))


@pytest.mark.parametrize("players, number", [(2, 2), (3, 5), (5, 1)])
def test_the_margins_only_pick_what_to_decide_the_exact_touch_decides(players: int, number: int) -> None:
    """On generated tables (2 players, table 2: the issue's, C34 under the
    river at one corner), every tile within 0.5 cm of the river or the
    mountains is decided as the exact test alone decides it."""
    state = GAME.new(["ann", "bob", "cid", "dee", "eve"][:players], {})
    state = GAME.apply(state, CHANCE, f"table {number} first 0").state
    strings = [(state["river"], False), (state["mountain"], True)]
    lines = [board.river_line(state["river"]), board.mountain_ring(state["mountain"])]
    cells, _tiles = board.cell_tiles(state["shape"])
    close = tuple(c for c in cells if min(board.tile(c).distance(line) for line in lines) < 0.5)
    segments = []
    for points, closed in strings:
        pts = touching.exact(points + points[:1] * closed)
        segments += list(zip(pts, pts[1:]))
    half = Fraction(rules_table().tile_size) / 2

    def exactly(c: str) -> bool:
        centre = touching.exact([list(board.centre(c))])[0]
        return any(touching.segment_touches_square(p, q, centre, half) for p, q in segments)

    under = {c for c in close if exactly(c)}
    assert under and touching.touching_cells(close, strings) == under
