"""An Adam-like step in stream order: the moments are submitted, the update reads them unwaited."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

n, lr, beta = 128, 0.1, 0.9
rng = np.random.default_rng(14)
g_np = rng.standard_normal(n).astype(np.float32)
grad = upload(g_np, name="grad")
m_prev = upload(np.zeros(n), name="m_prev")
m = tr.zeros((n,), name="m")
sq = tr.zeros((n,), name="g_sq")
w = tr.ones((n,), name="w")
step_dir = tr.zeros((n,), name="step")
p_m = K.axpy(tiles(m), grad, m_prev, 1 - beta).submit()  # m = (1 - beta) g + m_prev
p_sq = K.mul(tiles(sq), grad, grad).submit()
p_dir = K.mul(tiles(step_dir), m, grad).submit()  # reads m, written by an unwaited submit
p_w = K.axpy(tiles(w), step_dir, upload(np.ones(n)), -lr).submit()
for p in (p_w, p_dir, p_sq, p_m):  # newest first
    p.wait()
np.testing.assert_allclose(m.to_numpy(), (1 - beta) * g_np, rtol=1e-6)
np.testing.assert_allclose(w.to_numpy(), 1 - lr * (1 - beta) * g_np * g_np, rtol=1e-5)
assert (sq.to_numpy() >= 0).all()
