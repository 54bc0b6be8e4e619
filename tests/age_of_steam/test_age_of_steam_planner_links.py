"""Age of Steam's normal bot's link plans (:mod:`games.age_of_steam.links`):
the links it can finish, however short."""

from __future__ import annotations

from games.age_of_steam.hexmap import board, opposite
from games.age_of_steam.links import link_plans
from games.age_of_steam.state import typed
from games.age_of_steam.tiles import simple_for
from games.age_of_steam.track import network
from games.core import State

from aos_helpers import started, take_tiles


def _track_beside_a_town() -> tuple[State, str, str]:
    """Seat 0's one-tile unfinished track from a city pointing at an empty
    town (the first such city, hex and town on the map): the state, the
    track's hex and the town."""
    state = started(4)
    b = board()
    net = network(typed(state))
    for city in sorted(net.cities):
        for e, hexl in enumerate(b.neighbours[city]):
            if hexl is None or hexl in b.towns or hexl in net.cities or b.hexes[hexl].terrain != "plain":
                continue
            for out, town in enumerate(b.neighbours[hexl]):
                if town in b.towns and out != opposite(e):
                    v = simple_for(tuple(sorted((opposite(e), out))))  # type: ignore[arg-type]
                    if v is None or v.kind.name == "sharp":
                        continue
                    state["board"][hexl] = {"tile": v.kind.name, "rot": v.rot, "owners": [0]}
                    state["built"][0] = True
                    take_tiles(state)
                    return state, hexl, str(town)
    raise AssertionError("no city beside a plain hex beside a town")


def test_an_unfinished_track_pointing_at_a_town_is_finished_by_one_town_tile() -> None:
    """Track whose open end faces an empty town is one dedicated town tile
    ($2) from a completed link. The old plans began only on empty plain
    hexes, so a railroad that had built two tiles of a three-tile link to a
    town found no plan for the third and left the link unfinished (in a
    5-seat game, seed 1000, three railroads did so in the last two turns)."""
    state, hexl, town = _track_beside_a_town()
    plans = [p for p in link_plans(typed(state), network(typed(state)), 0, 1) if p.end == town and p.extends]
    assert len(plans) == 1
    (placed, variant, cost), = plans[0].tiles
    assert placed == town and variant.kind.cls == "town" and cost == 2
