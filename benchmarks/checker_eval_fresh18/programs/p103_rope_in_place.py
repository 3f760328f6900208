"""RoPE applied in place to the queries: ``tk.rope(q, q, positions)``."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(6)
q = tr.from_numpy(rng.standard_normal((4, 2, 16)).astype(np.float32))
positions = tr.from_numpy(np.arange(4, dtype=np.int32))
tk.rope(q, q, positions).sync()  # expect: TC101
print(q.to_numpy()[0, 0, :4])
