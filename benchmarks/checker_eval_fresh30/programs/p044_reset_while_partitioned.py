"""An accumulator class that resets its buffer at the start of each window."""

import numpy as np
from llmquill import axpy

import tilert as tr

N = 512


class WindowSum:
    def __init__(self) -> None:
        self.total = tr.zeros((N,), name="total")

    def window(self, values: list[tr.Tensor]) -> np.ndarray:
        tiles = self.total.partition((128,))
        self.total.copy_from(np.zeros(N, dtype=np.float32))  # expect: TC104
        axpy(tiles, values[0], 1.0).sync()
        for v in values[1:]:
            axpy(self.total.partition((128,)), v, 1.0).sync()
        return self.total.to_numpy()


acc = WindowSum()
print(acc.window([tr.full((N,), float(i)) for i in range(3)])[:2])  # expect-also: TC104
