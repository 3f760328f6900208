"""A forward pass whose ops are all built first and run afterwards, in order: the residual
update that writes the hidden state is built while the earlier, unrun projection still reads
it."""

import numpy as np
from llmcraft import axpy, silu

import tilert as tr

D = 256

rng = np.random.default_rng(18)
hidden = tr.from_numpy(rng.standard_normal(D).astype(np.float32), name="hidden")
mlp = tr.empty((D,), name="mlp")

plan = []
plan.append(silu(mlp.partition((64,)), hidden))
plan.append(axpy(hidden.partition((64,)), mlp, 1.0))  # expect: TC103
for op in plan:
    op.sync()
print(hidden.to_numpy()[:4])
