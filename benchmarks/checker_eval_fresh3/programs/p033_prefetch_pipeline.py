"""Software pipelining: stage chunk i+1 while computing on chunk i."""

import numpy as np
from llmhost.kernels import add, copy

import tilert as tr

chunks = [tr.full((64,), float(i)) for i in range(5)]
staging = [tr.zeros((64,)), tr.zeros((64,))]
acc = tr.zeros((64,))

prefetch = copy(staging[0].partition((16,)), chunks[0]).submit()
for i in range(len(chunks)):
    prefetch.wait()
    cur = staging[i % 2]
    if i + 1 < len(chunks):
        prefetch = copy(staging[(i + 1) % 2].partition((16,)), chunks[i + 1]).submit()
    tmp = tr.empty((64,))
    add(tmp.partition((16,)), acc, cur).sync()
    copy(acc.partition((16,)), tmp).sync()

assert np.allclose(acc.to_numpy(), 10.0)
print("pipeline ok")
