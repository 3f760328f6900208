"""What the kernel families share: one generic definition per kernel, specialized per dtype
(as ``tilert/_convert.py`` makes its conversion kernels), and the host-side checks."""

from __future__ import annotations

import threading
import types
from collections.abc import Callable
from typing import Any, TypeVar

import tilert as tr
from tilert.dtypes import DType
from tilert.kernel import Kernel
from tilert.ops import Op
from tilert.tensor import Tensor

# The dtypes a generic kernel's annotations name; each specialization binds them.
T = TypeVar("T", bound=DType)  # the element dtype of the data tensors
I = TypeVar("I", bound=DType)  # noqa: E741  # an integer dtype (ids, positions, indices)

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
