"""A tiny training loop where the forward ops are built once (data and parameters never move)
and run every epoch; the loss is read on the host after each epoch."""

import numpy as np
from infercore import mul, relu

import tilert as tr

N = 256
rng = np.random.default_rng(42)
data = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
weight = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
hidden = tr.empty((N,), name="hidden")
act = tr.empty((N,), name="act")


def build_forward() -> list[tr.Op]:
    return [mul(hidden.partition((64,)), data, weight)]


forward = build_forward()
for epoch in range(3):
    for op in forward:
        op.sync()  # expect: TC110
    relu_op = relu(act.partition((64,)), hidden)
    relu_op.sync()
    print("epoch", epoch, "loss", float((act.to_numpy() ** 2).mean()))
