"""The launch fast path: install the C versions (``tilert._fast``) of ``Tensor.partition``,
``Kernel.__call__``, ``Op.sync``, ``Op.submit``, ``Pending.wait`` and the ``__del__`` of ops,
partitions and Pendings; and the C release
hooks of exported DLPack capsules, which keep an exception a consumer has pending (ctypes
callbacks cannot: tilert/_dlpack/abi.py).

Each C method handles the common, valid case of a launch loop and otherwise calls the Python
method it replaces, kept as ``_<name>_python``: the Python is the reference, and the only code
that decides an error. Without a C compiler at install time, or with ``TILERT_PURE_PYTHON=1``,
tilert runs the Python alone, with the same results. Why it exists: docs/decisions.md
("Launch overhead").

The C trusts what it is handed (tilert/_fast.pyi types it): it reads slots at fixed offsets.
So before handing anything over, ``install`` checks what the C relies on: that every key it
reads (``tilert._fast.KEYS``) is handed over, and that every slot it reads by offset
(``tilert._fast.SLOTS``) is a ``__slots__`` member of the class handed in. Where they disagree
(the Python changed and the C did not, or an extension built from other sources), it installs
nothing and tilert runs the Python alone: a slower launch is no error, so ``import tilert``
does not fail for it, and ``describe()`` (``python -m tilert doctor``) says why. The tests
(tests/tilert/test_fast_path.py) fail where a built extension is not installed."""

from __future__ import annotations

import atexit
import os
import types
from collections.abc import Mapping
from typing import TYPE_CHECKING

from tilert import backends, ops, streams
from tilert._core import ownership
from tilert._core import where as _where
from tilert._core.capture import _graph
from tilert._core.launch_rules import checked_launches
from tilert._core.log import logger
from tilert._dlpack import abi as dlpack
from tilert._launch import launchable_grids
from tilert.kernel import Kernel
from tilert.ops import Op, Pending
from tilert.tensor import Partition, Tensor, _tilings

if TYPE_CHECKING:
    from tilert._fast import _Config

try:
    from tilert import _fast
except ImportError:  # built without a C compiler: the Python alone
    _fast = None  # type: ignore[assignment]  # (to mypy, the stub tilert/_fast.pyi)

# What replaces what: (class, method name) -> the key install() returns it under
_REPLACED = (
    (Tensor, "partition"),
    (Kernel, "__call__"),
    (Op, "sync"),
    (Op, "__del__"),
    (Partition, "__del__"),
    (Op, "submit"),
    (Pending, "wait"),
    (Pending, "__del__"),
)

# Why install() left the C out: what it found the C relies on and the Python does not give
_refused: str | None = None


def active() -> bool:
    """Whether the C fast path is installed (it is unless unbuilt or TILERT_PURE_PYTHON=1)."""
    return "_sync_python" in vars(Op)


def describe() -> str:
    """Which launch path runs, and why not the C one (for ``python -m tilert doctor``)."""
    if active():
        return "C fast path (tilert._fast)"
    if _fast is None:
        return "Python alone: the C extension was not built (reinstall with a C compiler)"
    if _refused is not None:
        return f"Python alone: the C extension does not fit this tilert ({_refused})"
    return "Python alone (TILERT_PURE_PYTHON is set)"


def _objects(borrow_lock: _fast.RLock, queue_lock: _fast.RLock) -> _Config:
    """What the C is handed: tilert's classes, the Python methods it replaces, the locks it
    takes, and the context variables, modules and caches it reads."""
    return {
        "Tensor": Tensor,
        "Partition": Partition,
        "PartitionHolder": ownership.PartitionHolder,
        "OpHolder": ownership.OpHolder,
        "Op": Op,
        "Kernel": Kernel,
        "Stream": streams.Stream,
        "Pending": Pending,
        "Ticket": streams.Ticket,
        "partition": Tensor.partition,
        "kernel_call": Kernel.__call__,
        "op_sync": Op.sync,
        "op_del": Op.__del__,
        "partition_del": Partition.__del__,
        "op_submit": Op.submit,
        "pending_wait": Pending.wait,
        "pending_del": Pending.__del__,
        "borrow_lock": borrow_lock,
        "queue_lock": queue_lock,
        "handoff_var": ownership._handoff,
        "capture_var": _graph,
        "stream_var": streams._stack,
        "streams_module": streams,
        "backends_module": backends,
        "tilings": _tilings,
        "inside_files": _where._inside,
        "formatted_sites": _where._formatted,
        "launchable_grids": launchable_grids,
        "checked_launches": checked_launches,
        "in_flight": ops.IN_FLIGHT,
        "inline": ownership.INLINE,
        "backend_current": backends.current,
        "backend_chosen": backends._chosen,
    }


def _mismatch(objects: Mapping[str, object]) -> str | None:
    """Why the C cannot take ``objects``, or None: a key it reads is missing, a slot it reads
    by offset is no ``__slots__`` member of its class, or the two holders do not share ``held``
    (the C reads both at one offset)."""
    keys: tuple[str, ...] | None = getattr(_fast, "KEYS", None)
    slots: tuple[tuple[str, str], ...] | None = getattr(_fast, "SLOTS", None)
    if keys is None or slots is None:  # (a build older than the check: it lists neither)
        return "it was built from older sources: reinstall tilert to rebuild it"
    missing = [key for key in keys if key not in objects]
    if missing:
        return f"it reads {', '.join(missing)}, which tilert/_accel.py does not hand over"
    if ("Tensor", "_family") not in slots:  # (the C must leave views to the Python)
        return "it was built before views (it does not read Tensor._family): reinstall tilert"
    if ("Tensor", "_owner") not in slots:  # (the C must release and check inline borrows)
        return "it was built before inline borrows (it does not read Tensor._owner): reinstall"
    for key, name in slots:
        cls = objects[key]
        if not isinstance(cls, type):
            return f"it reads {key} as a class, and is handed {cls!r}"
        if not isinstance(getattr(cls, name, None), types.MemberDescriptorType):
            return f"it reads {cls.__qualname__}.{name} by offset, and that is no __slots__ member"
    # one member, so one offset, whichever holder the C reads ``held`` of
    held = {getattr(objects.get(key), "held", None) for key in ("PartitionHolder", "OpHolder")}
    if len(held) != 1:
        return "it reads both holders' held at one offset, and they do not share that slot"
    return None


def install() -> None:
    global _refused
    if _fast is None or os.environ.get("TILERT_PURE_PYTHON", "") not in ("", "0") or active():
        return
    hooks = getattr(_fast, "dlpack_hooks", None)  # (None: built before them; ctypes stays)
    if hooks is not None:  # apart from the launch path's contract: a mismatch there is no reason
        dlpack.use_c_release(*hooks(dlpack.release_export))
    # locks the C code takes without a Python call; they replace tilert's once the C has them
    borrow_lock, queue_lock = _fast.RLock(), _fast.RLock()
    objects = _objects(borrow_lock, queue_lock)
    _refused = _mismatch(objects)
    if _refused is None:
        try:
            methods = _fast.install(objects)
        except Exception as exc:  # its own checks, of the types it is handed: nothing changed
            _refused = f"tilert._fast.install: {exc}"
    if _refused is not None:
        logger.warning("the C launch path is left out, launches run in Python: %s", _refused)
        return
    # (nothing holds the locks yet; the C's serves as a threading.RLock: acquire, release, with)
    ownership.LOCK = borrow_lock  # type: ignore[assignment]
    streams._QUEUE_LOCK = streams.Stream._lock = queue_lock  # type: ignore[assignment]
    for cls, name in _REPLACED:
        setattr(cls, f"_{name.strip('_')}_python", vars(cls)[name])
        setattr(cls, name, methods[f"{cls.__name__}.{name}"])
    _fast.set_finalizers()
    # what the C remembers of the last launch holds its kernel, whose function holds its
    # module's globals: kept to the end, it keeps a script's module alive past the collection
    # that runs its ops' finalizers as the interpreter exits (an unrun op would not warn)
    forget = getattr(_fast, "forget", None)  # (None: built before it)
    if forget is not None:
        atexit.register(forget)
