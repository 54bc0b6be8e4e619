"""A game's history: the board at any earlier action, the log page by page,
the end-of-game animation, and the export a game can be replayed from.

Pure functions over the rules core and Pillow (no Discord, no store): the
service (:mod:`bot.service`) reads the log and calls them off the event loop,
and ``railyard import`` (:mod:`bot.cli`) checks an export with them.

Everything here replays a log the same way the service rebuilds a game: from
``Game.new(players, options)`` through the entries that stand (undo entries
and the entries they take back left out, ``games.core.live_log``).
"""

from __future__ import annotations

import dataclasses
import io
import json
import re
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from PIL import Image

from games.core import (CHANCE, Entry, Game, IllegalAction, State, chance_rng, live_log, undo_target,
                        undone_seq)
from games.registry import get_game

EXPORT_KIND = "railyard-game"
EXPORT_FORMAT = 1
"""The export file's ``kind`` and ``format`` (raise the format when its shape changes)."""

UPLOAD_LIMIT = 10 * 1024 * 1024
"""Discord's smallest upload limit (a guild without boosts): 10 MiB."""
FRAME_MS = 700
LAST_FRAME_MS = 4000
MAX_FRAMES = 40
"""At most this many frames: a longer game is sampled evenly (the last frame always kept)."""
MAX_WIDTH = 720
"""Frames wider than this are scaled down first: the chat shows an image 550 px wide."""
ACTIONS_PER_FRAME_TARGET = 40
"""A game without rounds gets one frame per so many player actions that it has about this many frames."""


# -- the board at an earlier action ----------------------------------------------

def state_at(game: Game, players: Sequence[str], options: Mapping[str, str],
             entries: Sequence[Entry], seq: int) -> State:
    """The state just after log entry ``seq``, as it stood then: the entries
    up to ``seq`` that stood at that moment (a move taken back later was
    still on the board then)."""
    state = game.new(players, options)
    for entry in live_log([e for e in entries if e.seq <= seq]):
        state = game.apply(state, entry.seat, entry.action).state
    return state


# -- the log, page by page --------------------------------------------------------

LOG_PAGE = 15
"""Log entries per page of ``/game log``."""


def log_pages(count: int, per_page: int = LOG_PAGE) -> int:
    """How many pages ``count`` entries fill, ``per_page`` a page (at least one)."""
    return max(1, (count + per_page - 1) // per_page)


def log_line(seq: int, who: str, seat: int, action: str, events: Sequence[str], undone_by: str | None) -> str:
    """One log entry in words: public events, never a draw's raw text. An
    undo entry says what it took back; an entry taken back is struck."""
    target = undone_seq(action) if seat != CHANCE else None
    if target is not None:
        words = " ".join(events) or f"took back #{target}"
    else:
        words = " ".join(events) or (action if seat != CHANCE else "(chance)")
    if undone_by is not None:
        words = f"~~{words}~~ (taken back by {undone_by})"
    return f"`{seq:>4}` {who}: {words}"


# -- the end-of-game animation ----------------------------------------------------

def frame_states(game: Game, players: Sequence[str], options: Mapping[str, str],
                 entries: Sequence[Entry]) -> list[State]:
    """The states an animation shows: the board at the end of each round
    (``state["round"]``), or every few actions in a game without rounds,
    and always the final board; at most :data:`MAX_FRAMES`, sampled evenly."""
    state = game.new(players, options)
    live = live_log(entries)
    moves = sum(1 for e in live if e.seat != CHANCE)
    every = max(1, moves // ACTIONS_PER_FRAME_TARGET)
    frames: list[State] = []
    taken = 0
    for entry in live:
        after = game.apply(state, entry.seat, entry.action).state
        if "round" in state:
            if after.get("round") != state.get("round"):
                frames.append(state)
        elif entry.seat != CHANCE:
            taken += 1
            if taken % every == 0:
                frames.append(after)
        state = after
    if not frames or frames[-1] is not state:
        frames.append(state)
    return sample_evenly(frames, MAX_FRAMES)


def sample_evenly(items: Sequence[Any], most: int) -> list[Any]:
    """At most ``most`` of ``items``, evenly spread, the first and last kept."""
    if len(items) <= most:
        return list(items)
    if most <= 1:
        return [items[-1]]
    step = (len(items) - 1) / (most - 1)
    return [items[round(i * step)] for i in range(most)]


@dataclass(frozen=True)
class Animation:
    """An animated GIF of a whole game: its bytes, frame count and width."""

    data: bytes
    frames: int
    width: int


def assemble_gif(pngs: Sequence[bytes], limit: int = UPLOAD_LIMIT) -> Animation | None:
    """One animated GIF of ``pngs`` (the last frame held longer), under
    ``limit`` bytes: scaled down by a fifth, then every other frame dropped
    (the last kept), until it fits; None if it never does."""
    if not pngs:
        return None
    originals = [_narrowed(Image.open(io.BytesIO(p)).convert("RGB")) for p in pngs]
    scale = 1.0
    frames = list(originals)
    for _ in range(12):
        data = _gif(frames, scale)
        if len(data) <= limit:
            return Animation(data, len(frames), max(1, round(frames[0].width * scale)))
        if scale > 0.5:
            scale *= 0.8
        elif len(frames) > 2:
            frames = frames[::2] if frames[-1] is frames[::2][-1] else [*frames[::2], frames[-1]]
        else:
            scale *= 0.8
    return None


def _narrowed(image: Image.Image) -> Image.Image:
    """``image`` at most :data:`MAX_WIDTH` wide."""
    if image.width <= MAX_WIDTH:
        return image
    return image.resize((MAX_WIDTH, max(1, round(image.height * MAX_WIDTH / image.width))), Image.Resampling.LANCZOS)


def _gif(frames: Sequence[Image.Image], scale: float) -> bytes:
    """The frames at ``scale`` as one looping GIF, on one palette (the last
    frame's: it has the most pieces on the board)."""
    size = (max(1, round(frames[0].width * scale)), max(1, round(frames[0].height * scale)))
    shown = [f.resize(size, Image.Resampling.LANCZOS) if size != f.size else f for f in frames]
    palette = shown[-1].quantize(colors=255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    paletted = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in shown]
    out = io.BytesIO()
    durations = [FRAME_MS] * (len(paletted) - 1) + [LAST_FRAME_MS]
    paletted[0].save(out, format="GIF", save_all=True, append_images=paletted[1:], duration=durations,
                     loop=0, optimize=False, disposal=1)
    return out.getvalue()


def animate(game: Game, players: Sequence[str], options: Mapping[str, str], entries: Sequence[Entry],
            renderer: Callable[[State, "int | None"], bytes], limit: int = UPLOAD_LIMIT) -> Animation | None:
    """The whole game as an animated GIF, one frame per round, each frame the
    chat image as a spectator sees it (nothing hidden)."""
    pngs = [renderer(game.view(s, None), None) for s in frame_states(game, players, options, entries)]
    return assemble_gif(pngs, limit)


# -- export and import -----------------------------------------------------------

def export_document(slug: str, options: Mapping[str, str], players: Sequence[str], status: str,
                    entries: Sequence[Entry], secret: bytes | None, bots: Sequence[int] = (),
                    finished_at: float | None = None) -> dict[str, Any]:
    """The export of a game: game, options, seats, the whole log (undo
    entries included) and, only when given (a finished game), the secret.
    What its ratings need besides: the seats the bot was given in the lobby
    (never rated) and, once finished, when (the order ratings fold in)."""
    doc: dict[str, Any] = {
        "kind": EXPORT_KIND, "format": EXPORT_FORMAT, "game": slug, "options": dict(options),
        "players": list(players), "status": status,
        "log": [{"seq": e.seq, "seat": e.seat, "action": e.action} for e in entries],
    }
    if bots:
        doc["bots"] = list(bots)
    if finished_at is not None:
        doc["finished_at"] = finished_at
    if secret is not None:
        doc["secret"] = secret.hex()
    return doc


class ExportError(Exception):
    """An export that can't be replayed; the message names the step."""


@dataclass(frozen=True)
class Imported:
    """A replayed export: the game, the final state, how many entries, how
    many were taken back, and whether the draws were checked against the secret."""

    game: Game
    state: State
    entries: int
    undone: int
    chance_checked: bool
    bots: tuple[int, ...] = ()
    """The seats the bot was given in the lobby (never rated)."""


_HEX64 = re.compile(r"[0-9a-f]{64}", re.ASCII)


def _field(doc: Mapping[str, Any], name: str, kind: type) -> Any:
    value = doc.get(name)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise ExportError(f"the file has no valid '{name}'")
    return value


def read_export(text: str) -> dict[str, Any]:
    """The export document in ``text`` (JSON), or ExportError saying what is wrong."""
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise ExportError(f"not a JSON file ({exc})") from None
    if not isinstance(doc, dict) or doc.get("kind") != EXPORT_KIND:
        raise ExportError("not a Railyard game export (no \"kind\": \"railyard-game\")")
    if doc.get("format") != EXPORT_FORMAT:
        raise ExportError(f"export format {str(doc.get('format'))[:20]!r} is not {EXPORT_FORMAT}, the one this Railyard reads")
    return doc


def replay_export(doc: Mapping[str, Any]) -> Imported:
    """Replay an export with the rules, checking every step: each entry must
    be legal for its seat at that point, the numbers must run 1, 2, 3...,
    an undo must take back an entry the undo rule allowed, and, with the
    secret, every draw must be the one the secret gives."""
    slug = _field(doc, "game", str)
    try:
        game = get_game(slug)
    except KeyError:
        raise ExportError(f"no game called {slug[:40]!r} here") from None
    options = _field(doc, "options", dict)
    players = _field(doc, "players", list)
    if not all(isinstance(p, str) for p in players) or not all(isinstance(v, str) for v in options.values()):
        raise ExportError("the players and options must be text")
    secret: bytes | None = None
    if "secret" in doc:
        if not isinstance(doc["secret"], str) or _HEX64.fullmatch(doc["secret"]) is None:
            raise ExportError("the secret must be 64 lower-case hex digits")
        secret = bytes.fromhex(doc["secret"])
    bots = doc.get("bots", [])
    if not isinstance(bots, list) or not all(isinstance(b, int) and not isinstance(b, bool)
                                             and 0 <= b < len(players) for b in bots):
        raise ExportError("'bots' must list seat numbers of the game")
    raw = _field(doc, "log", list)
    entries: list[Entry] = []
    for i, item in enumerate(raw, start=1):
        if not (isinstance(item, dict) and isinstance(item.get("seq"), int) and isinstance(item.get("seat"), int)
                and isinstance(item.get("action"), str)):
            raise ExportError(f"step {i}: an entry needs a number 'seq', a number 'seat' and a text 'action'")
        if item["seq"] != i:
            raise ExportError(f"step {i}: the entry is numbered {item['seq']}, expected {i}")
        entries.append(Entry(i, item["seat"], item["action"]))
    try:
        state = game.new(players, options)
    except IllegalAction as exc:
        raise ExportError(f"the game can't be set up: {exc}") from None
    imported = _replay_steps(game, players, options, state, entries, secret)
    return dataclasses.replace(imported, bots=tuple(sorted(set(bots))))


def _replay_steps(game: Game, players: Sequence[str], options: Mapping[str, str], state: State,
                  entries: Sequence[Entry], secret: bytes | None) -> Imported:
    undone = 0
    for step, entry in enumerate(entries, start=1):
        target = undone_seq(entry.action) if entry.seat != CHANCE else None
        try:
            if target is not None:
                allowed = undo_target(game, players, options, entries[:step - 1], entry.seat)
                if allowed.seq != target:
                    raise IllegalAction(f"it takes back entry {target}, but only entry {allowed.seq} could be")
                state = _replay_live(game, players, options, entries[:step])
                undone += 1
                continue
            if entry.seat == CHANCE and secret is not None and CHANCE in game.to_act(state):
                due = game.sample_chance(state, chance_rng(secret, int(state["chance_taken"])))
                if due != entry.action:
                    raise IllegalAction(f"the draw {entry.action[:40]!r} is not the one the secret gives ({due[:40]!r})")
            state = game.apply(state, entry.seat, entry.action).state
        except IllegalAction as exc:
            raise ExportError(f"step {step} (seat {entry.seat}, {entry.action[:40]!r}): {exc}") from None
        except (KeyError, IndexError, TypeError, ValueError) as exc:  # a file no game could have written
            raise ExportError(f"step {step} (seat {entry.seat}, {entry.action[:40]!r}): "
                              f"the rules could not read it ({type(exc).__name__})") from None
    return Imported(game, state, len(entries), undone, secret is not None)


def _replay_live(game: Game, players: Sequence[str], options: Mapping[str, str],
                 entries: Sequence[Entry]) -> State:
    state = game.new(players, options)
    for entry in live_log(entries):
        state = game.apply(state, entry.seat, entry.action).state
    return state


def import_summary(imported: Imported) -> str:
    """One line on a replayed export."""
    game, state = imported.game, imported.state
    players = state["players"]
    parts = [f"{game.name} of {', '.join(players)}: {imported.entries} log entries replayed, every step legal"]
    if imported.undone:
        parts.append(f"{imported.undone} taken back")
    parts.append("draws checked against the secret" if imported.chance_checked else "draws not checked (no secret)")
    if game.is_over(state):
        outcome = game.outcome(state)
        winners = " and ".join(players[s] for s in outcome.winners)
        scores = ", ".join(f"{players[s]} {outcome.scores[s]}" for s in range(len(players)))
        if len(players) == 1 and outcome.summary:
            parts.append(f"game over, {players[0]} {outcome.summary}")
        else:
            parts.append(f"game over, {winners} won ({scores})")
        if imported.bots:
            parts.append("bot seats, not rated: " + ", ".join(players[s] for s in imported.bots))
    else:
        parts.append("game in progress: " + (game.status_line(state) or "?"))
    return "; ".join(parts) + "."
