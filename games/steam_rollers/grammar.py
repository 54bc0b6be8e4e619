"""The strict grammar of typed Steam Rollers texts, shared by the players'
actions and the chance outcomes.

A text is plain ASCII: printable characters, tokens separated by spaces
(tabs and line ends count as spaces). Anything else (unicode digits such as
``²``, unicode spaces, control characters) is refused, naming the character:
:func:`tokens` is the kit's :func:`games.core.tokens`, shared by every game.

Harmless variants map to one canonical token: leading zeros
(``03``, ``G03``, ``to2-04``: :func:`fold_numbers`), and, through the kit's
walk (:mod:`games.tree`), any case (``IMPROVE``, ``g3``) and either
end-order of a track piece (``SW-NE`` is ``NE-SW``, the node's alias). Numbers are read
as digit strings, never with ``int`` on raw text, so a huge token is just
refused.

Messages quote at most 40 characters of a bad token (:func:`games.tree.quote`) and stay
under :data:`MESSAGE_LIMIT` characters.
"""

from __future__ import annotations

import re

from games.core import IllegalAction, tokens
from games.tree import quote

__all__ = ["quote", "bounded", "refuse", "tokens", "number", "die_value", "fold_numbers"]

MESSAGE_LIMIT = 300
TOKEN_LIMIT = 40
"""No token of an action is longer (the longest, a delivery's route, has 8
characters); a longer one is refused before any matching."""
_DIGITS = re.compile(r"[0-9]+", re.ASCII)


def bounded(message: str) -> str:
    """A player-facing message cut to fewer than 300 characters."""
    return message if len(message) < MESSAGE_LIMIT else message[: MESSAGE_LIMIT - 2] + "…"


def refuse(message: str) -> IllegalAction:
    """The IllegalAction for ``message``, bounded."""
    return IllegalAction(bounded(message))


def number(token: str) -> str | None:
    """An ASCII digit string without its leading zeros ("007" -> "7"), or None."""
    if _DIGITS.fullmatch(token) is None:
        return None
    return token.lstrip("0") or "0"


def die_value(token: str) -> int | None:
    """A die face 1-6 written in ASCII digits (leading zeros allowed), or None."""
    digits = number(token)
    if digits is None or len(digits) != 1 or digits not in "123456":
        return None
    return int(digits)


def fold_numbers(token: str) -> str:
    """``token`` with leading zeros dropped from every number in it
    (``G03`` -> ``G3``, ``to2-04`` -> ``to2-4``); case is left to the
    kit's walk, a piece's end-order to its node's aliases."""
    return _DIGITS.sub(lambda m: m.group().lstrip("0") or "0", token)
