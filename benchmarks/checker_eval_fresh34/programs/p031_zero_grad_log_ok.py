"""A training step's bookkeeping: gradients are zeroed by a fill kernel, the step's gradient
contributions accumulated with axpy, and the gradient norms logged (the stale gradients too,
before zeroing)."""

import numpy as np
from infercore import axpy, fill

import tilert as tr

rng = np.random.default_rng(31)
params = {
    "w1": tr.from_numpy(rng.standard_normal(256).astype(np.float32)),
    "w2": tr.from_numpy(rng.standard_normal(128).astype(np.float32)),
}
grads = {name: tr.zeros(p.shape, name=f"{name}.grad") for name, p in params.items()}

stale = {name: float(np.abs(g.to_numpy()).max()) for name, g in grads.items()}
print("stale gradients before zeroing", stale)
grad_parts = {name: g.partition((64,)) for name, g in grads.items()}
for part in grad_parts.values():
    fill(part, 0.0).sync()
for _ in range(2):
    for g in grads.values():
        contribution = tr.from_numpy(rng.standard_normal(g.shape).astype(np.float32))
        axpy(g.partition((64,)), contribution, 0.5).sync()

norms = {name: float(np.linalg.norm(g.to_numpy())) for name, g in grads.items()}
print(norms)
