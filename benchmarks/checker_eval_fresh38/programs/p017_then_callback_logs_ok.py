"""Chain the optimizer after gradient scaling; log the gradient once the chain is done."""

import numpy as np
from trainkit import TILE, scale, sgd_step

import tilert as tr

param = tr.ones((1024,), name="param")
grad = tr.from_numpy(np.full(1024, 4.0, dtype=np.float32), name="grad")
log: list[float] = []

scale(grad.partition((TILE,)), 1 / 1024).sync()
sgd_step(param.partition((TILE,)), grad, 0.1).sync()
log.append(float(np.abs(grad.to_numpy()).max()))
print(log, param.to_numpy()[0])
