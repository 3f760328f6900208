"""Explicit, greppable opt-outs of the host-side ownership checks."""

from collections.abc import Sequence
from typing import Any

import numpy as np

from tilert.cuda_kernel import CudaKernel
from tilert.tensor import Tensor

def host_array(t: Tensor[Any]) -> np.ndarray[Any, Any]: ...
def force_release(t: Tensor[Any]) -> None: ...
def launch_raw(
    kernel: CudaKernel, *args: Any, grid: int | Sequence[int], stream: Any = None
) -> None: ...
