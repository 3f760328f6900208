"""(buffer, pending) pairs unpacked in nested form, both waited before the dot product."""

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr


def project(x: tr.Tensor, a: float) -> tuple[tr.Tensor, tr.Pending]:
    out = tr.zeros(x.shape)
    return out, K.scale(tiles(out), x, a).submit()


x = tr.arange(256)
pairs = [project(x, 1.0), project(x, 2.0)]
(q, q_done), (k, k_done) = pairs
for done in (q_done, k_done):
    done.wait()
score = float(np.dot(q.to_numpy(), k.to_numpy()))
ref = np.arange(256, dtype=np.float64)
assert abs(score - 2 * float(ref @ ref)) < 1e-3 * score
