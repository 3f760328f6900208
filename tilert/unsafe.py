"""Explicit, greppable opt-outs of the host-side ownership checks."""

from __future__ import annotations

from typing import Any

import numpy as np

from tilert import ownership
from tilert.tensor import Tensor


def host_array(t: Tensor[Any]) -> np.ndarray[Any, Any]:
    """The tensor's live host storage, with no borrow check: you promise no op is using it."""
    return t._array


def force_release(t: Tensor[Any]) -> None:
    """Drop every borrow of ``t`` (for recovering after an error in an op's callback)."""
    with ownership.LOCK:
        t._borrows.clear()
        t._exclusive = 0
