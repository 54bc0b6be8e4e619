"""The turn clock's safe default in String Railway: a skipped seat declines
the countryside's extra draw; its other choices go to the bot."""

from __future__ import annotations

import random

from games.core import CHANCE, State
from games.playout import step
from games.string_railway import GAME


def _first_extra_choice(seed: int) -> tuple[State, int]:
    rng = random.Random(seed)
    state = GAME.new(["ann", "bob", "cid"], {})
    for _ in range(2000):
        due = [s for s in GAME.to_act(state) if s != CHANCE]
        if due and state["phase"] == "extra":
            return state, due[0]
        state, *_ = step(GAME, state, rng)
    raise AssertionError("no extra draw was offered")


def test_a_skipped_seat_declines_the_extra_draw() -> None:
    state, seat = _first_extra_choice(3)
    assert GAME.default_action(state, seat) == "no-extra"
    assert GAME.apply(state, seat, "no-extra").state["phase"] != "extra"


def test_a_skipped_seat_choosing_a_station_is_left_to_the_bot() -> None:
    state = GAME.new(["ann", "bob", "cid"], {})
    rng = random.Random(1)
    while CHANCE in GAME.to_act(state):
        state, *_ = step(GAME, state, rng)
    seat = GAME.to_act(state)[0]
    assert state["phase"] in ("corner", "place")
    assert GAME.default_action(state, seat) is None
