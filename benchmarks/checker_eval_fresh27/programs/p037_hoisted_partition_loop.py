"""Exponential moving average of a statistic over training steps; the partition is hoisted
out of the loop."""

import numpy as np
from llmcove import axpy, scale

import tilert as tr

N = 4096
DECAY = 0.9
rng = np.random.default_rng(4)
ema = tr.zeros((N,), name="ema")
ema_tiles = ema.partition((512,))
for _ in range(5):
    stat = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
    decayed = scale(ema_tiles, DECAY)  # expect: TC109
    decayed.then(lambda t, *_, s=stat: axpy(t, s, 1 - DECAY)).sync()
print(ema.to_numpy()[:4])
