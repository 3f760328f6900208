"""Two rotating output buffers; each iteration reads back the previous batch's result."""

import numpy as np
from llmquay import scale

import tilert as tr

N = 1024

xs = [tr.from_numpy(np.full(N, i, dtype=np.float32)) for i in range(6)]
outs = [tr.empty((N,), name=f"out{j}") for j in range(2)]
results = []
prev = None
for i, x in enumerate(xs):
    pend = scale(outs[i % 2].partition((256,)), x, 10.0).submit()
    if prev is not None:
        prev.wait()
        results.append(float(outs[i % 2].to_numpy()[0]))  # expect: TC102
    prev = pend
prev.wait()
print(results)
