"""Gradient accumulation pairing each micro-batch with a fresh partition from a generator."""

import numpy as np
from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

acc = tr.zeros((512,), name="grad_acc")
micro = [tr.full((512,), float(i)) for i in range(1, 4)]

for part, g in zip((tiles(acc) for _ in micro), micro, strict=True):
    K.accum(part, g).sync()

assert np.allclose(np.asarray(acc), 6.0)
