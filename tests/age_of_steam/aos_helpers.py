"""Builders of Age of Steam states for the tests."""

from __future__ import annotations

import random
from typing import Any

import pytest

import games.bot_search
from games.age_of_steam import GAME
from games.age_of_steam.phases import BUILD, MOVE
from games.age_of_steam.railroad import AgeOfSteamPolicy
from games.core import CHANCE, State

NAMES = ["ann", "bob", "cid", "dee", "eve", "fay"]


def started(players: int = 3, seed: int = 1) -> State:
    """A game after the set-up draws, seats in order 0..n-1, at Issue Shares."""
    state = GAME.new(NAMES[:players], {})
    stock = GAME.sample_chance(state, random.Random(seed))
    state = GAME.apply(state, CHANCE, stock).state
    return GAME.apply(state, CHANCE, "order " + " ".join(str(s) for s in range(players))).state


def at_build(players: int = 3, actions: dict[int, str] | None = None, built: bool = False,
             cash: int = 10) -> State:
    """A state at Build Track with the given selected actions."""
    state = started(players)
    state["action"] = [None] * players
    for seat, act in (actions or {}).items():
        state["action"][seat] = act
    state["built"] = [built] * players
    state["cash"] = [cash] * players
    BUILD.begin(state)
    return state


def at_move(players: int = 3, actions: dict[int, str] | None = None) -> State:
    state = started(players)
    state["action"] = [None] * players
    for seat, act in (actions or {}).items():
        state["action"][seat] = act
    MOVE.begin(state)
    return state


def act(state: State, seat: int, action: str) -> State:
    return GAME.apply(state, seat, action).state


def tile(name: str, rot: int, *owners: int | None) -> dict[str, Any]:
    return {"tile": name, "rot": rot, "owners": list(owners)}


def take_tiles(state: State) -> None:
    """Take the tiles now on the board out of the supply (for built-by-hand boards)."""
    from games.age_of_steam.tiles import kinds
    state["supply"] = {n: k.count for n, k in kinds().items()}
    for entry in state["board"].values():
        state["supply"][entry["tile"]] -= 1


def sensible_action(state: State, seat: int, rng: random.Random) -> str:
    """A random player that plays a little like a person: keeps cash for its
    expenses (issuing shares when short), bids low, builds when it can afford
    to, and delivers a cube whenever it can."""
    from games.age_of_steam.economy import expenses
    cash = state["cash"][seat]
    reserve = expenses(state, seat) - state["income"][seat] + 4
    prefix: list[str] = []
    while True:
        options = GAME.options_at(state, seat, prefix)
        tokens = [o.token for o in options]
        pick = rng.choice(options)
        phase = state["phase"]
        if phase == "shares" and len(prefix) == 1:
            need = max(0, (reserve + 8 - cash + 4) // 5)
            pick = options[min(len(options) - 1, need)]
        elif phase == "auction" and not prefix:
            wanted = "bid" if rng.random() < 0.4 and "bid" in tokens and cash > reserve + 6 else "drop"
            pick = next(o for o in options if o.token == wanted)
        elif phase == "auction":
            pick = options[0]
        elif phase == "build" and not prefix and "urbanize" in tokens and rng.random() < 0.8:
            pick = next(o for o in options if o.token == "urbanize")
        elif phase == "build" and not prefix:
            if "build" in tokens and cash > reserve + 2 and rng.random() < 0.9:
                best = _best_build(state, seat, cash - reserve, rng)
                if best is not None:
                    return best
            pick = next(o for o in options if o.token == "done")
        elif phase == "build" and len(prefix) == 1 and prefix[0] == "build":
            pick = options[min(len(options) - 1, int(rng.random() ** 2 * len(options)))]
        elif phase == "build" and len(prefix) == 2 and prefix[0] == "build":
            cheap = [o for o in options if int(o.label.rsplit("$", 1)[1]) <= cash - reserve]
            pick = rng.choice(cheap or options)
        elif phase == "move" and not prefix and "move" in tokens:
            pick = next(o for o in options if o.token == "move")
        elif phase == "move" and prefix:
            pick = options[0] if rng.random() < 0.7 else pick
        prefix.append(pick.token)
        if pick.complete:
            return " ".join(prefix)


def _best_build(state: State, seat: int, budget: int, rng: random.Random) -> str | None:
    """The placement that completes most of the player's links, then
    lengthens his track most, cheapest first; ties broken at random."""
    from games.age_of_steam.track import network

    def score(st: State) -> tuple[int, int]:
        net = network(st)
        done = sum(1 for sec in net.sections if sec.complete and sec.owner == seat)
        length = sum(len(sec.paths) for sec in net.sections if sec.owner == seat)
        return done, length

    base = score(state)
    best: tuple[tuple[int, int, int, float], str] | None = None
    builds = [c for c in GAME.legal_actions(state, seat) if c.text.startswith("build ")]
    for choice in rng.sample(builds, min(12, len(builds))):
        after = GAME.apply(state, seat, choice.text).state
        spent = state["cash"][seat] - after["cash"][seat]
        if spent > budget:
            continue
        done, length = score(after)
        key = (done - base[0], length - base[1], -spent, rng.random())
        if best is None or key > best[0]:
            best = (key, choice.text)
    return best[1] if best is not None else None


# -- a planning player ------------------------------------------------------------

def planner_action(state: State, seat: int, rng: random.Random) -> str:
    """A player with a plan: issues shares to keep building, bids little,
    builds as the easy bot does (:meth:`railroad.AgeOfSteamPolicy.build`:
    links towards cubes it can deliver) and delivers
    over its own links (or upgrades its engine). Plays whole games to their
    last turn, with deliveries, growth and new cities."""
    from games.age_of_steam.economy import expenses
    phase = state["phase"]
    cash = state["cash"][seat]
    need = expenses(state, seat) - state["income"][seat]
    if phase == "shares":
        want = max(0, (need + 8 - cash + 4) // 5)
        want = min(want, max(0, 8 - state["shares"][seat]))
        offered = [int(c.text.split()[1]) for c in GAME.legal_actions(state, seat)]
        return f"shares {min(want, max(offered))}"
    if phase == "auction":
        texts = [c.text for c in GAME.legal_actions(state, seat)]
        if "pass" in texts and rng.random() < 0.5:
            return "pass"
        high = max([0] + [int(v) for v in state["step"]["bids"].values()])
        if high < 3 and cash > need + 8 and rng.random() < 0.4 and f"bid {high + 1}" in texts:
            return f"bid {high + 1}"
        return "drop"
    if phase == "actions":
        taken = [c.text.split()[1] for c in GAME.legal_actions(state, seat)]
        if state["engine"][seat] < 2 and "locomotive" in taken:
            return "action locomotive"
        return "action " + rng.choice(taken)
    if phase == "build":
        return AgeOfSteamPolicy().build(GAME, state, seat, cash - max(0, need) - 1, rng)
    if phase == "move":
        return _planner_move(state, seat, rng)
    return sensible_action(state, seat, rng)


def _planner_move(state: State, seat: int, rng: random.Random) -> str:
    from games.age_of_steam.track import network
    net = network(state)
    moves = [c for c in GAME.legal_actions(state, seat) if c.command == "move"]
    texts = {c.text for c in GAME.legal_actions(state, seat)}

    def mine(text: str) -> tuple[int, int]:
        from games.age_of_steam.goods import routes
        _, cube, token = text.split()
        city, colour = cube.split("-", 1)
        route = next(r for r in routes(state, net, city, colour, state["engine"][seat]) if r.token == token)
        return sum(1 for i in route.links if net.sections[i].owner == seat), len(route.links)

    scored = sorted(((mine(c.text), c.text) for c in moves), reverse=True)
    if scored and scored[0][0][0] > 0:
        return scored[0][1]
    if "upgrade" in texts and state["engine"][seat] < 3 and state["income"][seat] > state["engine"][seat]:
        return "upgrade"
    if scored and rng.random() < 0.3:
        return scored[0][1]
    return "pass"


def delivery_ready(extra: dict[str, Any] | None = None) -> State:
    """ann (seat 0) can deliver the blue cube of Indianapolis (J10) to
    Cincinnati (M9) over two links; ``extra`` adds tiles (hex -> tile). The
    bag holds every cube not on the map or the display."""
    from games.age_of_steam.goods import display_columns
    from games.age_of_steam.params import rules

    state = at_move(3)
    state["board"] = {"K10": tile("gentle", 0, 0), "K9": tile("sharp", 3, 1, 0), "L9": tile("gentle", 1, 1),
                      **(extra or {})}
    take_tiles(state)
    state["cubes"] = {"J10": ["blue"]}
    state["bag"] = dict(rules().goods)
    state["bag"]["blue"] -= 1
    for _, col in display_columns(state["display"]):
        for cube in col:
            if cube is not None:
                state["bag"][cube] -= 1
    state["engine"] = [2, 2, 2]
    return state


def on_map(slug: str, seed: int = 1, order: list[int] | None = None) -> State:
    """A game on map ``slug`` (1 player on Barbados, 2 on St. Lucia) after
    the set-up draw and the order roll (seats 0..n-1 unless ``order``)."""
    players = GAME.player_counts({"map": slug})[0]
    state = GAME.new(NAMES[:players], {"map": slug})
    state = GAME.apply(state, CHANCE, GAME.sample_chance(state, random.Random(seed))).state
    seats = order if order is not None else list(range(players))
    return GAME.apply(state, CHANCE, "order " + " ".join(str(s) for s in seats)).state


def quiet_barbados(round_: int, cash: int = 20, income: int = 0) -> State:
    """Barbados at Build Track in turn ``round_`` (Engineer taken), 2
    shares, engine 1, no cube anywhere: none on the board, none on the
    display."""
    state = on_map("barbados")
    state["round"] = round_
    state["cash"], state["income"] = [cash], [income]
    state["cubes"] = {c: [] for c in state["cubes"]}
    for side in ("light", "dark"):
        state["display"][side] = [[None] * len(col) for col in state["display"][side]]
    state["display"]["new"] = {k: [None] * len(v) for k, v in state["display"]["new"].items()}
    state["action"] = ["engineer"]
    BUILD.begin(state)
    return state


class StoppedClock:
    """A ``time`` module whose clock never moves."""

    @staticmethod
    def perf_counter() -> float:
        return 0.0


def stop_search_clocks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hard bot's searches run all their play-outs, however loaded the
    machine (a test of what a search chooses must not hang on its safety
    clock: a parallel test run can starve it): the clock every search reads
    (:func:`games.bot_search.clock`) is stopped."""
    monkeypatch.setattr(games.bot_search, "time", StoppedClock)
