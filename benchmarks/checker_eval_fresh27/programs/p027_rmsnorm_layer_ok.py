"""A pre-norm transformer sub-block with tilert.kernels: rmsnorm with the fused residual add,
then the output projection."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

TOKENS, HIDDEN = 16, 128
rng = np.random.default_rng(0)
x = tr.from_numpy(rng.standard_normal((TOKENS, HIDDEN)).astype(np.float32))
residual = tr.from_numpy(rng.standard_normal((TOKENS, HIDDEN)).astype(np.float32))
norm_w = tr.ones((HIDDEN,))
w_out = tr.from_numpy((rng.standard_normal((HIDDEN, HIDDEN)) / HIDDEN**0.5).astype(np.float32))
normed = tr.empty((TOKENS, HIDDEN))
y = tr.empty((TOKENS, HIDDEN))

tk.rmsnorm(normed, x, norm_w, eps=1e-6, residual=residual).then(
    lambda *_: tk.gemm(y, normed, w_out)
).sync()
print("y:", y.to_numpy().shape, float(np.abs(y.to_numpy()).mean()))
print("residual updated:", float(residual.to_numpy()[0, 0]))
