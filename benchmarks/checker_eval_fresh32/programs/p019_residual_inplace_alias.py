"""A transformer block's residual connection written in place: the hidden state is both the
output and an input of the same add."""

import numpy as np
from llmcraft import add, silu

import tilert as tr

D = 512

rng = np.random.default_rng(11)
hidden = tr.from_numpy(rng.standard_normal(D).astype(np.float32), name="hidden")
mlp_out = tr.empty((D,), name="mlp_out")

for _layer in range(2):
    silu(mlp_out.partition((128,)), hidden).sync()
    add(hidden.partition((128,)), hidden, mlp_out).sync()  # expect: TC101

print(hidden.to_numpy()[:4])
