"""Writing KV layer L while the host reads layer L - 1 (disjoint views of one cache)."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import scale

import tilert as tr

LAYERS, N = 4, 64
kv = tr.zeros((LAYERS, N), name="kv")
x = tr.arange(N)
seen = []
for layer in range(LAYERS):
    p = scale(kv[layer].partition((16,)), x, float(layer + 1)).submit()
    if layer > 0:
        seen.append(float(kv[layer - 1].to_numpy()[1]))
    p.wait()
assert seen == [1.0, 2.0, 3.0]
assert np.allclose(kv.to_numpy()[:, 1], [1, 2, 3, 4])
