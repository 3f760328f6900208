"""Partitions prepared once in a container class and handed out by ``__getitem__``; the
second micro-batch gets the plan the first one consumed."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


class Plans:
    def __init__(self, **bufs: tr.Tensor[tr.f32]) -> None:
        self._plans = {name: tiles(buf) for name, buf in bufs.items()}

    def __getitem__(self, name: str) -> tr.Partition[tr.f32]:
        return self._plans[name]


grad = tr.zeros((128,))
plans = Plans(grad=grad)
for micro in (vec(np.ones(128)), vec(np.full(128, 2.0))):
    K.accum(plans["grad"], micro).sync()  # expect: TC109
print(grad.to_numpy()[0])
