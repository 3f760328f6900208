"""One training iteration: forward with the weight, then update the weight in place."""

import numpy as np
from servekit import TILE, mul, sgd_step

import tilert as tr

N = 1024
rng = np.random.default_rng(14)
w = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
x = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
grad = tr.full((N,), 0.5)
act = tr.empty((N,))

mul(act.partition((TILE,)), w, x).sync()
loss = float((act.to_numpy() ** 2).mean())
w_part = w.partition((TILE,))
sgd_step(w_part, grad, 0.01).sync()
print(f"loss {loss:.4f}")
