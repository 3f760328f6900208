"""A local `settle(*pendings)` called with `*pend[1:]`: the first request is never waited."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


def settle(*pendings: tr.Pending) -> int:
    for p in pendings:
        p.wait()
    return len(pendings)


emb = tr.from_numpy(np.arange(24, dtype=np.float32))
reqs = [tr.zeros((24,), name=f"req{i}") for i in range(3)]
pend = [K.scale(tiles(r), emb, 0.5 * (i + 1)).submit() for i, r in enumerate(reqs)]
settle(*pend[1:])
first = reqs[0].to_numpy()  # expect: TC102
pend[0].wait()
print(first.sum())
