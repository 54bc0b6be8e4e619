"""The text of Age of Steam actions: a strict ASCII grammar, one canonical
text per action.

An action is ASCII words separated by spaces. Harmless variants are mapped
to the canonical text before anything is stored or posted: upper or lower
case ("BID 5", "build h7 Straight.1"), leading zeros ("bid 07", "H07"),
extra spaces, a symmetric tile's other rotations ("straight.3" is
"straight.0") and a goods colour's letter ("produce R L1 1"). Anything else
is refused with :class:`IllegalAction`, quoting at most 40 characters of
the word at fault. The steps check what the canonical words mean (is the bid
high enough, is the hex buildable); this module only checks their form.

Canonical words, by the first word:

- ``shares N``, ``bid N`` (N a whole number), ``drop``, ``pass``,
  ``done``, ``undo``, ``upgrade``, ``pay``, ``decline`` (St. Lucia's
  player order);
- ``action NAME`` (first-move, first-build, ... turn-order);
- ``build HEX TILE.ROT`` (``build H7 straight.1``), ``urbanize HEX LETTER``;
- ``move CITY-colour ROUTE`` (``move J10-blue NE.K9-SE.M9``);
- ``produce colour COLUMN BOX`` (``produce red L1 2``);
- chance outcomes: ``stock LETTERS``, ``order S S S``, ``produce LETTERS``,
  ``light D D D``, ``dark D D D``.
"""

from __future__ import annotations

import re
from functools import cache

from games.core import IllegalAction, tokens

from .hexmap import DIRECTIONS, board
from .params import COLOUR_LETTER, COLOURS, rules
from .tiles import Variant, kinds, variants

MAX_TEXT = 300
"""No action text is longer (the longest, the set-up draw, is under 100)."""

QUOTE_AT_MOST = 40

NUMBER = re.compile(r"[0-9]{1,6}", re.ASCII)
HEX = re.compile(r"([A-Za-z])0*([1-9][0-9]?)", re.ASCII)
TILE = re.compile(r"([a-z0-9-]{1,20})\.([0-9]{1,3})", re.ASCII)
COLUMN = re.compile(r"([LDld])0*([1-6])|([A-Ha-h])", re.ASCII)
CUBE_LETTERS = re.compile(r"[A-Za-z]{1,120}", re.ASCII)
LETTER_COLOUR = {v: k for k, v in COLOUR_LETTER.items()}
BARE = ("drop", "pass", "done", "undo", "upgrade", "pay", "decline")


def quote(word: str) -> str:
    """``word`` in quotes, cut to at most 40 characters."""
    if len(word) > QUOTE_AT_MOST:
        word = word[:QUOTE_AT_MOST - 3] + "..."
    return f"'{word}'"


def check_text(text: str) -> list[str]:
    """The words of a text that is not too long and holds nothing but
    printable ASCII and ASCII spaces (tabs and line ends count as spaces;
    :func:`games.core.tokens` refuses any other character)."""
    if len(text) > MAX_TEXT:
        raise IllegalAction(f"That action is {len(text)} characters long: no Age of Steam action "
                            f"is longer than {MAX_TEXT}. Pick one from the panel.")
    return tokens(text)


def words(text: str) -> list[str]:
    """The words of an action text (checked with :func:`check_text`)."""
    found = check_text(text)
    if not found:
        raise IllegalAction("Say what to do: the panel lists the legal actions.")
    return found


def number(word: str, what: str) -> int:
    """A whole number written in ASCII digits (leading zeros allowed)."""
    if not NUMBER.fullmatch(word):
        raise IllegalAction(f"{quote(word)} is not {what}: write it in digits 0-9, like '3'.")
    return int(word)


def hex_label(word: str) -> str:
    """A hex label: its column letter in capitals, its row without zeros (``h07`` -> ``H7``)."""
    m = HEX.fullmatch(word)
    if m is None:
        raise IllegalAction(f"{quote(word)} is not a hex: write a column letter and a row, like 'H7'.")
    return f"{m.group(1).upper()}{int(m.group(2))}"


@cache
def _variant_of() -> dict[tuple[str, int], Variant]:
    """(tile name, any rotation 0-5) -> the variant with those paths."""
    by_paths = {(v.kind.name, v.paths): v for v in variants()}
    out: dict[tuple[str, int], Variant] = {}
    for kind in kinds().values():
        for rot in range(6):
            paths = tuple(sorted(tuple(sorted((e + rot) % 6 for e in p)) for p in kind.paths))
            out[(kind.name, rot)] = by_paths[(kind.name, paths)]
    return out


def tile_token(word: str) -> str:
    """``TILE.ROT``: the tile's name in lower case, a rotation 0-5; a
    symmetric tile's other rotations name the same placement."""
    m = TILE.fullmatch(word.lower())
    if m is None or m.group(1) not in kinds():
        raise IllegalAction(f"{quote(word)} is not a tile: use a tile name and rotation such as "
                            f"'gentle.2' (names: {', '.join(kinds())}).")
    rot = int(m.group(2))
    if rot > 5:
        raise IllegalAction(f"{quote(word)}: a rotation is 0 to 5.")
    return _variant_of()[(m.group(1), rot)].token


def colour(word: str) -> str:
    """A goods colour, by name or letter, in any case (``R``, ``Red`` -> ``red``)."""
    low = word.lower()
    if low in COLOURS:
        return low
    if word.upper() in LETTER_COLOUR and len(word) == 1:
        return LETTER_COLOUR[word.upper()]
    raise IllegalAction(f"{quote(word)} is not a goods colour ({', '.join(COLOURS)}).")


def display_column(word: str) -> str:
    """A goods display column: ``L1``-``L6``, ``D1``-``D6`` or a new city ``A``-``H``."""
    m = COLUMN.fullmatch(word)
    if m is None:
        raise IllegalAction(f"{quote(word)} is not a display column (L1-L6, D1-D6, A-H).")
    return f"{m.group(1).upper()}{m.group(2)}" if m.group(1) else m.group(3).upper()


def route(word: str) -> str:
    """A delivery route: hops ``DIRECTION.HEX`` joined by '-' (``NE.K9-SE.M9``)."""
    hops = word.split("-")
    out = []
    for hop in hops:
        direction, dot, where = hop.partition(".")
        if not dot or direction.upper() not in DIRECTIONS:
            raise IllegalAction(f"{quote(word)} is not a route: pick one from the panel "
                                f"(hops like 'NE.K9-SE.M9').")
        out.append(f"{direction.upper()}.{hex_label(where)}")
    return "-".join(out)


def _cube_at(word: str) -> str:
    city, dash, col = word.partition("-")
    if not dash:
        raise IllegalAction(f"{quote(word)} is not a cube: write its city and colour, like 'J10-blue'.")
    return f"{hex_label(city)}-{colour(col)}"


def _count(tokens: list[str], n: int, usage: str) -> None:
    if len(tokens) != n:
        extra = f" ({quote(' '.join(tokens[n:]))} is too much)" if len(tokens) > n else ""
        raise IllegalAction(f"Write it as {usage}{extra}.")


def _player_words(tokens: list[str]) -> list[str] | None:
    """The canonical words of a player's action, None for an unknown first word."""
    head = tokens[0].lower()
    if head in BARE:
        _count(tokens, 1, f"'{head}' alone")
        return [head]
    if head in ("shares", "bid"):
        _count(tokens, 2, f"'{head} N'")
        what = "a number of shares" if head == "shares" else "a bid in dollars"
        return [head, str(number(tokens[1], what))]
    if head == "action":
        _count(tokens, 2, "'action NAME'")
        act = tokens[1].lower()
        if act not in rules().actions:
            raise IllegalAction(f"{quote(tokens[1])} is not an action: {', '.join(rules().actions)}.")
        return [head, act]
    if head == "build":
        _count(tokens, 3, "'build HEX TILE.ROTATION' (e.g. 'build H7 straight.1')")
        return [head, hex_label(tokens[1]), tile_token(tokens[2])]
    if head == "urbanize":
        _count(tokens, 3, "'urbanize TOWNHEX LETTER' (e.g. 'urbanize F7 A')")
        letter = tokens[2].upper()
        if letter not in board().new_cities:
            raise IllegalAction(f"{quote(tokens[2])} is not a new city: {', '.join(board().new_cities)}.")
        return [head, hex_label(tokens[1]), letter]
    if head == "move":
        _count(tokens, 3, "'move CITY-colour ROUTE' (pick a cube and route from the panel)")
        return [head, _cube_at(tokens[1]), route(tokens[2])]
    if head == "produce":
        if len(tokens) == 2:  # the short form: the step maps it to the full text
            return [head, display_column(tokens[1])]
        _count(tokens, 4, "'produce COLOUR COLUMN BOX' (e.g. 'produce red L1 2')")
        return [head, colour(tokens[1]), display_column(tokens[2]),
                str(number(tokens[3], "a box number"))]
    return None


def _chance_words(tokens: list[str]) -> list[str] | None:
    head = tokens[0].lower()
    if head in ("stock", "produce"):
        _count(tokens, 2, f"'{head} LETTERS'")
        if not CUBE_LETTERS.fullmatch(tokens[1]) or any(c not in LETTER_COLOUR for c in tokens[1].upper()):
            raise IllegalAction(f"{quote(tokens[1])} is not a draw of cube letters ({''.join(LETTER_COLOUR)}).")
        return [head, tokens[1].upper()]
    if head in ("order", "light", "dark"):
        return [head, *(str(number(t, "a seat" if head == "order" else "a die")) for t in tokens[1:])]
    return None


def canonical(tokens: list[str], chance: bool, usage: str) -> list[str]:
    """The canonical words of ``tokens`` (see the module docstring); an
    unknown first word is refused with ``usage``, what the step expects."""
    found = _chance_words(tokens) if chance else _player_words(tokens)
    if found is None:
        raise IllegalAction(f"{quote(tokens[0])} is not an Age of Steam action here. {usage}")
    return found
