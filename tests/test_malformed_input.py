"""Malformed typed text, for every registered game (and so every future one):
after random legal prefixes, anything a player could type raises only
IllegalAction with a short message and leaves the state untouched; a variant
that is accepted is stored as the canonical text of a legal action."""

from __future__ import annotations

import copy
import json
import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import CHANCE, Game, IllegalAction, State, secret_from_seed, tokens
from games.playout import step
from tests.support.variants import BY_ID, IDS

NAMES = ["ann", "bob", "cid", "dee", "eve"]
OTHER_GAMES_TOKENS = ["roll 3 5", "bid 3", "shares 2", "tile straight b1 NS", "coal 1", "town 2 E2",
                      "pick 3", "build", "deliver", "step 1", "1 build", "move", "pass", "done"]
UNICODE_DIGITS = ["²", "١", "٣", "߁", "𝟚", "①", "Ⅻ", "½"]
ODD_SPACES = ["\u00a0", "\u2003", "\u3000", "\t", "\n", "\u2029", "\u200b"]
CONTROLS = ["\x00", "\x1c", "\x1e", "\x7f", "\u0085", "\u202e"]


@cache
def positions(slug: str) -> list[State]:
    """A few states of a random game (its start and states after random
    legal prefixes)."""
    game = BY_ID[slug].game
    players = NAMES[: BY_ID[slug].count(3)]
    out: list[State] = []
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new(players, BY_ID[slug].options)
        secret = secret_from_seed(seed)
        for number in range(rng.randint(2, 60)):
            if game.is_over(state):
                break
            if number % 7 == 0 and CHANCE not in game.to_act(state):
                out.append(state)
            state, _seat, _action, _events = step(game, state, rng, secret)
        if not game.is_over(state) and CHANCE not in game.to_act(state):
            out.append(state)
    return out


def legal_texts(game: Game, state: State, seat: int) -> list[str]:
    return [c.text for c in game.legal_actions(state, seat)]


def mutations(legal: list[str]) -> st.SearchStrategy[str]:
    """Texts near the legal ones and far from them."""
    base = st.sampled_from(legal or ["x"])
    tokens = st.sampled_from(sorted({t for text in legal for t in text.split()} | {"x"}))
    noise = st.sampled_from(UNICODE_DIGITS + ODD_SPACES + CONTROLS)

    def with_extra(text: str, extra: str) -> str:
        return f"{text} {extra}"

    def replace_token(text: str, index: int, new: str) -> str:
        parts = text.split()
        parts[index % len(parts)] = new
        return " ".join(parts)

    def splice(text: str, index: int, bit: str) -> str:
        i = index % (len(text) + 1)
        return text[:i] + bit + text[i:]

    return st.one_of(
        st.just(""), st.just("   "), st.text(max_size=30),
        st.text(alphabet=st.characters(codec="ascii"), max_size=40),
        st.sampled_from(OTHER_GAMES_TOKENS),
        st.builds(lambda n: "x" * n, st.integers(41, 5000)),
        st.builds(with_extra, base, st.one_of(tokens, st.just("extra"), st.integers(0, 10**9).map(str))),
        st.builds(replace_token, base, st.integers(0, 8), st.one_of(noise, st.integers(-5, 10**12).map(str),
                                                                    st.text(max_size=8))),
        st.builds(splice, base, st.integers(0, 60), noise),
        st.builds(lambda text, n: " ".join(text.split()[: max(0, n)]), base, st.integers(0, 6)),
        base.map(str.upper), base.map(lambda t: t.replace(" ", "  ")),
    )


def check_one(game: Game, state: State, seat: int, text: str) -> None:
    before = json.dumps(state, sort_keys=True)
    snapshot = copy.deepcopy(state)
    legal = legal_texts(game, state, seat)
    try:
        applied = game.apply(state, seat, text)
    except IllegalAction as exc:
        message = str(exc)
        assert 0 < len(message) < 300, (text[:80], message[:400])
        assert "\n" not in message and "\x00" not in message
    else:
        assert applied.action in legal, (text[:80], applied.action)
    assert json.dumps(state, sort_keys=True) == before and state == snapshot


@pytest.mark.parametrize("slug", IDS)
@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_malformed_text_is_refused_cleanly_and_changes_nothing(slug: str, data: st.DataObject) -> None:
    game = BY_ID[slug].game
    state = data.draw(st.sampled_from(positions(slug)))
    due = [s for s in game.to_act(state) if s != CHANCE]
    seats = list(range(len(state["players"])))
    seat = data.draw(st.sampled_from(seats))  # often another seat than the one due
    text = data.draw(mutations(legal_texts(game, state, due[0] if due else seat)))
    check_one(game, state, seat, text)


@pytest.mark.parametrize("slug", IDS)
def test_malformed_chance_texts_are_refused_cleanly(slug: str) -> None:
    game = BY_ID[slug].game
    state = game.new(NAMES[: BY_ID[slug].fewest()], BY_ID[slug].options)
    rng = random.Random(1)
    while CHANCE not in game.to_act(state):  # every game has chance: set-up, dice or draws
        state = step(game, state, rng)[0]
    good = game.sample_chance(state, rng)
    for text in ["", "x" * 5000, good + " 1", good.replace(" ", " ²", 1), good.upper() + "\x00",
                 *OTHER_GAMES_TOKENS, " ".join(good.split()[:1])]:
        check_one_chance(game, state, text)


def check_one_chance(game: Game, state: State, text: str) -> None:
    before = json.dumps(state, sort_keys=True)
    try:
        game.apply(state, CHANCE, text)
    except IllegalAction as exc:
        assert 0 < len(str(exc)) < 300, (text[:80], str(exc)[:400])
    assert json.dumps(state, sort_keys=True) == before


# -- only ASCII spaces separate tokens, only ASCII digits are numbers ---------------

REFUSED_SPACES = ["\u00a0", "\u2009", "\u3000", "\u2003", "\u202f", "\u1680", "\u0085", "\u2028", "\u200b",
                  "\x0b", "\x0c", "\x1c", "\x1f"]
"""Not a separator (the contract's ASCII_SPACE is space, tab, CR, LF), though
``str.split()`` splits on every one of them but the zero-width space."""
ASCII_SPACES = ["\t", "\n", "\r", "  ", " \t "]
"""Separators a game may read as one space (then it stores the canonical
text) or refuse."""
DIGIT_ZEROS = [0x0660, 0x06F0, 0x0966, 0xFF10, 0x1D7CE]
"""The zeros of Arabic-Indic, Persian, Devanagari, fullwidth and
mathematical bold digits: ``int()`` and ``isdigit()`` accept them all."""
CASE_LOOKALIKES = {"k": "\u212a", "K": "\u212a", "s": "\u017f", "S": "\u017f", "i": "\u0131", "I": "\u0131"}
"""Non-ASCII letters that ``str.lower`` or ``str.upper`` turns into ASCII
ones (the Kelvin sign lowers to "k", the long s uppers to "S", the dotless i
to "I")."""


@pytest.mark.parametrize("text", ["curve\u00a0G7\u00a00", "draw\u00a03", "draw \u0663", "draw \uff13",
                                  "draw\u30003", "draw\x0b3", "\u212aick", "draw 3\u2029"])
def test_the_kit_splits_tokens_on_ascii_spaces_only_and_refuses_any_other_character(text: str) -> None:
    assert tokens(" curve\tG7 \r\n 0 ") == ["curve", "G7", "0"]
    bad = next(ch for ch in text if not (" " <= ch <= "~"))
    with pytest.raises(IllegalAction, match=f"plain ASCII .* U\\+{ord(bad):04X}") as refused:
        tokens(text)
    assert len(str(refused.value)) < 300 and str(refused.value).isprintable()


@cache
def ascii_cases(slug: str) -> list[tuple[int, State, int, tuple[str, ...]]]:
    """(case number, state, seat, canonical texts of that seat's actions):
    the states of :func:`positions` with the due seat's legal actions, and
    states of a random game where chance is due with a few drawn outcomes."""
    game = BY_ID[slug].game
    out: list[tuple[State, int, tuple[str, ...]]] = []
    for state in positions(slug):
        due = [s for s in game.to_act(state) if s != CHANCE]
        if due and (texts := legal_texts(game, state, due[0])):
            out.append((state, due[0], tuple(texts)))
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new(NAMES[: BY_ID[slug].count(3)], BY_ID[slug].options)
        for _ in range(200):
            if game.is_over(state):
                break
            if CHANCE in game.to_act(state):
                draws = tuple(dict.fromkeys(game.sample_chance(state, random.Random(n)) for n in range(4)))
                out.append((state, CHANCE, draws))
                if len(out) > 4 * (seed + 1) + len(positions(slug)):
                    break
            state = step(game, state, rng)[0]
    return [(n, *case) for n, case in enumerate(out)]


def ascii_mutations(text: str) -> list[tuple[str, bool]]:
    """Each variant of ``text`` with one character swapped (a space for another
    space, a digit for a non-ASCII digit of the same value, a letter for a
    non-ASCII letter whose case folds to it), and with every space a no-break
    space, each with whether it must be refused."""
    out: list[tuple[str, bool]] = [(text.replace(" ", "\u00a0"), True)] if " " in text else []
    for i, ch in enumerate(text):
        swaps: list[tuple[str, bool]] = []
        if ch == " ":
            swaps = [(s, True) for s in REFUSED_SPACES] + [(s, False) for s in ASCII_SPACES]
        elif "0" <= ch <= "9":
            swaps = [(chr(zero + int(ch)), True) for zero in DIGIT_ZEROS]
        elif ch in CASE_LOOKALIKES:
            swaps = [(CASE_LOOKALIKES[ch], True)]
        out += [(text[:i] + s + text[i + 1:], refuse) for s, refuse in swaps]
    return out


@pytest.mark.parametrize("slug", IDS)
@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_only_ascii_spaces_separate_tokens_and_only_ascii_digits_are_numbers(slug: str, data: st.DataObject) -> None:
    # a legal action or chance text with a space, digit or letter swapped for a
    # non-ASCII look-alike is refused, the state untouched; a tab or a line
    # end for a space is refused or read as the canonical text
    game = BY_ID[slug].game
    _n, state, seat, texts = data.draw(st.sampled_from(ascii_cases(slug)))
    text = data.draw(st.sampled_from([t for t in texts if ascii_mutations(t)] or ["x"]))
    variants = ascii_mutations(text)
    if not variants:
        return
    variant, must_refuse = data.draw(st.sampled_from(variants))
    before = json.dumps(state, sort_keys=True)
    try:
        applied = game.apply(state, seat, variant)
    except IllegalAction as exc:
        message = str(exc)
        assert 0 < len(message) < 300 and "\n" not in message, (variant, message[:400])
    else:
        assert not must_refuse, f"{slug} accepted {variant!r} (as {applied.action!r})"
        assert applied.action == game.apply(state, seat, text).action and applied.action.isascii()
    assert json.dumps(state, sort_keys=True) == before
