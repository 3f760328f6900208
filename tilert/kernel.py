"""``@tr.kernel`` and ``@tr.function``: validated at decoration, launched lazily as Ops."""

from __future__ import annotations

import copy
import functools
import inspect
import typing
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, overload

from tilert import backends
from tilert._core.function import DeviceFunction as DeviceFunction  # public here (tr.function)
from tilert._core.launch_rules import LaunchChecks, checked_launches, key_plan, launch_key
from tilert._core.validation import CallableFromKernels, kernel_source, validate
from tilert._core.where import user_callsite
from tilert._launch import launch_op
from tilert.annotations import Const, Mutable, Shared
from tilert.dtypes import DType, is_dtype
from tilert.errors import KernelError
from tilert.ops import Op
from tilert.signature import Param, ParamKind
from tilert.streams import Stream
from tilert.tensor import Tensor

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


class Kernel(CallableFromKernels):
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
        # the tile-type rules at the first launch of each signature (tilert/_core/launch_rules.py)
        self._launch_checks = LaunchChecks(fn)
        self._keyed: tuple[bool, ...] = ()  # which parameters a signature holds: set by a call
        self._key_plan: tuple[tuple[int, int, Any], ...] = ()

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
        from tilert.cutile.lowering import MutableSpec, lower_kernel

        specs = {n: MutableSpec(len(t), n in mapped) for n, t in (tile_shapes or {}).items()}
        return lower_kernel(self, specs).source

    def __call__(self, *args: Any, grid: Sequence[int] | int | None = None, **kwargs: Any) -> Op:
        if not self._rechecked:  # names defined after the kernel are resolvable now
            validate(self.fn, self.name)
            self._keyed = self._launch_checks.keyed(self.params)
            self._key_plan = key_plan(self.params, self._keyed)
            self._rechecked = True
            self._fast_plan = _fast_plan(self)
        if kwargs or len(args) != len(self.params):
            try:
                bound = self._signature.bind(*args, **kwargs)
            except TypeError as exc:
                raise TypeError(f"kernel `{self.name}`: {exc}") from None
            bound.apply_defaults()
            args = tuple(bound.arguments[p.name] for p in self.params)
        where = user_callsite()
        key = launch_key(self, self._key_plan, args)
        if key is not None and key not in checked_launches:  # a signature not seen before
            self._launch_checks.admit(self, key, self.params, args, where)
        return launch_op(self, args, grid, where)

    def _run(self, values: tuple[Any, ...], grid: tuple[int, ...], stream: Stream) -> None:
        """The op's step: launch on ``stream`` with the current backend."""
        backends.current().launch(self, values, grid, stream)

    def __repr__(self) -> str:
        return f"<tilert kernel {self.name}{' (unsafe)' if self.unsafe else ''}>"


_MUTABLE, _SHARED = ParamKind.MUTABLE, ParamKind.SHARED


def _fast_plan(k: Kernel) -> tuple[Any, ...]:
    """What the C launch path (tilert/_fast_src) needs of a kernel: its op's and borrows' labels
    and what it checks of each argument: (0, dtype, keyed) for a Mutable partition, (1, dtype,
    keyed) for a Shared tensor, (2, accepted types, keyed) for a scalar, ``keyed`` saying whether
    the argument is part of the launch's signature (see tilert/_core/launch_rules.py). Set once
    the kernel's names resolve."""
    kinds = {_MUTABLE: 0, _SHARED: 1}
    checks = tuple(
        (kinds[p.kind], p.dtype, keyed) if p.kind in kinds else (2, p.accepts, keyed)
        for p, keyed in zip(k.params, k._keyed, strict=True)
    )
    return (k._label, k._reading, k._writing, checks)


@overload
def kernel(fn: F, /) -> Kernel: ...
@overload
def kernel(*, unsafe: bool = ..., **options: Any) -> Callable[[F], Kernel]: ...
def kernel(fn: Any = None, /, *, unsafe: bool = False, **options: Any) -> Any:
    """Mark a tile kernel. ``@tr.kernel`` or ``@tr.kernel(unsafe=True, occupancy=2)``; options:
    ``occupancy`` and ``num_ctas`` (cuTile's), ``dependent_launch=True`` (on the GPU, a
    programmatic dependent launch: the kernel waits for the one before it first thing, and its
    launch overlaps that one's tail; for short memory-bound kernels in a sequence)."""
    if fn is not None:
        return Kernel(fn, unsafe=unsafe, **options)
    return lambda f: Kernel(f, unsafe=unsafe, **options)


def function(fn: F) -> F:
    """Mark a helper that kernels may call; validated by the same kernel rules."""
    return DeviceFunction(fn)  # type: ignore[return-value]
