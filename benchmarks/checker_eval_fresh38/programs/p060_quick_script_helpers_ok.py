"""A quick fine-tuning script built on trainkit's host helpers."""

import numpy as np
from trainkit import TILE, accumulate, clip_grad, copy_into, launch_sgd, zero_

import tilert as tr

N = 2048
rng = np.random.default_rng(21)
pretrained = tr.from_numpy(rng.standard_normal(N).astype(np.float32), name="pretrained")
param = tr.empty((N,), name="param")
grad = tr.zeros((N,), name="grad")

copy_into(param, pretrained).sync()
for epoch in range(2):
    zero_(grad).sync()
    for _ in range(3):
        mb = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
        accumulate(grad.partition((TILE,)), mb).sync()
    clip_grad(grad, 1.0 / 3).sync()
    pend = launch_sgd(param, grad, 1e-2).submit()
    pend.wait()
    print(epoch, float(np.abs(param.to_numpy() - pretrained.to_numpy()).max()))
