"""K and V projections as one tr.zip, submitted, waited once, then both outputs read; the
component ops are never touched again."""

import numpy as np
from llmroute import kernels as K

import tilert as tr

x = tr.arange(64)
k, v = tr.zeros((64,), name="k"), tr.zeros((64,), name="v")
kv = tr.zip(K.scale(k.partition((16,)), x, 2.0), K.scale(v.partition((16,)), x, 3.0))
pending = kv.submit()
pending.wait()
assert np.all(k.to_numpy() * 3 == v.to_numpy() * 2)
print(float(k.to_numpy()[5]), float(v.to_numpy()[5]))
