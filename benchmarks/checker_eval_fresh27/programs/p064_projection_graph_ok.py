"""Capture a projection whose weight is stored transposed; the contiguous copy is made once,
before the capture, and kept alive with the graph."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

M, K, N = 16, 64, 32
rng = np.random.default_rng(1)
x = tr.from_numpy(rng.standard_normal((M, K)).astype(np.float32))
w_t = tr.from_numpy(rng.standard_normal((N, K)).astype(np.float32))  # stored [out, in]
y = tr.empty((M, N))


def capture_projection(out: tr.Tensor, inp: tr.Tensor, weight: tr.Tensor) -> tr.Graph:
    with tr.graph() as g:
        g.record(tk.gemm(out, inp, weight))
    return g


w = w_t.T.contiguous()
tk.gemm(y, x, w).sync()  # tune outside the capture
graph = capture_projection(y, x, w)
for _ in range(2):
    graph.launch().wait()
graph.close()
ref = x.to_numpy() @ w_t.to_numpy().T
print(np.allclose(y.to_numpy(), ref, atol=1e-3))
