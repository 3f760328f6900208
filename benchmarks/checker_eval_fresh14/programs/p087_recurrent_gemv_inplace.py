"""A recurrent state updated as `state = W @ state` with `tk.gemv(state, w, state)`."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

w = tr.from_numpy((np.eye(16) * 0.9).astype(np.float32))
state = tr.ones((16,), name="state")
for _ in range(3):
    tk.gemv(state, w, state).sync()  # expect: TC101
