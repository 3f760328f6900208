"""A hand-written SGD loop over a tiny linear model's parameters, the update applied on the
device with axpy after each step's (host-computed) gradient."""

import numpy as np
from infercore import axpy

import tilert as tr


class SGD:
    def __init__(self, params: list[tr.Tensor], lr: float) -> None:
        self.params = params
        self.lr = lr

    def step(self, grads: list[np.ndarray]) -> None:
        for p, g in zip(self.params, grads, strict=True):
            grad = tr.from_numpy(g)
            axpy(p.partition((32,)), grad, -self.lr).sync()


rng = np.random.default_rng(32)
w = tr.from_numpy(rng.standard_normal(64).astype(np.float32))
b = tr.from_numpy(rng.standard_normal(32).astype(np.float32))
opt = SGD([w, b], lr=0.1)
for _ in range(3):
    gw = 2 * w.to_numpy()  # gradient of |w|^2 + |b|^2
    gb = 2 * b.to_numpy()
    opt.step([gw, gb])
print(f"loss {float((w.to_numpy() ** 2).sum() + (b.to_numpy() ** 2).sum()):.4f}")
