"""Batched residual: out rows are updated from a reshaped view of the same buffer."""

import numpy as np
from llmbasin import add

import tilert as tr

BATCH, HIDDEN = 4, 256

hidden = tr.from_numpy(np.ones((BATCH, HIDDEN), dtype=np.float32))
delta = tr.from_numpy(np.full(BATCH * HIDDEN, 0.25, dtype=np.float32))
flat = hidden.reshape(-1)
add(flat.partition((HIDDEN,)), flat, delta).sync()  # expect: TC101
print(hidden.to_numpy()[:, 0])
