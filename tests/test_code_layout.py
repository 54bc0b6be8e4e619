"""The code's shape (issue 26): every game's board is a package
``rendering/<game>/`` with a module per part it draws, each saying in its
docstring what it draws; and every module of the rules, the renderers and
the bot is one a newcomer reads in one sitting (about 600 lines at most, no
class over about 250)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from games.registry import PACKAGES

ROOT = Path(__file__).resolve().parent.parent
RENDERING = ROOT / "rendering"
CODE = [path for top in ("games", "rendering", "bot") for path in sorted((ROOT / top).rglob("*.py"))]
MODULE_LINES = 620
"""About 600: a few lines of docstring over it are no reason to cut a module."""
CLASS_LINES = 250


@pytest.mark.parametrize("package", sorted(PACKAGES.values()))
def test_every_game_is_drawn_by_a_package_of_its_own(package: str) -> None:
    assert (RENDERING / package / "__init__.py").is_file(), f"rendering/{package}/ is not a package"
    assert not (RENDERING / f"{package}.py").exists(), f"rendering/{package}.py stands beside the package"


def test_no_module_is_longer_than_one_sitting() -> None:
    long = [f"{p.relative_to(ROOT)}: {n}" for p in CODE
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MODULE_LINES]
    assert not long, f"modules over {MODULE_LINES} lines: {long}"


def test_no_class_is_longer_than_one_sitting() -> None:
    long = []
    for path in CODE:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None \
                    and node.end_lineno - node.lineno + 1 > CLASS_LINES:
                long.append(f"{path.relative_to(ROOT)}: {node.name}")
    assert not long, f"classes over {CLASS_LINES} lines: {long}"


def test_every_rendering_module_says_what_it_draws() -> None:
    bare = [str(p.relative_to(RENDERING)) for p in sorted(RENDERING.rglob("*.py"))
            if not ast.get_docstring(ast.parse(p.read_text(encoding="utf-8")))]
    assert not bare, f"modules without a docstring: {bare}"
