"""tilert: the runtime for safe tile kernels — tensors, partitions, lazy ops, streams, graphs.

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32

@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))
"""

from __future__ import annotations

import sys
from typing import Any

from tilert import _accel, _convert, backends, unsafe
from tilert import lang as lang  # published below: kernels resolve its names
from tilert._core.validation import publish
from tilert.annotations import Const, Mutable, Shared
from tilert.autotune import Autotuned, Config, autotune
from tilert.backends import current as backend
from tilert.cuda_kernel import CudaKernel, cuda_kernel
from tilert.cutile import backend as _cutile
from tilert.dtypes import (
    DType,
    bf16,
    bool_,
    f8e4m3fn,
    f8e5m2,
    f8e8m0fnu,
    f16,
    f32,
    f64,
    i8,
    i16,
    i32,
    i64,
    u8,
    u16,
    u32,
    u64,
)
from tilert.errors import BorrowError, KernelError, RaceError, UnrunOpWarning
from tilert.events import Event
from tilert.graph import Graph, graph
from tilert.interop import from_dlpack
from tilert.interpret import backend as _interpret
from tilert.kernel import DeviceFunction, Kernel, function, kernel
from tilert.ops import Op, Pending, zip
from tilert.streams import Device, Stream, current_stream
from tilert.tensor import (
    Order,
    Partition,
    Tensor,
    arange,
    empty,
    from_numpy,
    full,
    grouped,
    ones,
    row_major,
    zeros,
)

# the backends, most preferred first: the GPU where it is usable, else the numpy interpreter
backends.register("cutile", _cutile.CutileBackend, _cutile.unavailable_reason, preference=1)
backends.register("interpret", _interpret.InterpretBackend, lambda: None, preference=0)
_accel.install()  # the launch fast path in C, where it was built (see tilert/_accel.py)
_convert.install()  # the kernel of Tensor.astype and of strided copies, which tensors sit under
# kernels' names resolve to these (the TC2xx rules, run when a kernel is decorated)
publish(sys.modules[__name__], "tilert")

__version__ = "0.1.0"

__all__ = [
    "Autotuned",
    "BorrowError",
    "Config",
    "Const",
    "CudaKernel",
    "DType",
    "Device",
    "DeviceFunction",
    "Event",
    "Graph",
    "Kernel",
    "KernelError",
    "Mutable",
    "Op",
    "Order",
    "Partition",
    "Pending",
    "RaceError",
    "Shared",
    "Stream",
    "Tensor",
    "UnrunOpWarning",
    "arange",
    "autotune",
    "backend",
    "bf16",
    "bool_",
    "cuda_kernel",
    "current_stream",
    "empty",
    "f8e4m3fn",
    "f8e5m2",
    "f8e8m0fnu",
    "f16",
    "f32",
    "f64",
    "from_dlpack",
    "from_numpy",
    "full",
    "function",
    "graph",
    "grouped",
    "i8",
    "i16",
    "i32",
    "i64",
    "kernel",
    "ones",
    "row_major",
    "u8",
    "u16",
    "u32",
    "u64",
    "unsafe",
    "zeros",
    "zip",
]


def __getattr__(name: str) -> Any:
    """``tr.testing`` (``do_bench``), imported on first use: it defines a kernel; and
    ``tr.distributed`` (collectives), which most programs never use."""
    if name in ("testing", "distributed"):
        import importlib

        return importlib.import_module(f"tilert.{name}")
    raise AttributeError(f"module 'tilert' has no attribute {name!r}")
