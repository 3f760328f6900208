"""``@tr.kernel`` and ``@tr.function``: validated at decoration, launched lazily as Ops."""

from __future__ import annotations

import copy
import functools
import inspect
import operator
import typing
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar, overload

import numpy as np

from tilert import backends, ownership
from tilert._where import user_callsite
from tilert.annotations import Const, Mutable, Shared
from tilert.dtypes import DType, is_dtype
from tilert.errors import BorrowError, KernelError
from tilert.ops import Op
from tilert.signature import Param, ParamKind
from tilert.streams import Stream
from tilert.tensor import Partition, Tensor
from tilert.validation import kernel_source, validate

F = TypeVar("F", bound=Callable[..., Any])
_SCALARS = (int, float, bool)


def _tensor_dtype(inner: Any) -> type[DType] | None:
    if typing.get_origin(inner) is Tensor:
        (dt,) = typing.get_args(inner)
        return dt if is_dtype(dt) else None
    return None


def _param(name: str, hint: Any) -> Param | None:
    """The runtime meaning of one annotation, or None when it is not a kernel annotation
    (the kernel rules report that as TC206 with the source line)."""
    origin = typing.get_origin(hint)
    if origin in (Mutable, Shared):
        (inner,) = typing.get_args(hint)
        dt = _tensor_dtype(inner)
        if dt is None:
            return None
        return Param(name, ParamKind.MUTABLE if origin is Mutable else ParamKind.SHARED, dt)
    if origin is Const:
        (inner,) = typing.get_args(hint)
        return Param(name, ParamKind.CONST, None, inner) if inner in _SCALARS else None
    if hint in _SCALARS:
        return Param(name, ParamKind.SCALAR, None, hint)
    if is_dtype(hint):
        return Param(name, ParamKind.SCALAR, hint, None)
    return None


def _params(fn: Callable[..., Any], name: str) -> tuple[Param, ...]:
    where = _def_site(fn)
    try:
        hints = typing.get_type_hints(fn)
    except Exception as exc:
        raise KernelError(
            f"{where}: kernel `{name}`: cannot evaluate its annotations: {exc}"
        ) from exc
    params = []
    for pname in inspect.signature(fn).parameters:
        p = _param(pname, hints.get(pname))
        if p is None:
            raise KernelError(
                f"{where}: TC206 [bad-kernel-signature] parameter `{pname}` of kernel `{name}` "
                "needs Mutable[Tensor[dt]], Shared[Tensor[dt]], int/float/bool, a dtype or "
                "Const[int|float|bool]"
            )
        params.append(p)
    return tuple(params)


def _def_site(fn: Callable[..., Any]) -> str:
    code = fn.__code__
    return f"{code.co_filename}:{code.co_firstlineno}"


class DeviceFunction:
    """A helper callable from kernels (``@tr.function``); runs inline in the interpreter."""

    def __init__(self, fn: Callable[..., Any]) -> None:
        self.fn = fn
        self.name = fn.__name__
        functools.update_wrapper(self, fn)
        validate(fn, self.name)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.fn(*args, **kwargs)


class Kernel:
    """A validated tile kernel. Calling it with partitions, tensors and scalars returns an Op."""

    def __init__(self, fn: Callable[..., Any], *, unsafe: bool = False, **options: Any) -> None:
        self.fn = fn
        self.name = fn.__name__
        self.unsafe = unsafe
        self.options = options
        functools.update_wrapper(self, fn)
        if kernel_source(fn) is None:
            import warnings

            warnings.warn(
                f"kernel `{self.name}`: no source available, so its body was not "
                "checked (define kernels in files, not exec'd strings)",
                stacklevel=3,
            )
        validate(fn, self.name)
        self.params = _params(fn, self.name)
        self._signature = inspect.signature(fn)
        self._rechecked = False
        self._variants: dict[tuple[tuple[str, Any], ...], Kernel] = {}  # see with_options
        self._label = f"op `{self.name}`"  # labels of its ops and borrows, made once
        self._reading = f"read by op `{self.name}`"
        self._writing = f"written by op `{self.name}`"
        self._fast_plan: tuple[Any, ...] | None = None  # see _fast_plan

    def with_options(self, **options: Any) -> Kernel:
        """This kernel compiled with other ``ct.kernel`` options (``occupancy``,
        ``num_ctas``), for an autotuner's configs; one variant per distinct options."""
        merged = {**self.options, **options}
        if merged == self.options:
            return self
        key = tuple(sorted(merged.items()))
        variant = self._variants.get(key)
        if variant is None:
            variant = copy.copy(self)
            variant.options = merged
            variant._variants = self._variants
            self._variants[key] = variant
        return variant

    def lower(
        self,
        tile_shapes: dict[str, Sequence[int]] | None = None,
        mapped: Sequence[str] = (),
    ) -> str:
        """The cuTile Python source this kernel compiles to, for Mutable parameters with the
        given tile shapes (their rank is what the source depends on; the shapes themselves are
        ``ct.Constant`` arguments) and the named ones mapped. Needs no GPU."""
        from tilert.cutile.lower import MutableSpec, lower_kernel

        specs = {n: MutableSpec(len(t), n in mapped) for n, t in (tile_shapes or {}).items()}
        return lower_kernel(self, specs).source

    def __call__(self, *args: Any, grid: Sequence[int] | int | None = None, **kwargs: Any) -> Op:
        if not self._rechecked:  # names defined after the kernel are resolvable now
            validate(self.fn, self.name)
            self._rechecked = True
            self._fast_plan = _fast_plan(self)
        if kwargs or len(args) != len(self.params):
            try:
                bound = self._signature.bind(*args, **kwargs)
            except TypeError as exc:
                raise TypeError(f"kernel `{self.name}`: {exc}") from None
            bound.apply_defaults()
            args = tuple(bound.arguments[p.name] for p in self.params)
        return _launch_op(self, args, grid, user_callsite())

    def _run(self, values: tuple[Any, ...], grid: tuple[int, ...], stream: Stream) -> None:
        """The op's step: launch on ``stream`` with the current backend."""
        backends.current().launch(self, values, grid, stream)

    def __repr__(self) -> str:
        return f"<tilert kernel {self.name}{' (unsafe)' if self.unsafe else ''}>"


_MUTABLE, _SHARED = ParamKind.MUTABLE, ParamKind.SHARED


def _fast_plan(k: Kernel) -> tuple[Any, ...]:
    """What the C launch path (tilert/_fast.c) needs of a kernel: its op's and borrows' labels
    and what it checks of each argument: (0, dtype) for a Mutable partition, (1, dtype) for a
    Shared tensor, (2, accepted types) for a scalar. Set once the kernel's names resolve."""
    kinds = {_MUTABLE: 0, _SHARED: 1}
    checks = tuple(
        (kinds[p.kind], p.dtype) if p.kind in kinds else (2, p.accepts) for p in k.params
    )
    return (k._label, k._reading, k._writing, checks)


class _Launchable(Protocol):
    """What a launch needs of a kernel: ``Kernel`` and ``tr.cuda_kernel``'s ``CudaKernel``."""

    name: str
    params: tuple[Param, ...]
    _label: str  # "op `add`", and its borrows' labels, made once
    _reading: str
    _writing: str

    def _run(self, values: tuple[Any, ...], grid: tuple[int, ...], stream: Stream) -> None: ...


def _launch_op(
    kernel: _Launchable, values: tuple[Any, ...], grid: Sequence[int] | int | None, where: str
) -> Op:
    """Check one launch's arguments, take its borrows and build its Op. This is the launch hot
    path: the common, valid case costs a type test per argument and one acquisition of the
    borrow lock; anything unusual goes through ``_Checks``, which raises the precise error (or
    accepts a chain's hand-off)."""
    partitions: list[Partition[Any]] = []
    shared: list[Tensor[Any]] = []
    checks: _Checks | None = None
    for p, v in zip(kernel.params, values, strict=True):
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
                checks.shared(p, v)
            shared.append(v)
        elif not isinstance(v, p.accepts):
            raise TypeError(
                f"parameter `{p.name}` of kernel `{kernel.name}` is a scalar "
                f"({p.scalar_name}), got {v!r}"
            )
    if partitions:  # a written tensor passed twice (two readers of one tensor are fine)
        first = partitions[0]
        if len(partitions) > 1 or first.tensor in shared:
            written = [q.tensor for q in partitions]
            if len({id(t) for t in written}) != len(written) or any(t in written for t in shared):
                (checks or _Checks(kernel, where)).aliasing(partitions, shared)
        if grid is None and len(partitions) == 1:
            launch_grid = (first.mapping.blocks,) if first.mapping else first.grid
        else:
            launch_grid = _grid(kernel, partitions, grid)
    else:
        launch_grid = _grid(kernel, partitions, grid)
    if launch_grid not in _launchable_grids:
        _check_grid_limits(kernel, launch_grid)
    origin = ownership.handoff_group()
    holder = ownership.OpHolder(kernel._label, where, origin)
    holders: list[ownership.Holder] = [holder]
    reading: ownership.Borrow = (False, kernel._reading, where)
    with ownership.LOCK:
        for t in shared:
            if t._exclusive:  # someone writes it: a conflict, unless within a chain
                try:
                    ownership.take(t, holder, False, kernel._reading, where)
                except BorrowError:
                    ownership.release_all(holder)
                    raise
            else:  # readers never conflict with readers
                t._borrows[holder] = reading
                holder.held.append(t)
        for part in partitions:
            if part.consumed_at is None:  # else passed on within a chain: it holds it already
                part._borrow_by(holder, kernel._writing, where)
                holders.append(part._holder)
    return Op(kernel._label, holders, (_LaunchStep(kernel, values, launch_grid),), values, origin)


class _LaunchStep:
    """The step of a kernel's op: launch it on the stream that runs the op."""

    __slots__ = ("grid", "kernel", "values")

    def __init__(self, kernel: _Launchable, values: tuple[Any, ...], grid: tuple[int, ...]) -> None:
        self.kernel, self.values, self.grid = kernel, values, grid

    def __call__(self, stream: Stream) -> None:
        self.kernel._run(self.values, self.grid, stream)


def _grid(
    kernel: _Launchable, partitions: list[Partition[Any]], grid: Sequence[int] | int | None
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


def _explicit_grid(kernel: _Launchable, grid: Sequence[int] | int) -> tuple[int, ...]:
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
_launchable_grids: set[tuple[int, ...]] = set()


def _check_grid_limits(kernel: _Launchable, grid: tuple[int, ...]) -> None:
    """A partition's grid launches one block per tile, so it must fit CUDA's grid too (checked
    on every backend, so a launch the interpreter accepts runs on the GPU)."""
    for axis, (blocks, limit) in enumerate(zip(grid, _GRID_LIMITS, strict=False)):
        if blocks > limit:
            raise ValueError(
                f"kernel `{kernel.name}`: the launch grid {grid} has {blocks} blocks along "
                f"axis {axis}, more than CUDA's {limit}: use larger tiles along that axis, or "
                "a persistent launch (`part.mapped(blocks=...)`)"
            )
    if len(_launchable_grids) >= 4096:
        _launchable_grids.clear()
    _launchable_grids.add(grid)


def _different_grids(kernel: _Launchable, partitions: list[Partition[Any]]) -> None:
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

    def __init__(self, kernel: _Launchable, where: str) -> None:
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
            raise TypeError(f"{self._what(p)} is Mutable: expected a Partition, got {v!r}")
        if v.consumed_at is not None and not self._same_chain(v):
            raise BorrowError(
                f"{self._what(p)}: the {v.describe()} was already consumed by the launch "
                f"at {v.consumed_at}; partition the tensor again after that op is synced"
            )
        self._dtype(p, v.tensor)

    def shared(self, p: Param, v: Any) -> None:
        if isinstance(v, Partition):
            raise BorrowError(
                f"{self._what(p)} is Shared (read-only): pass the tensor itself, not a "
                f"partition (the {v.describe()}, partitioned at {v._holder.where})"
            )
        if not isinstance(v, Tensor):
            raise TypeError(f"{self._what(p)} is Shared: expected a Tensor, got {v!r}")
        self._dtype(p, v)

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
        seen: dict[int, Param] = {}
        for p, part in zip(mutables, partitions, strict=True):
            other = seen.get(id(part.tensor))
            if other is not None:
                self._alias_error(p, other, part.tensor)
            seen[id(part.tensor)] = p
        for p, t in zip(readers, shared, strict=True):
            if id(t) in seen:
                self._alias_error(p, seen[id(t)], t)

    def _alias_error(self, p: Param, mutable: Param, t: Tensor[Any]) -> None:
        raise BorrowError(
            f"{t.describe()} is passed to kernel `{self.kernel.name}` as Mutable "
            f"`{mutable.name}` and again as `{p.name}` in the same launch (at {self.where}); "
            "a launch may not read or write a tensor it writes through a partition"
        )


@overload
def kernel(fn: F, /) -> Kernel: ...
@overload
def kernel(*, unsafe: bool = ..., **options: Any) -> Callable[[F], Kernel]: ...
def kernel(fn: Any = None, /, *, unsafe: bool = False, **options: Any) -> Any:
    """Mark a tile kernel. ``@tr.kernel`` or ``@tr.kernel(unsafe=True, occupancy=2)``."""
    if fn is not None:
        return Kernel(fn, unsafe=unsafe, **options)
    return lambda f: Kernel(f, unsafe=unsafe, **options)


def function(fn: F) -> F:
    """Mark a helper that kernels may call; validated by the same kernel rules."""
    return DeviceFunction(fn)  # type: ignore[return-value]
