"""Explicit, greppable opt-outs of the host-side ownership checks."""

from typing import Any

import numpy as np

from tilert.tensor import Tensor

def host_array(t: Tensor[Any]) -> np.ndarray[Any, Any]: ...
def force_release(t: Tensor[Any]) -> None: ...
