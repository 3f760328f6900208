"""A layer loop that partitions the hidden state once, before the loop, and launches every
layer on that partition."""

import numpy as np
from llmcraft import axpy

import tilert as tr

D = 256
LAYERS = 4

rng = np.random.default_rng(13)
deltas = [tr.from_numpy(rng.standard_normal(D).astype(np.float32)) for _ in range(LAYERS)]
hidden = tr.zeros((D,), name="hidden")

hidden_part = hidden.partition((64,))
for delta in deltas:
    axpy(hidden_part, delta, 1.0).sync()  # expect: TC109
print(hidden.to_numpy()[:4])
