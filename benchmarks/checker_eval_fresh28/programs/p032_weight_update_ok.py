"""Training step: the optimizer updates the weights after the forward that reads them is done."""

import numpy as np
from llmdelta import axpy, mul

import tilert as tr

D = 1024
rng = np.random.default_rng(4)
w_np = rng.standard_normal(D).astype(np.float32)
g_np = rng.standard_normal(D).astype(np.float32)
weight = tr.from_numpy(w_np.copy(), name="weight")
grad = tr.from_numpy(g_np, name="grad")
x = tr.ones((D,))
y = tr.zeros((D,))

fwd = mul(y.partition((256,)), x, weight).submit()
fwd.wait()
axpy(weight.partition((256,)), grad, -0.01).sync()
np.testing.assert_allclose(y.to_numpy(), w_np, rtol=1e-6)
np.testing.assert_allclose(weight.to_numpy(), w_np - 0.01 * g_np, rtol=1e-5, atol=1e-6)
print(y.to_numpy()[:2])
