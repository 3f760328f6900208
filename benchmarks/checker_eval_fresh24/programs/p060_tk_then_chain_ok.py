"""Norm chained into the QKV projection with .then, as the kernel library's docs show."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

T, D, QKV = 8, 128, 384

rng = np.random.default_rng(16)
x = tr.from_numpy(rng.standard_normal((T, D)).astype(np.float32))
w = tr.from_numpy(np.ones(D, dtype=np.float32))
w_qkv = tr.from_numpy((rng.standard_normal((D, QKV)) * 0.05).astype(np.float32))
normed = tr.empty((T, D))
qkv = tr.empty((T, QKV))
tk.rmsnorm(normed, x, w, 1e-6).then(lambda *_: tk.gemm(qkv, normed, w_qkv)).sync()
print(qkv.to_numpy().shape, float(qkv.to_numpy().std()))
