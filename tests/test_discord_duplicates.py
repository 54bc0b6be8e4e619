"""The same interaction delivered twice (a gateway replay, or two instances of
the bot overlapping during a deploy): the first delivery does the work, the
second is dropped quietly: no second move, no second answer, no error log."""

from __future__ import annotations

import logging
from typing import Any

import discord
import pytest

from bot.discord_io import already_acknowledged
from tests.support.discord import bot_service, panel_message, race_lobby, started_race


def _last_interaction(env: Any) -> Any:
    return next(p for kind, name, p in reversed(env.backend.transcript)
                if kind == "GATEWAY" and name == "INTERACTION_CREATE")


async def _replay(env: Any, payload: Any) -> list[Any]:
    """Deliver ``payload`` again; the REST calls the bot made for it."""
    before = len(env.http_requests)
    env.backend.emit("INTERACTION_CREATE", payload)
    await env.settle()
    return env.http_requests[before:]


def _errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]


def _dropped(caplog: pytest.LogCaptureFixture) -> bool:
    return any("duplicate delivery" in r.getMessage() and r.levelno == logging.DEBUG for r in caplog.records)


def _answers(requests: list[Any]) -> list[Any]:
    """Requests that answer an interaction or post (not the refused callback)."""
    return [r for r in requests if not r.path.endswith("/callback")]


async def test_a_replayed_panel_confirm_is_applied_once_and_quietly(
        env: Any, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="railyard")
    thread, first, _second, game_id = await started_race(env)
    service = bot_service(env)
    turn_post = [m for m in thread.history() if m.attachments][-1]
    panel = (await first.click(turn_post, label="Your turn")).response
    await first.click(panel_message(thread, first, panel.id), label="Step")
    await first.click(panel_message(thread, first, panel.id), label="2 spaces")
    await first.click(panel_message(thread, first, panel.id), label="Confirm")
    confirm = _last_interaction(env)
    version = (await service.context.get(game_id)).version
    posts = len(thread.history())
    requests = await _replay(env, confirm)
    assert [r.path.endswith("/callback") for r in requests] == [True]  # tried to answer, refused, stopped
    assert (await service.context.get(game_id)).version == version and len(thread.history()) == posts
    assert panel_message(thread, first, panel.id).content.startswith("✅ Done")
    assert _errors(caplog) == [] and _dropped(caplog)


async def test_a_replayed_slash_command_is_applied_once_and_quietly(
        env: Any, caplog: pytest.LogCaptureFixture) -> None:
    env.railyard_expected = (discord.HTTPException,)  # simcord records what reaches the tree's handler
    caplog.set_level(logging.DEBUG, logger="railyard")
    thread, first, _second, game_id = await started_race(env)
    service = bot_service(env)
    await first.slash(thread, "race step", choice="step 1")
    step = _last_interaction(env)
    version = (await service.context.get(game_id)).version
    posts = len(thread.history())
    requests = await _replay(env, step)
    assert _answers(requests) == []
    assert (await service.context.get(game_id)).version == version and len(thread.history()) == posts
    assert _errors(caplog) == [] and _dropped(caplog)
    assert all(already_acknowledged(getattr(e, "original", e)) for e in env.errors
               if not type(getattr(e, "original", e)).__name__ == "ServiceError")


async def test_a_replayed_join_button_is_answered_once(env: Any, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="railyard")
    _channel, _thread, lobby, _ann, bob = await race_lobby(env)
    joined = await bob.click(lobby, label="Join")
    assert "bob joined" in joined.response.content
    requests = await _replay(env, _last_interaction(env))
    assert _answers(requests) == []  # no "already in this game" to a player who just joined
    assert _errors(caplog) == [] and _dropped(caplog)


def test_only_an_already_answered_interaction_counts_as_a_duplicate() -> None:
    class Response:
        status, reason = 400, "Bad Request"

    assert already_acknowledged(discord.HTTPException(Response(), {"code": 40060, "message": "acknowledged"}))
    assert already_acknowledged(discord.InteractionResponded(None))  # type: ignore[arg-type]
    assert not already_acknowledged(discord.HTTPException(Response(), {"code": 10062, "message": "unknown"}))
    assert not already_acknowledged(RuntimeError("40060"))
