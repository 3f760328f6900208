"""A planner generator meant to hand out plans; it yields the same partition every time."""

from collections.abc import Iterator

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr


def planner(t: tr.Tensor) -> Iterator[tr.Partition]:
    plan = tiles(t, 32)
    while True:
        yield plan


grad_acc = tr.zeros((64,), name="grad_acc")
plans = planner(grad_acc)
micro = [tr.from_numpy(np.full(64, i, np.float32)) for i in range(1, 4)]
for g in micro:
    K.accum(next(plans), g).sync()  # expect: TC109
print(grad_acc.to_numpy()[:4])
