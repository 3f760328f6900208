"""Decode loop with `tk.gemv`: the next token's activation is copied in before the gemv is
waited."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(7)
w = tr.from_numpy(rng.standard_normal((16, 32)).astype(np.float32))
act = tr.from_numpy(rng.standard_normal(32).astype(np.float32))
out = tr.empty((16,), name="out")
pending = tk.gemv(out, w, act).submit()
act.copy_from(rng.standard_normal(32).astype(np.float32))  # expect: TC103
pending.wait()
