"""Gradient accumulation over micro-batches with a loss readback every K steps."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

K = 3
param = tr.ones((8,), dtype=f32, name="param")
grad = tr.zeros((8,), dtype=f32, name="grad")
loss = tr.zeros((8,), dtype=f32, name="loss")
micro = [tr.full((8,), 0.1 * (i + 1), dtype=f32) for i in range(6)]
losses = []
for step, mb in enumerate(micro, start=1):
    acc = k.accum(tiles(grad), mb).submit()
    sq = k.sqr(tiles(loss), mb).submit()
    acc.wait()
    if step % K:
        sq.wait()
        continue
    k.axpy(tiles(param), grad, -0.1).sync()
    k.fill(tiles(grad), 0.0).sync()
    sq.wait()
    losses.append(float(loss.to_numpy()[0]))
np.testing.assert_allclose(losses, [0.09, 0.36], rtol=1e-5)
np.testing.assert_allclose(param.to_numpy(), np.full(8, 1 - 0.1 * 0.6 - 0.1 * 1.5), rtol=1e-5)
