"""functools.cache memoizes the plan of each buffer; the second epoch gets the spent partition."""

import functools

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import upload

import tilert as tr

x = upload(np.arange(32))
acc = tr.zeros((32,))
buffers = {"acc": acc}


@functools.cache
def plan(name: str) -> tr.Partition:
    return buffers[name].partition((16,))


for _epoch in range(2):
    K.axpy(plan("acc"), x, 0.5).sync()  # expect: TC109
print(acc.to_numpy()[:4])
