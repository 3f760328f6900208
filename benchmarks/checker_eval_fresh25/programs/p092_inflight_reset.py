"""A serving loop that tracks in-flight work per step; the list is reset each step."""

import numpy as np
from llmquay import scale

import tilert as tr

D = 256
outputs = [tr.empty((D,), name=f"o{i}") for i in range(3)]
x = tr.from_numpy(np.ones(D, dtype=np.float32))

for step in range(2):
    inflight = []
    for i, out in enumerate(outputs):
        inflight.append(scale(out.partition((64,)), x, float(step + i)).submit())  # expect: TC108
    inflight[-1].wait()
    inflight = []
print("done")
