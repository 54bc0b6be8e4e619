"""Age of Steam's bots on the small island maps: on Barbados, whose score
is the cash left after the buy-back, the normal bot counts everything in
dollars at the end; Production's cubes go where the seat's own track
delivers them; the easy bot builds from St. Lucia's first, lone city."""

from __future__ import annotations

import random

from games.age_of_steam import GAME
from games.age_of_steam.phases import BUILD, MOVE
from games.age_of_steam.forecast import income_vp, money_at_end, share_vp, track_vp
from games.age_of_steam.planner import NORMAL, produced_cube
from games.age_of_steam.easy import EASY
from games.age_of_steam.normal import NORMAL as CASH_NORMAL
from games.core import State

from aos_helpers import act, on_map, quiet_barbados, started, tile


def barbados_build(round_: int) -> State:
    """Barbados at Build Track in turn ``round_``, $20 in hand, 2 shares,
    engine 1: a yellow cube at Bathsheba (E5), whose yellow neighbour Bell
    Point (G6) one $2 tile (F5) away would take it; nothing else to
    deliver."""
    state = quiet_barbados(round_, cash=20, income=4)
    state["cubes"]["E5"] = ["yellow"]
    return state


def texts(state: State) -> list[str]:
    return [c.text for c in GAME.legal_actions(state, 0)]


def test_on_barbados_a_share_costs_its_dollar_a_turn_and_track_scores_nothing() -> None:
    """The buy-back repays the $5 a share brought, so a share issued with
    8 turns left costs $8 at the end; an income point then brings $8; a
    track piece, no VP on this map, is worth nothing. On the Rust Belt the
    same turn counts VP (3 a share and 3 an income point, plus dollars)."""
    solo = on_map("barbados")
    solo["round"] = 3
    assert money_at_end(solo)
    assert (share_vp(solo), income_vp(solo), track_vp(solo)) == (8.0, 8.0, 0)
    base = started(4)
    base["round"] = 3
    assert not money_at_end(base)
    assert share_vp(base) > 3 and income_vp(base) > 3 and track_vp(base) == 1


def test_the_normal_bot_puts_a_produced_cube_where_its_own_track_delivers_it() -> None:
    """Production: the yellow cube goes in the top box of Bathsheba's
    column (L2), whose city the seat's own link joins to yellow Bell
    Point, not in Oistins' (L5), which no track reaches, nor below the
    top box."""
    state = barbados_build(3)
    state["board"]["F5"] = tile("straight", 2, 0)
    texts = ["produce yellow L5 1", "produce yellow L2 2", "produce yellow L2 1"]
    assert produced_cube(state, 0, texts) == "produce yellow L2 1"


def test_the_easy_bot_builds_from_st_lucias_lone_first_city() -> None:
    """In St. Lucia's first turn the only city is the new one just placed:
    no other city to aim at, the easy bot still builds from it (it used
    to fail, looking for the nearest of no cities)."""
    state = on_map("st-lucia")
    state["action"] = ["urbanization", "engineer"]
    state["order"] = [0, 1]
    BUILD.begin(state)
    state = act(state, 0, "urbanize D10 F")
    chosen = EASY.choose(GAME, state, 0, random.Random(1))
    assert chosen in [c.text for c in GAME.legal_actions(state, 0)] and chosen.startswith("build ")


def test_on_barbados_the_normal_bot_leaves_engine_upgrades_to_the_forced_locomotive() -> None:
    """Barbados' action cycle forces Locomotive on the railroad every four
    turns, each link of engine costing $1 a turn to the end: the bot
    passes rather than upgrade in Move Goods, though a blue cube at
    Bathsheba would pay it 2 links over Bell Point to blue Brighton
    (F7, new city B) with an engine of 2."""
    state = barbados_build(3)
    state["board"]["F5"] = tile("straight", 2, 0)
    state["board"]["G7"] = tile("gentle", 0, 0)
    state["new_cities"] = {"F7": "B"}
    state["cubes"]["E5"] = ["blue"]
    MOVE.begin(state)
    assert state["phase"] == "move" and state["step"]["round"] == 1
    assert not [t for t in texts(state) if t.startswith("move ")]
    assert NORMAL.deliver(state, 0, ["upgrade", "pass"]) == "pass"


def test_on_barbados_the_normal_bot_issues_for_the_locomotive_the_cycle_forces() -> None:
    """Turn 4 of Barbados, Urbanization, Engineer and Production taken:
    Locomotive will be taken without asking, so the expenses are 2 shares
    and an engine of 2, $4, against $2 in hand and an income of 1. The
    bot issues a share (it used to count an engine of 1, issue none, and
    go out: seed 20)."""
    state = on_map("barbados")
    state["round"], state["cash"], state["income"] = 4, [2], [1]
    state["blocked"] = ["urbanization", "engineer", "production"]
    assert state["phase"] == "shares"
    assert CASH_NORMAL.choose(GAME, state, 0, random.Random(0)) == "shares 1"
