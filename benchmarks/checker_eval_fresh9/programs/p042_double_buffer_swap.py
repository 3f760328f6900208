"""Double buffering with swapped names: load the next chunk while computing on this one."""

from __future__ import annotations

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

chunks = [np.full(8, c, dtype=np.float32) for c in range(5)]
a = tr.zeros((8,), name="a")
b = tr.zeros((8,), name="b")
out = tr.zeros((8,), name="out")

pend_a = k.copy(tiles(a), tr.from_numpy(chunks[0])).submit()
for c in range(1, len(chunks) + 1):
    pend_a.wait()
    pend_b = k.copy(tiles(b), tr.from_numpy(chunks[c])).submit() if c < len(chunks) else None
    k.acc(tiles(out), a).sync()
    a, b = b, a
    if pend_b is None:
        break
    pend_a = pend_b
np.testing.assert_allclose(out.to_numpy(), np.full(8, 10.0))
print("ok")
