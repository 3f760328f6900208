"""A container class whose ``__getitem__`` makes a fresh partition each time it is asked, so
every micro-batch launches with its own plan."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


class Plans:
    def __init__(self, **bufs: tr.Tensor[tr.f32]) -> None:
        self._bufs = bufs

    def __getitem__(self, name: str) -> tr.Partition[tr.f32]:
        return tiles(self._bufs[name])


grad = tr.zeros((128,))
plans = Plans(grad=grad)
for micro in (vec(np.ones(128)), vec(np.full(128, 2.0))):
    K.accum(plans["grad"], micro).sync()
assert np.all(grad.to_numpy() == 3.0)
