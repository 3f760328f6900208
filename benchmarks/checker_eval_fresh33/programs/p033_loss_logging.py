"""A training loop that computes a per-step loss vector and logs it every few steps."""

import numpy as np
from servekit import TILE, mul, sgd_step

import tilert as tr


def train(steps: int = 6, log_every: int = 3, n: int = 512) -> list[float]:
    rng = np.random.default_rng(33)
    w = tr.from_numpy(rng.standard_normal(n).astype(np.float32))
    err = tr.full((n,), 0.1)
    logged = []
    for step in range(steps):
        sq = tr.empty((n,))
        loss_pend = mul(sq.partition((TILE,)), err, err).submit()  # expect: TC108
        sgd_step(w.partition((TILE,)), err, 0.01).sync()
        if step % log_every == 0:
            loss_pend.wait()
            logged.append(float(sq.to_numpy().sum()))
    return logged


print(train())  # expect-also: TC108
