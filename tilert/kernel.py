"""``@tr.kernel`` and ``@tr.function``: validated at decoration, launched lazily as Ops."""

from __future__ import annotations

import functools
import inspect
import typing
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, overload

from tilert import backends, ownership
from tilert._where import user_callsite
from tilert.annotations import Const, Mutable, Shared
from tilert.dtypes import DType, is_dtype
from tilert.errors import BorrowError, KernelError
from tilert.ops import Op
from tilert.signature import Param, ParamKind
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
        if not kwargs and len(args) == len(self.params):
            values = list(args)  # the common case, without inspect's binding machinery
        else:
            try:
                bound = self._signature.bind(*args, **kwargs)
            except TypeError as exc:
                raise TypeError(f"kernel `{self.name}`: {exc}") from None
            values = [bound.arguments[p.name] for p in self.params]
        return _Launch(self, values, grid).op()

    def __repr__(self) -> str:
        return f"<tilert kernel {self.name}{' (unsafe)' if self.unsafe else ''}>"


class _Launch:
    """Checks one launch's arguments and builds its Op (all checks before any borrow)."""

    def __init__(self, kernel: Kernel, values: list[Any], grid: Sequence[int] | int | None):
        self.kernel = kernel
        self.values = values
        self.where = user_callsite()
        self.partitions: list[tuple[Param, Partition[Any]]] = []
        self.shared: list[tuple[Param, Tensor[Any]]] = []
        for p, v in zip(kernel.params, values, strict=True):
            self._check_kind(p, v)
        self._check_aliasing()
        self.grid = self._grid(grid)

    def _what(self, p: Param) -> str:
        return f"parameter `{p.name}` of kernel `{self.kernel.name}`"

    def _check_kind(self, p: Param, v: Any) -> None:
        if p.kind is ParamKind.MUTABLE:
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
            self._check_dtype(p, v.tensor)
            self.partitions.append((p, v))
        elif p.kind is ParamKind.SHARED:
            if isinstance(v, Partition):
                raise BorrowError(
                    f"{self._what(p)} is Shared (read-only): pass the tensor itself, not a "
                    f"partition (the {v.describe()}, partitioned at {v._holder.where})"
                )
            if not isinstance(v, Tensor):
                raise TypeError(f"{self._what(p)} is Shared: expected a Tensor, got {v!r}")
            self._check_dtype(p, v)
            self.shared.append((p, v))
        elif isinstance(v, (Tensor, Partition)):
            raise TypeError(f"{self._what(p)} is a scalar, got {v!r}")

    def _same_chain(self, part: Partition[Any]) -> bool:
        """A partition consumed earlier in the same chain or graph may be passed on."""
        consumer = part._consumer
        handoff = ownership.current_handoff()
        return consumer is not None and handoff is not None and handoff.same_group(consumer)

    def _check_dtype(self, p: Param, t: Tensor[Any]) -> None:
        if p.dtype is not None and t.dtype is not p.dtype:
            raise TypeError(
                f"{self._what(p)} expects {p.dtype} elements, got {t.describe()} "
                f"(convert with an astype kernel or create it with dtype={p.dtype})"
            )

    def _check_aliasing(self) -> None:
        seen: dict[int, Param] = {}
        for p, part in self.partitions:
            other = seen.get(id(part.tensor))
            if other is not None:
                self._alias_error(p, other, part.tensor)
            seen[id(part.tensor)] = p
        for p, t in self.shared:
            if id(t) in seen:
                self._alias_error(p, seen[id(t)], t)

    def _alias_error(self, p: Param, mutable: Param, t: Tensor[Any]) -> None:
        raise BorrowError(
            f"{t.describe()} is passed to kernel `{self.kernel.name}` as Mutable "
            f"`{mutable.name}` and again as `{p.name}` in the same launch (at {self.where}); "
            "a launch may not read or write a tensor it writes through a partition"
        )

    def _grid(self, grid: Sequence[int] | int | None) -> tuple[int, ...]:
        if grid is not None:
            explicit = (grid,) if isinstance(grid, int) else tuple(int(g) for g in grid)
            if self.partitions and explicit != self._partition_grid():
                raise ValueError(
                    f"kernel `{self.kernel.name}`: grid={explicit} differs from the grid "
                    f"{self._partition_grid()} of its Mutable partitions"
                )
            return explicit
        if not self.partitions:
            raise ValueError(
                f"kernel `{self.kernel.name}` has no Mutable parameter to infer its grid from: "
                "pass grid=(n,) explicitly"
            )
        return self._partition_grid()

    def _partition_grid(self) -> tuple[int, ...]:
        grids = {}
        for p, part in self.partitions:
            key = (part.mapping.blocks,) if part.mapping else part.grid
            grids[p.name] = (key, part.grid)
        distinct = {v for v in grids.values()}
        if len(distinct) > 1:
            listing = ", ".join(f"`{n}`: {g[1]}" for n, g in grids.items())
            raise ValueError(
                f"kernel `{self.kernel.name}`: the Mutable partitions have different grids "
                f"({listing}); every Mutable partition of one launch must have the same grid"
            )
        return next(iter(distinct))[0]

    def op(self) -> Op:
        kernel = self.kernel
        where = self.where
        holder = ownership.new_holder(lambda: f"op `{kernel.name}` (launched at {where})", where)
        acquired: list[Tensor[Any]] = []
        try:
            for _p, t in self.shared:
                ownership.acquire(t, holder, exclusive=False, what=f"read by op `{kernel.name}`")
                acquired.append(t)
        except BorrowError:
            ownership.release_all(holder)
            raise
        for _p, part in self.partitions:
            if part.consumed_at is None:
                ownership.transfer(
                    part.tensor, part._holder, holder, f"written by op `{kernel.name}`", self.where
                )
                part.consumed_at = self.where
                part._consumer = holder
        values, grid = self.values, self.grid

        def run() -> None:
            backends.current().launch(kernel, values, grid)

        return Op(f"op `{kernel.name}`", holder, [run], lambda: tuple(values))


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
