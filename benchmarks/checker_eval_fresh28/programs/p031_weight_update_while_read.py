"""Training step: the forward reads the weights asynchronously, the optimizer updates them."""

import numpy as np
from llmdelta import axpy, mul

import tilert as tr

D = 1024
rng = np.random.default_rng(4)
weight = tr.from_numpy(rng.standard_normal(D).astype(np.float32), name="weight")
grad = tr.from_numpy(rng.standard_normal(D).astype(np.float32), name="grad")
x = tr.ones((D,))
y = tr.zeros((D,))

fwd = mul(y.partition((256,)), x, weight).submit()
axpy(weight.partition((256,)), grad, -0.01).sync()  # expect: TC103
fwd.wait()
print(y.to_numpy()[:2])
