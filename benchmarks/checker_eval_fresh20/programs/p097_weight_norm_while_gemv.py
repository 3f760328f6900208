"""The host measures the weight's norm while four gemv launches that only read it are in flight."""

import numpy as np
from llmanvil.host import upload

import tilert as tr
import tilert.kernels as tk

N, D = 16, 32
rng = np.random.default_rng(5)
w_np = rng.standard_normal((N, D)).astype(np.float32)
w = upload(w_np).reshape(N, D)
xs = [upload(rng.standard_normal(D)) for _ in range(4)]
outs = [tr.zeros((N,)) for _ in xs]
pendings = [tk.gemv(o, w, x).submit() for o, x in zip(outs, xs, strict=True)]
w_norm = float(np.linalg.norm(w.to_numpy()))
for pending in reversed(pendings):
    pending.wait()
assert abs(w_norm - np.linalg.norm(w_np)) < 1e-3
np.testing.assert_allclose(outs[2].to_numpy(), w_np @ xs[2].to_numpy(), rtol=1e-4, atol=1e-4)
