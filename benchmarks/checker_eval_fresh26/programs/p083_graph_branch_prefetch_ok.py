"""A captured step with a side branch: the next layer's weights are prefetched into L2 on
another stream while the norm runs (a no-op on the CPU)."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

ROWS, D = 4, 256
rng = np.random.default_rng(5)
x = tr.from_numpy(rng.standard_normal((ROWS, D)).astype(np.float32))
norm_w = tr.ones((D,))
w_next = tr.from_numpy((rng.standard_normal((D, D)) / 16).astype(np.float32))
normed = tr.empty((ROWS, D), dtype=tr.f32)
out = tr.empty((ROWS, D), dtype=tr.f32)
side = tr.Stream()

tk.rmsnorm(normed, x, norm_w).sync()  # warm up (tunes on the GPU) before capturing
tk.gemm(out, normed, w_next).sync()

with tr.graph() as g:
    g.record(tk.prefetch_l2(w_next), stream=side)
    g.record(tk.rmsnorm(normed, x, norm_w))
    g.record(tk.gemm(out, normed, w_next))
for _ in range(3):
    g.launch().wait()
g.close()
print(out.to_numpy()[0, :3])
