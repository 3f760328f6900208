"""A flat cache viewed as (layers, -1): layer 0's row is written while the host reads layer 1's
row through the same reshape."""

import numpy as np
from llmweave.kernels import fill

import tilert as tr

layers, n = 2, 64
flat = tr.zeros((layers * n,), name="flat_cache")
by_layer = flat.reshape(layers, -1)
flat_np = np.full(n, 7.0, np.float32)
by_layer[1].copy_from(flat_np)
pending = fill(by_layer[0].partition((16,)), 1.0).submit()
other = by_layer[1].to_numpy().copy()
pending.wait()
assert np.allclose(other, 7.0)
assert np.allclose(flat.to_numpy()[:n], 1.0)
print("layer rows ok")
