"""A pre-norm block adds the attention output into its residual stream with the fused
`tk.rmsnorm(..., residual=...)`."""

from __future__ import annotations

import numpy as np
from llmfern.host import upload

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(2)
h0 = rng.standard_normal((4, 64)).astype(np.float32)
d0 = rng.standard_normal((4, 64)).astype(np.float32)
residual, delta = upload(h0), upload(d0)
normed = tr.zeros((4, 64))
tk.rmsnorm(normed, delta, upload(np.ones(64)), residual=residual).sync()
s = h0 + d0
np.testing.assert_allclose(residual.to_numpy(), s, rtol=1e-6)
ref = s / np.sqrt((s * s).mean(axis=1, keepdims=True) + 1e-6)
np.testing.assert_allclose(normed.to_numpy(), ref, rtol=1e-4, atol=1e-5)
print("ok")
