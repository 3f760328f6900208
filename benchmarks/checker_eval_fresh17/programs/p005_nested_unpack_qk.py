"""Q and K projections paired per head; the loop unpacks `((q, pq), (k, pk))` and reads k early."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

HEADS, D = 3, 32
x = tr.from_numpy(np.linspace(-1, 1, D, dtype=np.float32))


def project(scale: float) -> tuple[tr.Tensor, tr.Pending]:
    out = tr.empty((D,))
    return out, K.scale(tiles(out), x, scale).submit()


qs = [project(1.0 + h) for h in range(HEADS)]
ks = [project(0.5 * h) for h in range(HEADS)]
scores = []
for (q, pq), (k, pk) in zip(qs, ks, strict=True):
    pq.wait()
    scores.append(float(np.dot(q.to_numpy(), k.to_numpy())))  # expect: TC102
    pk.wait()
print(scores)
