"""Zeroing buffers of several kinds with functools.singledispatchmethod."""

from functools import singledispatchmethod

import numpy as np
from llmorbit import kernels as K

import tilert as tr


class Resetter:
    def __init__(self, value: float = 0.0) -> None:
        self.value = value

    @singledispatchmethod
    def reset(self, target: object) -> None:
        raise TypeError(f"cannot reset {type(target).__name__}")

    @reset.register
    def _(self, target: np.ndarray) -> None:
        target.fill(self.value)

    @reset.register
    def _(self, target: tr.Tensor) -> None:
        K.fill(target, self.value).sync()  # expect: TC106

    @reset.register
    def _(self, target: list) -> None:
        for item in target:
            self.reset(item)


staging = np.ones(16, dtype=np.float32)
acts = [tr.ones((64,), name="act0"), tr.ones((64,), name="act1")]
r = Resetter()
r.reset(staging)
r.reset(acts)  # expect-also
print(sum(a.to_numpy().sum() for a in acts))
