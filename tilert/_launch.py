"""The launch path, the reference that the C fast path (``tilert._fast``, built from
``tilert/_fast_src/``) mirrors: a kernel call's argument checks, its borrows, its grid, and the
step its op runs, which orders the launch after the last writers of its tensors on other streams
(the one place that is done) and hands it to the backend. ``Kernel.__call__`` and
``CudaKernel.__call__`` end here."""

from __future__ import annotations

import operator
import reprlib
from collections.abc import Iterable, Sequence
from typing import Any, Protocol, cast

import numpy as np

from tilert import ops
from tilert._core import nvtx, ownership
from tilert._dlpack.abi import HOST_ACCESSIBLE
from tilert.errors import BorrowError
from tilert.ops import IN_FLIGHT, Op
from tilert.signature import Param, ParamKind
from tilert.streams import Stream
from tilert.tensor import Partition, Tensor

_MUTABLE, _SHARED = ParamKind.MUTABLE, ParamKind.SHARED


class Launchable(Protocol):
    """What a launch needs of a kernel: ``Kernel`` and ``tr.cuda_kernel``'s ``CudaKernel``."""

    name: str
    params: tuple[Param, ...]
    _label: str  # "op `add`", and its borrows' labels, made once
    _reading: str
    _writing: str

    def _run(self, values: tuple[Any, ...], grid: tuple[int, ...], stream: Stream) -> None: ...


def launch_op(
    kernel: Launchable, values: tuple[Any, ...], grid: Sequence[int] | int | None, where: str
) -> Op:
    """Check one launch's arguments, take its borrows and build its Op. This is the launch hot
    path: the common, valid case costs a type test per argument and one acquisition of the
    borrow lock; anything unusual goes through ``_Checks``, which raises the precise error (or
    accepts a chain's hand-off)."""
    partitions: list[Partition[Any]] = []
    shared: list[Tensor[Any]] = []
    checks: _Checks | None = None
    for i, (p, v) in enumerate(zip(kernel.params, values, strict=True)):
        kind = p.kind
        if kind is _MUTABLE:
            if (
                type(v) is not Partition
                or v.consumed_at is not None
                or v.tensor._dtype is not p.dtype
            ):
                checks = checks or _Checks(kernel, where)
                checks.mutable(p, v)
            partitions.append(v)
        elif kind is _SHARED:
            if type(v) is not Tensor or v._dtype is not p.dtype:
                checks = checks or _Checks(kernel, where)
                if not isinstance(v, Tensor) and checks.foreign(v):
                    v = checks.wrapped(p, v)  # another framework's array, shared for reading
                    values = (*values[:i], v, *values[i + 1 :])
                checks.shared(p, v)
            shared.append(v)
        elif not isinstance(v, p.accepts):
            raise TypeError(
                f"parameter `{p.name}` of kernel `{kernel.name}` is a scalar "
                f"({p.scalar_name}), got {_Checks.shown(v)}"
            )
        elif p.limits is not None and not p.limits[0] <= cast(int, v) <= p.limits[1]:
            raise ValueError(
                f"parameter `{p.name}` of kernel `{kernel.name}` = {v} does not fit how the "
                f"GPU passes it ({p.scalar_name}: {p.limits[0]} to {p.limits[1]})"
                + ("; annotate it with tl.i64 for a wider range" if p.dtype is None else "")
            )
    if partitions:  # a written tensor passed twice (two readers of one tensor are fine)
        first = partitions[0]
        if len(partitions) > 1 or first.tensor in shared or first.tensor._family is not None:
            written = [q.tensor for q in partitions]
            if (
                len({id(t) for t in written}) != len(written)
                or any(t in written for t in shared)
                or any(t._family is not None for t in written)  # a view: overlaps are checked
            ):
                (checks or _Checks(kernel, where)).aliasing(partitions, shared)
        if grid is None and len(partitions) == 1:
            launch_grid = (first.mapping.blocks,) if first.mapping else first.grid
        else:
            launch_grid = _grid(kernel, partitions, grid)
    else:
        launch_grid = _grid(kernel, partitions, grid)
    if launch_grid not in launchable_grids:
        _check_grid_limits(kernel, launch_grid)
    origin = ownership.handoff_group()
    with ownership.LOCK:
        # one holder for the launch: its only partition's, taken over, or one of its own
        holder: ownership.Holder
        taken = (
            len(partitions) == 1
            and partitions[0].consumed_at is None
            and ownership.take_over(partitions[0]._holder, kernel._label, where, origin)
        )
        if taken:
            holder = partitions[0]._holder
        else:
            holder = ownership.OpHolder(kernel._label, where, origin)
        # nothing to check where no read tensor has views or a writer but in flight: the reads
        # are inline (ownership.PartitionHolder). A loop, not all() of a generator: that
        # generator was a measured 0.3-0.5 us of the Python path's launch.
        inline = taken and origin is None
        if inline:
            for t in shared:
                if t._family is not None or (t._exclusive and not _read_after(t, origin)):
                    inline = False
                    break
        try:
            if inline:
                ownership.read_inline(holder, values, kernel._reading)  # type: ignore[arg-type]
            else:
                borrow_for_reading(holder, shared, kernel._reading, where, origin)
        except BorrowError:
            if taken:  # the partition is its own again, unconsumed
                ownership.give_back(holder, partitions[0]._made_at)
            raise
        # a tuple: an op's holders never change (a chain or zip that absorbs it makes a list)
        holders: tuple[ownership.Holder, ...] = (holder,)
        for part in partitions:
            if part.consumed_at is None:  # else passed on within a chain: it holds it already
                part._borrow_by(holder, kernel._writing, where)
                if part._holder is not holder:
                    holders += (part._holder,)
    return Op(kernel._label, holders, None, values, origin, kernel, launch_grid)


def borrow_for_reading(
    holder: ownership.Holder,
    tensors: Sequence[Tensor[Any]],
    label: str,
    where: str,
    origin: ownership.Group | None,
) -> None:
    """``holder``'s shared borrows of ``tensors`` (what a launch or a collective only reads),
    taken under ``ownership.LOCK``, which the caller holds; on a conflict every borrow of
    ``holder`` is released and the BorrowError raised."""
    reading: ownership.Borrow = (False, label, where)
    start = len(holder.held)  # (a partition's holder taken over holds its partition's borrow)
    for t in tensors:
        # someone writes it (a conflict, unless within a chain or only in flight), or it has
        # views or is one (their borrows are checked by region)
        if t._family is not None or (t._exclusive and not _read_after(t, origin)):
            try:
                ownership.take(t, holder, False, label, where)
            except BorrowError:
                ownership.release_from(holder, start)
                raise
        else:  # readers never conflict with readers
            t._borrows[holder] = reading
            ownership.held_list(holder).append(t)


def _read_after(t: Tensor[Any], origin: ownership.Group | None) -> bool:
    """Whether a launch may read ``t`` although it is written: every writer of ``t`` is a
    submitted op not yet waited on, so the launch runs after them (stream order, or the wait
    for its last writer on another stream). Not inside a chain or graph capture, whose own
    hand-off rules apply (docs/decisions.md, "Async")."""
    if origin is not None:
        return False
    owner = t._owner
    if owner is not None and owner.group is not IN_FLIGHT:
        return False
    return all(h.group is IN_FLIGHT for h, b in t._borrows.items() if b[0])


class LaunchStep:
    """The step of a kernel's op: launch it on the stream that runs the op."""

    __slots__ = ("grid", "kernel", "values")

    def __init__(self, kernel: Launchable, values: tuple[Any, ...], grid: tuple[int, ...]) -> None:
        self.kernel, self.values, self.grid = kernel, values, grid

    def __call__(self, stream: Stream) -> None:
        kernel, values = self.kernel, self.values
        wait_for_writers(_tensors(kernel.params, values), stream)
        if nvtx.ENABLED:
            with nvtx.span(kernel.name):
                kernel._run(values, self.grid, stream)
        else:
            kernel._run(values, self.grid, stream)


ops.make_launch_step = LaunchStep


def _tensors(params: Sequence[Param], values: Sequence[Any]) -> Iterable[Tensor[Any]]:
    """The tensors a launch touches: its Mutable partitions' and its Shared ones."""
    for p, v in zip(params, values, strict=True):
        if p.kind is _MUTABLE:
            yield v.tensor
        elif p.kind is _SHARED:
            yield v


def wait_for_writers(tensors: Iterable[Tensor[Any]], stream: Stream) -> None:
    """Order ``stream``'s next launch after the last writer of each tensor on another stream
    (the CPU runs that stream's queue so far; the GPU makes ``stream`` wait for an event), and
    for a view or a tensor with views, of each tensor over memory that overlaps it."""
    for t in tensors:
        for m in ownership.overlapping(t) if t._family is not None else (t,):
            writer = m._writer
            if writer is not None and writer[0] is not stream:
                stream.wait_for_launch(*writer)


def _grid(
    kernel: Launchable, partitions: list[Partition[Any]], grid: Sequence[int] | int | None
) -> tuple[int, ...]:
    if partitions:
        first = partitions[0]
        found = (first.mapping.blocks,) if first.mapping else first.grid
        for part in partitions[1:]:
            if part.grid != first.grid or part.mapping != first.mapping:
                _different_grids(kernel, partitions)
    if grid is not None:
        explicit = _explicit_grid(kernel, grid)
        if partitions and explicit != found:
            raise ValueError(
                f"kernel `{kernel.name}`: grid={explicit} differs from the grid "
                f"{found} of its Mutable partitions"
            )
        return explicit
    if not partitions:
        raise ValueError(
            f"kernel `{kernel.name}` has no Mutable parameter to infer its grid from: "
            "pass grid=(n,) explicitly"
        )
    return found


# CUDA's limits on a grid: blocks along x, y and z
_GRID_LIMITS = (2**31 - 1, 65535, 65535)


def _explicit_grid(kernel: Launchable, grid: Sequence[int] | int) -> tuple[int, ...]:
    """``grid=`` as given: 1 to 3 positive ints within CUDA's limits (on every backend, so a
    launch the interpreter accepts runs on the GPU too)."""
    dims = (grid,) if isinstance(grid, (int, np.integer)) else grid
    try:
        explicit = tuple(operator.index(g) for g in dims)
    except TypeError:
        explicit = ()
    if not 1 <= len(explicit) <= 3 or any(
        not 1 <= g <= limit for g, limit in zip(explicit, _GRID_LIMITS, strict=False)
    ):
        raise ValueError(
            f"kernel `{kernel.name}`: grid={grid!r} must be 1 to 3 positive ints (blocks along "
            "x, y, z; at most 2**31-1 along x and 65535 along y and z)"
        )
    return explicit


# Grids already checked against CUDA's limits: a loop's launches look each up once.
launchable_grids: set[tuple[int, ...]] = set()


def _check_grid_limits(kernel: Launchable, grid: tuple[int, ...]) -> None:
    """A partition's grid launches one block per tile, so it must fit CUDA's grid too (checked
    on every backend, so a launch the interpreter accepts runs on the GPU)."""
    for axis, (blocks, limit) in enumerate(zip(grid, _GRID_LIMITS, strict=False)):
        if blocks > limit:
            raise ValueError(
                f"kernel `{kernel.name}`: the launch grid {grid} has {blocks} blocks along "
                f"axis {axis}, more than CUDA's {limit}: use larger tiles along that axis, or "
                "a persistent launch (`part.mapped(blocks=...)`)"
            )
    if len(launchable_grids) >= 4096:
        launchable_grids.clear()
    launchable_grids.add(grid)


def _different_grids(kernel: Launchable, partitions: list[Partition[Any]]) -> None:
    names = [p.name for p in kernel.params if p.kind is _MUTABLE]
    keys = {((q.mapping.blocks,) if q.mapping else q.grid, q.grid) for q in partitions}
    if len(keys) > 1:
        listing = ", ".join(f"`{n}`: {q.grid}" for n, q in zip(names, partitions, strict=True))
        raise ValueError(
            f"kernel `{kernel.name}`: the Mutable partitions have different grids "
            f"({listing}); every Mutable partition of one launch must have the same grid"
        )


class _Checks:
    """The precise errors of a launch's arguments (all raised before any borrow is taken)."""

    def __init__(self, kernel: Launchable, where: str) -> None:
        self.kernel = kernel
        self.where = where

    def _what(self, p: Param) -> str:
        return f"parameter `{p.name}` of kernel `{self.kernel.name}`"

    def mutable(self, p: Param, v: Any) -> None:
        if isinstance(v, Tensor):
            raise BorrowError(
                f"{self._what(p)} is Mutable: pass a partition of the tensor, e.g. "
                f"`t.partition(tile_shape)`, not {v.describe()} (called at {self.where})"
            )
        if not isinstance(v, Partition):
            array = self._foreign_array(v)
            if array is not None:
                raise TypeError(
                    f"{self._what(p)} is Mutable: expected a Partition, got {array}; pass a "
                    f"partition of a tilert tensor: tr.from_dlpack({p.name}).partition(tile_shape)"
                )
            raise TypeError(f"{self._what(p)} is Mutable: expected a Partition, got {v!r}")
        if v.consumed_at is not None and not self._same_chain(v):
            raise BorrowError(
                f"{self._what(p)}: the {v.describe()} was already consumed by the launch "
                f"at {v.consumed_at}; partition the tensor again after that op is synced"
            )
        self._dtype(p, v.tensor)

    @classmethod
    def foreign(cls, v: Any) -> bool:
        """Whether ``v`` is another framework's array (torch, cupy, jax, numpy, numba)."""
        return any(hasattr(v, name) for name in cls._PROTOCOLS[:2]) or isinstance(v, np.ndarray)

    def wrapped(self, p: Param, v: Any) -> Tensor[Any]:
        """A foreign array given for a Shared parameter, as the tilert tensor over its memory
        (``tr.from_dlpack``: zero-copy where the memory is where the backend runs; host memory
        is uploaded under cutile). Its borrows are that tensor's, as for any launch."""
        from tilert.interop import from_dlpack

        try:
            return from_dlpack(v, name=p.name)
        except (BufferError, TypeError, ValueError) as exc:
            raise TypeError(
                f"{self._what(p)} is Shared: {self.shown(v)} cannot be shared with tilert: {exc}"
            ) from exc

    def shared(self, p: Param, v: Any) -> None:
        if isinstance(v, Partition):
            raise BorrowError(
                f"{self._what(p)} is Shared (read-only): pass the tensor itself, not a "
                f"partition (the {v.describe()}, partitioned at {v._made_at})"
            )
        if not isinstance(v, Tensor):
            array = self._foreign_array(v)
            if array is not None:
                copy = f" or tr.from_numpy({p.name}) (copies)" if self._on_host(v) else ""
                raise TypeError(
                    f"{self._what(p)} is Shared: expected a tilert Tensor, got {array}; wrap it "
                    f"with tr.from_dlpack({p.name}) (shares its memory){copy}"
                )
            raise TypeError(f"{self._what(p)} is Shared: expected a Tensor, got {v!r}")
        self._dtype(p, v)

    # what makes an argument another framework's array (numpy, torch, cupy, numba, ...)
    _PROTOCOLS = ("__dlpack__", "__cuda_array_interface__", "__array__", "__array_interface__")

    @staticmethod
    def shown(v: Any) -> str:
        """``v`` as a message shows it: an array by its type, shape and dtype, anything else by
        a repr cut short."""
        return _Checks._foreign_array(v) or reprlib.repr(v)

    @staticmethod
    def _foreign_array(v: Any) -> str | None:
        """``v`` described by its type, shape and dtype if it is another framework's array, else
        None. Never its repr: that could print every element."""
        kind = type(v)
        if not any(hasattr(kind, name) for name in _Checks._PROTOCOLS):
            return None
        what = f"a {kind.__module__}.{kind.__qualname__}"
        try:
            shape = tuple(int(d) for d in v.shape)
            return f"{what} of shape {shape} and dtype {v.dtype}"
        except Exception:  # (no shape or dtype to show: the type says enough)
            return what

    @staticmethod
    def _on_host(v: Any) -> bool:
        """Whether ``tr.from_numpy`` can copy ``v``: it has ``__array__`` and its DLPack device,
        if it says one, is host memory (a CUDA torch or cupy array is not)."""
        if not hasattr(type(v), "__array__"):
            return False
        try:
            device_type = int(v.__dlpack_device__()[0])
        except Exception:  # no DLPack device: numpy's own protocol, host memory
            return not hasattr(type(v), "__cuda_array_interface__")
        return device_type in HOST_ACCESSIBLE

    def _same_chain(self, part: Partition[Any]) -> bool:
        """A partition consumed earlier in the same chain or graph may be passed on."""
        consumer = part._consumer
        handoff = ownership.current_handoff()
        return consumer is not None and handoff is not None and handoff.same_group(consumer)

    def _dtype(self, p: Param, t: Tensor[Any]) -> None:
        if p.dtype is not None and t.dtype is not p.dtype:
            raise TypeError(
                f"{self._what(p)} expects {p.dtype} elements, got {t.describe()} "
                f"(convert with an astype kernel or create it with dtype={p.dtype})"
            )

    def aliasing(self, partitions: list[Partition[Any]], shared: list[Tensor[Any]]) -> None:
        mutables = [p for p in self.kernel.params if p.kind is _MUTABLE]
        readers = [p for p in self.kernel.params if p.kind is _SHARED]
        seen: list[tuple[Param, Tensor[Any]]] = []
        for p, part in zip(mutables, partitions, strict=True):
            for other, written in seen:
                if ownership.overlap(written, part.tensor):
                    self._alias_error(p, other, part.tensor, written)
            seen.append((p, part.tensor))
        for p, t in zip(readers, shared, strict=True):
            for other, written in seen:
                if ownership.overlap(written, t):
                    self._alias_error(p, other, t, written)

    def _alias_error(self, p: Param, mutable: Param, t: Tensor[Any], written: Tensor[Any]) -> None:
        if t is written:
            raise BorrowError(
                f"{t.describe()} is passed to kernel `{self.kernel.name}` as Mutable "
                f"`{mutable.name}` and again as `{p.name}` in the same launch (at {self.where}); "
                "a launch may not read or write a tensor it writes through a partition"
            )
        raise BorrowError(
            f"{t.describe()}, passed to kernel `{self.kernel.name}` as `{p.name}`, overlaps "
            f"{written.describe()}, passed as Mutable `{mutable.name}` in the same launch (at "
            f"{self.where}); a launch may not read or write memory it writes through a partition"
        )
