"""Q and K projections paired per head; both waits come before the dot product."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

HEADS, D = 3, 32
xs = np.linspace(-1, 1, D, dtype=np.float32)
x = tr.from_numpy(xs)


def project(scale: float) -> tuple[tr.Tensor, tr.Pending]:
    out = tr.empty((D,))
    return out, K.scale(tiles(out), x, scale).submit()


qs = [project(1.0 + h) for h in range(HEADS)]
ks = [project(0.5 * h) for h in range(HEADS)]
scores = []
for (q, pq), (k, pk) in zip(qs, ks, strict=True):
    pq.wait()
    pk.wait()
    scores.append(float(np.dot(q.to_numpy(), k.to_numpy())))
expect = [float(np.dot((1.0 + h) * xs, 0.5 * h * xs)) for h in range(HEADS)]
assert np.allclose(scores, expect, rtol=1e-5)
print(scores)
