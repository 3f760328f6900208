"""Launch one add per micro-batch with a helper that submits, wait for all, then log."""

import numpy as np
from llmcove import submit_add

import tilert as tr

BATCHES = 4
N = 512

rng = np.random.default_rng(7)
inputs = [tr.from_numpy(rng.standard_normal(N).astype(np.float32)) for _ in range(BATCHES)]
bias = tr.ones((N,))
outputs = [tr.empty((N,)) for _ in range(BATCHES)]

pendings = [submit_add(out, inp, bias) for inp, out in zip(inputs, outputs, strict=True)]
for p in pendings:
    p.wait()
print("first batch mean:", outputs[0].to_numpy().mean())
