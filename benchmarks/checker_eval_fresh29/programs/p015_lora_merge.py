"""Merging a LoRA delta into a base weight in place: W += alpha * (A-side delta)."""

import numpy as np
from llmreef import axpy

import tilert as tr

N = 4096
base = tr.from_numpy(np.ones(N, dtype=np.float32), name="base")
delta = tr.from_numpy(np.full(N, 0.1, dtype=np.float32), name="delta")

axpy(base, delta, 0.5).sync()  # expect: TC106
print(base.to_numpy()[:3])
