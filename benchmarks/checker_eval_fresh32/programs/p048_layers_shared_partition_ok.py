"""A layer loop that partitions the hidden state for every layer's launch."""

import numpy as np
from llmcraft import axpy

import tilert as tr

D = 256
LAYERS = 4

rng = np.random.default_rng(13)
deltas = [tr.from_numpy(rng.standard_normal(D).astype(np.float32)) for _ in range(LAYERS)]
hidden = tr.zeros((D,), name="hidden")

for delta in deltas:
    axpy(hidden.partition((64,)), delta, 1.0).sync()
print(hidden.to_numpy()[:4])
