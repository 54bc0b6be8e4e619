"""The rules data of every game: ``data/<package>/<file>`` at the top of the
repository (our measurements and tables, kept apart from the code).

Every game reads its files through :func:`load_json`, the one place that
knows where the data lives.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[1] / "data"


@cache
def load_json(package: str, name: str) -> Any:
    """``data/<package>/<name>`` parsed (read once per process)."""
    with open(DATA / package / name, encoding="utf-8") as handle:
        return json.load(handle)
