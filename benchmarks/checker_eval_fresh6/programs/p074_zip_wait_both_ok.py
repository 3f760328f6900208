"""Looks suspicious: the k and v projections are zipped, submitted, and only the zip's one
Pending is waited before both outputs are read."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as kern

import tilert as tr

h = tr.from_numpy(np.linspace(0, 1, 64, dtype=np.float32))
k_out, v_out = tr.zeros((64,)), tr.zeros((64,))
both = tr.zip(
    kern.scale(k_out.partition((16,)), h, 2.0), kern.scale(v_out.partition((16,)), h, 3.0)
)
pending = both.submit()
pending.wait()
assert np.allclose(k_out.to_numpy() * 1.5, v_out.to_numpy())
print(k_out.to_numpy()[-1], v_out.to_numpy()[-1])
