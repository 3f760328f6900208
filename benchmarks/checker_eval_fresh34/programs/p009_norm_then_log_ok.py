"""A chained pre-norm projection with the statistics logged after the chain: the callback
launched after the norm chains the projection onto the normalized activations."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(9)
x = tr.from_numpy(rng.standard_normal((4, 64)).astype(np.float32))
norm_w = tr.ones((64,))
w_q = tr.from_numpy((rng.standard_normal((64, 64)) * 0.1).astype(np.float32))
normed = tr.empty((4, 64), name="normed")
q = tr.empty((4, 64), name="q")
stats: dict[str, float] = {}


def after_norm(*_: object) -> tr.Op:
    return tk.linear(q, normed, w_q)


tk.rmsnorm(normed, x, norm_w).then(after_norm).sync()
stats["normed_rms"] = float(np.sqrt((normed.to_numpy() ** 2).mean()))
print(stats, q.to_numpy().shape)
