"""A device vector with `+=`: `__iadd__` launches an add whose output is also its first input."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


class DeviceVec:
    def __init__(self, data: np.ndarray) -> None:
        self.t = tr.from_numpy(data.astype(np.float32))

    def __iadd__(self, other: "DeviceVec") -> "DeviceVec":
        K.add(tiles(self.t), self.t, other.t).sync()  # expect: TC101
        return self

    def numpy(self) -> np.ndarray:
        return self.t.to_numpy()


residual = DeviceVec(np.ones(32))
delta = DeviceVec(np.arange(32))
residual += delta  # expect-also
print(residual.numpy()[:4])
