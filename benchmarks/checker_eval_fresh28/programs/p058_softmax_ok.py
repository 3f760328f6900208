"""Attention scores: softmax into a probabilities buffer."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

S = 32
q = tr.from_numpy(np.random.default_rng(14).standard_normal((S, 16)).astype(np.float32))
kt = tr.from_numpy(np.random.default_rng(15).standard_normal((16, S)).astype(np.float32))
scores = tr.empty((S, S))
probs = tr.empty((S, S))
tk.gemm(scores, q, kt).sync()
tk.softmax(probs, scores).sync()
np.testing.assert_allclose(probs.to_numpy().sum(axis=1), 1.0, rtol=1e-5)
print(probs.to_numpy().sum(axis=1)[:3])
