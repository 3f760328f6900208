"""`settle(*pend)` with every Pending, then the requests read."""

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
assert settle(*pend) == 3
for i, r in enumerate(reqs):
    np.testing.assert_allclose(r.to_numpy(), 0.5 * (i + 1) * np.arange(24))
