"""What worker threads may share, and the caches that keep to it.

The bot calls the rules and the renderers from worker threads, several at
once, often on the same game: every autocomplete keystroke, the bot seats,
undo and replay, every board drawn. So a game's rules and renderer must give
from several threads at once what they give alone, and must never take the
process down. The ruling for everything kept between calls (module-level
caches, ``functools.cache``, class attributes):

- **Shared, because immutable or only read**: plain Python values (numbers,
  strings, tuples, frozen dataclasses), unprepared shapely geometries (GEOS
  computes a geometry's envelope when it is made and never changes it
  after, so reading one from several threads is safe; shapely's own
  predicates prepare a temporary copy per call), numpy arrays made
  read-only (:func:`read_only`), Pillow images that are only pasted, cropped
  or copied, never drawn on after being cached (a palette image made by
  ``quantize`` or ``putpalette`` included: it is loaded once made).
- **Per thread** (:func:`per_thread_cache`): what GEOS or FreeType change as
  they use it. A *prepared* shapely geometry builds its indexes lazily and
  keeps state between calls; two threads using one crash the process
  (SIGSEGV in ``PreparedPolygon::covers``, libgeos/geos#825). A Pillow font
  holds a FreeType face, whose glyph slot every call reloads.
- **Mutable results are never cached as such**: a cached list, dict, set or
  writable array would be changed by one caller under another's feet; cache
  a tuple (or a read-only array) and give each caller its own copy.
- **A shared cache is read and written under a lock** (:class:`Recent`):
  checking a key and then reading it is two steps another thread may come
  between (it may evict the key).
- **A cached result depends only on its key**, never on which call came
  first (a palette made from "the first board" made the same state's image
  differ from process to process).

tests/test_thread_safety.py runs every listed game's rules, bot and renderer
from several threads at once and compares with one thread.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from functools import wraps
from typing import Any, Callable, Generic, Hashable, ParamSpec, TypeVar

import numpy.typing as npt

P = ParamSpec("P")
T = TypeVar("T")
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
A = TypeVar("A", bound="npt.NDArray[Any]")


def per_thread_cache(make: Callable[P, T]) -> Callable[P, T]:
    """``functools.cache`` with one cache per thread: each thread makes and
    keeps its own result for the same (hashable) arguments. For what must
    not be used by two threads at once (a prepared geometry, a font); a
    thread that ends takes its cache with it."""
    local = threading.local()

    @wraps(make)
    def cached(*args: P.args, **kwargs: P.kwargs) -> T:
        memo: dict[Hashable, T] | None = getattr(local, "memo", None)
        if memo is None:
            memo = local.memo = {}
        key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
        if key not in memo:
            memo[key] = make(*args, **kwargs)
        return memo[key]

    return cached


class Recent(Generic[K, V]):
    """A bounded cache shared by all threads, the least recently used entry
    evicted first; every look-up and store under one lock (making a missing
    value is not: two threads missing the same key both make it, and the
    first stored is kept). Store immutable values only."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K, make: Callable[[], V]) -> V:
        """The value kept for ``key``, made with ``make()`` if there is none."""
        with self._lock:
            if key in self._entries:
                self._entries.move_to_end(key)
                return self._entries[key]
        value = make()
        with self._lock:
            kept = self._entries.setdefault(key, value)
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)
        return kept

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)


def read_only(array: A) -> A:
    """``array``, made read-only so it can be cached and shared: a caller
    that writes to it gets an error instead of changing everyone's copy."""
    array.flags.writeable = False
    return array


__all__ = ["Recent", "per_thread_cache", "read_only"]
