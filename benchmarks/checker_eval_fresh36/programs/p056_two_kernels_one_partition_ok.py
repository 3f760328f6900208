"""Bias add followed by a scale on the same output tiles, chained with .then so the partition
moves from the first kernel to the second."""

import numpy as np
from modelops import add, scale

import tilert as tr

N = 1024
rng = np.random.default_rng(22)
x = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
b = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
y = tr.empty((N,))

add(y.partition((256,)), x, b).then(lambda part, *_: scale(part, 0.5)).sync()
np.testing.assert_allclose(y.to_numpy(), (x.to_numpy() + b.to_numpy()) * 0.5, rtol=1e-6)
print(y.to_numpy()[:3])
