"""The conversion kernel: ``Tensor.astype``, ``contiguous()`` and writes into strided GPU views
run it, so both backends convert as a kernel's store does (docs/decisions.md, "Views"). One
kernel per pair of dtypes, made from one definition; a launch is synced on the current
stream, with the borrows of any launch (it reads the source, writes the destination)."""

from __future__ import annotations

import math
import threading
import types
from typing import Any, TypeVar

import numpy as np

import tilert.lang as tl
from tilert import tensor as _tensor
from tilert.annotations import Mutable, Shared
from tilert.dtypes import DType
from tilert.kernel import Kernel, kernel
from tilert.tensor import MAX_PARTITION_RANK, Tensor

# The dtypes of one kernel: the annotations name these, and each kernel's globals bind them.
DST = TypeVar("DST", bound=DType)
SRC = TypeVar("SRC", bound=DType)
TILE_ELEMENTS = 4096  # a tile's elements (powers of two along each axis)


def astype(z: Mutable[Tensor[DST]], x: Shared[Tensor[SRC]]) -> None:
    # (the kernel language's Mutable has store(); the host-side class mypy reads here has not)
    z.store(tl.load_tile_like(x, z))  # type: ignore[attr-defined]


_kernels: dict[tuple[type[DType], type[DType]], Kernel] = {}
_lock = threading.Lock()


def _kernel(dst: type[DType], src: type[DType]) -> Kernel:
    """The conversion kernel from ``src`` to ``dst`` (made once per pair)."""
    found = _kernels.get((dst, src))
    if found is None:
        with _lock:
            found = _kernels.get((dst, src))
            if found is None:
                fn = types.FunctionType(astype.__code__, {**globals(), "DST": dst, "SRC": src})
                fn.__annotations__ = dict(astype.__annotations__)
                fn.__qualname__ = astype.__qualname__
                found = _kernels[dst, src] = kernel(fn)
    return found


def tile_shape(shape: tuple[int, ...]) -> tuple[int, ...]:
    """Power-of-two tiles of at most ``TILE_ELEMENTS``, filled from the last axis."""
    budget = TILE_ELEMENTS
    out: list[int] = []
    for d in reversed(shape):
        t = min(1 << max(d - 1, 0).bit_length(), budget)
        out.append(t)
        budget //= t
    return tuple(reversed(out))


def _folded(dst: Tensor[Any], src: Tensor[Any]) -> tuple[int, ...]:
    """The fewest axes both tensors can be seen with (axes of size 1 dropped, neighbours merged
    where both lay them out back to back)."""
    axes = [k for k, d in enumerate(dst.shape) if d != 1]
    groups: list[int] = []
    previous = -1
    for k in axes:
        merge = previous >= 0 and all(
            t.strides[previous] == t.strides[k] * t.shape[k] for t in (dst, src)
        )
        if merge:
            groups[-1] *= dst.shape[k]
        else:
            groups.append(dst.shape[k])
        previous = k
    return tuple(groups) or (1,)


def convert(dst: Tensor[Any], src: Tensor[Any]) -> None:
    """Write ``src``'s elements, converted, into ``dst`` (same shape), with one synced launch
    per block of at most three axes."""
    if dst.shape != src.shape:
        raise ValueError(f"cannot convert {src.describe()} into {dst.describe()}: shapes differ")
    if not math.prod(dst.shape):
        return
    shape = _folded(dst, src)
    if len(shape) > MAX_PARTITION_RANK:  # one launch per index of the leading axes
        for index in np.ndindex(*dst.shape[: dst.ndim - MAX_PARTITION_RANK]):
            convert(dst[index], src[index])
        return
    d = dst if dst.shape == shape else dst.reshape(shape)
    s = src if src.shape == shape else src.reshape(shape)
    _kernel(d.dtype, s.dtype)(d.partition(tile_shape(shape)), s).sync()


def install() -> None:
    """Hand ``convert`` to the tensors (they sit below the kernels that run it)."""
    _tensor._converter = convert
