"""Plain SGD over a list of parameters, with gradients prepared per tile."""

import numpy as np
from servekit import TILE, sgd_step

import tilert as tr

rng = np.random.default_rng(26)
params = [tr.from_numpy(rng.standard_normal(512).astype(np.float32)) for _ in range(3)]
grads = [tr.full((512,), 0.1 * (i + 1)) for i in range(3)]
LR = 0.5

for p, g in zip(params, grads, strict=True):
    sgd_step(p.partition((TILE,)), g.partition((TILE,)), LR).sync()  # expect: TC106

print([round(float(np.asarray(p.to_numpy()).mean()), 4) for p in params])
