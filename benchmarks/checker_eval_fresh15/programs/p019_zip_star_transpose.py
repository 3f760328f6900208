"""Stages returned as (out, pending) pairs, transposed with zip(*...); the first is not waited."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec, wait_all

import tilert as tr

x = vec(np.arange(32))


def stage(i: int):
    out = tr.zeros((32,))
    return out, K.scale(tiles(out), x, float(i + 1)).submit()


outs, pends = zip(*[stage(i) for i in range(3)], strict=True)
wait_all(pends[1:])
stacked = np.stack([o.to_numpy() for o in outs])  # expect: TC102
pends[0].wait()
print(stacked.shape)
