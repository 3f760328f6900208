"""Two events around a `tk.gemm` on a side stream; the result read after the Pending's wait."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(1)
a_np = rng.standard_normal((16, 32)).astype(np.float32)
b_np = rng.standard_normal((32, 8)).astype(np.float32)
a, b = tr.from_numpy(a_np), tr.from_numpy(b_np)
c = tr.zeros((16, 8))
side = tr.Stream()
start = side.record()
pend = tk.gemm(c, a, b).submit(side)
end = side.record()
pend.wait()
end.synchronize()
assert start.elapsed_ms(end) >= 0.0
np.testing.assert_allclose(c.to_numpy(), a_np @ b_np, rtol=1e-4, atol=1e-4)
