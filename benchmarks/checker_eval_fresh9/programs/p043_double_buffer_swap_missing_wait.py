"""Double buffering with swapped names, where the swap forgets to carry the Pending."""

from __future__ import annotations

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

chunks = [np.full(8, c, dtype=np.float32) for c in range(4)]
a = tr.zeros((8,), name="a")
b = tr.zeros((8,), name="b")
out = tr.zeros((8,), name="out")

pend_a = k.copy(tiles(a), tr.from_numpy(chunks[0])).submit()
pend_a.wait()
for c in range(1, len(chunks)):
    pend_b = k.copy(tiles(b), tr.from_numpy(chunks[c])).submit()
    k.acc(tiles(out), a).sync()
    a, b = b, a
    print("chunk head", a.to_numpy()[0])  # expect: TC102
    pend_a = pend_b
pend_a.wait()
print(out.to_numpy())
