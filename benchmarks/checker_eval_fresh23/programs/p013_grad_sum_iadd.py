"""Gradient accumulation over micro-batches with `+=` on a small gradient wrapper."""

import llmpress.kernels as K
import numpy as np
from llmpress.host import tiles

import tilert as tr


class Grad:
    def __init__(self, t: tr.Tensor) -> None:
        self.t = t

    def __iadd__(self, other: "Grad") -> "Grad":
        K.accum(tiles(self.t), other.t).sync()  # expect: TC101
        return self


micro = [Grad(tr.from_numpy(np.full(128, float(i + 1), dtype=np.float32))) for i in range(4)]
total = micro[0]
for g in micro:
    total += g  # expect-also
print(total.t.to_numpy()[0])
