"""What the kernel families share: one generic definition per kernel, specialized per dtype
(as ``tilert/_convert.py`` makes its conversion kernels), and the host-side checks."""

from __future__ import annotations

import functools
import inspect
import threading
import types
from collections.abc import Callable
from typing import Any, TypeVar, cast

import tilert as tr
from tilert._core import ownership
from tilert._core.where import user_callsite
from tilert._launch import _Checks
from tilert.dtypes import DType
from tilert.kernel import Kernel
from tilert.ops import Op
from tilert.tensor import Partition, Tensor

# The dtypes a generic kernel's annotations name; each specialization binds them.
T = TypeVar("T", bound=DType)  # the element dtype of the data tensors
I = TypeVar("I", bound=DType)  # noqa: E741  # an integer dtype (ids, positions, indices)
F = TypeVar("F", bound=Callable[..., Op])
C = TypeVar("C", bound=Callable[..., Any])

FLOATS = (tr.f16, tr.bf16, tr.f32)
INTEGERS = (tr.i32, tr.i64)
LOG2E = 1.4426950408889634

_kernels: dict[tuple[Any, ...], Kernel] = {}
_lock = threading.Lock()


def specialize(fn: Callable[..., None], *, unsafe: bool = False, **dtypes: type[DType]) -> Kernel:
    """The ``@tr.kernel`` of the generic ``fn`` with its TypeVars bound to ``dtypes``
    (``T=tr.f16``): made and validated once per binding; ``unsafe`` as ``tr.kernel``'s."""
    key = (fn, unsafe, *sorted(dtypes.items()))
    found = _kernels.get(key)
    if found is None:
        with _lock:
            found = _kernels.get(key)
            if found is None:
                g = types.FunctionType(fn.__code__, {**fn.__globals__, **dtypes}, fn.__name__)
                g.__annotations__ = dict(fn.__annotations__)
                g.__qualname__ = fn.__qualname__
                g.__module__ = fn.__module__
                g.__doc__ = fn.__doc__
                found = _kernels[key] = tr.kernel(unsafe=unsafe)(g)
    return found


def pow2(n: int) -> int:
    """The smallest power of two >= ``n`` (1 for ``n <= 1``)."""
    return 1 << max(n - 1, 0).bit_length()


def float_dtype(what: str, *tensors: Tensor[Any]) -> type[DType]:
    """The one float dtype (f16, bf16, f32) of ``tensors``, or a TypeError naming ``what``."""
    dt = tensors[0].dtype
    if dt not in FLOATS:
        raise TypeError(f"{what}: tensors of f16, bf16 or f32, got {dt}")
    for t in tensors[1:]:
        if t.dtype is not dt:
            raise TypeError(f"{what}: every tensor must be {dt}, got {t.describe()}")
    return dt


def int_dtype(what: str, t: Tensor[Any]) -> type[DType]:
    if t.dtype not in INTEGERS:
        raise TypeError(f"{what}: an i32 or i64 tensor, got {t.describe()}")
    return t.dtype


def shape(what: str, t: Tensor[Any], expected: tuple[int, ...]) -> None:
    if tuple(t.shape) != expected:
        raise ValueError(f"{what}: expected shape {expected}, got {t.describe()}")


def rank(what: str, t: Tensor[Any], n: int) -> tuple[int, ...]:
    if len(t.shape) != n:
        raise ValueError(f"{what}: expected a {n}-d tensor, got {t.describe()}")
    return tuple(t.shape)


def on_gpu() -> bool:
    return tr.backend().device_kind != "cpu"


def choose(tuned: tr.Autotuned, config: tr.Config | None, *args: Any) -> Op:
    """The op of ``tuned`` for ``args``: with ``config`` when one is given; tuned on the GPU
    (timed per key, the choice cached on disk); under the interpreter the first config, the
    default (numpy's wall time says nothing of the GPU's)."""
    if config is not None:
        return tuned.fn(config, *args)
    if on_gpu():
        return tuned(*args)
    return tuned.fn(tuned.configs[0], *args)


def writes(*params: str) -> Callable[[F], F]:
    """Declares which tensor parameters of a library function its op writes (partitioned by
    the function, borrowed exclusively until the op completes); it reads the others. The one
    record of it: ``written_by`` reads it at run time, and tilecheck reads this decorator from
    the library's source (it parses the library, never imports it)."""

    def mark(fn: F) -> F:
        names = inspect.signature(fn).parameters
        unknown = [p for p in params if p not in names]
        if unknown:
            raise TypeError(f"@writes on {fn.__name__}: no parameter {', '.join(unknown)}")
        checked = takes_tensors(fn)
        checked.__tilert_writes__ = params  # type: ignore[attr-defined]
        return checked

    return mark


def takes_tensors(fn: C) -> C:
    """``fn``, refusing anything but tilert tensors where its annotations take them, with a
    TypeError naming it and the parameter: a partition (``out.partition(...)``) or another
    framework's array would fail deep inside, on an attribute it lacks. Every public function
    of the library passes through here (``writes`` applies it)."""
    checks = [
        (i if p.kind is p.POSITIONAL_OR_KEYWORD else None, p.name, str(p.annotation))
        for i, p in enumerate(inspect.signature(fn).parameters.values())
        if "Tensor" in str(p.annotation)
    ]

    @functools.wraps(fn)
    def checked(*args: Any, **kwargs: Any) -> Any:
        for index, name, annotation in checks:
            if index is not None and index < len(args):
                value = args[index]
            elif name in kwargs:
                value = kwargs[name]
            else:  # its default, or Python's TypeError for a missing argument
                continue
            if not isinstance(value, Tensor) and not _allowed(value, annotation):
                raise TypeError(_not_tensors(fn.__name__, name, annotation, value))
        return fn(*args, **kwargs)

    return cast(C, checked)


def _allowed(value: Any, annotation: str) -> bool:
    """The values besides a tensor that a parameter annotated ``annotation`` takes: None
    (``| None``), a tuple of tensors (``tuple[Tensor[Any], ...]``)."""
    if value is None:
        return annotation.endswith("| None")
    return (
        annotation.startswith("tuple[")
        and isinstance(value, tuple)
        and all(isinstance(v, Tensor) for v in value)
    )


def _not_tensors(fn: str, name: str, annotation: str, value: Any) -> str:
    where = f"(called at {user_callsite()})"
    if annotation.startswith("tuple["):
        shown = _Checks.shown(value)
        return f"tk.{fn}: parameter `{name}` takes a tuple of tilert tensors, got {shown} {where}"
    head = f"tk.{fn}: parameter `{name}` takes a tilert tensor"
    if isinstance(value, Partition):
        return (
            f"{head}, got the {value.describe()}; the library functions take tensors and "
            f"partition their outputs themselves: pass `{name}`, not `{name}.partition(...)` "
            f"{where}"
        )
    if _Checks.foreign(value):
        return (
            f"{head}, got {_Checks.shown(value)}; make it one with tr.from_dlpack({name}) "
            f"(shares its memory) {where}"
        )
    return f"{head}, got {_Checks.shown(value)} {where}"


def written_by(fn: Callable[..., Any]) -> tuple[str, ...]:
    """The parameters ``@writes`` declares ``fn``'s op writes (none for other functions)."""
    found = getattr(fn, "__tilert_writes__", ())
    return tuple(found)


def chain_writes(chain: Op, out: Tensor[Any]) -> Op:
    """``chain`` (``first.then(...)``, whose callback makes the op writing ``out``) borrowing
    ``out`` for writing from now until it completes, as a single launch borrows its output: a
    host read of ``out`` before the chain is waited for is refused on every backend, not only
    where the callback already ran (on the CPU it runs only when the chain is waited for). The
    callback's op may write it: it joins the chain's group."""
    holders = chain._holders
    assert isinstance(holders, list)  # (a chain's own list)
    # taken as the chain's first op took its borrows: in the group of a capture or callback
    # it is made in, if any; then it joins the chain, released with it
    group = holders[0].group
    holder = ownership.Holder(f"output of {chain.label}", chain.where, ownership.handoff_group())
    with ownership.LOCK:
        ownership.take(out, holder, True, f"written by {chain.label}", chain.where)
    holder.group = group
    holders.append(holder)
    return chain
