"""Exponential moving average of a statistic over training steps, one chain per step."""

import numpy as np
from llmcove import axpy, scale

import tilert as tr

N = 4096
DECAY = 0.9
rng = np.random.default_rng(4)
ema = tr.zeros((N,), name="ema")
for _ in range(5):
    stat = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
    scale(ema.partition((512,)), DECAY).then(lambda t, *_, s=stat: axpy(t, s, 1 - DECAY)).sync()
print(ema.to_numpy()[:4])
