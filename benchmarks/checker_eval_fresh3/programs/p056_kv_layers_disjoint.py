"""Two layers of a KV cache written at once: their views are disjoint. Reading layer 0 is
fine once its own write is waited, even while layer 1 is still in flight."""

import numpy as np
from llmhost.kernels import fill

import tilert as tr

kv = tr.zeros((2, 8, 16), name="kv")
p0 = fill(kv[0].partition((8, 16)), 1.0).submit()
p1 = fill(kv[1].partition((8, 16)), 2.0).submit()
p0.wait()
layer0 = kv[0].to_numpy()
p1.wait()
assert np.allclose(layer0, 1.0)
assert np.allclose(kv.to_numpy()[1], 2.0)
print("kv layers ok")
