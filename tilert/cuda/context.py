"""The CUDA device and its context: cuda.core's ``Device`` made current once per thread (ops
may run on executor threads), the driver module, and the checks of driver results."""

from __future__ import annotations

import threading
from functools import cache
from typing import Any

# The GPU chosen for this process (``select_device``: one process per GPU), else cuda.core's
# default: the device current on this thread, or the first.
_selected: int | None = None


@cache
def _core_device() -> Any:
    from cuda.core import Device  # type: ignore[import-not-found,import-untyped,unused-ignore]

    dev = Device(_selected) if _selected is not None else Device()
    dev.set_current()
    return dev


def select_device(index: int) -> None:
    """Make GPU ``index`` tilert's (``tr.distributed.init``: the node's ``LOCAL_RANK``), and
    current on this thread, so that what asks for "the current device" before tilert's first
    tensor gets it too. A RuntimeError if tilert already uses another GPU; nothing to do where
    CUDA is not installed."""
    global _selected
    if _core_device.cache_info().currsize and device_id() != index:
        raise RuntimeError(
            f"tilert already uses GPU {device_id()}: select GPU {index} (tr.distributed.init) "
            "before making tensors"
        )
    _selected = index
    try:
        from cuda.core import Device  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        return
    try:
        Device(index).set_current()
    except Exception:  # no driver or no such GPU: the backend says so when it is chosen
        return


_thread = threading.local()


def ensure_current() -> Any:
    """Make the device's context current on this thread (ops may run on executor threads)."""
    dev = _core_device()
    if not getattr(_thread, "current", False):
        dev.set_current()
        _thread.current = True
    return dev


def is_current() -> bool:
    """Whether this thread made the context current already (a hot path's cheap test)."""
    return bool(getattr(_thread, "current", False))


@cache
def driver() -> Any:
    """cuda.bindings' driver module (imported once, on first use)."""
    from cuda.bindings import driver  # type: ignore[import-not-found,import-untyped,unused-ignore]

    return driver


def check(result: Any, what: str) -> None:
    """A RuntimeError naming ``what`` when the driver call's CUresult is not success."""
    err = result[0] if isinstance(result, tuple) else result
    if int(err) != 0:
        raise RuntimeError(f"{what} failed: CUDA error {err}")


@cache
def device_properties(index: int) -> tuple[str, int, tuple[int, int]]:
    """(name, multiprocessor count, compute capability) of GPU ``index``."""
    from cuda.core import Device  # type: ignore[import-not-found,import-untyped,unused-ignore]

    dev = Device(index)
    major, minor = dev.compute_capability
    return str(dev.name), int(dev.properties.multiprocessor_count), (int(major), int(minor))


def device_id() -> int:
    """The CUDA device tilert's tensors live on."""
    return int(_core_device().device_id)
