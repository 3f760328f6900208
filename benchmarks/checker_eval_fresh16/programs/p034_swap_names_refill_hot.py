"""Ping-pong inputs with swapped names; the host refills the one the launch still reads."""

import numpy as np
from llmquill.host import tiles, vec
from llmquill.kernels import scale

cur_in, next_in = vec(32, 1.0), vec(32, 2.0)
out = vec(32)
for step in range(3):
    p = scale(tiles(out), cur_in, 1.0).submit()
    cur_in, next_in = next_in, cur_in
    next_in.copy_from(np.full(32, step + 3, dtype=np.float32))  # expect: TC103
    p.wait()
print(out.to_numpy()[0])
