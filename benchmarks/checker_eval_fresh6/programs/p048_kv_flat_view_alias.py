"""A KV cache viewed two ways: the per-layer row `kv[1]` and a flat view of the whole cache.
Copying "layer 1 from the flat view" reads the memory the launch writes."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr

LAYERS, WIDTH = 4, 32
kv = tr.from_numpy(np.arange(LAYERS * WIDTH, dtype=np.float32).reshape(LAYERS, WIDTH))
flat = kv.reshape(-1)
layer = 1
row = kv[layer]
k.copy(row.partition((16,)), flat[WIDTH : 2 * WIDTH]).sync()  # expect: TC101
print(row.to_numpy()[:2])
