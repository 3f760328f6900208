"""The host reads the weight and the prompt while a launch only reads them (both Shared)."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

w = tr.from_numpy(np.eye(32, 64, dtype=np.float32))
x = tr.from_numpy(np.arange(64, dtype=np.float32))
y = tr.zeros(32)
pending = tk.gemv(y, w, x).submit()
w_norm = float(np.linalg.norm(w.to_numpy()))
prompt_sum = float(x.to_numpy().sum())
pending.wait()
assert np.isclose(w_norm, np.sqrt(32)) and prompt_sum == 2016.0
assert np.array_equal(y.to_numpy(), np.arange(32, dtype=np.float32))
