"""Gradient accumulation pairing each micro-batch with `itertools.repeat` of one partition."""

import itertools

import numpy as np
from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

acc = tr.zeros((512,), name="grad_acc")
micro = [tr.full((512,), float(i)) for i in range(1, 4)]

for part, g in zip(itertools.repeat(tiles(acc)), micro):
    K.accum(part, g).sync()  # expect: TC109

print(np.asarray(acc)[:3])
