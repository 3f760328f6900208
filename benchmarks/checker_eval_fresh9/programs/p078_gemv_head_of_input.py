"""A tied-embedding trick: the library gemv writes its result over the front of its input."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk

D = 16
w = tr.from_numpy(np.eye(D // 2, D, dtype=np.float32))
x = tr.from_numpy(np.arange(D, dtype=np.float32))
tk.gemv(x[: D // 2], w, x).sync()  # expect: TC101
print(x.to_numpy())
