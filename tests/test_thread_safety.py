"""Rules, bots and renderers called from several threads at once (the bot
runs them in worker threads) give what they give alone, and never take the
process down (issue 21; the ruling is in :mod:`games.per_thread`).

The whole-registry test runs tests/support/threads_probe.py in two
subprocesses (one thread, several threads) over states of a played-out game
of every listed game. The file takes about 14 s of CPU, 18-25 s on 2 cores
shared with other jobs (load 6): `time .venv/bin/python -m pytest
tests/test_thread_safety.py -q`.
"""

from __future__ import annotations

import ast
import json
import os
import signal
import subprocess
import sys
import threading
from functools import cache
from pathlib import Path
from typing import Callable, TypeVar

import shapely

from games.registry import PACKAGES
from tests.support.threads_probe import THREADS, Group, plan

ROOT = Path(__file__).resolve().parent.parent
T = TypeVar("T")


@cache
def _plan() -> list[Group]:
    """The probed states (played out once for the file's tests)."""
    return plan()


def _probe(path: Path, modes: tuple[str, ...]) -> dict[str, dict[str, list[str]]]:
    """Each mode's digests, its subprocesses run side by side; a subprocess
    that dies (a signal, an exception) fails the test with its stderr."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    runs = {mode: subprocess.Popen([sys.executable, "-m", "tests.support.threads_probe", str(path), mode],
                                   cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            for mode in modes}
    found: dict[str, dict[str, list[str]]] = {}
    for mode, run in runs.items():
        out, err = run.communicate(timeout=600)
        code = run.returncode
        how = f"killed by {signal.Signals(-code).name}" if code < 0 else f"exit code {code}"
        assert code == 0, f"the {mode} probe died ({how}): {err.decode(errors='replace')[-1500:]}"
        found[mode] = json.loads(out)
    return found


def test_every_game_gives_from_several_threads_what_it_gives_alone(tmp_path: Path) -> None:
    """Every listed game's panel steps, legal actions, apply, bot and boards
    on states of a played-out game, from several threads at once: the
    process lives (three String Railway autocompletes at once crashed it in
    GEOS) and every result equals the one-thread result (a palette made
    from whichever board came first made boards differ)."""
    path = tmp_path / "plan.json"
    path.write_text(json.dumps(_plan()))
    found = _probe(path, ("serial", "threads"))
    serial, threads = found["serial"], found["threads"]
    assert {name.split(":")[0] for name in serial} == set(PACKAGES)
    for kind in ("options_at", "legal_actions", "apply", "bot", "render", "render_full"):
        assert {name.split(":")[0] for name in serial if f" {kind}" in name} == set(PACKAGES), kind
    assert threads.keys() == serial.keys()
    assert all(len(threads[name]) == THREADS for name in serial)
    differ = {name: (serial[name], sorted(set(threads[name]))) for name in serial
              if set(threads[name]) != set(serial[name])}
    assert not differ, f"{len(differ)} calls differ from several threads: {list(differ.items())[:5]}"


def _in_threads(call: Callable[[], T], count: int = 2) -> list[T]:
    """What ``call`` returns in each of ``count`` threads, run one after the other."""
    results: list[T] = []
    for _ in range(count):
        worker = threading.Thread(target=lambda: results.append(call()))
        worker.start()
        worker.join()
    return results


def test_string_railway_prepared_geometries_are_never_shared_between_threads() -> None:
    """A prepared geometry is the thread's own (the field, the inner field,
    the tiles the laying rules test against); the tiles every thread shares
    stay unprepared."""
    from games.string_railway import board
    from games.string_railway.laying import Context
    from games.string_railway.state import typed
    from tests.string_railway.string_railway_fixtures import table

    state = typed(table())
    shape = state["shape"]
    for made in (lambda: board.field(shape), lambda: board.inner_field(shape),
                 lambda: Context.of(state).tiles[0]):
        first, second = _in_threads(made)
        assert shapely.is_prepared(first) and shapely.is_prepared(second)
        assert first is not second
        assert made() is not first
    assert not any(shapely.is_prepared(board.tile(s["cell"])) for s in state["stations"])


def test_a_font_is_never_used_by_two_threads() -> None:
    """Each thread draws text with its own font objects (a FreeType face
    is not to be used by two threads at once); one thread keeps its own."""
    from rendering import kit

    first, second = _in_threads(lambda: kit.font(19, True))
    assert first is not second
    assert kit.font(19, True) is kit.font(19, True)


def test_a_board_is_the_same_whatever_board_the_process_drew_first(tmp_path: Path) -> None:
    """Steam Rollers' and String Railway's palettes depend on nothing drawn
    before: a board drawn first in one process and after another board in
    another is the same image."""
    drawn = [{**g, "seat": None} for g in _plan() if g.get("drawn") and g["slug"] in ("steam-rollers", "string-railway")]
    firsts = [g for g in drawn if g["name"].endswith(":end")]
    others = [next(g for g in drawn if g["slug"] == slug and g not in firsts)
              for slug in ("steam-rollers", "string-railway")]
    path = tmp_path / "plan.json"
    path.write_text(json.dumps(firsts + others))
    reversed_path = tmp_path / "reversed.json"
    reversed_path.write_text(json.dumps(others + firsts))
    one = _probe(path, ("serial",))["serial"]
    other = _probe(reversed_path, ("serial",))["serial"]
    assert one == other


def test_every_prepared_geometry_is_made_in_a_per_thread_cache() -> None:
    """``shapely.prepare`` is called only inside a function cached per thread
    (:func:`games.per_thread.per_thread_cache`): a prepared geometry in a
    shared cache, or one prepared in place from a shared cache, is what
    crashed the process."""
    found: list[str] = []
    for path in sorted([*(ROOT / "games").rglob("*.py"), *(ROOT / "rendering").rglob("*.py")]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            per_thread = any(isinstance(d, ast.Name) and d.id == "per_thread_cache" for d in fn.decorator_list)
            for node in ast.walk(fn):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                        and node.func.attr == "prepare" and not per_thread:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} in {fn.name}")
    assert not found, f"shapely.prepare outside a per-thread cache: {found}"


def test_a_shared_cache_keeps_the_recent_entries_and_the_first_value_made() -> None:
    """:class:`games.per_thread.Recent`: the least recently used entry goes
    first; a value made while another thread stored one for the same key
    gives way to the stored one; from many threads at once every look-up
    gets its own key's value."""
    from games.per_thread import Recent

    recent: Recent[str, str] = Recent(2)
    assert recent.get("a", lambda: "A") == "A"
    assert recent.get("b", lambda: "B") == "B"
    assert recent.get("a", lambda: "other") == "A"
    recent.get("c", lambda: "C")
    assert recent.get("b", lambda: "made again") == "made again" and len(recent) == 2

    def racing() -> str:
        recent.get("d", lambda: "stored first")
        return "made second"
    assert recent.get("d", racing) == "stored first"

    shared: Recent[int, int] = Recent(4)
    wrong: list[int] = []

    def hammer(seed: int) -> None:
        for n in range(2000):
            key = (n * 7 + seed) % 9
            if shared.get(key, lambda: key * key) != key * key:
                wrong.append(key)
    workers = [threading.Thread(target=hammer, args=(i,)) for i in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert not wrong and len(shared) == 4
