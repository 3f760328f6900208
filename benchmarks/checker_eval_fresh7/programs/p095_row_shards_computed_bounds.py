"""A tensor-parallel-style split of one output into row shards with computed bounds, all in
flight at once, waited through a list, then read whole."""

import numpy as np
from llmroute import kernels as K

import tilert as tr

N, SHARDS = 64, 4
out = tr.zeros((N,), name="out")
src = tr.arange(N)
bounds = [(i * N // SHARDS, (i + 1) * N // SHARDS) for i in range(SHARDS)]
pendings = [
    K.scale(out[a:b].partition((16,)), src[a:b], float(i + 1)).submit()
    for i, (a, b) in enumerate(bounds)
]
for p in pendings:
    p.wait()
expect = np.arange(N) * np.repeat(np.arange(1, SHARDS + 1), N // SHARDS)
assert np.array_equal(out.to_numpy(), expect)
print("shards ok")
