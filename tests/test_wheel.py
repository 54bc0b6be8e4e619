"""Data that ships: the built wheel carries the rules data, so a plain
(non-editable) install plays a game from any directory.

The wheel is built offline from a copy of the sources (no build isolation:
the test environment has setuptools and wheel), installed without its
dependencies into a fresh venv that borrows this environment's packages
through a path file, and run from a directory with no checkout in sight."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "setup.py", "README.md", "games", "rendering", "bot", "data")


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, f"{' '.join(args)} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


def _copy_sources(to: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build")
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, to / name, ignore=ignore)
        else:
            shutil.copy2(source, to / name)


def _fresh_venv(where: Path) -> Path:
    """A venv without pip whose packages are its own, then this environment's
    (a path file, so the wheel's copy of Railyard comes first and this
    environment's editable hook is never run). Returns its python."""
    venv.EnvBuilder(with_pip=False).create(where)
    python = where / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    site = _run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], where)
    Path(site.stdout.strip(), "borrowed.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return python


def test_wheel_installs_the_rules_data_and_plays_from_elsewhere(tmp_path: Path) -> None:
    source, wheels, elsewhere = tmp_path / "src", tmp_path / "wheels", tmp_path / "elsewhere"
    source.mkdir()
    elsewhere.mkdir()
    _copy_sources(source)
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
          "--quiet", "-w", str(wheels), str(source)], tmp_path)
    wheel = next(wheels.glob("railyard-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        packed = set(archive.namelist())
    modules = {p.relative_to(source).as_posix() for top in ("games", "rendering", "bot")
               for p in (source / top).rglob("*.py")}
    assert modules <= packed, f"modules left out of the wheel: {sorted(modules - packed)}"
    python = _fresh_venv(tmp_path / "venv")
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index",
          "--quiet", str(wheel)], tmp_path)

    shipped = sorted(str(p.relative_to(ROOT / "data")) for p in (ROOT / "data").glob("*/*.json"))
    probe = _run([str(python), "-c",
                  "import sys, json, games, games.data as d\n"
                  "for f in sys.argv[1:]: d.load_json(*f.split('/'))\n"
                  "print(json.dumps([games.__file__, str(d.data_root())]))", *shipped], elsewhere)
    module, data_root = json.loads(probe.stdout)
    assert module.startswith(str(tmp_path / "venv")) and data_root.startswith(str(tmp_path / "venv"))

    # every game starts, plays a few moves and draws its board from the installed code and data
    opening = _run([str(python), "-c",
                    "import random\n"
                    "import rendering\n"
                    "from games.registry import get_game, slugs\n"
                    "from games.playout import step\n"
                    "for slug in slugs():\n"
                    "    game = get_game(slug); rng = random.Random(1)\n"
                    "    state = game.new(['a', 'b', 'c', 'd'][:game.nearest_count(3)], {})\n"
                    "    for _ in range(30):\n"
                    "        if not game.is_over(state): state = step(game, state, rng)[0]\n"
                    "    view = game.view(state, None)\n"
                    "    assert rendering.render(view, None)[:4] == b'\\x89PNG'\n"
                    "    if rendering.has_full_board(slug):\n"
                    "        assert rendering.render_full(view, None)[:4] == b'\\x89PNG'\n"
                    "    print(slug)"], elsewhere)
    assert set(opening.stdout.split()) >= {"age-of-steam", "days-of-steam", "steam-rollers", "string-railway",
                                           "mine-carts"}, opening.stdout

    railyard = python.parent / ("railyard.exe" if sys.platform == "win32" else "railyard")
    played = _run([str(railyard), "play", "mine-carts", "--players", "a,b", "--auto", "--seed", "1"], elsewhere)
    assert "Game over" in played.stdout or "wins" in played.stdout, played.stdout[-2000:]
