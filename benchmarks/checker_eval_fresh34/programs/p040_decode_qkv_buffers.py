"""Token-by-token decode of a single attention head's projections: the q, k and v output
partitions are unpacked once before the loop to keep the loop body short."""

import numpy as np
from infercore import copy

import tilert as tr
import tilert.kernels as tk

HIDDEN, HEAD, STEPS = 64, 32, 3
rng = np.random.default_rng(40)
wq, wk, wv = (
    tr.from_numpy((rng.standard_normal((HEAD, HIDDEN)) * 0.1).astype(np.float32)) for _ in range(3)
)
q, k, v = (tr.empty((HEAD,), name=n) for n in ("q", "k", "v"))
scores = []


def project(out_part: tr.Partition, w: tr.Tensor, x: tr.Tensor) -> None:
    tmp = tr.empty((HEAD,))
    tk.gemv(tmp, w, x).sync()
    copy(out_part, tmp).sync()  # expect: TC109


q_part, k_part, v_part = (t.partition((HEAD,)) for t in (q, k, v))
for _ in range(STEPS):
    x = tr.from_numpy(rng.standard_normal(HIDDEN).astype(np.float32))
    project(q_part, wq, x)  # expect-also: TC109
    project(k_part, wk, x)
    project(v_part, wv, x)
    scores.append(float(q.to_numpy() @ k.to_numpy()))
print(scores)
