"""The launch fast path: install the C versions (``tilert._fast``) of ``Tensor.partition``,
``Kernel.__call__``, ``Op.sync`` and the ``__del__`` of ops and partitions.

Each C method handles the common, valid case of a launch loop and otherwise calls the Python
method it replaces, kept as ``_<name>_python``: the Python is the reference, and the only code
that decides an error. Without a C compiler at install time, or with ``TILERT_PURE_PYTHON=1``,
tilert runs the Python alone, with the same results. Why it exists: docs/decisions.md
("Launch overhead")."""

from __future__ import annotations

import os

from tilert import _where, backends, ownership, streams
from tilert._capture import _graph
from tilert.kernel import Kernel, _launchable_grids, _LaunchStep
from tilert.ops import Op
from tilert.tensor import Partition, Tensor, _tilings

try:
    from tilert import _fast  # type: ignore[attr-defined]
except ImportError:  # built without a C compiler: the Python alone
    _fast = None

# What replaces what: (class, method name) -> the key install() returns it under
_REPLACED = (
    (Tensor, "partition"),
    (Kernel, "__call__"),
    (Op, "sync"),
    (Op, "__del__"),
    (Partition, "__del__"),
)


def active() -> bool:
    """Whether the C fast path is installed (it is unless unbuilt or TILERT_PURE_PYTHON=1)."""
    return "_sync_python" in vars(Op)


def describe() -> str:
    """Which launch path runs, and why not the C one (for ``python -m tilert doctor``)."""
    if active():
        return "C fast path (tilert._fast)"
    if _fast is None:
        return "Python alone: the C extension was not built (reinstall with a C compiler)"
    return "Python alone (TILERT_PURE_PYTHON is set)"


def install() -> None:
    if _fast is None or os.environ.get("TILERT_PURE_PYTHON", "") not in ("", "0") or active():
        return
    # the locks become ones the C code takes without a Python call (nothing holds them yet)
    ownership.LOCK = _fast.RLock()
    streams._QUEUE_LOCK = streams.Stream._lock = _fast.RLock()
    methods = _fast.install(
        {
            "Tensor": Tensor,
            "Partition": Partition,
            "PartitionHolder": ownership.PartitionHolder,
            "OpHolder": ownership.OpHolder,
            "Op": Op,
            "LaunchStep": _LaunchStep,
            "Kernel": Kernel,
            "Stream": streams.Stream,
            "partition": Tensor.partition,
            "kernel_call": Kernel.__call__,
            "op_sync": Op.sync,
            "op_del": Op.__del__,
            "partition_del": Partition.__del__,
            "borrow_lock": ownership.LOCK,
            "queue_lock": streams._QUEUE_LOCK,
            "handoff_var": ownership._handoff,
            "capture_var": _graph,
            "stream_var": streams._stack,
            "streams_module": streams,
            "backends_module": backends,
            "tilings": _tilings,
            "inside_files": _where._inside,
            "formatted_sites": _where._formatted,
            "launchable_grids": _launchable_grids,
        }
    )
    for cls, name in _REPLACED:
        setattr(cls, f"_{name.strip('_')}_python", vars(cls)[name])
        setattr(cls, name, methods[f"{cls.__name__}.{name}"])
    _fast.set_finalizers()
