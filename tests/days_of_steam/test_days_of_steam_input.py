"""Hard input: every Days of Steam action text is read by a strict ASCII
grammar. Harmless variants (case, leading zeros, extra spaces, either end
order of a segment) are stored as the canonical text; everything else is
refused with IllegalAction, a short message, and the state untouched."""

from __future__ import annotations

import json
import random
import re
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import CHANCE, IllegalAction, State
from games.days_of_steam import GAME
from games.days_of_steam.geometry import Cell, cell_name
from games.days_of_steam.positions import TileSpec, position
from games.playout import random_action
from tests.support.refusals import refused as refused_by

NAMES = ["ann", "bob", "cid", "dee"]
LINE: dict[Cell, TileSpec] = {(0, 0): ("town", "yellow", "red"), (1, 0): ("straight", "E-W"),
                              (2, 0): ("straight", "E-W")}


def line_state() -> State:
    state = position(GAME, ["ann", "bob"], LINE, steam=[3, 0], face_up=[("blue", "green", "red")],
                     hands=[["straight", "curve", "dead-end"], ["curve"] * 3])
    state["coal"] = [5, 5]
    return state


def refused(state: State, seat: int, text: str) -> str:
    """The message of a refused action; the state must be untouched."""
    return refused_by(GAME, state, seat, text)


# -- the reported crashes and non-canonical texts --------------------------------------

@pytest.mark.parametrize("text", ["coal ²", "coal ١", "coal ３", f"town ² {cell_name((3, 0))}",
                                  f"town ١ {cell_name((3, 0))}", "tile straight Z２7 EW", "tile straight Z27 ＥＷ"])
def test_unicode_digits_and_letters_are_refused_not_crashed_or_accepted(text: str) -> None:
    message = refused(line_state(), 0, text)
    assert "plain ASCII letters, digits and spaces" in message and "U+" in message


@pytest.mark.parametrize("text", ["coal\u00a01", "tile\u2003straight AB26 EW", "coal\x0b1", "coal\x001",
                                  "town 1\x1bAC26", "coal\u30001", "coal \u212a"])
def test_unicode_spaces_and_control_characters_are_refused(text: str) -> None:
    refused(line_state(), 0, text)


@pytest.mark.parametrize(("typed", "canonical"), [
    ("coal 01", "coal 1"),
    ("COAL   2", "coal 2"),
    ("coal\t1", "coal 1"),
    (" coal \r\n 1\n", "coal 1"),
    ("tile straight y26 EW", "tile straight Y26 EW"),
    ("tile straight Y026 we", "tile straight Y26 EW"),
    ("Tile Curve z025 SE", "tile curve Z25 ES"),
    ("tile dead-end Z25 e+sn", "tile dead-end Z25 NS+E"),
    ("town 01 ac26", "town 1 AC26"),
    ("TOWN Deck", "town deck"),
    ("move aa26 S1", "move AA26 s1"),
    ("move AB026 s002,TAKE-Red@z26", "move AB26 s2,tr@Z26"),
])
def test_harmless_variants_are_stored_as_the_canonical_text(typed: str, canonical: str) -> None:
    state = line_state()
    legal = {c.text for c in GAME.legal_actions(state, 0)}
    assert canonical in legal
    applied = GAME.apply(state, 0, typed)
    assert applied.action == canonical
    assert applied.state == GAME.apply(state, 0, canonical).state


def test_events_name_the_square_as_the_board_prints_it() -> None:
    applied = GAME.apply(line_state(), 0, "tile straight y26 ew")
    assert applied.events[0].startswith("ann played a straight at Y26 (E–W)")


@pytest.mark.parametrize("text", ["tile " + "x" * 5000, "coal " + "9" * 5000, "x" * 5000,
                                  "move " + "Z" * 5000 + " s1", "move Z26 s1," + "take-red@" * 600 + "Z26",
                                  "tile straight Y26 " + "N" * 5000, "town 1 " + "A" * 4000 + "1"])
def test_a_huge_token_is_quoted_short(text: str) -> None:
    message = refused(line_state(), 0, text)
    assert "x" * 41 not in message and "9" * 41 not in message and "Z" * 41 not in message


@pytest.mark.parametrize(("text", "why"), [
    ("", "Type an action"), ("bid 3", "not an action"), ("roll 3 5", "not an action"),
    ("coal 0", "at least one"), ("coal 6", "only 5 coal"), ("coal 1 2", "coal N"),
    ("town 3 AC26", "no face-up town 3"), ("town 0 AC26", "no face-up town 0"), ("town 1", "town 1 SQUARE"),
    ("town deck AC26", "town deck (you place"), ("tile bridge AC26 NS", "no bridge"), ("tile town AC26 NS", "not a tile"),
    ("tile straight AC26 NS", "can't go"), ("tile straight AC26 NE", "can't be turned"),
    ("tile straight AC26 NN", "not a set of sides"), ("tile straight AC26", "tile KIND SQUARE SIDES"),
    ("tile straight Z99 EW", "not a square of the map"), ("tile straight 26Z EW", "not a square's name"),
    ("move Z26", "move SQUARE ROUTE"), ("move AB26 s9", "can't reach AB26 that way"), ("move Z26 s1", "can't reach Z26;"),
    ("move Z26 fast", "not a route"), ("move Z26 s2,eat-red@Z26", "not a goods step"),
    ("tower", "not on a water tower"), ("tower now", "nothing after it"), ("discard curve", "only discard"),
])
def test_malformed_texts_are_refused_with_a_message_to_act_on(text: str, why: str) -> None:
    assert why in refused(line_state(), 0, text)


def test_another_seats_action_is_refused() -> None:
    assert "not your turn" in refused(line_state(), 1, "coal 1")


def test_a_town_drawn_from_the_deck_is_placed_with_a_strict_text_too() -> None:
    drawn = GAME.apply(GAME.apply(line_state(), 0, "town deck").state, CHANCE, "town red").state
    assert "town SQUARE" in refused(drawn, 0, "coal 1")
    assert "town SQUARE" in refused(drawn, 0, "town 1 AC26")
    refused(drawn, 0, "town ٣")
    assert GAME.apply(drawn, 0, "Town ac026").action == "town AC26"


# -- the property: random positions, malformed texts ---------------------------------------

WALK = 150
"""How many random legal actions a walk takes before the property tests pick a state from it."""


@lru_cache(maxsize=None)
def walk(seed: int) -> tuple[str, ...]:
    """The states (as JSON) of a random game where a seat is due, one per
    legal action taken, chance outcomes resolved in between."""
    rng = random.Random(seed)
    state = GAME.new(NAMES[:2 + seed % 3], {})
    seen: list[str] = []
    while not GAME.is_over(state) and len(seen) < WALK:
        due = GAME.to_act(state)
        if CHANCE in due:
            state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng)).state
            continue
        seen.append(json.dumps(state))
        state = GAME.apply(state, due[0], random_action(GAME, state, due[0], rng)).state
    return tuple(seen)


def prefix_state(seed: int, steps: int) -> State:
    """The state after ``steps`` random legal actions of game ``seed`` (or
    its last state where a seat is due)."""
    states = walk(seed)
    loaded: State = json.loads(states[min(steps, len(states) - 1)])
    return loaded


JUNK = [
    "", "²", "١", "３", "0", "00", "-1", "99", "99999", "9" * 60, "x" * 300, "\u00a0", "\u2003", "\x00", "\x1b",
    "\t", "\n", "bid", "3", "roll", "5", "pass", "deck", "DECK", "Z26", "z26", "A1", "-A0", "Z-3", "NS", "EW",
    "NS+E", "N", "NESW", "s1", "s0", "s99", "take-red@Z26", "deliver-blue@Z26", "red", "curve", "town",
    "tower", "coal", "move", "tile", "discard", "straight-over", "Z26:NS", ":", "+", ",", "@", "é", "ǅ",
]
JUNK_TOKENS = st.sampled_from(JUNK)
OTHER_GAMES = ["bid 3", "roll 3 5", "pass", "build A1 straight", "deliver 3 red", "urbanize C4", "die 2"]


def spoilt(legal: str, junk: str) -> list[str]:
    """A legal text spoilt every way: each token replaced by ``junk``, made
    huge or its digits made unicode digits; a token dropped, doubled or added."""
    tokens = legal.split(" ")
    out = [legal + " " + junk, legal + " extra", " ".join(tokens[:-1])]
    for i, token in enumerate(tokens):
        for replacement in (junk, token * 700, "x" * 5000,
                            *(re.sub(r"[0-9]", digit, token) for digit in ("²", "١", "３") if re.search("[0-9]", token))):
            out.append(" ".join(tokens[:i] + [replacement] + tokens[i + 1:]))
        out.append(" ".join(tokens[:i + 1] + [token] + tokens[i + 1:]))
        out.append(" ".join(tokens[:i] + [f"{token}\u00a0"] + tokens[i + 1:]))
        out.append(" ".join(tokens[:i] + [f"{token}\x07"] + tokens[i + 1:]))
    return out


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 7), steps=st.integers(0, WALK), pick=st.integers(0, 10_000), junk=JUNK_TOKENS,
       free=st.one_of(st.text(max_size=30), st.lists(JUNK_TOKENS, max_size=5).map(" ".join)))
def test_malformed_texts_raise_only_illegal_action_and_change_nothing(
        seed: int, steps: int, pick: int, junk: str, free: str) -> None:
    state = prefix_state(seed, steps)
    seat = GAME.to_act(state)[0]
    legal = sorted(c.text for c in GAME.legal_actions(state, seat))
    chosen = legal[pick % len(legal)]
    before = json.dumps(state, sort_keys=True)
    for text in [*spoilt(chosen, junk), free, "x" * 5000 + free, free + " " + "9" * 5000, *OTHER_GAMES]:
        try:
            applied = GAME.apply(state, seat, text)
        except IllegalAction as exc:
            assert 0 < len(str(exc)) < 300, f"{text[:60]!r}: {str(exc)[:400]}"
        else:
            assert applied.action in legal, f"{text[:60]!r} accepted as {applied.action!r}"
        assert json.dumps(state, sort_keys=True) == before, text[:60]
    other = (seat + 1) % len(state["players"])
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(state, other, chosen)


def variant(text: str, rng: random.Random) -> str:
    """A harmless spelling of a canonical text: any case, zeros before
    numbers, extra spaces, segment ends and segments in another order."""
    out = []
    for i, token in enumerate(text.split(" ")):
        if text.startswith("tile ") and i == 3:
            parts = [p[::-1] if rng.random() < 0.5 else p for p in token.split("+")]
            rng.shuffle(parts)
            token = "+".join(parts)
        token = "".join(("0" + ch if ch.isdigit() and (j == 0 or not token[j - 1].isdigit())
                         and rng.random() < 0.3 else ch) for j, ch in enumerate(token))
        token = "".join(ch.upper() if rng.random() < 0.5 else ch.lower() for ch in token)
        out.append(token)
    return (" " * rng.randint(1, 3)).join(out)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 7), steps=st.integers(0, WALK), pick=st.integers(0, 10_000), spell=st.integers(0, 1 << 30))
def test_harmless_variants_of_legal_actions_are_accepted_as_their_canonical_text(
        seed: int, steps: int, pick: int, spell: int) -> None:
    state = prefix_state(seed, steps)
    seat = GAME.to_act(state)[0]
    legal = sorted(c.text for c in GAME.legal_actions(state, seat))
    canonical = legal[pick % len(legal)]
    typed = variant(canonical, random.Random(spell))
    applied = GAME.apply(state, seat, typed)
    assert applied.action == canonical, typed
    assert applied.state == GAME.apply(state, seat, canonical).state
