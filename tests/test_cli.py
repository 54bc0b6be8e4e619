"""The ``railyard`` command: bot without a token, games, play, commands."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main


@pytest.fixture(autouse=True)
def _in_a_scratch_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Boards written without --out go under ./out/: here, a scratch folder."""
    monkeypatch.chdir(tmp_path)


def test_bot_without_token_exits_nonzero_with_a_short_explanation(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["bot"]) == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN" in err and ".env" in err and "Traceback" not in err
    assert 2 <= len(err.strip().splitlines()) <= 3


def test_token_is_read_from_env_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from bot import cli

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    (tmp_path / ".env").write_text("# comment\nDISCORD_TOKEN='abc'\n")
    cli.load_env_file()
    import os

    assert os.environ["DISCORD_TOKEN"] == "abc"


def test_games_lists_one_slug_per_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    lines = capsys.readouterr().out.split()
    assert {"steam-rollers", "age-of-steam", "days-of-steam"} <= set(lines)


def test_commands_json_prints_the_payloads(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["commands", "--json"]) == 0
    names = {c["name"] for c in json.loads(capsys.readouterr().out)}
    assert {"game", "steamrollers", "aos", "days"} <= names


def _auto(slug: str, players: str, seed: int, capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    assert main(["play", slug, "--players", players, "--auto", "--seed", str(seed), *extra]) == 0
    return capsys.readouterr().out


def _game(printed: str) -> list[str]:
    """The printed game without where its boards were written."""
    return [line for line in printed.splitlines() if not line.startswith(("[board: ", "Boards written to "))]


def test_auto_play_finishes_and_same_seed_prints_same_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = _auto("race", "ann,bob,cid", 7, capsys, "--out", str(tmp_path), "--options", "goal=20")
    assert "Game over" in first and ("wins" in first or "share the victory" in first)
    assert "> ann: " in first and "> cid: " in first
    again = _auto("race", "ann,bob,cid", 7, capsys, "--options", "goal=20")
    assert _game(again) == _game(first)
    assert _game(_auto("race", "ann,bob,cid", 8, capsys, "--options", "goal=20")) != _game(again)
    pngs = sorted(tmp_path.glob("*.png"))
    assert len(pngs) > 5 and pngs[0].read_bytes()[:4] == b"\x89PNG"


def test_hot_seat_lists_choices_by_number(monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    answers = iter(["1", "q", "y"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "age-of-steam", "--players", "a,b,c", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "  1. " in out and "choose (number or text" in out


def test_hot_seat_narrows_long_lists_step_by_step(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    answers = iter(["1", "b", "1", "2", "q", "y"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "race", "--players", "a,b", "--seed", "1", "--options", "stride=30"]) == 0
    out = capsys.readouterr().out
    assert "What do you do?" in out and " 30. 30 spaces" in out
    assert "stepped to space 2" in out


def test_backup_and_archive_commands_work_on_the_configured_database(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "live.sqlite3"))
    assert main(["play", "race", "--players", "a,b", "--auto", "--seed", "1", "--db", str(tmp_path / "live.sqlite3")]) == 0
    assert main(["backup", str(tmp_path / "copy.sqlite3")]) == 0
    assert (tmp_path / "copy.sqlite3").stat().st_size > 0
    assert main(["backup", str(tmp_path / "copy.sqlite3")]) == 2  # never overwrites
    assert "already exists" in capsys.readouterr().err
    assert main(["archive", "--days", "0"]) == 0
    assert "archived 1 game" in capsys.readouterr().out


def test_bot_with_a_bad_database_exits_with_one_line_before_logging_in(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")  # never used: no network here
    monkeypatch.delenv("DATABASE_URL", raising=False)
    (tmp_path / "bad.sqlite3").write_bytes(b"garbage, not a database" * 50)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "bad.sqlite3"))
    assert main(["bot"]) == 2
    err = capsys.readouterr().err.strip()
    assert "bad.sqlite3" in err and len(err.splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize(("count", "ids", "expected"), [
    ("", "", None), ("4", "2", (2, 4)), ("1", "0", (0, 1)),
    ("4", "4", "not a shard"), ("0", "0", "SHARD_COUNT"), ("x", "1", "SHARD_COUNT"),
    ("4", "1,2", "one shard"), ("4", "", "one shard"), ("4", "²", "one shard"),
])
def test_shards_come_from_the_environment(monkeypatch: pytest.MonkeyPatch, count: str, ids: str,
                                          expected: object) -> None:
    from bot.cli import shard_from_env

    monkeypatch.setenv("SHARD_COUNT", count)
    monkeypatch.setenv("SHARD_IDS", ids)
    if isinstance(expected, str):
        with pytest.raises(ValueError, match=expected):
            shard_from_env()
    else:
        assert shard_from_env() == expected


def test_a_sharded_bot_on_sqlite_is_refused_with_one_line(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("SHARD_COUNT", "2")
    monkeypatch.setenv("SHARD_IDS", "1")
    assert main(["bot"]) == 2
    assert "PostgreSQL" in capsys.readouterr().err


def test_a_sharded_bot_knows_its_shard() -> None:
    from bot.app import RailyardBot

    bot = RailyardBot(":memory:", sync_commands=False, shard=(1, 4))
    assert (bot.shard_id, bot.shard_count) == (1, 4)


def test_boards_go_to_a_folder_of_their_own_under_out_and_the_console_says_where(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _auto("race", "ann,bob", 3, capsys)
    [folder] = (tmp_path / "out").iterdir()
    assert folder.name.startswith("race-")
    written = sorted(folder.glob("*.png"))
    assert written and f"[board: {Path('out') / folder.name / written[-1].name}]" in out


def test_quitting_a_game_in_a_temporary_database_asks_first(monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    answers = iter(["q", "n", "q", "y"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "race", "--players", "a,b", "--seed", "1"]) == 0
    assert capsys.readouterr().out.count("temporary database") == 2
    assert next(answers, None) is None  # "n" kept the game going until the second "q", "y"


def test_quitting_a_game_kept_in_a_file_does_not_ask(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    answers = iter(["q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "race", "--players", "a,b", "--seed", "1", "--db", str(tmp_path / "kept.sqlite3")]) == 0
    assert "temporary database" not in capsys.readouterr().out


def test_the_hot_seat_shows_the_player_his_own_hand(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    answers = iter(["q", "y"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "days-of-steam", "--players", "ann,bob", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "only) Your hand: " in out


def test_play_help_lists_every_games_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    assert "difficulty=easy|medium|hard" in out and "crossing=standard|advanced" in out
    assert "mine-carts: 2 or 4 players" in out


def test_auto_play_takes_the_bot_level(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``--level`` reaches every bot decision; without it the bots play at
    the default level; an unknown level is refused before any game starts."""
    import bot.console
    from games.bots import DEFAULT_LEVEL, bot_action

    levels: list[str] = []

    def spy(*args: Any, level: str = DEFAULT_LEVEL, **kwargs: Any) -> str:
        levels.append(level)
        return bot_action(*args, level=level, **kwargs)

    monkeypatch.setattr(bot.console, "bot_action", spy)
    _auto("race", "ann,bob", 3, capsys, "--level", "hard", "--options", "goal=10")
    assert levels and set(levels) == {"hard"}
    levels.clear()
    _auto("race", "ann,bob", 3, capsys, "--options", "goal=10")
    assert levels and set(levels) == {DEFAULT_LEVEL}
    with pytest.raises(SystemExit):
        main(["play", "race", "--players", "a,b", "--auto", "--level", "expert"])
