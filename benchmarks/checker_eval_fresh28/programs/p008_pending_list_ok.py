"""Launch one op per micro-batch, keep the Pendings in a list, wait for them all at the end."""

import numpy as np
from llmdelta import scale

import tilert as tr


def run_microbatches(batches, outputs, lr):
    pendings = []
    for x, out in zip(batches, outputs, strict=True):
        pendings.append(scale(out.partition((128,)), x, -lr).submit())
    return pendings


rng = np.random.default_rng(1)
grads = [tr.from_numpy(rng.standard_normal(1024).astype(np.float32)) for _ in range(4)]
updates = [tr.zeros((1024,)) for _ in range(4)]
pendings = run_microbatches(grads, updates, 1e-3)
for p in pendings:
    p.wait()
norms = [float(np.linalg.norm(u.to_numpy())) for u in updates]
print(norms)
