"""A residual stack as one `.then` chain built in a loop with functools.partial callbacks."""

from functools import partial

import numpy as np
from llmweave.kernels import axpy, fill

import tilert as tr

h = tr.zeros((64,))
deltas = [tr.full((64,), float(i)) for i in range(4)]


def add_delta(delta: tr.Tensor, part: tr.Partition, *_: object) -> tr.Op:
    return axpy(part, delta, 1.0)


chain = fill(h.partition((16,)), 1.0)
for d in deltas:
    chain = chain.then(partial(add_delta, d))
chain.sync()
assert np.allclose(h.to_numpy(), 1.0 + 0 + 1 + 2 + 3)
print(h.to_numpy()[0])
