"""A residual MLP block: h = x + silu(x) * 0.5, checked against numpy."""

import numpy as np
from llmreef import add, scale, silu

import tilert as tr

N = 1024
rng = np.random.default_rng(0)
x_np = rng.standard_normal(N).astype(np.float32)

x = tr.from_numpy(x_np)
act = tr.empty((N,))
half = tr.empty((N,))
h = tr.empty((N,))

silu(act.partition((256,)), x).sync()
scale(half.partition((256,)), act, 0.5).sync()
pending = add(h.partition((256,)), x, half).submit()
pending.wait()
print("max:", float(np.max(h.to_numpy())))
