"""Time a GEMM between two events on a side stream, then check it against numpy."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

M, N, K = 64, 64, 32
rng = np.random.default_rng(3)
a_np = rng.standard_normal((M, K)).astype(np.float32)
b_np = rng.standard_normal((K, N)).astype(np.float32)
a, b = tr.from_numpy(a_np), tr.from_numpy(b_np)
c = tr.zeros((M, N))

stream = tr.Stream()
start = stream.record()
pending = tk.gemm(c, a, b).submit(stream)
end = stream.record()
end.synchronize()
print(f"gemm {M}x{N}x{K}: {start.elapsed_ms(end):.3f} ms")

pending.wait()
err = np.abs(c.to_numpy() - a_np @ b_np).max()
print(f"max abs err {err:.2e}")
