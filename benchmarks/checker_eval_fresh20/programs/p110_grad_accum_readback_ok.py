"""Gradient accumulation: each micro-batch scaled, then accumulated, read back every 2 steps."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

grad = tr.zeros((16,))
tmp = tr.zeros((16,))
norms = []
for step in range(4):
    mb = upload(np.full(16, float(step + 1)))
    K.scale(tiles(tmp), mb, 0.5).sync()
    K.accum(tiles(grad), tmp).sync()
    if step % 2 == 1:
        norms.append(float(grad.to_numpy()[0]))
assert norms == [1.5, 5.0], norms
