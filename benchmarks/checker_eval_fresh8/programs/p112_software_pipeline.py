"""Software pipelining over two slots: the load of chunk i+1 is submitted before chunk i is
reduced, the load's Pending carried into the next iteration, every Pending waited."""

import numpy as np
from llmweave.kernels import accumulate, copy

import tilert as tr

chunks = [tr.full((64,), float(i)) for i in range(5)]
slots = [tr.zeros((64,)) for _ in range(2)]
total = tr.zeros((64,))
load = copy(slots[0].partition((16,)), chunks[0]).submit()
reduce: tr.Pending | None = None
for i in range(len(chunks)):
    load.wait()
    if reduce is not None:
        reduce.wait()
    reduce = accumulate(total.partition((16,)), slots[i % 2]).submit()
    if i + 1 < len(chunks):
        load = copy(slots[(i + 1) % 2].partition((16,)), chunks[i + 1]).submit()
assert reduce is not None
reduce.wait()
assert np.allclose(total.to_numpy(), 10.0)
print("pipelined")
