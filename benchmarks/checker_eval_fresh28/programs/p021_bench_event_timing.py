"""Benchmark a GEMM with events, then check the result: the end event is not the op's wait."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

M, K, N = 64, 128, 64
rng = np.random.default_rng(11)
a_np = rng.standard_normal((M, K)).astype(np.float32)
b_np = rng.standard_normal((K, N)).astype(np.float32)
a, b = tr.from_numpy(a_np), tr.from_numpy(b_np)
c = tr.empty((M, N))

stream = tr.Stream()
with stream:
    start = stream.record()
    pending = tk.gemm(c, a, b).submit()
    end = stream.record()
end.synchronize()
print(f"gemm: {start.elapsed_ms(end):.3f} ms")
err = np.abs(c.to_numpy() - a_np @ b_np).max()  # expect: TC102
pending.wait()
print(err)
