"""`+=` on a device vector through an accumulate kernel (the output read in place)."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


class DeviceVec:
    def __init__(self, data: np.ndarray) -> None:
        self.t = tr.from_numpy(data.astype(np.float32))

    def __iadd__(self, other: "DeviceVec") -> "DeviceVec":
        K.accum(tiles(self.t), other.t).sync()
        return self

    def numpy(self) -> np.ndarray:
        return self.t.to_numpy()


residual = DeviceVec(np.ones(32))
delta = DeviceVec(np.arange(32))
residual += delta
residual += delta
np.testing.assert_allclose(residual.numpy(), 1 + 2 * np.arange(32))
