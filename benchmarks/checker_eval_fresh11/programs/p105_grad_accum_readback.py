"""Gradient accumulation with the loss read back every K micro-steps, after its wait."""

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

K_STEPS = 4
grad = tr.zeros((128,), name="grad")
loss = tr.zeros((128,), name="loss")
micro = tr.full((128,), 0.25)
losses: list[float] = []
pend = None
for step in range(1, 3 * K_STEPS + 1):
    K.accum(tiles(grad), micro).sync()
    if step % K_STEPS == 0:
        pend = K.scale(tiles(loss), grad, 1.0 / step).submit()
        pend.wait()
        losses.append(float(loss.to_numpy()[0]))
assert losses == [0.25, 0.25, 0.25], losses
