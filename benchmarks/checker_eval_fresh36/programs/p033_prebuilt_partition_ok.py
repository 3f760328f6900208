"""An activation module that keeps the output's tile shape and partitions at each call, so the
buffer is free between calls."""

import numpy as np
from modelops import silu

import tilert as tr


class SiLU:
    def __init__(self, n: int, tile: int = 512) -> None:
        self.out = tr.zeros((n,), name="silu_out")
        self.tile = (tile,)

    def __call__(self, x: tr.Tensor) -> tr.Op:
        return silu(self.out.partition(self.tile), x)


act = SiLU(2048)
print("initial:", act.out.to_numpy()[:2])
for step in range(3):
    x = tr.from_numpy(np.linspace(-3, 3, 2048, dtype=np.float32) * (step + 1))
    act(x).sync()
    print(step, act.out.to_numpy()[:2])
