"""Row shards normalized by the library rmsnorm, bounds computed per shard, all in flight."""

from __future__ import annotations

from typing import Any

import numpy as np

import tilert as tr
import tilert.kernels as tk

ROWS, COLS, SHARDS = 8, 16, 4
rng = np.random.default_rng(3)
x = tr.from_numpy(rng.standard_normal((ROWS, COLS)).astype(np.float32))
w = tr.ones((COLS,))
out = tr.zeros((ROWS, COLS))
per = ROWS // SHARDS
pendings: list[tr.Pending[Any]] = []
for s in range(SHARDS):
    lo, hi = s * per, (s + 1) * per
    pendings.append(tk.rmsnorm(out[lo:hi], x[lo:hi], w, eps=1e-6).submit())
for p in pendings:
    p.wait()
ref = x.to_numpy() / np.sqrt(np.mean(x.to_numpy() ** 2, axis=1, keepdims=True) + 1e-6)
np.testing.assert_allclose(out.to_numpy(), ref, rtol=1e-5, atol=1e-5)
print("ok")
