"""Gradient accumulation on a side stream; each micro-batch's gradient is read after its wait."""

import numpy as np
from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr

running = np.zeros(32, dtype=np.float32)
act = vec(32, 1.0)
grad = vec(32)
with tr.Stream():
    for micro in range(3):
        pend = scale(tiles(grad), act, 0.5 * (micro + 1)).submit()
        pend.wait()
        running += grad.to_numpy()
assert running[0] == 3.0
