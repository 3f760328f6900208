"""Bias add followed by a scale on the same output tiles: the author reuses the partition for
the second kernel instead of chaining it with .then."""

import numpy as np
from modelops import add, scale

import tilert as tr

N = 1024
rng = np.random.default_rng(22)
x = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
b = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
y = tr.empty((N,))

part = y.partition((256,))
add(part, x, b).sync()
scale(part, 0.5).sync()  # expect: TC109
print(y.to_numpy()[:3])
