"""The rules data of every game: ``data/<package>/<file>`` at the top of the
repository (our measurements and tables, kept apart from the code).

The folder installs with the code as the package ``railyard_data``
(``pyproject.toml`` maps ``data/`` to it and ships its ``*.json``), so
:func:`load_json` finds it through :mod:`importlib.resources` in an editable
checkout and in an installed wheel alike. Every game reads its files through
:func:`load_json`, the one place that knows where the data lives.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path
from typing import Any

PACKAGE = "railyard_data"
"""The import name of the ``data/`` folder once installed."""

CHECKOUT = Path(__file__).resolve().parents[1] / "data"
"""``data/`` of a source checkout, used when the package is not installed
(code run straight from the repository without ``pip install``)."""


def data_root() -> Traversable:
    """The installed data package, or the checkout's ``data/`` folder."""
    try:
        return resources.files(PACKAGE)
    except ModuleNotFoundError:
        return CHECKOUT


@cache
def load_json(package: str, name: str) -> Any:
    """``data/<package>/<name>`` parsed (read once per process)."""
    return json.loads(data_root().joinpath(package, name).read_text(encoding="utf-8"))
