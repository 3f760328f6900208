"""Run a projection, then merge a LoRA delta into its weight for the next request."""

import numpy as np
from servekit import TILE, axpy

import tilert as tr
import tilert.kernels as tk

M, K, N = 16, 64, 64
rng = np.random.default_rng(44)
x = tr.from_numpy(rng.standard_normal((M, K)).astype(np.float32))
w = tr.from_numpy((rng.standard_normal((K, N)) / 8).astype(np.float32))
delta = tr.from_numpy((rng.standard_normal((K, N)) / 64).astype(np.float32))
y = tr.empty((M, N))


def serve_then_merge() -> np.ndarray:
    proj = tk.gemm(y, x, w).submit()
    axpy(w.reshape(K * N).partition((TILE,)), delta.reshape(K * N), 1.0).sync()  # expect: TC103
    proj.wait()
    return y.to_numpy()


print(serve_then_merge()[0, :4])  # expect-also: TC103
