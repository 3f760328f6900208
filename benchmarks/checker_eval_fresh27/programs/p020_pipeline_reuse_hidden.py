"""Two-stage pipeline that reuses one hidden buffer; the next stage 1 overwrites it while
stage 2 still reads it."""

import numpy as np
from llmcove import add, silu

import tilert as tr

N, BATCHES = 1024, 5
rng = np.random.default_rng(11)
xs = [tr.from_numpy(rng.standard_normal(N).astype(np.float32)) for _ in range(BATCHES)]
bias = tr.full((N,), 0.5)
hidden = tr.empty((N,))
outs = [tr.empty((N,)) for _ in range(BATCHES)]

prev = None
for i in range(BATCHES):
    add(hidden.partition((256,)), xs[i], bias).sync()  # expect: TC103
    if prev is not None:
        prev.wait()
    prev = silu(outs[i].partition((256,)), hidden).submit()
prev.wait()
print([round(float(o.to_numpy().mean()), 4) for o in outs])
