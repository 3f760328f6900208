"""The C launch fast path (tilert/_fast_src/): what Python hands it, and what it reads of
tilert's objects by name, by shape or by offset. tilert/_accel.py is its one caller.

The C trusts what it is given: it reads slots at fixed offsets and tuples by index. What it
reads is listed at run time in ``KEYS`` and ``SLOTS``, which tilert/_accel.py checks before it
calls ``install``; the shapes below (a kernel's plan, the compiled-kernel cache key, a backend's
``fast_launch``) are what the C checks cheaply on each launch, falling back to the Python method
it replaces where they differ. The names with a leading underscore exist only here, for the
type checker."""

from collections.abc import Callable
from contextvars import ContextVar
from types import ModuleType, TracebackType
from typing import Any, Final, Literal, TypeAlias, TypedDict, final

from tilert.dtypes import DType

# -- what the C reads of a kernel ----------------------------------------------------------------

# What a launch checks of one argument (the parameter's kind, then what the value must be, then
# whether it is part of the launch's signature, the key of ``checked_launches``):
# (0, dtype, keyed) a Mutable partition of a tensor of that dtype, (1, dtype, keyed) a Shared
# tensor of that dtype, (2, accepted types, keyed) a scalar that is an instance of one of them.
_Check: TypeAlias = (
    tuple[Literal[0, 1], type[DType], bool] | tuple[Literal[2], tuple[type, ...], bool]
)

# ``Kernel._fast_plan`` (tilert/kernel.py, ``_fast_plan``), set by the kernel's first call:
# (the op's label, its read borrows' label, its write borrow's label, one check per parameter).
_FastPlan: TypeAlias = tuple[str, str, str, tuple[_Check, ...]]

# -- what the C reads of a backend -------------------------------------------------------------

# A compiled specialization's key: (rank, mapped) of each Mutable parameter, in order. The C
# makes ((rank, False),) for its one unmapped partition.
_SpecKey: TypeAlias = tuple[tuple[int, bool], ...]

# A key of the backend's compiled-kernel cache: (id(kernel), spec key).
_CacheKey: TypeAlias = tuple[int, _SpecKey]

# The launch function the C calls as ``launch(stream handle, grid, compiled.kernel, arguments)``
# (``ct.launch`` for cuTile); its exception goes through ``backend.launch_error(kernel,
# compiled, exception)``.
_LaunchFunction: TypeAlias = Callable[[int, tuple[int, ...], Any, tuple[object, ...]], object]

# ``Backend.fast_launch`` (see ``CutileBackend.__init__``): the backend's compiled-kernel cache
# (an exact dict; its values have a ``kernel`` attribute, what ``launch`` gets) and its launch
# function; or None where the C path cannot launch the backend's kernels (the interpreter).
_FastLaunch: TypeAlias = tuple[dict[_CacheKey, Any], _LaunchFunction] | None

# -- what install() is given ---------------------------------------------------------------------

class _Config(TypedDict):
    """``install``'s argument: every key in ``KEYS``. The classes are tilert's own; their slots
    named in ``SLOTS`` must be ``__slots__`` members (the C reads them by offset), and the two
    holders must share ``held`` (one offset for both)."""

    Tensor: type
    Partition: type
    PartitionHolder: type
    OpHolder: type
    Op: type
    Stream: type
    Pending: type
    Ticket: type
    Kernel: type
    # the Python methods the C replaces, called where it falls back (the reference)
    partition: Callable[..., Any]
    kernel_call: Callable[..., Any]
    op_sync: Callable[..., Any]
    op_del: Callable[..., Any]
    partition_del: Callable[..., Any]
    op_submit: Callable[..., Any]
    pending_wait: Callable[..., Any]
    pending_del: Callable[..., Any]
    # ownership.LOCK and the streams' queue lock: both must be this module's RLock
    borrow_lock: RLock
    queue_lock: RLock
    handoff_var: ContextVar[Any]
    capture_var: ContextVar[Any]
    stream_var: ContextVar[Any]  # tuple[Stream, ...]: the current stream is the last one
    streams_module: ModuleType  # the C reads its ``_default`` stream, calls its ``_keep_error``
    backends_module: ModuleType  # the C calls its ``current()`` (see backend_current)
    # caches the C reads without a call: exact dicts, and a set
    tilings: dict[Any, Any]  # (shape, tile shape) -> (tile shape, grid)
    inside_files: dict[str, bool]  # file name -> inside tilert
    formatted_sites: dict[tuple[str, int], str]  # (file name, line) -> "file:line"
    launchable_grids: set[Any]
    # launch signatures checked (tilert/_core/launch_rules.py): (kernel, *items); the C makes
    # only launches whose signature is there
    checked_launches: set[tuple[Any, ...]]
    # the group a submitted op's holders join (ops.IN_FLIGHT), if in none
    in_flight: Any
    inline: Any  # ownership.INLINE: the head of the ring of inline readers
    # backends.current (functools.cache) and backends._chosen, the backend it returns while
    # cached: while the module's ``current`` is that function, the C reads the list, no call
    backend_current: Callable[[], Any]
    backend_chosen: list[Any]

# -- the module --------------------------------------------------------------------------------

# The keys of install()'s argument the C reads, in its order.
KEYS: Final[tuple[str, ...]]
# (class key, slot name) of each ``__slots__`` member the C reads or writes by offset.
SLOTS: Final[tuple[tuple[str, str], ...]]

@final
class RLock:
    """A re-entrant lock the C launch path takes directly (threading.RLock's use)."""

    def acquire(self, blocking: bool = True, /) -> bool: ...
    def release(self) -> None: ...
    def __enter__(self) -> bool: ...
    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
        /,
    ) -> None: ...

def install(config: _Config, /) -> dict[str, Callable[..., Any]]:
    """Take tilert's classes, locks, caches and reference methods; return the fast methods to set
    on the classes, under "Tensor.partition", "Kernel.__call__", "Op.sync", "Op.__del__",
    "Partition.__del__", "Op.submit", "Pending.wait" and "Pending.__del__"."""

def dlpack_hooks(release: Callable[[int], None], /) -> tuple[int, int]:
    """The (capsule destructor, deleter) addresses for the DLPack capsules tilert exports: each
    calls ``release`` with the address of the DLManagedTensor[Versioned] to free, keeping an
    exception pending in its caller (tilert/_dlpack/abi.py, ``use_c_release``)."""

def forget() -> None:
    """Drop the launches remembered (kernels, backend, compiled kernels): called at exit."""

def set_finalizers() -> None:
    """Once the classes' __del__ and ``Kernel.__call__`` are the fast ones: their finalizers,
    and a kernel's call (its ``tp_call``), run them without a lookup."""

def direct_launches() -> int:
    """How many launches went to the driver directly, without ``ct.launch`` (a compiled
    signature's ``Direct``, tilert/cutile/direct.py)."""
