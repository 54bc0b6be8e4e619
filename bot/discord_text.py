"""Text the bot takes from Discord, made safe to write back into Discord.

A member's display name is free text: it may hold markdown (```, **, ||,
a leading "#" or ">"), mentions (@everyone, <@id>, <@&role>), line breaks,
bidirectional overrides and other invisible control characters. The bot
writes names into public posts (the lobby, the start post, every event line,
the final scores, the abandon reply), so a name is made display-safe once,
where it enters the bot, and stored that way: everything built from it later
(the service's texts, the games' events) is safe without further thought.

Display-safe means: shown as typed, never formatting the text around it,
never pinging anyone, always on one line.
"""

from __future__ import annotations

import re
import unicodedata

import discord

NAME_MAX = 32
"""Discord's own limit on a display name, in characters: a longer text did not
come from Discord and is cut (before escaping, which may lengthen it)."""

FALLBACK_NAME = "player"

_BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""Marks and overrides that reorder the text after them (U+202E turns the rest
of a line backwards)."""

_KEPT_FORMAT = frozenset("\u200c\u200d")
"""Invisible format characters that belong to a name: the zero-width
(non-)joiners of emoji sequences and of many scripts."""

_BLOCK_START = re.compile(r"^(\+|>|>>>|[0-9]+\.)(?=\s|$)", re.ASCII)
"""A name that, followed by a space (as it is at the start of every event
line), makes a list item or a quote, and that escape_markdown leaves alone
when the name itself ends there. The escape goes before the "+", ">" or
".": a backslash before a digit would show."""


def clean_name(name: str) -> str:
    """The name on one line without invisible controls: line and paragraph
    separators, tabs and other control characters become spaces, direction
    overrides and other format characters go (but the joiners of emoji),
    runs of spaces fold to one, and at most :data:`NAME_MAX` characters stay."""
    out = []
    for ch in name:
        category = unicodedata.category(ch)
        if ch in _BIDI_CONTROLS or (category == "Cf" and ch not in _KEPT_FORMAT):
            continue
        out.append(" " if category in ("Cc", "Zl", "Zp", "Zs") else ch)
    return " ".join("".join(out).split())[:NAME_MAX].strip()


def escape_name(name: str, fallback: str = FALLBACK_NAME) -> str:
    """A display name as the bot writes it: cleaned (:func:`clean_name`),
    markdown escaped so it shows as typed wherever it stands in a post, and
    mentions broken so it never pings. An empty result becomes ``fallback``
    (made safe the same way)."""
    cleaned = clean_name(name) or clean_name(fallback) or FALLBACK_NAME
    escaped = discord.utils.escape_markdown(cleaned, ignore_links=False)
    escaped = _BLOCK_START.sub(_escape_block_start, escaped)
    escaped = escaped.replace("<", "\\<")  # no <@id>, <@&role>, <#channel>, <t:...> or </command:id>
    escaped = escaped.replace("://", "\\://")  # no auto-link, so no link preview
    return discord.utils.escape_mentions(escaped)  # @everyone, @here and raw ids never ping


def _escape_block_start(match: re.Match[str]) -> str:
    token = match[1]
    return token[:-1] + "\\." if token.endswith(".") else "\\" + token


def member_name(user: discord.abc.User) -> str:
    """The display-safe name of a member (or user) as the bot stores it."""
    return escape_name(getattr(user, "display_name", None) or user.name, fallback=user.name)


def code_text(text: str, limit: int = 100) -> str:
    """``text`` fit to show inside a code span: on one line, no backticks,
    at most ``limit`` characters."""
    flat = " ".join(text.replace("`", "'").split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
