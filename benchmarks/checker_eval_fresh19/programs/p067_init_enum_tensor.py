"""Initializers chosen by an Enum whose values are launchers; the ZEROS launcher gets the tensor
where a partition goes."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

from llmfern import kernels as K

import tilert as tr


class Init(Enum):
    ZEROS = "zeros"
    ONES = "ones"


LAUNCHERS: dict[Init, Callable[[tr.Tensor], tr.Op]] = {
    Init.ZEROS: lambda t: K.fill(t, 0.0),  # expect: TC106
    Init.ONES: lambda t: K.fill(t.partition((64,)), 1.0),
}
bias = tr.empty(64)
LAUNCHERS[Init.ZEROS](bias).sync()  # expect-also
