"""The code's shape (issue 26): every game's board is a package
``rendering/<game>/`` with a module per part it draws, each saying in its
docstring what it draws; and every module of the rules, the renderers and
the bot is one a newcomer reads in one sitting (about 600 lines at most, no
class over about 250). Issue 34: no import circle among the modules of
``games/`` (imports inside functions included), and each game's bot in one
shape: ``easy.py``, ``normal.py``, ``hard.py`` importing no other level,
``levels.py`` the only module that imports them. Issue 35: no import circle
in ``bot/`` or ``rendering/`` either, and a name another module uses is
public: no module imports an underscore name from another, nor reaches one
as an attribute of a module it imported."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from games.registry import BOT_LEVELS, PACKAGES

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


GAMES = ROOT / "games"
LEVEL_MODULES = ("easy", "normal", "hard")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(source: str, name: str, package: str, known: set[str]) -> set[str]:
    """The modules among ``known`` that module ``name`` (in ``package``)
    imports, at its top or inside a function (``from pkg import sub`` names
    the submodule)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            target = ".".join(p for p in ((base if node.level else ""), node.module or "") if p)
            subs = [f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in known]
            found.update(subs)
            if len(subs) < len(node.names):
                found.add(target)
    return {m for m in found if m in known and m != name}


def _import_graph(top: str = "games") -> dict[str, set[str]]:
    """Module of ``top/`` -> the modules of ``top/`` it imports."""
    paths = {_module_name(p): p for p in sorted((ROOT / top).rglob("*.py"))}
    return {name: _imports(path.read_text(encoding="utf-8"), name,
                           name if path.name == "__init__.py" else name.rpartition(".")[0], set(paths))
            for name, path in paths.items()}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: each strongly connected set of two modules or
    more (Tarjan's algorithm), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(out)


def test_the_import_graph_reads_imports_inside_functions_and_finds_a_circle() -> None:
    known = {"games.g", "games.g.easy", "games.g.levels", "games.g.plans", "games.core"}
    source = "from games.core import Game\nfrom . import plans\n\ndef later():\n    from .levels import LEVELS\n"
    assert _imports(source, "games.g.easy", "games.g", known) == {"games.core", "games.g.plans", "games.g.levels"}
    assert "games.registry" in _import_graph()["games.bots"]
    assert "bot.service" in _import_graph("bot")["bot.app"]
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _circles({"a": {"b"}, "b": set()}) == []


def test_no_module_of_games_imports_itself_round_a_circle() -> None:
    circles = _circles(_import_graph())
    assert not circles, f"import circles in games/: {circles}"


@pytest.mark.parametrize("top", ["bot", "rendering"])
def test_no_module_of_bot_or_rendering_imports_itself_round_a_circle(top: str) -> None:
    """Issue 35: where a call lives is visible at the call; the features of
    ``bot/ui`` post through ``bot.poster`` rather than importing each other."""
    circles = _circles(_import_graph(top))
    assert not circles, f"import circles in {top}/: {circles}"


@pytest.mark.parametrize("slug", sorted(BOT_LEVELS))
def test_each_games_bot_levels_import_no_other_level(slug: str) -> None:
    """easy, normal and hard import no level module of their game (what two
    levels share lives in a module below them); only levels.py imports them."""
    module = BOT_LEVELS[slug]
    package = f"games.{PACKAGES[slug]}"
    assert module == f"{package}.levels"
    graph = _import_graph()
    levels = {f"{package}.{name}" for name in LEVEL_MODULES}
    assert levels | {module} <= set(graph)
    for level in levels:
        assert not graph[level] & (levels | {module}), f"{level} imports {graph[level] & (levels | {module})}"
    importers = sorted(m for m, found in graph.items() if found & levels and m != module)
    assert not importers, f"modules other than {module} import a level: {importers}"


PUBLIC_NAME_FOLDERS = ("bot", "games", "rendering", "bench", "tests")
"""The folders whose modules use no underscore name of another module of
these folders."""


def _private(name: str) -> bool:
    """An underscore name: a leading underscore, not a dunder (``__version__``)."""
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _underscore_uses(source: str, package: str) -> list[str]:
    """The other modules' underscore names that a module (in ``package``)
    uses, as ``module.name``, in the order of the source: imported
    (``from m import _x``, relative too, or ``import m._x``), or reached as
    an attribute of a name an import bound (``import m`` then ``m._x``,
    ``from pkg import m`` then ``m._x``)."""
    tree = ast.parse(source)
    found: list[tuple[int, int, str]] = []
    bound: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    bound[alias.asname] = alias.name
                else:
                    bound[alias.name.partition(".")[0]] = alias.name.partition(".")[0]
                if any(_private(part) for part in alias.name.split(".")):
                    found.append((node.lineno, node.col_offset, alias.name))
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            target = ".".join(p for p in ((base if node.level else ""), node.module or "") if p)
            for alias in node.names:
                bound[alias.asname or alias.name] = f"{target}.{alias.name}"
                if _private(alias.name):
                    found.append((node.lineno, node.col_offset, f"{target}.{alias.name}"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            chain = [node.attr]
            base_node = node.value
            while isinstance(base_node, ast.Attribute):
                chain.append(base_node.attr)
                base_node = base_node.value
            if isinstance(base_node, ast.Name) and base_node.id in bound:
                found.append((node.lineno, node.col_offset, ".".join([bound[base_node.id], *reversed(chain)])))
    return [used for _line, _col, used in sorted(found)]


def test_the_underscore_check_finds_imported_and_reached_underscore_names() -> None:
    source = ("from __future__ import annotations\nfrom rendering.kit import _ink, font\n"
              "from .geometry import _px as px\nfrom . import tags\nimport games.bots\nimport bench.city_tags as ct\n\n"
              "def draw(self):\n    tags._lay_out(1)\n    games.bots._levels.clear()\n    ct._covered()\n"
              "    self._own = games.__name__\n    return tags.lay_out(2)._cache\n")
    assert _underscore_uses(source, "rendering.age_of_steam") == [
        "rendering.kit._ink", "rendering.age_of_steam.geometry._px", "rendering.age_of_steam.tags._lay_out",
        "games.bots._levels", "bench.city_tags._covered"]
    assert _underscore_uses("from ..kit import _ink\n", "rendering.age_of_steam") == ["rendering.kit._ink"]
    assert _underscore_uses("import games._hidden\n", "tests") == ["games._hidden"]
    assert _underscore_uses("def _own():\n    return _own()\n", "games") == []


def test_no_underscore_name_is_imported_from_another_module() -> None:
    uses = []
    for top in PUBLIC_NAME_FOLDERS:
        for path in sorted((ROOT / top).rglob("*.py")):
            name = _module_name(path)
            package = name if path.name == "__init__.py" else name.rpartition(".")[0]
            uses.extend(f"{path.relative_to(ROOT)}: {used}"
                        for used in _underscore_uses(path.read_text(encoding="utf-8"), package)
                        if used.partition(".")[0] in PUBLIC_NAME_FOLDERS)
    assert not uses, f"underscore names used by another module: {uses}"
