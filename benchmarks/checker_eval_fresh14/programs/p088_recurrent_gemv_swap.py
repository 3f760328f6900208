"""The recurrent update with two state buffers swapped each step."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

w = tr.from_numpy((np.eye(16) * 0.5).astype(np.float32))
cur, nxt = tr.ones((16,), name="s0"), tr.zeros((16,), name="s1")
for _ in range(3):
    tk.gemv(nxt, w, cur).sync()
    cur, nxt = nxt, cur
np.testing.assert_allclose(cur.to_numpy(), 0.125)
