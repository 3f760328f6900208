"""Explicit, greppable opt-outs of the host-side ownership checks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from tilert import backends
from tilert._core import ownership
from tilert.cuda_kernel import CudaKernel, _c_value
from tilert.signature import ParamKind
from tilert.streams import as_stream
from tilert.tensor import Partition, Tensor


def host_array(t: Tensor[Any]) -> np.ndarray[Any, Any]:
    """The tensor's live host storage, with no borrow check: you promise no op is using it."""
    return t._host_array


def force_release(t: Tensor[Any]) -> None:
    """Drop every borrow of ``t`` (for recovering after an error in an op's callback)."""
    with ownership.LOCK:
        ownership.to_tables(t)  # (its inline borrows too)
        t._borrows.clear()
        t._exclusive = 0
        ownership.FORCED.value += 1


def launch_raw(
    kernel: CudaKernel, *args: Any, grid: int | Sequence[int], stream: Any = None
) -> None:
    """Launch a ``tr.cuda_kernel`` now, checking nothing: a tensor (or a partition) is passed
    as a pointer without being borrowed, an int to a pointer parameter as a device address.
    You promise that no op uses what it touches, and you sync the stream before reading."""
    if not isinstance(kernel, CudaKernel):
        raise TypeError(f"launch_raw launches a tr.cuda_kernel, got {kernel!r}")
    if len(args) != len(kernel.params):
        raise TypeError(
            f"cuda kernel `{kernel.name}` takes {len(kernel.params)} arguments, got {len(args)}"
        )
    backend = backends.current()
    if backend.device_kind != "cuda":
        raise RuntimeError(f"launch_raw of `{kernel.name}`: CUDA code runs on the GPU only")

    values: list[object] = []
    for p, v in zip(kernel.params, args, strict=True):
        if p.kind is ParamKind.SCALAR:
            values.append(_c_value(kernel, p, v))
        elif isinstance(v, (Tensor, Partition)):
            t = v.tensor if isinstance(v, Partition) else v
            values.append(np.uint64(t._device_pointer()))
        elif isinstance(v, (int, np.integer)) and not isinstance(v, bool):
            values.append(np.uint64(v))
        else:
            raise TypeError(
                f"parameter `{p.name}` of cuda kernel `{kernel.name}` is a pointer: pass a "
                f"tensor or a device address (int), got {v!r}"
            )
    dims = (grid,) if isinstance(grid, int) else tuple(int(g) for g in grid)
    backend.launch_cuda(kernel, values, dims, as_stream(stream))
