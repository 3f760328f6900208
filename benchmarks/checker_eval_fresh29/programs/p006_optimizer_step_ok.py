"""SGD with momentum over a dict of parameters, the way a training script keeps them."""

import numpy as np
from llmreef import axpy, scale

import tilert as tr

rng = np.random.default_rng(1)
shapes = {"wq": 256, "wk": 256, "wo": 512}
params = {k: tr.from_numpy(rng.standard_normal(n).astype(np.float32)) for k, n in shapes.items()}
grads = {k: tr.from_numpy(rng.standard_normal(n).astype(np.float32)) for k, n in shapes.items()}
momentum = {k: tr.zeros((n,)) for k, n in shapes.items()}
lr, beta = 1e-2, 0.9

for step in range(3):
    pendings = []
    for name in params:
        buf = momentum[name]
        tmp = tr.empty(buf.shape)
        scale(tmp.partition((128,)), buf, beta).sync()
        axpy(tmp.partition((128,)), grads[name], 1.0).sync()
        buf.copy_from(tmp)
        pendings.append(axpy(params[name].partition((128,)), buf, -lr).submit())
    for p in pendings:
        p.wait()
    norm = sum(float(np.linalg.norm(p.to_numpy())) for p in params.values())
    print(step, norm)
