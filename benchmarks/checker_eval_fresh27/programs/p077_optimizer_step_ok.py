"""Forward, then the optimizer update, each batch: the update waits for the forward that
reads the weights; the host-side logging overlaps the next forward."""

import numpy as np
from llmcove import axpy, mul

import tilert as tr

N = 2048
rng = np.random.default_rng(8)
weights = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
acts = [tr.empty((N,)), tr.empty((N,))]
grads = [tr.from_numpy(rng.standard_normal(N).astype(np.float32)) for _ in range(3)]
batches = [tr.from_numpy(rng.standard_normal(N).astype(np.float32)) for _ in range(3)]

for i, (batch, grad) in enumerate(zip(batches, grads, strict=True)):
    out = acts[i % 2]
    fwd = mul(out.partition((512,)), batch, weights).submit()
    fwd.wait()
    axpy(weights.partition((512,)), grad, -0.01).sync()
    print(float(out.to_numpy().mean()))
