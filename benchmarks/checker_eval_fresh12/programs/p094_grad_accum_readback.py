"""Gradient accumulation over micro-batches, the loss buffer read back every K steps after its
sync."""

import numpy as np
from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

K_STEPS = 4
grad = tr.zeros((256,), name="grad")
loss = tr.zeros((256,), name="loss")
history = []
for step in range(1, 9):
    micro = tr.full((256,), 0.25)
    K.accum(tiles(grad), micro).sync()
    K.axpy(tiles(loss), micro, 1.0).sync()
    if step % K_STEPS == 0:
        history.append(float(np.asarray(loss).mean()))
assert history == [1.0, 2.0] and float(grad.to_numpy()[0]) == 2.0
