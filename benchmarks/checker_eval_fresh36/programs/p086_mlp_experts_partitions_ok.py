"""A mixture-of-experts layer's expert activations: one output buffer per expert, launched
together with tr.zip, partitions made fresh for every token batch."""

import numpy as np
from modelops import silu

import tilert as tr

EXPERTS, N = 4, 512
rng = np.random.default_rng(37)
expert_out = [tr.empty((N,), name=f"expert{e}") for e in range(EXPERTS)]

for batch in range(2):
    inputs = [tr.from_numpy(rng.standard_normal(N).astype(np.float32)) for _ in range(EXPERTS)]
    tr.zip(
        *[silu(out.partition((128,)), x) for out, x in zip(expert_out, inputs, strict=True)]
    ).sync()
    print(batch, [round(float(o.to_numpy().mean()), 4) for o in expert_out])
