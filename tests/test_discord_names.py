"""Display names are free text: whatever a member calls himself, the bot's
posts keep their shape (no code block, quote or heading opened by a name)
and ping nobody but the players whose turn it is."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

import discord
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.discord_text import NAME_MAX, clean_name, escape_name
from tests.support.discord import bot_service

MARKERS = "*_~`|<"
BLOCK_START = re.compile(r"^(?:#{1,3}\s|-#\s|>\s|>>>\s|[-*+]\s|[0-9]+\.\s)")
"""Discord's line-start markdown: heading, subtext, quote, list item."""

# -- the escaping itself ------------------------------------------------------


def _bare_markers(text: str) -> list[str]:
    """Markdown characters not preceded by an escaping backslash."""
    bare = []
    escaped = False
    for ch in text:
        if escaped:
            escaped = False
            continue
        if ch == "\\":
            escaped = True
        elif ch in MARKERS:
            bare.append(ch)
    return bare


@given(st.text(max_size=80))
def test_an_escaped_name_is_one_line_without_bare_markdown_or_mentions(name: str) -> None:
    safe = escape_name(name)
    assert safe and safe == safe.strip()
    assert not any(unicodedata.category(c) in ("Cc", "Zl", "Zp") for c in safe)
    assert not any(c in safe for c in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
    assert _bare_markers(safe) == []
    assert not safe.endswith("\\") or safe.endswith("\\\\")
    assert "@everyone" not in safe and "@here" not in safe
    assert re.search(r"(?<!\\)://", safe) is None  # every "://" escaped: no auto-link
    assert not BLOCK_START.match(f"{safe} moved")  # a name starting a line opens no block
    assert len(clean_name(name)) <= NAME_MAX


@given(st.text(alphabet=st.characters(codec="ascii", categories=["L", "N"]), min_size=1, max_size=NAME_MAX))
def test_a_plain_name_is_kept_as_typed(name: str) -> None:
    assert escape_name(name) == name


@pytest.mark.parametrize("name, shown", [
    ("```ann", "\\`\\`\\`ann"),
    ("@everyone", "@\u200beveryone"),
    ("<@&123456789012345678>", "\\<@\u200b&123456789012345678>"),
    ("# Big", "\\# Big"),
    ("> quoted", "\\> quoted"),
    ("1. first", "1\\. first"),
    ("bob\nline two", "bob line two"),
    ("eve\u2028\u2029x", "eve x"),
    ("\u202etxet", "txet"),
    ("https://e.example/x.png", "https\\://e.example/x.png"),
    ("\u200b\u2060", "player"),
])
def test_hostile_names_are_shown_as_typed(name: str, shown: str) -> None:
    assert escape_name(name) == shown


# -- on Discord -----------------------------------------------------------------

HOSTILE = ("```ann", "@everyone")


def _bot_messages(*channels: Any) -> list[Any]:
    return [m for ch in channels for m in ch.history() if m.author.bot]


def _stored(env: Any, message: Any) -> Any:
    return env.backend.messages[message.channel.id][message.id]


async def _hostile_game(env: Any) -> tuple[Any, Any, Any, list[Any], Any]:
    """A race between a member called ```ann and one called @everyone (by
    nickname), watched by a member named after a user mention and one named
    after a mentionable role; the lobby is posted, both joined."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    role = guild.create_role("crew", mentionable=True)
    cid = guild.add_member(env.create_user("cid"), roles=[role])
    players = [guild.add_member(env.create_user(f"p{i}"), nick=nick) for i, nick in enumerate(HOSTILE)]
    players.append(guild.add_member(env.create_user("p2"), nick=f"<@{cid.id}>"))
    players.append(guild.add_member(env.create_user("p3"), nick=f"<@&{role.id}>"))
    lobby = (await players[0].slash(channel, "game new", game="race")).response
    thread = channel.threads[0]
    for p in players[1:]:
        await p.click(lobby, label="Join")
    return channel, thread, lobby, players, cid


def _check_shape(text: str) -> None:
    """No code fence, no @everyone, no live mention but in the turn line."""
    assert "```" not in text and "@everyone" not in text
    assert not re.search(r"(?<!\\)<@", text.split("➡️ Your turn:")[0])


async def test_hostile_names_keep_every_post_in_shape_and_ping_nobody(env: Any) -> None:
    channel, thread, lobby, players, cid = await _hostile_game(env)
    await players[0].click(lobby, label="Start")
    service = bot_service(env)
    row = await service.store.game_for_thread(thread.id)
    for _move in range(40):
        row = await service.context.get(row.id)
        if row.status != "active":
            break
        due = next(s for s in service_due(row) if s >= 0)
        await players[due].slash(thread, "race step", choice="step 2")
    assert (await service.context.get(row.id)).status == "finished"
    posts = _bot_messages(channel, thread)
    texts = "\n".join(m.content for m in posts)
    assert "\\`\\`\\`ann" in texts and "@\u200beveryone" in texts
    assert "Game over" in texts and "joined" not in texts  # joins are answered privately
    for message in posts:
        _check_shape(message.content)
        stored = _stored(env, message)
        assert not stored.mention_everyone and stored.ping_role_ids == []
        assert cid.id not in stored.ping_user_ids
        turn = message.content.split("Your turn:")[-1] if "Your turn:" in message.content else ""
        assert set(stored.ping_user_ids) <= {p.id for p in players if f"<@{p.id}>" in turn}


def service_due(row: Any) -> list[int]:
    from games.registry import get_game

    return get_game(row.slug).to_act(row.state)


async def test_lobby_edit_carries_no_mentions(env: Any) -> None:
    channel, _thread, lobby, players, cid = await _hostile_game(env)
    edits = [r for r in env.http_requests
             if r.method == "PATCH" and r.path == f"/channels/{channel.id}/messages/{lobby.id}"]
    assert len(edits) == len(players) - 1  # one refresh per join
    for edit in edits:
        allowed = edit.json["allowed_mentions"]
        assert allowed["parse"] == [] and not allowed.get("users") and not allowed.get("roles")
    shown = next(m for m in channel.history() if m.id == lobby.id)
    assert "@\u200beveryone" in shown.content and "\\`\\`\\`ann" in shown.content
    _check_shape(shown.content)
    stored = _stored(env, shown)
    assert not stored.mention_everyone and stored.ping_user_ids == [] and stored.ping_role_ids == []


async def test_every_reply_to_a_hostile_name_carries_no_mentions(env: Any) -> None:
    channel, thread, _lobby, players, _cid = await _hostile_game(env)
    abandoned = await players[0].slash(thread, "game abandon")
    assert not abandoned.ephemeral and abandoned.response.content.startswith("\\`\\`\\`ann: ")
    sends = [r for r in env.http_requests if r.method in ("POST", "PATCH") and isinstance(r.json, dict)
             and ("content" in r.json or "data" in r.json)]
    assert sends
    for r in sends:
        body = r.json.get("data", r.json) if "/callback" in r.path else r.json
        if "content" not in body:
            continue
        allowed = body.get("allowed_mentions")
        assert allowed is not None, r.path
        assert allowed.get("parse") == [] and not allowed.get("roles"), r.path


def test_the_client_default_pings_nobody() -> None:
    from bot.app import RailyardBot

    bot = RailyardBot(":memory:")
    default = bot.allowed_mentions
    assert default is not None
    assert default.to_dict() == discord.AllowedMentions.none().to_dict()


@pytest.mark.parametrize("name", ["a://b", ":://", "\\://", "x://y://z"])
def test_a_link_in_a_name_never_auto_links(name: str) -> None:
    assert re.search(r"(?<!\\)://", escape_name(name)) is None
