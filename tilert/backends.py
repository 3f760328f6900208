"""Which backend runs kernels: ``TILERT_BACKEND=cutile|interpret``; by default the GPU when it
is usable, else the numpy interpreter."""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import cache
from typing import Any, Protocol


class Backend(Protocol):
    name: str

    def launch(self, kernel: Any, args: Sequence[object], grid: tuple[int, ...]) -> None: ...


class InterpretBackend:
    name = "interpret"

    def launch(self, kernel: Any, args: Sequence[object], grid: tuple[int, ...]) -> None:
        from tilert import interpret

        interpret.launch(kernel, args, grid)


def cutile_unavailable_reason() -> str | None:
    """None when the cutile backend can run here, else why not."""
    try:
        import cuda.tile  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        return "cuda.tile is not installed (pip install -e '.[gpu]' on a machine with a GPU)"
    return "the cutile backend is not built yet in this version of tilert"


@cache
def current() -> Backend:
    choice = os.environ.get("TILERT_BACKEND", "").strip().lower()
    if choice in ("", "interpret"):
        return InterpretBackend()
    if choice == "cutile":
        raise RuntimeError(f"TILERT_BACKEND=cutile: {cutile_unavailable_reason()}")
    raise RuntimeError(f"TILERT_BACKEND={choice!r}: expected 'cutile' or 'interpret'")
