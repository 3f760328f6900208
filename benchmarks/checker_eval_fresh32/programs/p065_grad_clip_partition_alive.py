"""Gradient accumulation with clipping: the accumulation partition is taken, then the gradient
is reset from the host before the launch that uses the partition."""

import numpy as np
from llmcraft import axpy

import tilert as tr

N = 256
MICRO_BATCHES = 3

rng = np.random.default_rng(16)
micro_grads = [
    tr.from_numpy(rng.standard_normal(N).astype(np.float32)) for _ in range(MICRO_BATCHES)
]
grad = tr.empty((N,), name="grad")

for i, g in enumerate(micro_grads):
    grad_part = grad.partition((64,))
    if i == 0:
        grad.copy_from(np.zeros(N, dtype=np.float32))  # expect: TC104
    axpy(grad_part, g, 1.0 / MICRO_BATCHES).sync()

norm = float(np.linalg.norm(grad.to_numpy()))
print("grad norm", norm)
