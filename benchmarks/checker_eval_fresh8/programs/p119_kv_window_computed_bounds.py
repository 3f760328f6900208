"""A KV cache's new positions `[pos, pos + k)` are written while attention reads the prefix
`[:pos]` on the host: the bounds are computed, and the two ranges never meet."""

import numpy as np
from llmweave.kernels import fill

import tilert as tr

layers, max_seq, dim = 2, 16, 16
kv = tr.zeros((layers, max_seq, dim), name="kv")
pos, k = 0, 4
for layer in range(layers):
    kv[layer][:4].copy_from(np.ones((4, dim), np.float32))
pos = 4
flights = []
for layer in range(layers):
    flights.append(fill(kv[layer][pos : pos + k].partition((k, dim)), 2.0).submit())
    prefix = kv[layer][:pos].to_numpy()
    assert np.allclose(prefix, 1.0)
for f in flights:
    f.wait()
assert np.allclose(kv.to_numpy()[:, pos : pos + k], 2.0)
print("window ok")
