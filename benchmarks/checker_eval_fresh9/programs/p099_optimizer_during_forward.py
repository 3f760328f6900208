"""An SGD optimizer over (param, grad) pairs, stepped while the next forward reads the params."""

from __future__ import annotations

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

params = [tr.ones((8,), name=f"w{i}") for i in range(3)]
grads = [tr.full((8,), 0.1 * (i + 1)) for i in range(3)]
acts = [tr.zeros((8,)) for _ in range(3)]
x = tr.full((8,), 2.0)

forward = [k.mul(tiles(a), x, w).submit() for a, w in zip(acts, params, strict=True)]
for w, g in zip(params, grads, strict=True):
    k.axpy(tiles(w), g, -0.5).sync()  # expect: TC103
for p in forward:
    p.wait()
print(np.stack([a.to_numpy() for a in acts]))
