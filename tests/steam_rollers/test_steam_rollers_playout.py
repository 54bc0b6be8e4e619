"""Random Steam Rollers games played to the end with invariants checked after
every action; replays; the renderer's output."""

from __future__ import annotations

import random

import pytest

from games.core import CHANCE, State
from games.playout import play_out, replay, step
from games.steam_rollers import GAME
from games.steam_rollers.board import board
from games.steam_rollers.network import network_points
from rendering.steam_rollers import render
from steam_rollers_fixtures import NAMES, act, full_network, started

DIFFICULTIES = ("easy", "medium", "hard")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_end_with_invariants_after_every_action(players: int, seed: int) -> None:
    options = {"difficulty": DIFFICULTIES[(seed + players) % 3]}
    names = NAMES[:players]
    seen: set[str] = set()

    def check(state: State, seat: int, action: str) -> None:
        problems = GAME.check_invariants(state)
        assert not problems, f"after {seat}: {action}: {problems}"
        for record in state["maps"]:
            assert 0 <= len(record["engine"]) <= 6
        seen.add(state["phase"])

    final, log = play_out(GAME, names, seed * 100 + players, options, after_each=check)
    assert GAME.is_over(final)
    result = GAME.outcome(final)
    vp = {"1b": -2, "3a": -1, "4b": -2, "5a": -1, "5b": -1, "6b": -1}
    for seat in range(players):
        record = final["maps"][seat]                                      # recomputable from the maps
        assert result.breakdown[seat] == {
            "deliveries": sum(d["points"] for d in record["deliveries"]),
            "network": network_points(record["track"], final["walls"]),
            "engine": {4: 1, 5: 2, 6: 3}.get(len(record["engine"]), 0),
            "cards": sum(vp.get(f"{n}{c['side']}", 0) for n, c in final["cards"].items() if c["holder"] == seat),
        }
        assert sum(result.breakdown[seat].values()) == result.scores[seat]
    assert replay(GAME, names, options, log) == final
    assert {"pick", "roll"} <= seen


def test_many_seeds_exercise_the_cards_and_the_claim() -> None:
    """Across seeds, random players use the cards: changes, 2a, 2b claims."""
    used: set[str] = set()
    for seed in range(12):
        rng = random.Random(seed)
        state = GAME.new(NAMES[:3], {})
        for _ in range(300):
            if GAME.is_over(state):
                break
            state, seat, action, _ = step(GAME, state, rng)
            if seat != CHANCE:
                used.update(t[:2] for t in action.split() if t[:2] in ("1a", "1b", "5a", "5b", "2a"))
                used.update(t for t in action.split() if t in ("claim", "let"))
            assert not GAME.check_invariants(state)
    assert {"5a", "2a", "claim", "let"} <= used


def _greedy_action(state: State, seat: int, rng: random.Random) -> str:
    """Deliver the longest route when possible, else improve, else anything."""
    prefix: list[str] = []
    while True:
        options = GAME.options_at(state, seat, prefix)
        tokens = [o.token for o in options]
        if "deliver" in tokens:
            pick = "deliver"
        elif "improve" in tokens:
            pick = "improve"
        elif prefix and prefix[-1] == "deliver" or any(t.startswith("to") for t in tokens):
            pick = tokens[0]                      # the best cube, the longest route
        else:
            pick = rng.choice(tokens)
        prefix.append(pick)
        if next(o for o in options if o.token == pick).complete:
            return " ".join(prefix)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_deliverers_on_full_networks_empty_three_cities_and_end_the_game(players: int) -> None:
    rng = random.Random(players)
    state = GAME.new(NAMES[:players], {"difficulty": "medium"})
    state = GAME.apply(state, CHANCE, GAME.sample_chance(state, random.Random(players))).state
    for record in state["maps"]:
        record["track"] = full_network()
    drawn = sum(state["drawn"].values())
    for _ in range(3000):
        if GAME.is_over(state):
            break
        due = GAME.to_act(state)
        if CHANCE in due:
            state, *_ = step(GAME, state, rng)
            continue
        seat = due[0]
        state = GAME.apply(state, seat, _greedy_action(state, seat, rng)).state
        assert not GAME.check_invariants(state)
    assert GAME.is_over(state)
    empty = [c for c, cubes in state["cubes"].items() if not cubes]
    assert len(empty) >= 3
    delivered = sum(len(r["deliveries"]) for r in state["maps"])
    removed = sum(state["removed"].values())
    on_board = sum(len(c) for c in state["cubes"].values())
    assert delivered + removed + on_board == drawn == 6 * (players + 2)
    result = GAME.outcome(state)
    for seat in range(players):
        assert result.breakdown[seat]["deliveries"] == sum(
            d["points"] for d in state["maps"][seat]["deliveries"])


def test_render_is_a_phone_sized_png_for_every_viewer() -> None:
    rng = random.Random(5)
    state = GAME.new(NAMES[:5], {"difficulty": "hard"})
    for _ in range(150):
        state, *_ = step(GAME, state, rng)
    for viewer in [None, 0, 1, 2, 3, 4]:
        png = render(GAME.view(state, viewer), viewer)
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) <= 400 * 1024
        width = int.from_bytes(png[16:20], "big")
        assert 1000 <= width <= 1500


def test_render_draws_the_viewers_own_map() -> None:
    state = started(2, roll="roll 1 1 3 6")
    state, _ = act(state, 0, "1 build C2 N-S")
    mine = render(state, 0)
    theirs = render(state, 1)
    spectator = render(state, None)                             # the last mover's map
    assert mine != theirs and spectator == mine


def test_view_hides_nothing_because_everything_is_public() -> None:
    state = started(3, roll="roll 1 1 3 5 6")
    assert GAME.view(state, 1) == state and GAME.view(state, None) == state
    assert len(board().coords) == 72


def test_choices_fit_the_panel_with_every_card_in_play() -> None:
    """With the cards handed out (die changes, 3b, 4a, 6a, 2a, 2b) every
    choice keeps the panel's limits and no action is a prefix of another."""
    from steam_rollers_fixtures import give

    rng = random.Random(8)
    state = started(3, roll="roll 1 1 2 4 6", sides="abbaba")
    state["maps"][0]["track"] = full_network()
    state["maps"][0]["engine"] = [1, 2, 3]
    for code, seat in (("1a", 0), ("2b", 2), ("3b", 0), ("4a", 0), ("5b", 1), ("6a", 0)):
        give(state, code, seat)
    checked = 0
    for _ in range(60):
        if GAME.is_over(state):
            break
        for seat in GAME.to_act(state):
            if seat == CHANCE:
                continue
            choices = GAME.legal_actions(state, seat)
            texts = {c.text for c in choices}
            assert len(texts) == len(choices)
            for c in choices:
                assert c.command in GAME.commands and 0 < len(c.summary) <= 100
                for s in c.steps:
                    assert s.token and " " not in s.token
                    assert 0 < len(s.label) <= 80 and 0 < len(s.heading) <= 100 and len(s.detail) <= 100
                tokens = c.text.split()
                assert all(" ".join(tokens[:i]) not in texts for i in range(1, len(tokens)))
                checked += 1
        state, *_ = step(GAME, state, rng)
    assert checked > 1000


# -- the invariants catch what they promise -----------------------------------

@pytest.mark.parametrize("corrupt,problem", [
    (lambda s: s["cubes"]["1"].pop(), "not conserved"),
    (lambda s: s["cubes"]["1"].append("yellow"), "own colour"),
    (lambda s: s["maps"][0].update(engine=[3, 3]), "reuse"),
    (lambda s: s["maps"][0].update(engine=[0]), "exceed"),
    (lambda s: s["maps"][0].update(delivery_points=4), "do not add up"),
    (lambda s: s["maps"][0]["track"].update(B2=[0, 3]), "can't be drawn in"),
    (lambda s: s["maps"][0]["track"].update(C2=[0, 0]), "bad piece"),
    (lambda s: s["cards"]["3"].update(sideways=True), "sideways in the centre"),
    (lambda s: s["cards"]["3"].update(holder=7), "unknown seat"),
    (lambda s: s.update(pool=[1, 2, 3, 4, 5]), "bad white dice"),
], ids=["cube-lost", "own-colour-cube", "engine-value-twice", "engine-value-0", "delivery-sum",
        "track-in-city", "bad-piece", "sideways-in-centre", "unknown-holder", "too-many-dice"])
def test_invariants_report_a_broken_state(corrupt: object, problem: str) -> None:
    state = started(3, roll="roll 1 1 3 5 6")
    assert GAME.check_invariants(state) == []
    corrupt(state)  # type: ignore[operator]
    assert any(problem in p for p in GAME.check_invariants(state))


def test_render_outlines_the_last_delivery_route_on_the_delivering_players_map() -> None:
    import io

    from PIL import Image

    from rendering.steam_rollers import last_outline
    from steam_rollers_fixtures import DIRECT_1_3, DIRECT_3_4, DIRECT_4_2, TOWN_4_2, lay

    state = started(2, roll="roll 1 1 3 5")
    track: dict[str, list[int]] = {}
    for chain in (DIRECT_1_3, DIRECT_3_4, DIRECT_4_2, TOWN_4_2):
        lay(track, chain)
    state["maps"][0]["track"] = track
    state["maps"][0]["engine"] = [1, 2, 3]
    state, _ = act(state, 0, "1 deliver red@1 to2-3")          # 1-3-4-2, not through town H5

    def outlined(viewer: int, hex_name: str) -> bool:
        """The highlight form (white band, black dashes) runs round the hex:
        along its outline, both white and black pixels are plentiful."""
        image = Image.open(io.BytesIO(render(state, viewer))).convert("RGB")
        corners = last_outline(hex_name)
        samples = []
        for a, b in zip(corners, corners[1:] + corners[:1]):
            for i in range(12):
                t = i / 12
                pixel = image.getpixel((round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t)))
                assert isinstance(pixel, tuple)
                samples.append(pixel)
        white = sum(min(p) >= 235 for p in samples) / len(samples)
        black = sum(max(p) <= 45 for p in samples) / len(samples)
        return white >= 0.25 and black >= 0.25

    route = state["last"]["where"]
    assert route[0] == "B2" and route[-1] == "J5" and {"G2", "F5"} <= set(route)
    assert all(outlined(0, h) for h in ("B2", "D1", "G2", "F5", "J5"))
    assert not outlined(0, "H5")                                 # the longer route is not outlined
    assert not outlined(1, "G2")                                 # bob's map: not his move


def test_render_badges_each_scoring_connection_but_not_one_cut_by_a_wall() -> None:
    import io

    from PIL import Image

    from rendering.steam_rollers import centre
    from steam_rollers_fixtures import DIRECT_1_3, lay

    def badge_on_e1(walls: list[int]) -> bool:
        state = started(2, roll="roll 1 1 3 5")
        track: dict[str, list[int]] = {}
        lay(track, DIRECT_1_3)                                  # C2 D1 E1 F1: the badge sits on E1
        state["maps"][0]["track"] = track
        state["walls"] = walls
        image = Image.open(io.BytesIO(render(state, 0))).convert("RGB")
        cx, cy = centre("E1")
        return min(image.getpixel((round(cx) + 12, round(cy)))) >= 250        # the badge's white

    assert badge_on_e1([])
    assert not badge_on_e1([1])                                 # wall 1 cuts the 1-3 connection
