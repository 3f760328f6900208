"""A batched attention-score `tk.bmm` over all heads; head 0's keys are reloaded with
`copy_from` through a view while it runs."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

q = tr.ones((2, 8, 16))
k_t = tr.ones((2, 16, 8), name="k^T")
scores = tr.zeros((2, 8, 8))
pend = tk.bmm(scores, q, k_t).submit()
k_t[0].copy_from(np.zeros((16, 8), np.float32))  # expect: TC103
pend.wait()
