"""Pre-norm block: the fused rmsnorm updates the residual stream while a probe still reads it."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles

import tilert as tr
import tilert.kernels as tk

rows, cols = 4, 64
rng = np.random.default_rng(8)
residual = tr.from_numpy(rng.standard_normal((rows, cols)).astype(np.float32), name="residual")
x = tr.from_numpy(rng.standard_normal((rows, cols)).astype(np.float32), name="attn_out")
w = tr.from_numpy(np.ones(cols, dtype=np.float32))
probe = tr.zeros((rows, cols), name="probe")
normed = tr.zeros((rows, cols), name="normed")
p_probe = K.scale(tiles(probe), residual, 1.0).submit()  # snapshot for a debug hook
p_norm = tk.rmsnorm(normed, x, w, 1e-6, residual=residual).submit()  # expect: TC103
p_probe.wait()
p_norm.wait()
print(normed.to_numpy().shape)
