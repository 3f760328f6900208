"""Mixture-of-experts: each token's expert output lands in its own row of a combine buffer."""

import numpy as np
from llmquill.host import tiles
from llmquill.kernels import scale

import tilert as tr

rng = np.random.default_rng(8)
T, D = 5, 16
x_np = rng.standard_normal((T, D)).astype(np.float32)
gates = [0.5, 2.0, -1.0]
route = rng.integers(0, 3, size=T)
x = tr.from_numpy(x_np)
combined = tr.zeros((T, D))
pendings = [scale(tiles(combined[t]), x[t], gates[int(route[t])]).submit() for t in range(T)]
for p in pendings:
    p.wait()
expect = x_np * np.array([gates[int(r)] for r in route], dtype=np.float32)[:, None]
assert np.allclose(combined.to_numpy(), expect)
