"""Gradient accumulation on a side stream; the host adds the gradient into its copy too soon."""

import numpy as np
from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr

running = np.zeros(32, dtype=np.float32)
act = vec(32, 1.0)
grad = vec(32)
with tr.Stream():
    for micro in range(3):
        pend = scale(tiles(grad), act, 0.1 * (micro + 1)).submit()
        running += grad.to_numpy()  # expect: TC102
        pend.wait()
print(running[0])
