"""Age of Steam: whole games by random players, with the invariants checked
after every action, the panel walk agreeing with the legal actions, and the
board rendering small."""

from __future__ import annotations

import copy
import random
from typing import Callable

import pytest
from aos_helpers import NAMES, planner_action, sensible_action

from games.age_of_steam import GAME
from games.age_of_steam.goods import conservation
from games.core import CHANCE, State, chance_rng, secret_from_seed
from games.playout import play_out, replay
from rendering.age_of_steam import render


def _check(state: State, seat: int, action: str) -> None:
    problems = GAME.check_invariants(state)
    assert not problems, f"after {seat}:{action}: {problems}"


SMALL_MAPS = {"barbados": 1, "st-lucia": 2}
"""The small maps and their player counts."""


def _check_final(final: State) -> None:
    assert GAME.is_over(final) and GAME.to_act(final) == []
    assert sum(conservation(final).values()) == {"barbados": 76}.get(final["map"], 96)
    out = GAME.outcome(final)
    for score, parts in zip(out.scores, out.breakdown):
        assert sum(parts.values()) == score
    if sum(not e for e in final["eliminated"]) > 1:
        assert final["round"] == final["rounds"]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_playouts_over_many_seeds_keep_goods_cash_tiles_and_links_sound(players: int) -> None:
    """Uniformly random legal players (the platform's --auto), 12 seeds per
    player count: after every action 96 goods are in the bag, the display, the
    cities or a Production hand; no cash is negative; every track tile is on
    the board or in the supply; every piece of track lies on a link or
    section traced from a city or town, with one owner still in the game."""
    for seed in range(12):
        final, log = play_out(GAME, NAMES[:players], seed=seed, after_each=_check)
        _check_final(final)


Chooser = Callable[[State, int, random.Random], str]


def _play(players: int, seed: int, choose: Chooser,
          visit: Callable[[State, int, random.Random], None] | None = None,
          options: dict[str, str] | None = None) -> tuple[State, list[tuple[int, str]]]:
    """A whole game: chance outcomes from the seed, a random seat of those due
    choosing with ``choose`` (``visit`` sees each decision first), the
    invariants checked after every action. Returns the end and the log."""
    rng = random.Random(seed)
    state = GAME.new(NAMES[:players], options or {})
    log: list[tuple[int, str]] = []
    for _ in range(5000):
        if GAME.is_over(state):
            return state, log
        due = GAME.to_act(state)
        if CHANCE in due:
            seat, action = CHANCE, GAME.sample_chance(state, chance_rng(secret_from_seed(seed), state["chance_taken"]))
        else:
            seat = rng.choice(due)
            if visit is not None:
                visit(state, seat, rng)
            action = choose(state, seat, rng)
        state = GAME.apply(state, seat, action).state
        _check(state, seat, action)
        log.append((seat, action))
    raise AssertionError("the game did not end")


def _planned_game(players: int, seed: int) -> tuple[State, list[tuple[int, str]]]:
    return _play(players, seed, planner_action)


def _sensible_game(players: int, seed: int) -> tuple[State, list[tuple[int, str]]]:
    return _play(players, seed, sensible_action)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_planned_playouts_deliver_grow_and_keep_the_invariants(players: int) -> None:
    """Players who build links between cities and deliver over them: the
    invariants hold through deliveries, income, growth, new cities and
    eliminations, and the log replays to the same state."""
    moves = urbanized = 0
    for seed in range(3):
        final, log = _planned_game(players, seed)
        _check_final(final)
        moves += sum(1 for _, a in log if a.startswith("move "))
        urbanized += len(final["new_cities"])
        assert replay(GAME, NAMES[:players], {}, log) == final
    assert moves >= 5 and urbanized >= 1


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_sensible_playout_builds_track_ends_and_replays(players: int) -> None:
    final, log = _sensible_game(players, seed=players)
    assert GAME.is_over(final)
    assert sum(1 for _, a in log if a.startswith("build ")) >= players
    assert replay(GAME, NAMES[:players], {}, log) == final


def test_render_is_a_png_of_at_most_400_kb_for_every_viewer() -> None:
    final, log = _sensible_game(4, seed=11)
    state = replay(GAME, NAMES[:4], {}, log[: len(log) * 2 // 3])
    for viewer in [None, 0, 1, 2, 3]:
        png = render(GAME.view(state, viewer), viewer)
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) <= 400 * 1024


def test_every_kind_of_placement_keeps_the_board_sound() -> None:
    """New tiles, town tiles, replacements and redirections, sampled from real
    build decisions: after each, every piece belongs to one section with one
    owner, no link returns to its start, and tiles and cubes are conserved."""
    from games.age_of_steam.placement import evaluate
    from games.age_of_steam.tiles import variant_by_token
    from games.age_of_steam.track import network

    kinds: set[str] = set()

    def try_builds(state: State, seat: int, rng: random.Random) -> None:
        if state["phase"] != "build":
            return
        net = network(state)
        builds = [c for c in GAME.legal_actions(state, seat) if c.text.startswith("build ")]
        for choice in rng.sample(builds, min(8, len(builds))):
            _, hexl, token = choice.text.split()
            kinds.add(evaluate(state, net, seat, hexl, variant_by_token()[token]).kind)
            _check(GAME.apply(state, seat, choice.text).state, seat, choice.text)

    _play(5, 31, sensible_action, try_builds)
    assert {"new", "redirect", "replace"} <= kinds


def test_the_invariants_catch_lost_cubes_debt_lost_tiles_and_bad_track() -> None:
    """Each invariant of the playout tests fails on a state that breaks it."""
    from aos_helpers import at_build, take_tiles, tile
    sound = at_build(3, cash=20)
    sound = GAME.apply(sound, 0, "build G7 straight.1").state
    assert GAME.check_invariants(sound) == []

    def broken(change: str) -> list[str]:
        state = copy.deepcopy(sound)
        if change == "cube":
            state["bag"]["red"] -= 1
        elif change == "cash":
            state["cash"][1] = -1
        elif change == "tile":
            state["supply"]["gentle"] += 1
        elif change == "orphan":
            state["board"]["F3"] = tile("straight", 0, 2)  # no city or town at either end
            take_tiles(state)
        elif change == "lake":
            state["board"]["H5"] = tile("gentle", 3, 0)  # into the lake
            take_tiles(state)
        elif change == "owners":
            state["board"]["G7"]["owners"] = [0, 1]
        elif change == "eliminated":
            state["eliminated"][0] = True
            state["order"].remove(0)
        return GAME.check_invariants(state)

    assert any("red cubes" in p for p in broken("cube"))
    assert any("negative cash" in p for p in broken("cash"))
    assert any("tile gentle" in p for p in broken("tile"))
    assert any("belongs to no link" in p for p in broken("orphan"))
    assert any("lake" in p for p in broken("lake"))
    assert any("owners do not match" in p for p in broken("owners"))
    assert any("still owns track" in p for p in broken("eliminated"))


def _walk(state: State, seat: int, prefix: list[str]) -> set[str]:
    """Every complete action the panel reaches from ``prefix``."""
    out: set[str] = set()
    for option in GAME.options_at(state, seat, prefix):
        assert len(option.label) <= 80 and len(option.detail) <= 100 and option.label
        path = prefix + [option.token]
        out |= {" ".join(path)} if option.complete else _walk(state, seat, path)
    return out


def test_panel_walk_reaches_exactly_the_legal_actions_in_every_step() -> None:
    """In every kind of step of a played game, walking the panel token by
    token reaches exactly the legal actions, each label fitting Discord."""
    walked_phases: set[str] = set()
    count = 0

    def walk(state: State, seat: int, rng: random.Random) -> None:
        nonlocal count
        count += 1
        if state["phase"] != "build" or count % 7 == 0:  # build walks are long: a sample
            assert _walk(state, seat, []) == {c.text for c in GAME.legal_actions(state, seat)}
            walked_phases.add(state["phase"])

    every = {"shares", "auction", "actions", "build", "move", "production"}
    for seed in range(8, 12):  # games until every kind of step was walked
        _play(4, seed, planner_action, walk)
        if walked_phases == every:
            break
    assert walked_phases == every


@pytest.mark.parametrize("slug", sorted(SMALL_MAPS))
def test_random_playouts_on_a_small_map_keep_goods_cash_tiles_and_links_sound(slug: str) -> None:
    """The random players of the platform's --auto on Barbados and St.
    Lucia, 12 seeds each: the invariants hold after every action (the map's
    cubes conserved, with those lying on hexes) and the game ends."""
    for seed in range(12):
        final, log = play_out(GAME, NAMES[:SMALL_MAPS[slug]], seed=seed, options={"map": slug}, after_each=_check)
        _check_final(final)
        assert final["map"] == slug and log[0][0] == CHANCE


@pytest.mark.parametrize("slug", sorted(SMALL_MAPS))
def test_planned_and_sensible_playouts_on_a_small_map_replay(slug: str) -> None:
    """Players who build and deliver on Barbados and St. Lucia: the
    invariants hold and the log replays to the same end."""
    players, options = SMALL_MAPS[slug], {"map": slug}
    built = 0
    for seed, choose in ((0, planner_action), (1, sensible_action), (2, sensible_action)):
        final, log = _play(players, seed, choose, options=options)
        _check_final(final)
        built += sum(1 for _, a in log if a.startswith(("build ", "urbanize ")))
        assert replay(GAME, NAMES[:players], options, log) == final
    assert built >= 3


@pytest.mark.parametrize("slug", sorted(SMALL_MAPS))
def test_panel_walk_on_a_small_map_reaches_exactly_the_legal_actions(slug: str) -> None:
    """The map's own steps (St. Lucia's priority, Barbados' Production on
    the light side) walk token by token to exactly the legal actions."""
    walked: set[str] = set()

    def walk(state: State, seat: int, rng: random.Random) -> None:
        if state["phase"] != "build" or rng.random() < 0.2:
            assert _walk(state, seat, []) == {c.text for c in GAME.legal_actions(state, seat)}
            walked.add(state["phase"])

    for seed in range(4):
        _play(SMALL_MAPS[slug], seed, sensible_action, walk, options={"map": slug})
    assert {"shares", "actions", "move"} <= walked
    assert ("priority" in walked) == (slug == "st-lucia") and ("auction" not in walked)
