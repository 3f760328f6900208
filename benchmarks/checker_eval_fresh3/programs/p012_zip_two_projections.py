"""q and k projections launched together with tr.zip, then read."""

import numpy as np
from llmhost.kernels import matvec

import tilert as tr

D = 64
rng = np.random.default_rng(0)
wq_np = rng.standard_normal((D, D)).astype(np.float32)
wk_np = rng.standard_normal((D, D)).astype(np.float32)
x_np = rng.standard_normal(D).astype(np.float32)

wq, wk, x = tr.from_numpy(wq_np), tr.from_numpy(wk_np), tr.from_numpy(x_np)
q, k = tr.empty((D,)), tr.empty((D,))

both = tr.zip(matvec(q.partition((16,)), wq, x, 16), matvec(k.partition((16,)), wk, x, 16))
both.sync()

assert np.allclose(q.to_numpy(), wq_np @ x_np, atol=1e-3)
assert np.allclose(k.to_numpy(), wk_np @ x_np, atol=1e-3)
print("zip ok")
