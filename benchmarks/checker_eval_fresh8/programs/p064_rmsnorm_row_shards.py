"""tk.rmsnorm over row shards of one activation matrix: shard bounds computed from the batch,
every shard's op in flight at once (disjoint row views), waited, then read whole."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rows, cols, shards = 8, 32, 4
rng = np.random.default_rng(1)
x_np = rng.standard_normal((rows, cols)).astype(np.float32)
x = tr.from_numpy(x_np)
w = tr.ones((cols,))
out = tr.zeros((rows, cols))
per = rows // shards
flights = []
for s in range(shards):
    lo, hi = s * per, min(rows, (s + 1) * per)
    flights.append(tk.rmsnorm(out[lo:hi], x[lo:hi], w, eps=1e-6).submit())
for f in flights:
    f.wait()
ref = x_np / np.sqrt((x_np**2).mean(axis=1, keepdims=True) + 1e-6)
assert np.allclose(out.to_numpy(), ref, atol=1e-4)
print("rmsnorm shards ok")
