"""The spelling of action texts: strict ASCII, one canonical text per action.

Which actions are legal is the token tree's to say (:mod:`.turns`); this
module only folds harmless spellings into the canonical tokens the tree
holds, before the walk (:func:`fold`), and reads tokens for the wording of
a refusal. An action is plain ASCII letters, digits and punctuation in
tokens separated by ASCII spaces (split by :func:`games.core.tokens`, which
refuses any other character, a U+00A0 space or a '３' alike). Harmless variants are read as the canonical
text they stand for: any case ("TILE Curve z27 ne"), leading zeros ("coal
01", "Z027"), extra spaces, either end order of a track segment ("SN" for
"NS"), the segments of a tile in any order ("SE+NS") and the long goods
spelling ("take-red@Z26"); tabs and line ends count as spaces. Anything else is refused with a message quoting
at most :data:`QUOTE` characters of the token at fault. Nothing here looks
at the state.
"""

from __future__ import annotations

import re
from typing import Callable

from games.core import IllegalAction

from .geometry import Cell, Shape, cell_name, orientations, parse_cell_name
from .params import COLOURS, EDGE_LETTERS, tile_defs

QUOTE = 40
"""The most characters of a player's token a message repeats."""

NUMBER = re.compile(r"[0-9]{1,4}", re.ASCII)
SIDES = re.compile(r"[NESW]{1,4}", re.ASCII)
ROUTE_STEAM = re.compile(r"s([0-9]{1,4})", re.ASCII | re.IGNORECASE)
ROUTE_GOODS = re.compile(r"(take|deliver)-([a-z]+)(?:-from-([^@]+))?@(.+)", re.ASCII | re.IGNORECASE)
ROUTE_GOODS_SHORT = re.compile(r"([td])([rygb])(?:/([^@]+))?@(.+)", re.ASCII | re.IGNORECASE)
"""The short spelling the log stores: "tr@Z26" takes red at Z26, "dr@AC27"
delivers it, "tr/Z26@AB27" takes red from Z26 at AB27 (a move's whole text
must fit Discord's 100 characters, however many goods it moves)."""
VERB_LETTER = {"take": "t", "deliver": "d"}


def shown(token: str) -> str:
    """A token as a message may quote it: at most QUOTE characters, the
    unprintable ones as '?'."""
    cut = token[:QUOTE]
    text = "".join(ch if ch.isprintable() else "?" for ch in cut)
    return f"'{text}…'" if len(token) > QUOTE else f"'{text}'"


def number(token: str, what: str) -> int:
    """A count typed in ASCII digits, leading zeros allowed."""
    if not NUMBER.fullmatch(token):
        raise IllegalAction(f"{shown(token)} is not a number of {what} (type digits 0-9).")
    return int(token)


def cell(token: str) -> Cell:
    """A cell name in any case, leading zeros allowed ("z027" is Z26's south neighbour Z27)."""
    found = parse_cell_name(token)
    if found is None:
        raise IllegalAction(f"{shown(token)} is not a square's name: a column's letters, then a row's number "
                            f"(e.g. Z26; they are printed round the board).")
    return found


def sides(token: str) -> frozenset[int]:
    """A set of tile sides, letters N, E, S, W in any order and case."""
    up = token.upper()
    if not SIDES.fullmatch(up) or len(set(up)) != len(up):
        raise IllegalAction(f"{shown(token)} is not a set of sides: use the letters N, E, S, W once each.")
    return frozenset(EDGE_LETTERS.index(c) for c in up)


def segments(token: str) -> frozenset[frozenset[int]]:
    """A tile's orientation as its segments' ends ("NS+SE", "ns+es", "SE+NS")."""
    parts = token.split("+")
    found = frozenset(sides(p) for p in parts)
    if len(found) != len(parts):
        raise IllegalAction(f"{shown(token)} names a segment twice.")
    return found


def colour(token: str) -> str:
    low = token.lower()
    if low not in COLOURS:
        raise IllegalAction(f"{shown(token)} is not a goods colour ({', '.join(COLOURS)}).")
    return low


def route(token: str) -> str:
    """A move's route in its canonical spelling ("s4,tr@Z26,dr@AC27"; the
    long spelling "take-red@Z26" is read too); whether it is a route the
    train can take is for the rules to say."""
    parts = token.split(",")
    steam = ROUTE_STEAM.fullmatch(parts[0])
    if steam is None:
        raise IllegalAction(f"{shown(token)} is not a route: it starts with the steam spent, e.g. s3.")
    out = [f"s{int(steam.group(1))}"]
    for part in parts[1:]:
        verb, good, origin, town = _goods_step(part)
        source = f"/{cell_name(cell(origin))}" if origin else ""
        out.append(f"{VERB_LETTER[verb]}{good[0]}{source}@{cell_name(cell(town))}")
    return ",".join(out)


def _goods_step(part: str) -> tuple[str, str, str | None, str]:
    """(verb, colour, origin or None, town) of one goods step, short or long."""
    short = ROUTE_GOODS_SHORT.fullmatch(part)
    if short is not None:
        verb = "take" if short.group(1).lower() == "t" else "deliver"
        good = next(c for c in COLOURS if c[0] == short.group(2).lower())
        return verb, good, short.group(3), short.group(4)
    goods = ROUTE_GOODS.fullmatch(part)
    if goods is None:
        raise IllegalAction(f"{shown(part)} is not a goods step: like tr@Z26 (take red) or dr@AC27 (deliver red).")
    return goods.group(1).lower(), colour(goods.group(2)), goods.group(3), goods.group(4)


def destination(token: str) -> str:
    """A move's destination in its canonical spelling ("AB27", "AB27:NS")."""
    where, colon, piece = token.partition(":")
    name = cell_name(cell(where))
    if not colon:
        return name
    return f"{name}:{''.join(EDGE_LETTERS[e] for e in sorted(sides(piece)))}"


def turning(kind: str, token: str) -> Shape | None:
    """The orientation of ``kind`` whose segments ``token`` names, in any
    order and case (None if the token names none)."""
    try:
        wanted = segments(token)
    except IllegalAction:
        return None
    for shp in orientations(kind):
        if frozenset(frozenset(seg) for seg in shp.segments) == wanted:
            return shp
    return None


def _folded(read: Callable[[str], str], token: str) -> str:
    """``token`` in its canonical spelling, or as typed when it has none
    (the walk then refuses it)."""
    try:
        return read(token)
    except IllegalAction:
        return token


def _square(token: str) -> str:
    return cell_name(cell(token))


def fold(tokens: list[str]) -> list[str]:
    """The tokens of a typed action with harmless variants folded into the
    canonical spelling the tree holds: the action word in lower case, a
    square's name without leading zeros ("z027" is "Z27"), a tile's sides in
    its canonical order ("e+sn" is "NS+E" for a siding), a move's
    destination and route in their short spelling."""
    out = list(tokens)
    verb = out[0].lower()
    out[0] = verb
    if verb == "tile" and len(out) == 4:
        kind = out[1].lower()
        out[2] = _folded(_square, out[2])
        if kind in tile_defs() and kind != "town":
            found = turning(kind, out[3])
            out[3] = found.code if found is not None else out[3]
    elif verb == "town" and len(out) in (2, 3) and out[-1].lower() != "deck":
        out[-1] = _folded(_square, out[-1])
    elif verb == "move" and len(out) == 3:
        out[1] = _folded(destination, out[1])
        out[2] = _folded(route, out[2])
    return out
