"""Which backend runs kernels: ``TILERT_BACKEND=cutile|interpret``; by default the GPU when it
is usable, else the numpy interpreter."""

from __future__ import annotations

import os
import shutil
from collections.abc import Sequence
from functools import cache
from typing import Any, Protocol


class Backend(Protocol):
    name: str

    def launch(
        self, kernel: Any, args: Sequence[object], grid: tuple[int, ...], stream: Any = None
    ) -> None:
        """Launch ``kernel`` over ``grid`` on ``stream`` (default: the current stream)."""


class InterpretBackend:
    name = "interpret"

    def launch(
        self, kernel: Any, args: Sequence[object], grid: tuple[int, ...], stream: Any = None
    ) -> None:
        from tilert import interpret
        from tilert.tensor import Partition, Tensor

        for v in args:  # a tensor last written on another stream: run that stream's work first
            t = v.tensor if isinstance(v, Partition) else v
            if isinstance(t, Tensor) and t._writer is not None and stream is not None:
                stream.wait_for_launch(*t._writer)
        interpret.launch(kernel, args, grid)


@cache
def cutile_unavailable_reason() -> str | None:
    """None when the cutile backend can run here, else why not."""
    try:
        import cuda.tile  # type: ignore[import-not-found,import-untyped,unused-ignore]  # noqa: F401
    except ImportError:
        return "cuda.tile is not installed (pip install -e '.[gpu]' on a machine with a GPU)"
    try:
        from cuda.core import Device  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        return "cuda.core is not installed (pip install cuda-core)"
    try:
        Device().set_current()
    except Exception as exc:  # no driver, no GPU
        return f"no usable GPU: {exc}"
    if shutil.which("tileiras") is None:
        return "tileiras (the Tile IR compiler, pip install 'cuda-tile[tileiras]') is not on PATH"
    return None


@cache
def current() -> Backend:
    """The backend chosen by TILERT_BACKEND, else cutile when usable, else interpret."""
    choice = os.environ.get("TILERT_BACKEND", "").strip().lower()
    if choice == "interpret":
        return InterpretBackend()
    if choice == "":
        return _cutile() if cutile_unavailable_reason() is None else InterpretBackend()
    if choice == "cutile":
        reason = cutile_unavailable_reason()
        if reason is not None:
            raise RuntimeError(f"TILERT_BACKEND=cutile: {reason}")
        return _cutile()
    raise RuntimeError(f"TILERT_BACKEND={choice!r}: expected 'cutile' or 'interpret'")


def _cutile() -> Backend:
    from tilert.cutile.backend import CutileBackend

    return CutileBackend()
