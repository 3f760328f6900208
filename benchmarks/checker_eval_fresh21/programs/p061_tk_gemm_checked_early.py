"""A projection by tk.gemm, checked with np.testing before the Pending is waited."""

import numpy as np
from llmloom import host as H

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(0)
a_np = rng.standard_normal((16, 32)).astype(np.float32)
b_np = rng.standard_normal((32, 8)).astype(np.float32)
a, b, out = H.upload(a_np), H.upload(b_np), tr.zeros((16, 8))
pending = tk.gemm(out, a, b).submit()
np.testing.assert_allclose(out.to_numpy(), a_np @ b_np, atol=1e-3)  # expect: TC102
pending.wait()
