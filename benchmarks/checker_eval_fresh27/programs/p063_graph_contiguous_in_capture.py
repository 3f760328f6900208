"""Capture a projection whose weight is stored transposed; the transpose is made contiguous
inside the capture."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

M, K, N = 16, 64, 32
rng = np.random.default_rng(1)
x = tr.from_numpy(rng.standard_normal((M, K)).astype(np.float32))
w_t = tr.from_numpy(rng.standard_normal((N, K)).astype(np.float32))  # stored [out, in]
y = tr.empty((M, N))


def capture_projection(out: tr.Tensor, inp: tr.Tensor, weight_t: tr.Tensor) -> tr.Graph:
    with tr.graph() as g:
        w = weight_t.T.contiguous()  # expect: TC111
        g.record(tk.gemm(out, inp, w))
    return g


tk.gemm(y, x, w_t.T.contiguous()).sync()  # tune outside the capture
graph = capture_projection(y, x, w_t)  # expect-also: TC111
graph.launch().wait()
graph.close()
print(y.to_numpy()[0, :4])
