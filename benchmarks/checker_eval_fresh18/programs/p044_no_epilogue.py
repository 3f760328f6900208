"""A software-pipelined loop that waits step t-1 after submitting step t, with no epilogue:
the last step's Pending is dropped when ``run()`` returns."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


def run(steps: int) -> list[float]:
    x = vec(np.arange(64))
    outs = [tr.empty((64,)) for _ in range(steps)]
    sums: list[float] = []
    prev = None
    for t in range(steps):
        cur = K.scale(tiles(outs[t]), x, float(t)).submit()  # expect: TC108
        if prev is not None:
            prev.wait()
            sums.append(float(outs[t - 1].to_numpy().sum()))
        prev = cur
    return sums


print(run(4))
