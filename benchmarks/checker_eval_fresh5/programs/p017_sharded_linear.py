"""A tensor-parallel-like linear on one device: each shard writes its rows of the output
through a view, all shards in flight at once."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import matvec

import tilert as tr

ROWS, K, SHARDS = 64, 32, 4


class ShardedLinear:
    def __init__(self, w: np.ndarray, shards: int) -> None:
        self.w = tr.from_numpy(w)
        self.out = tr.zeros((w.shape[0],))
        self.bounds = [
            (i * w.shape[0] // shards, (i + 1) * w.shape[0] // shards) for i in range(shards)
        ]

    def forward(self, x: tr.Tensor) -> np.ndarray:
        pendings = []
        for a, b in self.bounds:
            part = self.out[a:b].partition((16,))
            pendings.append(matvec(part, self.w[a:b], x, 16).submit())
        for p in pendings:
            p.wait()
        return self.out.to_numpy()


rng = np.random.default_rng(0)
w = rng.standard_normal((ROWS, K)).astype(np.float32)
xs = rng.standard_normal(K).astype(np.float32)
layer = ShardedLinear(w, SHARDS)
y = layer.forward(tr.from_numpy(xs))
assert np.allclose(y, w @ xs, atol=1e-4)
