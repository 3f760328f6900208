"""A mixture-of-experts layer's expert activations: one output buffer per expert, partitions
made in a comprehension once, then reused for every token batch."""

import numpy as np
from modelops import silu

import tilert as tr

EXPERTS, N = 4, 512
rng = np.random.default_rng(37)
expert_out = [tr.empty((N,), name=f"expert{e}") for e in range(EXPERTS)]
parts = [out.partition((128,)) for out in expert_out]

for batch in range(2):
    inputs = [tr.from_numpy(rng.standard_normal(N).astype(np.float32)) for _ in range(EXPERTS)]
    for part, x in zip(parts, inputs, strict=True):
        silu(part, x).sync()  # expect: TC109
    print(batch, [float(o.to_numpy().mean()) for o in expert_out])
