"""A software-pipelined loop that waits step t-1 after submitting step t, with the epilogue
waiting and reading the last step."""

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
        cur = K.scale(tiles(outs[t]), x, float(t)).submit()
        if prev is not None:
            prev.wait()
            sums.append(float(outs[t - 1].to_numpy().sum()))
        prev = cur
    if prev is not None:
        prev.wait()
        sums.append(float(outs[-1].to_numpy().sum()))
    return sums


assert run(4) == [0.0, 2016.0, 4032.0, 6048.0]
