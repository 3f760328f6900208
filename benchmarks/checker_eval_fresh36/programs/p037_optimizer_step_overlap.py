"""A training step, functional style: the forward's matmul is submitted and, to overlap work,
the SGD update of the same weight is launched before the forward is waited."""

import numpy as np
from modelops import axpy

import tilert as tr
import tilert.kernels as tk

BATCH, IN, OUT = 16, 64, 32
rng = np.random.default_rng(13)
weight = tr.from_numpy((rng.standard_normal((OUT, IN)) * 0.1).astype(np.float32), name="weight")
grad = tr.from_numpy(rng.standard_normal((OUT, IN)).astype(np.float32), name="grad")


def train_step(x: tr.Tensor, y: tr.Tensor, lr: float) -> None:
    fwd = tk.linear(y, x, weight).submit()
    axpy(weight.partition((1, IN)), grad, -lr).sync()  # expect: TC103
    fwd.wait()


x = tr.from_numpy(rng.standard_normal((BATCH, IN)).astype(np.float32))
y = tr.empty((BATCH, OUT))
for _ in range(3):
    train_step(x, y, lr=1e-2)  # expect-also: TC103
print(float(y.to_numpy().std()))
