"""Software pipeline over micro-batches: the projection of batch i runs while the host takes
the result of batch i-1. Inputs are staged on the device with a copy kernel, in two staging
buffers used in turn."""

import numpy as np
from infercore import copy

import tilert as tr
import tilert.kernels as tk

TOKENS, HIDDEN, OUT, BATCHES = 8, 64, 32, 5

rng = np.random.default_rng(8)
weight = tr.from_numpy((rng.standard_normal((OUT, HIDDEN)) * 0.1).astype(np.float32))
host_batches = [
    tr.from_numpy(rng.standard_normal((TOKENS, HIDDEN)).astype(np.float32)) for _ in range(BATCHES)
]
staging = [tr.empty((TOKENS, HIDDEN), name=f"staging{j}") for j in range(2)]
outputs = [tr.empty((TOKENS, OUT), name=f"out{i}") for i in range(BATCHES)]

results = []
prev = None
for i in range(BATCHES):
    slot = staging[i % 2]  # read by batch i-2's op, waited at i-1
    copy(slot.partition((1, HIDDEN)), host_batches[i]).sync()
    pend = tk.linear(outputs[i], slot, weight).submit()
    if prev is not None:
        prev.wait()
        results.append(outputs[i - 1].to_numpy().sum())
    prev = pend
prev.wait()
results.append(outputs[-1].to_numpy().sum())
print([round(float(r), 3) for r in results])
