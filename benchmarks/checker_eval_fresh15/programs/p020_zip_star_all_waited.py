"""Stages returned as (out, pending) pairs, transposed with zip(*...) and all waited."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec, wait_all

import tilert as tr

x = vec(np.arange(32))


def stage(i: int):
    out = tr.zeros((32,))
    return out, K.scale(tiles(out), x, float(i + 1)).submit()


outs, pends = zip(*[stage(i) for i in range(3)], strict=True)
wait_all(pends)
stacked = np.stack([o.to_numpy() for o in outs])
assert np.allclose(stacked[:, 1], [1.0, 2.0, 3.0])
