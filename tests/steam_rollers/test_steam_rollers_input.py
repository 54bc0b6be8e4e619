"""Steam Rollers typed input: every text (actions and chance outcomes) is
read by a strict ASCII grammar. Harmless variants (case, leading zeros,
spaces, a piece's end-order) are stored as the canonical text; everything
else is refused with IllegalAction, a short message quoting at most 40
characters, and the state left as it was."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import CHANCE, IllegalAction, State
from games.playout import step as playout_step
from games.steam_rollers import GAME
from steam_rollers_fixtures import NAMES, act, setup_text, started

# -- set-up texts -----------------------------------------------------------


def _medium() -> State:
    return GAME.new(NAMES[:3], {"difficulty": "medium"})


@pytest.mark.parametrize("wall", ["wall:", "wall:12", "wall:0", "wall:7", "wall:x", "wall:²"])
def test_setup_refuses_a_wall_die_that_is_not_one_face(wall: str) -> None:
    with pytest.raises(IllegalAction, match="wall"):
        GAME.apply(_medium(), CHANCE, f"{setup_text(3)} {wall}")


@pytest.mark.parametrize("first", ["first:²", "first:", "first:3", "first:-1", "first:١"])
def test_setup_refuses_a_start_seat_that_is_not_an_ascii_seat_number(first: str) -> None:
    with pytest.raises(IllegalAction):
        GAME.apply(_medium(), CHANCE, setup_text(3).replace("first:0", first) + " wall:3")


@pytest.mark.parametrize("extra", ["junk", "cubes:rbgpr/ybgpy/rybpr/rybpb/rygpr/rygbr", "first:1",
                                   "wall:3", "colour:red"])
def test_setup_refuses_junk_tokens_and_repeated_fields(extra: str) -> None:
    with pytest.raises(IllegalAction):
        GAME.apply(_medium(), CHANCE, f"{setup_text(3)} wall:3 {extra}")


def test_setup_variants_are_stored_as_the_canonical_text() -> None:
    canonical = f"{setup_text(3)} wall:3"
    typed = "  SETUP   WALL:03 " + setup_text(3).upper().replace("SETUP ", "").replace("FIRST:0", "FIRST:00")
    applied = GAME.apply(_medium(), CHANCE, typed)
    assert applied.action == canonical
    assert applied.state == GAME.apply(_medium(), CHANCE, canonical).state


def test_roll_and_reroll_variants_are_stored_canonical_and_bad_faces_refused() -> None:
    state = started(3)
    assert GAME.apply(state, CHANCE, "ROLL 01 1  3 5 006").action == "roll 1 1 3 5 6"
    for bad in ("roll 1 1 3 5", "roll 1 1 3 5 7", "roll 1 1 3 5 6 6", "roll 1 1 3 5 ²", "roll",
                "roll " + "9" * 5000 + " 1 3 5 6"):
        with pytest.raises(IllegalAction):
            GAME.apply(state, CHANCE, bad)


# -- player actions ---------------------------------------------------------

def test_a_piece_may_be_typed_from_either_end_and_is_stored_clockwise_from_north() -> None:
    state = started(3, roll="roll 1 1 3 5 6")
    one = GAME.apply(state, 0, "1 build A2 NE-SW")
    other = GAME.apply(state, 0, "1 build A2 SW-NE")
    assert other.action == one.action == "1 build A2 NE-SW"
    assert other.state == one.state and other.events == one.events


@pytest.mark.parametrize("typed", ["03 IMPROVE", " 3   improve ", "3\timprove", "3 Improve"])
def test_case_leading_zeros_and_spaces_map_to_the_canonical_text(typed: str) -> None:
    state = started(3, roll="roll 1 1 3 5 6")
    applied = GAME.apply(state, 0, typed)
    assert applied.action == "3 improve"
    assert applied.state == GAME.apply(state, 0, "3 improve").state


def test_a_delivery_typed_in_capitals_with_zeros_is_stored_canonical() -> None:
    from steam_rollers_fixtures import figure_track
    state = started(2, roll="roll 1 1 3 5")
    state["maps"][0]["track"] = figure_track()
    state["maps"][0]["engine"] = [1, 2, 3, 4]
    applied = GAME.apply(state, 0, "1 DELIVER RED@01 TO2-04")
    assert applied.action == "1 deliver red@1 to2-4"


def test_a_huge_bad_token_is_quoted_to_40_characters() -> None:
    state = started(3, roll="roll 1 1 3 5 6")
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 0, "x" * 100_000)
    message = str(info.value)
    # the kit's quote: 40 characters, the last an ellipsis
    assert "x" * 39 + "…" in message and "x" * 40 not in message and len(message) < 300


def test_extra_tokens_after_a_complete_action_say_the_action_is_already_complete() -> None:
    state = started(3, roll="roll 1 1 3 5 6")
    with pytest.raises(IllegalAction, match="'3 improve' is already a whole action") as info:
        GAME.apply(state, 0, "3 improve extra")
    assert "leave out 'extra'" in str(info.value) and "Nothing more" not in str(info.value)


def test_a_pick_the_2b_holder_may_claim_is_complete_on_its_own() -> None:
    from steam_rollers_fixtures import give
    state = started(3, roll="roll 1 1 3 5 6")
    give(state, "2b", 2)
    with pytest.raises(IllegalAction, match="'3' is already a whole action: leave out 'improve'"):
        GAME.apply(state, 0, "3 improve")
    assert [c.summary for c in GAME.legal_actions(state, 0) if c.text == "3"] == [
        "Take die 3 (cid may claim it with card 2b)"]


@pytest.mark.parametrize("typed", ["3\u00a0improve", "3 improve\x00", "²", "١ improve", "3\u2003improve",
                                   "3 ımprove", "3\u200bimprove"])
def test_unicode_digits_spaces_and_control_characters_are_refused_with_their_code(typed: str) -> None:
    state = started(3, roll="roll 1 1 3 5 6")
    with pytest.raises(IllegalAction, match=r"U\+[0-9A-F]{4}") as info:
        GAME.apply(state, 0, typed)
    assert len(str(info.value)) < 300


# -- the property: malformed texts after random legal prefixes -------------

OTHER_GAMES = ["bid 3", "tile straight b1 NS", "pass", "build", "deliver", "take 2", "urbanize A",
               "shares 2", "done", "claim", "let", "2a", "card", "improve", "roll", "reroll", "setup"]
OUT_OF_RANGE = ["0 improve", "7 improve", "9" * 30 + " improve", "-1 improve", "1a=7", "5a+2",
                "to9-9", "roll 0 0 0 0 0", "roll 1 2 3 4 5 6 7 8", "reroll 7", "reroll 0",
                "setup cubes:rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr sides:aaaaaa first:9"]
ODD_CHARACTERS = ["²", "١", "３", "\u00a0", "\u2003", "\u3000", "\u200b", "\x00", "\x07", "\x1b",
                  "\x7f", "\x1c", "\n", "ı", "ſ", "\u212a"]


def _prefix(players: int, seed: int, length: int, difficulty: str) -> State:
    """A state after ``length`` random legal actions (chance outcomes included)."""
    rng = random.Random(seed)
    state = GAME.new(NAMES[:players], {"difficulty": difficulty})
    for _ in range(length):
        if GAME.is_over(state):
            break
        state = playout_step(GAME, state, rng)[0]
    return state


def _legal_text(state: State, seat: int, rng: random.Random) -> str:
    from games.playout import random_action
    if seat == CHANCE:
        return GAME.sample_chance(state, rng)
    return random_action(GAME, state, seat, rng)


def _variant(text: str, rng: random.Random) -> str:
    """A harmless variant: case, leading zeros, a piece's end-order, spaces."""
    import re
    out = []
    for token in text.split():
        if re.fullmatch(r"[NSEW]{1,2}-[NSEW]{1,2}", token) and rng.random() < 0.5:
            a, b = token.split("-")
            token = f"{b}-{a}"
        token = re.sub(r"[0-9]+", lambda m: "0" * rng.randint(0, 2) + m.group(), token)
        token = "".join(c.upper() if rng.random() < 0.5 else c.lower() for c in token)
        out.append(token)
    if out and out[0].lower() == "setup":
        fields = out[1:]
        rng.shuffle(fields)
        out = out[:1] + fields
    return " " * rng.randint(0, 2) + "".join(t + rng.choice([" ", "  ", "\t", " \t "]) for t in out)


def _malformed(kind: str, legal: str, rng: random.Random, draw_text: str) -> str:
    if kind == "empty":
        return rng.choice(["", " ", "\t", "  \t  "])
    if kind == "huge":
        return rng.choice(["x" * 100_000, "9" * 100_000, f"{legal} {'a' * 50_000}", "²" * 100_000])
    if kind == "odd character":
        at = rng.randrange(len(legal) + 1)
        return legal[:at] + rng.choice(ODD_CHARACTERS) + legal[at:]
    if kind == "odd digit":
        return "".join(rng.choice("²١３") if c.isdigit() else c for c in legal) or "²"
    if kind == "other game":
        return rng.choice(OTHER_GAMES)
    if kind == "out of range":
        return rng.choice(OUT_OF_RANGE)
    if kind == "extra token":
        return f"{legal} {rng.choice(['extra', legal, '1', 'N-S', 'improve'])}"
    return draw_text


KINDS = ["empty", "huge", "odd character", "odd digit", "other game", "out of range", "extra token",
         "random text"]


def _check_refused_or_canonical(state: State, seat: int, text: str) -> None:
    """``text`` is refused cleanly, or accepted as a legal action's canonical text."""
    before = json.dumps(state, sort_keys=True)
    try:
        applied = GAME.apply(state, seat, text)
    except IllegalAction as refusal:
        message = str(refusal)
        assert 0 < len(message) < 300, message
        assert "x" * 41 not in message and "9" * 41 not in message
    else:
        if seat == CHANCE:
            again = GAME.apply(state, CHANCE, applied.action)
            assert again.action == applied.action and again.state == applied.state
        else:
            assert applied.action in {c.text for c in GAME.legal_actions(state, seat)}, (text, applied.action)
    assert json.dumps(state, sort_keys=True) == before


@settings(max_examples=120, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5), length=st.integers(0, 90),
       difficulty=st.sampled_from(["easy", "medium", "hard"]), kind=st.sampled_from(KINDS),
       random_text=st.text(max_size=40))
def test_malformed_texts_after_random_prefixes_are_refused_cleanly_or_canonical(
        seed: int, players: int, length: int, difficulty: str, kind: str, random_text: str) -> None:
    state = _prefix(players, seed, length, difficulty)
    if GAME.is_over(state):
        return
    rng = random.Random(seed + length)
    seat = rng.choice(GAME.to_act(state))
    legal = _legal_text(state, seat, rng)
    _check_refused_or_canonical(state, seat, _malformed(kind, legal, rng, random_text))


@settings(max_examples=80, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5), length=st.integers(0, 90),
       difficulty=st.sampled_from(["easy", "medium", "hard"]))
def test_harmless_variants_after_random_prefixes_are_stored_as_the_legal_canonical_text(
        seed: int, players: int, length: int, difficulty: str) -> None:
    state = _prefix(players, seed, length, difficulty)
    if GAME.is_over(state):
        return
    rng = random.Random(seed * 7 + length)
    seat = rng.choice(GAME.to_act(state))
    legal = _legal_text(state, seat, rng)
    typed = _variant(legal, rng)
    applied = GAME.apply(state, seat, typed)
    assert applied.action == legal, (typed, applied.action)
    assert applied.state == GAME.apply(state, seat, legal).state


@settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5), length=st.integers(1, 90))
def test_another_seats_action_is_refused_and_leaves_the_state_alone(seed: int, players: int, length: int) -> None:
    state = _prefix(players, seed, length, "easy")
    due = GAME.to_act(state)
    if GAME.is_over(state) or CHANCE in due:
        return
    rng = random.Random(seed)
    legal = _legal_text(state, due[0], rng)
    before = copy.deepcopy(state)
    for other in (s for s in range(players) if s not in due):
        with pytest.raises(IllegalAction, match="not your turn"):
            GAME.apply(state, other, legal)
    assert state == before
