"""tilert: the runtime for safe tile kernels — precise static types (PEP 561 stubs).

With the ``tilecheck`` mypy plugin, a ``@tr.kernel`` launch is checked argument by argument:
Mutable parameters take ``Partition[dt]``, Shared ones ``Tensor[dt]``."""

from typing import Any, TypeVar, overload

from tilert import unsafe as unsafe
from tilert.annotations import Const as Const
from tilert.annotations import Mutable as Mutable
from tilert.annotations import Shared as Shared
from tilert.autotune import Autotuned as Autotuned
from tilert.autotune import Config as Config
from tilert.autotune import autotune as autotune
from tilert.backends import current as backend
from tilert.cuda_kernel import CudaKernel as CudaKernel
from tilert.cuda_kernel import cuda_kernel as cuda_kernel
from tilert.dtypes import DType as DType
from tilert.dtypes import bf16 as bf16
from tilert.dtypes import bool_ as bool_
from tilert.dtypes import f8e4m3fn as f8e4m3fn
from tilert.dtypes import f8e5m2 as f8e5m2
from tilert.dtypes import f8e8m0fnu as f8e8m0fnu
from tilert.dtypes import f16 as f16
from tilert.dtypes import f32 as f32
from tilert.dtypes import f64 as f64
from tilert.dtypes import i8 as i8
from tilert.dtypes import i16 as i16
from tilert.dtypes import i32 as i32
from tilert.dtypes import i64 as i64
from tilert.dtypes import u8 as u8
from tilert.dtypes import u16 as u16
from tilert.dtypes import u32 as u32
from tilert.dtypes import u64 as u64
from tilert.errors import BorrowError as BorrowError
from tilert.errors import KernelError as KernelError
from tilert.errors import RaceError as RaceError
from tilert.errors import UnrunOpWarning as UnrunOpWarning
from tilert.events import Event as Event
from tilert.graph import Graph as Graph
from tilert.graph import graph as graph
from tilert.kernel import DeviceFunction as DeviceFunction
from tilert.kernel import Kernel as Kernel
from tilert.kernel import function as function
from tilert.kernel import kernel as kernel
from tilert.ops import Op as Op
from tilert.ops import Pending as Pending
from tilert.ops import zip as zip
from tilert.streams import Device as Device
from tilert.streams import Stream as Stream
from tilert.streams import current_stream as current_stream
from tilert.tensor import Order as Order
from tilert.tensor import Partition as Partition
from tilert.tensor import Tensor as Tensor
from tilert.tensor import arange as arange
from tilert.tensor import empty as empty
from tilert.tensor import from_numpy as from_numpy
from tilert.tensor import full as full
from tilert.tensor import grouped as grouped
from tilert.tensor import ones as ones
from tilert.tensor import row_major as row_major
from tilert.tensor import zeros as zeros

__version__: str

_DT = TypeVar("_DT", bound=DType)

@overload
def from_dlpack(obj: Tensor[_DT], *, name: str | None = None) -> Tensor[_DT]: ...
@overload
def from_dlpack(obj: Any, *, name: str | None = None) -> Tensor[Any]: ...

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
