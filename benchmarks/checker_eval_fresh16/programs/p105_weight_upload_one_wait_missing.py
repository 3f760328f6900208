"""Layer weights streamed through two staging slots; the wait before reuse is skipped once."""

import numpy as np
from llmquill.host import tiles, vec
from llmquill.kernels import add

import tilert as tr

layers = [np.full(32, i, dtype=np.float32) for i in range(4)]
staging = [tr.zeros((32,)), tr.zeros((32,))]
h = [vec(32) for _ in layers]
x = vec(32, 1.0)
pend: list = [None, None]
for i, w in enumerate(layers):
    slot = i % 2
    if pend[slot] is not None and i != 3:
        pend[slot].wait()
    staging[slot].copy_from(w)  # expect: TC103
    pend[slot] = add(tiles(h[i]), x, staging[slot]).submit()
for p in pend:
    p.wait()
