# quick numerics check of the library's norms against numpy
import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(123)
x_np = rng.standard_normal((8, 384)).astype(np.float32)
g_np = rng.random(384, dtype=np.float32)
b_np = rng.standard_normal(384).astype(np.float32)

x = tr.from_numpy(x_np)
ln = tr.empty((8, 384))
sm = tr.empty((8, 384))
tr.zip(
    tk.layernorm(ln, x, tr.from_numpy(g_np), tr.from_numpy(b_np)),
    tk.softmax(sm, x),
).sync()

mu = x_np.mean(-1, keepdims=True)
var = x_np.var(-1, keepdims=True)
np.testing.assert_allclose(
    ln.to_numpy(), (x_np - mu) / np.sqrt(var + 1e-5) * g_np + b_np, rtol=1e-4, atol=1e-4
)
e = np.exp(x_np - x_np.max(-1, keepdims=True))
np.testing.assert_allclose(sm.to_numpy(), e / e.sum(-1, keepdims=True), rtol=1e-5, atol=1e-6)
print("layernorm and softmax match numpy")
