"""NVTX ranges for Nsight Systems: with ``TILERT_NVTX=1`` each kernel launch and each graph
replay is a range named after the kernel (or the graph), so a timeline shows which tilert op
each GPU kernel came from. Off by default: a range costs a call into NVTX per launch and the C
launch path opens none (with ranges on, launches take the Python path).

The ranges go through the ``nvtx`` package (``pip install nvtx``) where installed, else through
torch's ``torch.cuda.nvtx``; with neither, tilert warns once and opens none."""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager

ENABLED = os.environ.get("TILERT_NVTX", "") not in ("", "0")

_calls: tuple[Callable[[str], object], Callable[[], object]] | None = None
_looked = False


def _find() -> tuple[Callable[[str], object], Callable[[], object]] | None:
    """(push, pop) of the first NVTX binding importable here, or None."""
    try:
        import nvtx  # type: ignore[import-not-found,unused-ignore]

        return nvtx.push_range, nvtx.pop_range
    except ImportError:
        pass
    try:
        import torch.cuda.nvtx as torch_nvtx  # type: ignore[import-not-found,unused-ignore]

        return torch_nvtx.range_push, torch_nvtx.range_pop
    except ImportError:
        return None


def _binding() -> tuple[Callable[[str], object], Callable[[], object]] | None:
    global _calls, _looked
    if not _looked:
        _calls, _looked = _find(), True
        if _calls is None:
            warnings.warn(
                "TILERT_NVTX is set but no NVTX binding is installed: "
                "`pip install nvtx` (or torch) for tilert's ranges",
                stacklevel=4,
            )
    return _calls


@contextmanager
def span(name: str) -> Iterator[None]:
    """An NVTX range around the block, named ``name`` (nothing without a binding)."""
    calls = _binding()
    if calls is None:
        yield
        return
    calls[0](name)
    try:
        yield
    finally:
        calls[1]()
