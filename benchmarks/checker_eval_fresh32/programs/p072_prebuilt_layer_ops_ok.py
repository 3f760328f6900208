"""A forward pass built ahead as one `.then` chain: the residual update that writes the hidden
state is made in the callback, once the projection reading it has run."""

import numpy as np
from llmcraft import axpy, silu

import tilert as tr

D = 256

rng = np.random.default_rng(18)
hidden = tr.from_numpy(rng.standard_normal(D).astype(np.float32), name="hidden")
mlp = tr.empty((D,), name="mlp")

plan = silu(mlp.partition((64,)), hidden).then(lambda *_: axpy(hidden.partition((64,)), mlp, 1.0))
plan.sync()
print(hidden.to_numpy()[:4])
