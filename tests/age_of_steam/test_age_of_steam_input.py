"""Age of Steam: typed action texts, from any point of a game.

Property tests over states reached by random legal play (games/playout.py's
random player) and a few built by hand (a delivery, a Production hand):
malformed texts raise only IllegalAction, leave the state as it was and
say why in under 300 characters quoting at most 40 of them; harmless
variants of a legal text (case, leading zeros, extra spaces) are applied as
that legal text and logged as it.
"""

from __future__ import annotations

import json
import random
import re
from functools import cache

import pytest
from aos_helpers import NAMES, act, at_build, delivery_ready, started, tile
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.age_of_steam import GAME
from games.age_of_steam.phases import PHASES, PRODUCTION
from games.core import CHANCE, IllegalAction, State
from games.playout import random_action, step
from tests.support.refusals import refused

SEEDS = range(6)
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@cache
def _trajectory(seed: int) -> tuple[str, ...]:
    """Every state of a random game (as JSON, so no test can change one)."""
    rng = random.Random(seed)
    state = GAME.new(NAMES[:3 + seed % 4], {})
    out = [json.dumps(state)]
    while not GAME.is_over(state) and len(out) < 400:
        state, _seat, _action, _events = step(GAME, state, rng)
        out.append(json.dumps(state))
    return tuple(out)


def _delivery() -> State:
    """ann may deliver J10's blue cube to Cincinnati (M9) over two links."""
    state = delivery_ready()
    assert GAME.check_invariants(state) == []
    return state


def _production() -> State:
    """bob holds a red and a blue cube drawn for Production; L1 is empty."""
    state = started(3)
    state["action"] = [None, "production", None]
    for cube in state["display"]["light"][0]:
        state["bag"][cube] += 1
    state["display"]["light"][0] = [None, None, None]
    PRODUCTION.begin(state)
    return act(state, CHANCE, "produce RB")


@cache
def _crafted() -> tuple[str, ...]:
    return tuple(json.dumps(s) for s in (_delivery(), _production(),
                                         at_build(3, actions={0: "urbanization"}, cash=20)))


@st.composite
def states(draw: st.DrawFn) -> State:
    """A state after a random legal prefix, or one of the crafted states."""
    if draw(st.integers(0, 4)) == 0:
        pool = _crafted()
    else:
        pool = _trajectory(draw(st.sampled_from(SEEDS)))
    state: State = json.loads(pool[draw(st.integers(0, len(pool) - 1))])
    return state


def _due_seat(state: State) -> int | None:
    due = GAME.to_act(state)
    return due[0] if due else None


OTHER_GAMES = ["roll 3 5", "tile straight b1 NS", "pick 3", "place B2 straight", "move 1 2 3",
               "ride 4", "build", "deliver red", "draw", "end", "yes", "1", "0", "?", "!", "help"]
UNICODE_DIGITS = ["²", "١", "٣", "５", "½", "Ⅻ", "𝟗", "߂", "३"]
UNICODE_SPACES = ["\u00a0", "\u2003", "\u3000", "\u2028", "\u200b", "\u1680", "\u0085", "\x1c", "\x1f"]
CONTROLS = ["\x00", "\x07", "\x1b", "\x7f", "\x0b", "\x0c"]
KEYWORDS = ["shares", "bid", "drop", "pass", "action", "build", "urbanize", "undo", "done", "move",
            "upgrade", "produce", "stock", "order", "light", "dark"]


@st.composite
def malformed(draw: st.DrawFn, legal: str) -> str:
    """A text that is no legal action: ``legal`` is a legal text of the seat due."""
    word = draw(st.sampled_from(KEYWORDS))
    kind = draw(st.integers(0, 10))
    if kind == 0:
        return draw(st.sampled_from(["", " ", "   ", "\t", "\n", " \t \r\n "]))
    if kind == 1:
        size = draw(st.sampled_from([301, 1000, 5000, 100_000]))
        return draw(st.sampled_from([f"{word} " + "9" * size, "x" * size, f"{legal} " + "y" * size]))
    if kind == 2:
        digit = draw(st.sampled_from(UNICODE_DIGITS))
        return draw(st.sampled_from([f"{word} {digit}", f"{word} 1{digit}", f"{legal}{digit}",
                                     f"build H{digit} straight.0", f"produce red L1 {digit}"]))
    if kind == 3:
        space = draw(st.sampled_from(UNICODE_SPACES))
        at = draw(st.integers(0, len(legal)))
        return draw(st.sampled_from([space + legal, legal + space, legal[:at] + space + legal[at:]]
                                    + ([legal.replace(" ", space, 1)] if " " in legal else [])))
    if kind == 4:
        ctrl = draw(st.sampled_from(CONTROLS))
        at = draw(st.integers(0, len(legal)))
        return legal[:at] + ctrl + legal[at:]
    if kind == 5:
        return draw(st.sampled_from(OTHER_GAMES))
    if kind == 6:
        number = draw(st.sampled_from(["-1", "16", "999999", "9999999", "1e3", "0x10", "+3", "3.0", "1_000",
                                       "", "x"]))
        return draw(st.sampled_from([f"shares {number}", f"bid {number}", f"build H{number} straight.0",
                                     f"build H7 straight.{number}", f"produce red L1 {number}",
                                     f"produce red L{number} 1", f"order {number}"]))
    if kind == 7:
        return f"{legal} {draw(st.sampled_from(['extra', '1', 'now', legal.split()[0]]))}"
    if kind == 8:
        return draw(st.sampled_from([f"{word}-{word}", f"{word}.{word}", word * 3, f"'{word}'", f"{word};",
                                     "move J10 blue NE.K9", "move J10-blue NE.K9-", "move J10-green NE.K9",
                                     "build H7 curvy.1", "build H7 straight", "urbanize H4 Z",
                                     "action nap", "produce pink L1 1", "produce red Q1 1"]))
    if kind == 9:
        return draw(st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=30)
                    .filter(lambda t: not t.isascii()))
    joined = [legal.replace(" ", "_"), legal.replace(" ", "")] if " " in legal else []
    return draw(st.sampled_from([legal.upper() + "!", "#" + legal, *joined]))


def _refused(state: State, seat: int, text: str) -> str:
    """Apply ``text``: it must raise IllegalAction and change nothing, and
    quote no long token whole; returns the message."""
    message = refused(GAME, state, seat, text)
    for token in re.split(r"\s+", text):
        if len(token) > 40:
            assert token[:41] not in message, message
    return message


def test_superscript_and_arabic_indic_digits_are_refused_not_a_crash() -> None:
    state = started(3)
    auction = act(act(act(state, 0, "shares 0"), 1, "shares 0"), 2, "shares 0")
    for text in ("bid ²", "shares ²", "shares ١", "bid ١", "order ١ ٠ ٢"):
        for seat in (0, 1, 2, CHANCE):
            _refused(state, seat, text)
            _refused(auction, seat, text)


@SETTINGS
@given(data=st.data())
def test_malformed_texts_raise_only_illegal_action_and_leave_the_state_unchanged(data: st.DataObject) -> None:
    state = data.draw(states())
    seat = _due_seat(state)
    if seat is None:
        _refused(state, 0, data.draw(st.sampled_from(["pass", "shares 0", "bid ²"])))
        return
    if seat == CHANCE:
        legal = GAME.sample_chance(state, random.Random(data.draw(st.integers(0, 9))))
    else:
        legal = random_action(GAME, state, seat, random.Random(data.draw(st.integers(0, 99))))
    text = data.draw(malformed(legal))
    _refused(state, seat, text)
    others = [s for s in range(len(state["players"])) if s != seat]
    _refused(state, data.draw(st.sampled_from(others)), legal)   # another seat's action


def _variant(draw: st.DrawFn, text: str) -> str:
    """``text`` with harmless changes: letters' case, zeros before numbers,
    ASCII spaces and tabs around and between the words."""
    words = []
    for word in text.split(" "):
        if draw(st.booleans()):
            word = re.sub(r"(^|\.)([A-Za-z]?)([0-9])", lambda m: f"{m[1]}{m[2]}0{m[3]}", word)
        word = "".join(c.upper() if draw(st.booleans()) else c.lower() for c in word)
        words.append(word)
    gaps = [draw(st.sampled_from([" ", "  ", "\t", " \t "])) for _ in words[1:]]
    out = words[0] + "".join(g + w for g, w in zip(gaps, words[1:]))
    return draw(st.sampled_from(["", " ", "\t"])) + out + draw(st.sampled_from(["", "  ", "\n"]))


@SETTINGS
@given(data=st.data())
def test_harmless_variants_apply_as_the_legal_text_they_vary(data: st.DataObject) -> None:
    state = data.draw(states())
    seat = _due_seat(state)
    if seat is None or seat == CHANCE:
        return
    legal = random_action(GAME, state, seat, random.Random(data.draw(st.integers(0, 99))))
    typed = _variant(data.draw, legal)
    before = json.dumps(state, sort_keys=True)
    applied = GAME.apply(state, seat, typed)
    assert json.dumps(state, sort_keys=True) == before
    plain = GAME.apply(state, seat, legal)
    assert applied.action == legal == plain.action, typed
    assert applied.events == plain.events and applied.state == plain.state


@SETTINGS
@given(data=st.data(), text=st.text(max_size=60))
def test_any_text_is_refused_cleanly_or_applied_as_a_legal_canonical_text(data: st.DataObject, text: str) -> None:
    state = data.draw(states())
    seat = _due_seat(state)
    if seat is None:
        return
    before = json.dumps(state, sort_keys=True)
    try:
        applied = GAME.apply(state, seat, text)
    except IllegalAction as why:
        assert 0 < len(str(why)) < 300
        assert json.dumps(state, sort_keys=True) == before
        return
    if seat == CHANCE:
        again = GAME.apply(state, seat, applied.action)
    else:
        assert applied.action in {c.text for c in GAME.legal_actions(state, seat)}
        again = GAME.apply(state, seat, applied.action)
    assert again.state == applied.state


# -- the variants the grammar maps, one by one ---------------------------------------

@pytest.mark.parametrize("typed, canonical", [
    ("bid 07", "bid 7"), ("BID 7", "bid 7"), ("  bid \t 7 ", "bid 7"), ("Drop", "drop"),
])
def test_bid_variants_are_logged_as_the_canonical_bid(typed: str, canonical: str) -> None:
    state = started(3)
    for seat in range(3):
        state = act(state, seat, "shares 0")
    assert GAME.apply(state, 0, typed).action == canonical


@pytest.mark.parametrize("typed, canonical", [
    ("shares 03", "shares 3"), ("SHARES 0", "shares 0"), ("shares 000", "shares 0"),
])
def test_shares_variants_are_logged_as_the_canonical_text(typed: str, canonical: str) -> None:
    assert GAME.apply(started(3), 0, typed).action == canonical


@pytest.mark.parametrize("typed, canonical", [
    ("build g7 STRAIGHT.1", "build G7 straight.1"),
    ("build G07 straight.01", "build G7 straight.1"),
    ("build G7 straight.4", "build G7 straight.1"),   # a straight turned half way round is the same track
])
def test_build_variants_are_logged_as_the_canonical_placement(typed: str, canonical: str) -> None:
    state = at_build(3, cash=20)
    applied = GAME.apply(state, 0, typed)
    assert applied.action == canonical and applied.state == GAME.apply(state, 0, canonical).state


def test_move_and_production_variants_are_logged_as_the_canonical_text() -> None:
    assert GAME.apply(_delivery(), 0, "MOVE j10-Blue ne.k09-se.m9").action == "move J10-blue NE.K9-SE.M9"
    assert GAME.apply(_production(), 1, "produce B l01 03").action == "produce blue L1 3"
    assert GAME.apply(_production(), 1, "produce L1").action == "produce red L1 1"


def test_action_and_urbanize_variants_are_logged_as_the_canonical_text() -> None:
    state = started(3)
    PHASES["actions"].begin(state)
    assert GAME.apply(state, 0, "Action First-Move").action == "action first-move"
    build = at_build(3, actions={0: "urbanization"}, cash=20)
    assert GAME.apply(build, 0, "URBANIZE h04 a").action == "urbanize H4 A"


@pytest.mark.parametrize("text, says", [
    ("bid ²", "ASCII"), ("shares ١", "ASCII"), ("bid\u00a05", "ASCII"), ("pass\x00", "ASCII"),
    ("bid 5\u00a0", "ASCII"), ("bid 1234567", "not a bid in dollars"), ("bid x", "not a bid"),
    ("bid 5 6", "too much"), ("roll 3 5", "'roll' is not an Age of Steam action"),
    ("x" * 5000, "5000 characters"),
])
def test_refusals_say_what_is_wrong(text: str, says: str) -> None:
    state = started(3)
    for seat in range(3):
        state = act(state, seat, "shares 0")
    assert says in _refused(state, 0, text)
