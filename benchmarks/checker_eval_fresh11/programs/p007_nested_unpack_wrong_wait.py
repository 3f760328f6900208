"""(buffer, pending) pairs unpacked in nested form; the key's Pending is not waited before its
read."""

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
q_done.wait()
score = float(np.dot(q.to_numpy(), k.to_numpy()))  # expect: TC102
k_done.wait()
print(score)
