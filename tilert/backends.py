"""Backends: what holds tensors' memory and runs kernels. ``TILERT_BACKEND=cutile|interpret``
picks one; by default the most preferred backend usable here (the GPU before the numpy
interpreter). Backends register themselves (``register``) from the packages above this module
(``tilert.cutile``, ``tilert.interpret``): this module knows none of them, and the rest of
tilert asks the current backend what it needs instead of testing its name."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

import numpy as np

from tilert._core.storage import Storage


class EventMark(Protocol):
    """A backend's point in a stream's work (``tr.Event`` wraps one)."""

    def done(self) -> bool: ...
    def synchronize(self) -> None: ...
    def elapsed_ms(self, end: Any) -> float: ...
    def order(self, waiter: Any) -> None: ...


class Captured(Protocol):
    """Work recorded once and replayed as a whole (a CUDA graph)."""

    def launch(self, stream: Any) -> None: ...
    def close(self) -> None: ...


class Backend(Protocol):
    """What tilert asks of a backend. ``stream`` arguments are ``tilert.streams.Stream``s and
    ``kernel`` ones launchable kernels (this module sits below both, so they are ``Any``)."""

    name: str  # for messages and tools only: behaviour is asked of the methods below
    device_kind: str  # "cuda" or "cpu": where tensors live, ``tr.Device().kind``
    # the queue policy: True, work goes to the device when enqueued (the host goes on while it
    # runs); False, a stream's queue runs when someone waits for it (the CPU)
    launches_at_once: bool

    def allocate(self, array: np.ndarray[Any, Any]) -> Storage:
        """Memory for a new tensor, holding ``array``'s data (C-contiguous)."""

    def launch(
        self, kernel: Any, args: Sequence[object], grid: tuple[int, ...], stream: Any
    ) -> None:
        """Launch a tile kernel over ``grid`` on ``stream``."""

    def launch_cuda(
        self, kernel: Any, args: Sequence[object], grid: tuple[int, ...], stream: Any
    ) -> None:
        """Launch a ``tr.cuda_kernel`` with its C arguments (pointers as uint64)."""

    def order_after(self, waiter: Any, writer: Any, seq: int) -> None:
        """Make ``waiter``'s later work run after launch ``seq`` of the stream ``writer``."""

    def record_event(self, stream: Any) -> EventMark:
        """A point after everything launched or queued on ``stream`` so far."""

    def capture(self, stream: Any, body: Callable[[], None]) -> Captured | None:
        """Record what ``body`` launches on ``stream`` for replay, or None where the backend
        replays by running the work again."""

    def device_properties(self, index: int) -> tuple[str, int, tuple[int, int] | None]:
        """(name, units that run blocks at once, compute capability or None)."""


@dataclass(frozen=True)
class Registration:
    """A backend as registered: how to make it and how to ask whether it can run here."""

    name: str
    make: Callable[[], Backend]
    unavailable: Callable[[], str | None]  # None when usable here, else why not
    preference: int  # the highest usable one is the default


_registry: dict[str, Registration] = {}


def register(
    name: str,
    make: Callable[[], Backend],
    unavailable: Callable[[], str | None],
    preference: int,
) -> None:
    """Make a backend choosable (``TILERT_BACKEND=name``) and a candidate for the default."""
    _registry[name] = Registration(name, make, unavailable, preference)
    current.cache_clear()


def names() -> list[str]:
    """The registered backends, most preferred first."""
    return [r.name for r in sorted(_registry.values(), key=lambda r: -r.preference)]


def unavailable_reason(name: str) -> str | None:
    """None when backend ``name`` can run here, else why not."""
    found = _registry.get(name)
    if found is None:
        return f"no backend named {name!r} (known: {', '.join(names())})"
    return found.unavailable()


# What ``current()`` returns while its cache holds it (one item, else none): the C launch path
# reads it here instead of calling ``current()`` (docs/decisions.md, "Async", round 9), so
# ``current.cache_clear()`` empties it too (the wrapper's own ``cache_clear`` is replaced below).
_chosen: list[Backend] = []


@cache
def current() -> Backend:
    """The backend chosen by TILERT_BACKEND, else the most preferred usable one."""
    backend = _choose()
    _chosen[:] = [backend]
    return backend


def _choose() -> Backend:
    """What ``current()`` caches."""
    choice = os.environ.get("TILERT_BACKEND", "").strip().lower()
    if choice == "":
        for name in names():
            if _registry[name].unavailable() is None:
                return _registry[name].make()
        raise RuntimeError(f"no usable backend among {', '.join(names()) or 'none registered'}")
    found = _registry.get(choice)
    if found is None:
        expected = " or ".join(repr(n) for n in names())
        raise RuntimeError(f"TILERT_BACKEND={choice!r}: expected {expected}")
    reason = found.unavailable()
    if reason is not None:
        raise RuntimeError(f"TILERT_BACKEND={choice}: {reason}")
    return found.make()


_clear_current = current.cache_clear


def _cache_clear() -> None:
    """``current.cache_clear()``, which also forgets what the C path was told (``_chosen``)."""
    _chosen.clear()
    _clear_current()


vars(current)["cache_clear"] = _cache_clear  # (the instance's own attribute is found first)
