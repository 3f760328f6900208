"""An activation module that builds its output partition once in __init__ and launches on it at
every call: the second decode step finds the partition spent."""

import numpy as np
from modelops import silu

import tilert as tr


class SiLU:
    def __init__(self, n: int, tile: int = 512) -> None:
        self.out = tr.zeros((n,), name="silu_out")
        self.out_part = self.out.partition((tile,))

    def __call__(self, x: tr.Tensor) -> tr.Op:
        return silu(self.out_part, x)  # expect: TC109


act = SiLU(2048)
for step in range(3):
    x = tr.from_numpy(np.linspace(-3, 3, 2048, dtype=np.float32) * (step + 1))
    act(x).sync()  # expect-also: TC109
    print(step, act.out.to_numpy()[:2])
